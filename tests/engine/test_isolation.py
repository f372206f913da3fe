"""What a caller gets from a state cannot change the state behind its back.

- ``legal_actions`` returns an immutable tuple: the state checks every move against its
  cached list, so a caller that sorted or appended to it would make a legal move refused.
- ``clone()`` shares nothing mutable with the original: bots and search play on clones,
  and a field that ``__init__`` adds but ``clone()`` forgets to copy would let a clone's
  moves leak into the real game. The walk below finds such a field by identity, for
  every registered game, without naming the fields (so a new one cannot slip past).
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import json
import types
from collections import deque
from collections.abc import Iterator

import pytest

from nile.core import save
from nile.core.rng import Rng
from nile.games import GAMES

#: attributes whose *items* are write-once records (appended, never changed): a clone copies
#: the list but may share the records in it, since copying a long log on every clone would
#: make search slow. The records must still never be changed in place: the tests below play
#: on a clone and check that the original did not move. A game adds its own here deliberately.
SHARED_RECORDS: dict[str, frozenset[str]] = {
    "banks": frozenset({"log", "scorings"}),
    "cape": frozenset({"log"}),  # log entries are written once and never changed
}

MUTABLE_CONTAINERS = (list, dict, set, bytearray, deque)
SCALARS = (int, float, complex, str, bytes, bool, type(None), range, enum.Enum)
SKIP = (type, types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.ModuleType)


def is_frozen_dataclass(obj: object) -> bool:
    params = getattr(type(obj), "__dataclass_params__", None)
    return params is not None and params.frozen


def slots_of(obj: object) -> list[str]:
    names: list[str] = []
    for klass in type(obj).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return [n for n in names if n not in ("__dict__", "__weakref__") and hasattr(obj, n)]


def children(obj: object) -> Iterator[tuple[str, object]]:
    """(path step, value) of everything ``obj`` holds."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield f"[{k!r}]", v
            yield f"<key {k!r}>", k
    elif isinstance(obj, (list, tuple, deque)):
        for i, v in enumerate(obj):
            yield f"[{i}]", v
    elif isinstance(obj, (set, frozenset)):
        for v in sorted(obj, key=repr):
            yield f"{{{v!r}}}", v
    else:
        if hasattr(obj, "__dict__"):
            for k, v in vars(obj).items():
                yield f".{k}", v
        for k in slots_of(obj):
            yield f".{k}", getattr(obj, k)


def is_mutable(obj: object) -> bool:
    """Whether two states sharing ``obj`` could change each other through it."""
    if isinstance(obj, MUTABLE_CONTAINERS) or isinstance(obj, Rng):  # Rng: its state moves with every draw
        return True
    if isinstance(obj, (*SCALARS, tuple, frozenset)) or is_frozen_dataclass(obj):
        return False  # (what they hold is walked and judged on its own)
    return hasattr(obj, "__dict__") or bool(slots_of(obj))


def walk(obj: object, path: str, records: frozenset[str] = frozenset()) -> Iterator[tuple[str, object]]:
    """Every mutable object reachable from ``obj`` with a path to it, except inside write-once
    records (the ``records`` attributes' items: their lists are still yielded)."""
    seen: set[int] = set()
    stack: list[tuple[str, object, bool]] = [(path, obj, True)]
    while stack:
        where, value, top = stack.pop()
        if isinstance(value, SKIP) or isinstance(value, SCALARS) or id(value) in seen:
            continue
        seen.add(id(value))
        if is_mutable(value) and not top:
            yield where, value
        for step, child in children(value):
            if top and step.lstrip(".") in records:
                yield f"{where}{step}", child  # the records' list itself must be the clone's own
                seen.add(id(child))
                continue
            stack.append((f"{where}{step}", child, False))


