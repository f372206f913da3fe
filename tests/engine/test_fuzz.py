"""Fuzzing the way in: random and mutated action texts, out-of-turn and out-of-phase actions, bad saves.

Every refusal must be a clear error (ActionError / IllegalActionError / SaveError with a
sentence) and must leave the state exactly as it was.
"""

import json
import os
import string

import pytest
from saying import refused

from nile.banks import actions as act
from nile.banks.options import Options
from nile.banks.state import BanksState
from nile.core import save
from nile.core.actions import ActionError, IllegalActionError
from nile.core.rng import Rng
from nile.games import load_save
from nile.messages import say

ROUNDS = int(os.environ.get("NILE_FUZZ_ROUNDS", "400"))
ALPHABET = string.ascii_letters + string.digits + " -_:<>&\"'\t\n\u00e9\u0000\u200b"
WORDS = ["sow", "grow", "harvest", "buy", "joker", "end", "rot", "bid", "ebb", "water", "seed", "ripe",
         "boat", "hoard", "refresh", "flax", "grain", "grapes", "onion", "aubergine", "none", "a", "b",
         "M1", "M4", "M5", "W2-1", "W4-2", "E5-5", "E5-6", "p1", "p2", "p6", "1", "2", "9", "-1"]


def positions(count=6):
    """Mid-game states of different phases (set-up, tide, rot, bids, actions)."""
    found = []
    for seed in range(count):
        s = BanksState(Options.default(2 + seed % 4, variants=frozenset({"N10", "N11", "N12", "N13"}), start="random"), seed)
        rng = Rng(seed)
        stop = rng.below(300)
        for _ in range(stop):
            if s.is_terminal():
                break
            seats = s.to_act()
            p = seats[rng.below(len(seats))]
            legal = s.legal_actions(p)
            s.apply(legal[rng.below(len(legal))], p)
        found.append(s)
    return found


def mutate(text: str, rng: Rng) -> str:
    chars = list(text)
    for _ in range(1 + rng.below(3)):
        op = rng.below(4)
        i = rng.below(len(chars) + 1)
        if op == 0 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op == 1:
            chars.insert(i, ALPHABET[rng.below(len(ALPHABET))])
        elif op == 2 and chars:
            chars[min(i, len(chars) - 1)] = ALPHABET[rng.below(len(ALPHABET))]
        else:
            chars[i:i] = list(" " + WORDS[rng.below(len(WORDS))])
    return "".join(chars)


def candidates(state: BanksState, rng: Rng):
    legal = [a.text() for p in state.to_act() for a in state.legal_actions(p)] or ["end"]
    for _ in range(ROUNDS):
        kind = rng.below(3)
        if kind == 0:
            yield mutate(legal[rng.below(len(legal))], rng)
        elif kind == 1:
            yield " ".join(WORDS[rng.below(len(WORDS))] for _ in range(1 + rng.below(4)))
        else:
            yield "".join(ALPHABET[rng.below(len(ALPHABET))] for _ in range(rng.below(20)))


@pytest.mark.parametrize("index", range(6))
def test_random_and_mutated_texts_are_refused_clearly_or_are_legal(index):
    state = positions()[index]
    rng = Rng(100 + index)
    legal_by_player = {p: {a.text() for a in state.legal_actions(p)} for p in state.to_act()}
    for text in candidates(state, rng):
        before = state.clone()
        player = None if len(state.to_act()) != 1 else state.to_act()[0]
        try:
            action = act.parse(text)
        except ActionError as e:
            assert say(e) and state == before
            continue
        assert act.parse(action.text()) == action  # what parses, round-trips
        movers = [p for p, legal in legal_by_player.items() if action.text() in legal]
        if movers:
            continue  # a legal action by chance: nothing to refuse
        for p in [player] if player is not None else list(state.to_act()) or [0]:
            with pytest.raises(IllegalActionError) as info:
                state.apply(action, p)
            assert say(info.value) and state == before


