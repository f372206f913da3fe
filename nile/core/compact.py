"""A save in few characters, for a game passed by link (issue 44's groundwork).

A save (``nile.core.save``) names every action by its text ("p2 sow flax W9-1"); a whole game of *An den
Ufern des Nils* is some 10 kB. Here each action is its place in the legal list of the seat that played it
(``GameState.legal_actions``: the engine's own order), with that seat's place among the seats to act when
several act at once (sealed bids), as variable-length integers after a small JSON head (game, rules
version, options, seed), the whole compressed (zlib: its checksum catches a damaged or cut link) and
written in the URL-safe base64 alphabet: ``1.`` and some 600 characters for a random 3-player game of
Nile (``tests/engine/test_compact.py`` measures it).

Reading one back (``unpack``) replays the indices to recover the actions' texts, which gives an ordinary
save: ``nile.core.save.load`` then replays that and checks every rule, as for a file. A link that is not
ours, damaged, cut short or names an action that is not there is refused with ``save.link_damaged``;
nothing in it is run or trusted (its head's numbers are finite: ``Infinity``, ``NaN`` and ``1e400``, which
Python's ``json`` would read, make a damaged link too). What the devices of a game must agree on besides the moves (a seed nobody
chose alone, sealed bids as commitments until every bid is in, merging a link into the stored copy) is
``nile.core.remote``'s; a device's record of such a game, and the ``extra`` its links carry in their head, are
``nile.core.correspondence``'s.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import zlib
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .game import GameState
from .save import FORMAT_VERSION, MAX_NESTING, MAX_SAVE_CHARS, Rules, SaveError, load, nesting_depth, to_json

#: the text form's version, before the first dot: another layout of the bytes gets another number
VERSION = "1"
#: no link of ours holds more (a save's own limit): a larger one is refused before it is inflated in full
MAX_BYTES = MAX_SAVE_CHARS


def _varint(value: int, out: bytearray) -> None:
    while value >= 0x80:
        out.append(0x80 | (value & 0x7F))
        value >>= 7
    out.append(value)


def _read_varints(data: bytes) -> list[int]:
    values, value, shift = [], 0, 0
    for byte in data:
        value |= (byte & 0x7F) << shift
        if byte & 0x80:
            shift += 7
            if shift > 63:
                raise ValueError("a number too long")
        else:
            values.append(value)
            value, shift = 0, 0
    if shift:
        raise ValueError("cut in the middle of a number")
    return values


def pack(state: GameState, games: Mapping[str, Rules], extra: Mapping[str, Any] | None = None) -> str:
    """``state``'s game from its start, as the link's text; ``extra``: what else the link carries, in its head
    (``nile.core.correspondence``: the game's id, its devices, sealed bids), as JSON."""
    spec = games[state.GAME]
    head = {"g": state.GAME, "r": spec.rules_version, "o": state.options_json(), "s": state.seed}
    if extra is not None:
        head["x"] = dict(extra)
    key = _key(head)
    replay = _REPLAYS.pop(key, None)
    if replay is None or state.history[: len(replay.history)] != replay.history:
        replay = _Replay(spec.new_state(spec.options_from_json(head["o"]), state.seed))
    for player, action in state.history[len(replay.history):]:
        seats = replay.state.to_act()
        if len(seats) > 1:
            replay.numbers.append(seats.index(player))
        replay.numbers.append(replay.state.legal_actions(player).index(action))
        replay.state.apply(action, player)
        replay.history.append((player, action))
        replay.steps[len(replay.numbers)] = len(replay.history)
    _keep(key, replay)
    moves = bytearray()
    for number in replay.numbers:
        _varint(number, moves)
    return _text(head, bytes(moves))


@dataclass
class _Replay:
    """A game replayed while its link was packed or read: where it stands, its moves, and their numbers."""

    state: GameState
    history: list[tuple[int, Action]] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)
    #: how many moves the first numbers name, where a move's numbers end (a link of fewer moves is read from here)
    steps: dict[int, int] = field(default_factory=lambda: {0: 0})


#: the latest replay of each game packed or read here, so that a link of the same game that goes on from there
#: is packed or read from where it stopped (a game played from afar packs and reads a link at every turn: from the
#: start each time, a late Nile link took some 40 ms each way in CPython). Never handed out: only advanced here.
_REPLAYS: OrderedDict[tuple[Any, ...], _Replay] = OrderedDict()
MAX_REPLAYS = 4


def _key(head: Mapping[str, Any]) -> tuple[Any, ...]:
    return head["g"], head["r"], json.dumps(head["o"], sort_keys=True), head.get("s")


def _keep(key: tuple[Any, ...], replay: _Replay) -> None:
    _REPLAYS[key] = replay
    while len(_REPLAYS) > MAX_REPLAYS:
        _REPLAYS.popitem(last=False)


def pack_unseeded(game: str, games: Mapping[str, Rules], options: Mapping[str, Any], extra: Mapping[str, Any]) -> str:
    """A game whose seed is not made yet (its devices are still promising their secrets): no seed, no moves."""
    return _text({"g": game, "r": games[game].rules_version, "o": dict(options), "x": dict(extra)}, b"")