def shared_mutables(original: object, clone: object, game: str) -> list[str]:
    records = SHARED_RECORDS.get(game, frozenset())
    theirs = {id(v): p for p, v in walk(original, "original", records)}
    theirs.update({id(v): p for p, v in walk(original, "original")})  # records' items are theirs too
    found = []
    for where, value in walk(clone, "clone", records):
        if id(value) in theirs:
            found.append(f"{where} ({type(value).__name__}) is the same object as {theirs[id(value)]}")
    return found


def mid_game_positions(spec, players: int, seed: int, every: int = 37) -> Iterator[object]:
    """A seeded random game of ``spec`` with every variant, yielded every ``every`` actions and at the end."""
    state = spec.new_state(spec.default_options(players, frozenset(spec.variants)), seed)
    rng = Rng(seed)
    count = 0
    yield state
    while not state.is_terminal() and count < 5000:
        seats = state.to_act()
        player = seats[rng.below(len(seats))]
        legal = state.legal_actions(player)
        state.apply(legal[rng.below(len(legal))], player)
        count += 1
        if count % every == 0:
            yield state
    yield state


def public_picture(state) -> str:
    """Everything a caller can learn about a state through the protocol, as one text."""
    seats = range(state.num_players)
    fresh = state.clone()  # legal actions worked out anew, not read from a cache
    return json.dumps(
        {
            "view": state.view(None),
            "seats": [state.view(p) for p in seats],
            "to_act": list(state.to_act()),
            "legal": {p: [a.text() for a in fresh.legal_actions(p)] for p in state.to_act()},
            "save": save.to_json(state),
        },
        sort_keys=True,
        default=repr,
    )


GAME_PLAYERS = [(name, n) for name, spec in sorted(GAMES.items()) for n in range(spec.min_players, spec.max_players + 1)]


# ---------------------------------------------------------------------------- legal actions
@pytest.mark.parametrize("game,players", GAME_PLAYERS)
def test_legal_actions_cannot_be_changed_by_a_caller(game, players):
    spec = GAMES[game]
    checked = 0
    for state in mid_game_positions(spec, players, seed=100 + players):
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            assert isinstance(legal, tuple), f"{game}: legal_actions must return a tuple, not {type(legal).__name__}"
            before = [a.text() for a in legal]
            for method, args in (("append", (legal[0],)), ("reverse", ()), ("sort", ()), ("clear", ()),
                                 ("__setitem__", (0, legal[-1])), ("__delitem__", (0,)), ("pop", ()),
                                 ("__iadd__", ((legal[0],),))):
                with pytest.raises((AttributeError, TypeError)):
                    getattr(legal, method)(*args)
            again = list(legal)
            again.reverse()  # a caller's own copy changes nothing
            again.append(again[0])
            assert [a.text() for a in state.legal_actions(seat)] == before
            probe = state.clone()
            probe.apply(legal[-1], seat)  # every listed action is still accepted
            checked += 1
    assert checked >= 3  # a short game (Kap: ~100 actions) still gives several positions


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_caller_cannot_reorder_the_engines_cached_legal_actions(game):
    """The bug this guards: a caller reversed the cached list in place, and the first legal action
    ('end') no longer came first — a later apply() checked against the reordered cache."""
    spec = GAMES[game]
    state = next(s for s in mid_game_positions(spec, 3, seed=7, every=1) if len(s.legal_actions(s.to_act()[0])) > 3)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    before = list(legal)
    with contextlib.suppress(AttributeError, TypeError):  # a tuple cannot be reordered or changed at all
        legal.reverse()  # what the buggy caller did, on the object handed out
        legal[0] = before[-1]
    assert list(state.legal_actions(seat)) == before
    state.apply(before[0], seat)