@pytest.mark.parametrize("index", range(6))
def test_every_legal_action_of_another_player_or_phase_is_refused(index):
    state = positions()[index]
    if state.is_terminal():
        return
    seats = state.to_act()
    others = [p for p in range(state.num_players) if p not in seats]
    # actions that are legal for someone, somewhere, but not for this seat now
    elsewhere = positions()[(index + 1) % 6]
    foreign = {a for p in elsewhere.to_act() for a in elsewhere.legal_actions(p)}
    before = state.clone()
    for p in others:
        for a in list(foreign)[:50] + list(state.legal_actions(seats[0])[:20]):
            with refused(IllegalActionError, "not p\\d's turn|game is over"):
                state.apply(a, p)
            assert state == before
    mine = {a.text() for a in state.legal_actions(seats[0])}
    for a in foreign:
        if a.text() not in mine:
            with pytest.raises(IllegalActionError) as info:
                state.apply(a, seats[0])
            assert "not" in say(info.value)
            assert state == before


def finished(seed=2):
    s = BanksState(Options.default(5, variants=frozenset({"N11", "N13"})), seed)
    from nile.core.simulate import play_random

    play_random(s, Rng(seed))
    return s


BAD_SAVES = {
    "truncated": lambda t: t[: len(t) // 2],
    "not json": lambda t: "this is not json",
    "binary junk": lambda t: "\x00\x01\x02{",
    "wrong type: actions object": lambda t: json.dumps(dict(json.loads(t), actions={"a": 1})),
    "wrong type: seed text": lambda t: json.dumps(dict(json.loads(t), seed="42")),
    "wrong type: options list": lambda t: json.dumps(dict(json.loads(t), options=[1, 2])),
    "unknown format version": lambda t: json.dumps(dict(json.loads(t), format=save.FORMAT_VERSION + 1)),
    "rules version from the future": lambda t: json.dumps(dict(json.loads(t), rules=10**6)),
    "wrong type: rules text": lambda t: json.dumps(dict(json.loads(t), rules="1")),
    "reordered actions": lambda t: json.dumps(dict(json.loads(t), actions=list(reversed(json.loads(t)["actions"])))),
    "illegal action in the middle": lambda t: json.dumps(
        dict(json.loads(t), actions=json.loads(t)["actions"][:40] + ["p1 harvest W5-1 M1"] + json.loads(t)["actions"][40:])),
    "action for the wrong player": lambda t: json.dumps(
        dict(json.loads(t), actions=[a.replace("p1 ", "p2 ", 1) if i == 0 else a for i, a in enumerate(json.loads(t)["actions"])])),
    "huge file": lambda t: t + " " * 1_200_000,
    "huge action list": lambda t: json.dumps(dict(json.loads(t), actions=["p1 end"] * 60_000)),
    "deep nesting": lambda t: "[" * 50_000 + "]" * 50_000,
    "deep nesting inside options": lambda t: t.replace('"options":', '"options":' + "[" * 5000 + "{}" + "]" * 5000 + ',"x":', 1),
    "odd keys": lambda t: json.dumps(dict(json.loads(t), **{"__proto__": 1, "<script>": 2})),
    "missing key": lambda t: json.dumps({k: v for k, v in json.loads(t).items() if k != "options"}),
    "null": lambda t: "null",
    "seed out of range": lambda t: json.dumps(dict(json.loads(t), seed=2**70)),
    "player count out of range": lambda t: json.dumps(dict(json.loads(t), options=dict(json.loads(t)["options"], players=[]))),
    "unterminated string": lambda t: '{"format": 1, "game": "ba',
}


@pytest.mark.parametrize("name", sorted(BAD_SAVES))
def test_bad_save_corpus_is_refused_with_a_clear_message(name):
    text = save.dumps(finished())
    bad = BAD_SAVES[name](text)
    with pytest.raises(save.SaveError) as info:
        load_save(bad)
    message = say(info.value)
    assert 10 < len(message) < 400 and "Traceback" not in message