def _text(head: Mapping[str, Any], moves: bytes) -> str:
    raw = json.dumps(head, separators=(",", ":"), sort_keys=True).encode() + b"\n" + moves
    return VERSION + "." + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def _inflate(text: str) -> tuple[dict[str, Any], list[int]]:
    version, _, body = text.strip().partition(".")
    if version != VERSION or not body:
        raise ValueError("not a link of ours")
    packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    inflater = zlib.decompressobj()
    raw = inflater.decompress(packed, MAX_BYTES)
    if inflater.unconsumed_tail or not inflater.eof:
        raise ValueError("too large, or cut short")
    head_text, _, moves = raw.partition(b"\n")
    head_json = head_text.decode("utf-8")
    if nesting_depth(head_json) > MAX_NESTING:  # (json.loads on deep nesting overflows Pyodide's stack: save.py)
        raise ValueError("nested too deep")
    head = json.loads(head_json, parse_constant=_no_constant, parse_float=_finite)
    if not isinstance(head, dict) or not {"g", "r", "o"} <= set(head) <= {"g", "r", "o", "s", "x"}:
        raise ValueError("no game named")
    if ("s" not in head and ("x" not in head or moves)) or not isinstance(head.get("x", {}), dict):
        raise ValueError("moves without a seed")
    return head, _read_varints(moves)


def _no_constant(name: str) -> Any:
    """``Infinity``, ``-Infinity``, ``NaN``: Python's ``json`` reads them, no link of ours holds them (``int()`` of
    one, where a seat was expected, raised ``OverflowError``, not a refusal)."""
    raise ValueError(f"{name} is not a number of ours")


def _finite(text: str) -> float:
    """A number with a fraction or an exponent, finite (``1e400`` reads as infinity): where a seat, a step or a count
    is read, a float is refused all the same (``nile.core.remote``, ``nile.core.correspondence``)."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("a number beyond any of ours")
    return value


def unpack(text: str, games: Mapping[str, Rules]) -> dict[str, Any]:
    """The save a link holds (``{format, game, rules, options, seed, actions}``), its actions' texts recovered by
    replaying their places in the legal lists; ``SaveError`` for anything that is not a whole link of ours.
    ``nile.core.save.load`` checks it as any save (``load_link`` does both)."""
    save, _ = read(text, games)
    if save["seed"] is None:
        raise SaveError("save.link_damaged")
    return save


def _opened(text: str) -> tuple[dict[str, Any], list[int]]:
    """A link's head and numbers, or ``SaveError``: too large to be ours, or not a whole link of ours."""
    if len(text) > MAX_BYTES:
        raise SaveError("save.too_large", chars=len(text))
    try:
        return _inflate(text)
    except (ValueError, binascii.Error, zlib.error, UnicodeDecodeError):
        raise SaveError("save.link_damaged") from None


def peek(text: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """A link's game, options and ``extra`` as its head says them, without replaying anything (which game a
    link is of, and its players' names, to say why it is refused); ``SaveError`` for a link that is not ours.
    Nothing here is checked against the rules: ``read`` does that."""
    head, _ = _opened(text)
    options = head["o"] if isinstance(head["o"], dict) else {}
    return str(head["g"]), options, head.get("x", {})


def read(text: str, games: Mapping[str, Rules]) -> tuple[dict[str, Any], dict[str, Any]]:
    """What a link holds: its save (its ``seed`` None, no actions, while the game has none yet: ``pack_unseeded``)
    and what else its head carries (``pack``'s ``extra``; ``{}`` when none). A link without a seed is checked for
    its game, rules and options all the same."""
    head, numbers = _opened(text)
    extra = head.get("x", {})
    save = {"format": FORMAT_VERSION, "game": head["g"], "rules": head["r"], "options": head["o"], "seed": head.get("s", 0),
            "actions": []}
    state = load(save, games)  # the game, its rules and options as any save's (what is wrong with them, said so)
    if head["r"] != games[head["g"]].rules_version:  # older rules: the places were in other legal lists
        raise SaveError("save.rules_changed", saved=head["r"], current=games[head["g"]].rules_version,
                        why=SaveError("save.link_other_rules"))
    if "s" not in head:
        return dict(save, seed=None), extra
    key = _key(head)
    replay = _REPLAYS.pop(key, None)
    known = replay.steps.get(len(numbers)) if replay is not None else None
    if replay is not None and known is not None and replay.numbers[: len(numbers)] == numbers:
        _keep(key, replay)  # a link of fewer moves than the replay (one stale here): its moves are known
        save["actions"] = to_json(replay.state)["actions"][:known]
        return save, extra
    if replay is None or numbers[: len(replay.numbers)] != replay.numbers:
        replay = _Replay(state)
    try:
        _decode(replay, numbers)
    except (ValueError, IndexError):
        raise SaveError("save.link_damaged") from None  # (the replay, partly advanced, is not kept)
    _keep(key, replay)
    save["actions"] = to_json(replay.state)["actions"]
    return save, extra


def _decode(replay: _Replay, numbers: list[int]) -> None:
    """Play the actions the numbers name, in turn, from where ``replay`` stands (its numbers a prefix of these)."""
    state = replay.state
    at = len(replay.numbers)
    while at < len(numbers):
        start = at
        seats = state.to_act()
        if not seats:
            raise ValueError("moves after the end")
        player = seats[0]
        if len(seats) > 1:
            player = seats[numbers[at]]
            at += 1
        action = state.legal_actions(player)[numbers[at]]
        state.apply(action, player)
        at += 1
        replay.history.append((player, action))
        replay.numbers.extend(numbers[start:at])
        replay.steps[at] = len(replay.history)


def load_link(text: str, games: Mapping[str, Rules]) -> GameState:
    """The game a link holds, replayed and checked as any save (``SaveError`` says what is wrong)."""
    return load(unpack(text, games), games)