# ---------------------------------------------------------------------------- clone
@pytest.mark.parametrize("game,players", GAME_PLAYERS)
def test_a_clone_shares_no_mutable_object_with_its_original(game, players):
    spec = GAMES[game]
    checked = 0
    for state in mid_game_positions(spec, players, seed=200 + players):
        copy = state.clone()
        assert copy is not state and type(copy) is type(state)
        problems = shared_mutables(state, copy, game)
        assert not problems, (
            f"{game}: clone() shares mutable state with the original; copy these in clone():\n  " + "\n  ".join(problems)
        )
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game,players", GAME_PLAYERS)
def test_changing_everything_in_a_clone_leaves_the_original_as_it_was(game, players):
    spec = GAMES[game]
    records = SHARED_RECORDS.get(game, frozenset())
    for state in mid_game_positions(spec, players, seed=300 + players, every=61):
        before = public_picture(state)
        copy = state.clone()
        mutated = 0
        for _, value in list(walk(copy, "clone", records)):
            if isinstance(value, list):
                value.append(("junk",))
                value.reverse()
            elif isinstance(value, dict):
                value[("junk",)] = ("junk",)
            elif isinstance(value, set):
                value.add(("junk",))
            elif isinstance(value, Rng):
                value.next64()
            else:
                continue
            mutated += 1
        assert mutated > 10
        assert public_picture(state) == before, f"{game}: changing a clone changed the original"


@pytest.mark.parametrize("game,players", GAME_PLAYERS)
def test_playing_on_a_clone_leaves_the_original_as_it_was(game, players):
    """Also covers the shared records: the engine must never change one after appending it."""
    spec = GAMES[game]
    for state in mid_game_positions(spec, players, seed=400 + players, every=53):
        if state.is_terminal():
            continue
        before = public_picture(state)
        copy = state.clone()
        rng = Rng(players)
        for _ in range(40):
            if copy.is_terminal():
                break
            seats = copy.to_act()
            seat = seats[rng.below(len(seats))]
            legal = copy.legal_actions(seat)
            copy.apply(legal[rng.below(len(legal))], seat)
        assert public_picture(state) == before, f"{game}: playing on a clone changed the original"


def test_the_rng_of_a_clone_is_its_own_and_draws_the_same():
    spec = GAMES["banks"]
    state = spec.new_state(spec.default_options(3, frozenset()), 5)
    copy = state.clone()
    ours = [v for _, v in walk(state, "s") if isinstance(v, Rng)]
    theirs = [v for _, v in walk(copy, "c") if isinstance(v, Rng)]
    assert len(ours) == len(theirs) == 1 and ours[0] is not theirs[0]
    assert [ours[0].next64() for _ in range(3)] == [theirs[0].next64() for _ in range(3)]


# ---------------------------------------------------------------------------- the walk itself
class _Holder:
    def __init__(self) -> None:
        self.rows = [[1], [2]]
        self.rng = Rng(1)
        self.frozen = (1, "a")


@dataclasses.dataclass(frozen=True)
class _Frozen:
    items: list[int]


def test_the_walk_finds_a_field_that_a_clone_forgot_to_copy():
    """What would happen if ``__init__`` gained ``self.foo = []`` that ``clone()`` did not copy."""
    a = _Holder()
    b = _Holder()
    assert shared_mutables(a, b, "x") == []
    b.foo = a.foo = []  # the forgotten field
    b.rng = a.rng  # and a shared random generator
    b.rows = [a.rows[0], [2]]  # a shallow copy of nested lists
    b.frozen = _Frozen(a.rows[1])  # a list inside something immutable is still shared
    problems = "\n".join(shared_mutables(a, b, "x"))
    for where in ("clone.foo (list)", "clone.rng (Rng)", "clone.rows[0] (list)", "clone.frozen.items (list)"):
        assert where in problems, problems


def test_the_walk_lets_records_be_shared_but_not_their_list():
    a, b = _Holder(), _Holder()
    a.log = [{"key": 1}]
    b.log = list(a.log)
    assert shared_mutables(a, b, "banks") == []  # "log" is a record list for banks
    assert shared_mutables(a, b, "x")  # but not for a game that did not say so
    b.log = a.log
    assert "clone.log (list)" in "\n".join(shared_mutables(a, b, "banks"))
