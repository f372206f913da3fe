"""Vom Kap bis Kairo through the shared protocol: registration, options, actions as text, checked
application, saves, the log in words (English and German), the rules help and the resampler (K6)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from saying import refused

from nile.cape import actions as act
from nile.cape.determinize import resample_hidden
from nile.cape.options import Options
from nile.cape.spec import SPEC
from nile.cape.state import BUILD, CapeState
from nile.core import save
from nile.core.actions import ActionError, IllegalActionError
from nile.core.players import OptionsError, Player
from nile.core.rng import Rng
from nile.core.simulate import play_random
from nile.games import GAMES, load_save, new_state
from nile.messages import catalog, describe
from nile.messages import say as say_error

from .builders import blank, building, ids, park, put

CAPE = Path(__file__).resolve().parents[2] / "nile" / "cape"


def finished(players=3, seed=4):
    s = CapeState(Options.default(players), seed)
    n, problems = play_random(s, Rng(seed))
    assert not problems and s.is_terminal()
    return s


def test_the_game_is_registered_with_its_spec():
    assert GAMES["cape"].spec is SPEC  # registered by its entry (nile/cape/entry.py), which loads this spec
    assert (SPEC.name, SPEC.rules_version, SPEC.min_players, SPEC.max_players) == ("cape", CapeState.RULES_VERSION, 2, 4)
    assert SPEC.colours == ("red", "blue", "green", "yellow") and SPEC.variants == ()
    assert SPEC.words.name == "cape" and "cape.landscape.river" in SPEC.words.keys()
    assert SPEC.words.param_words["landscape"] == "cape.landscape"
    state = SPEC.new_state(SPEC.default_options(4, frozenset()), 3)
    assert isinstance(state, CapeState) and state.GAME == "cape" and state.num_players == 4


def test_options_are_checked_and_round_trip():
    o = Options.default(3)
    assert o.num_players == 3 and Options.from_json(o.to_json()) == o
    assert json.loads(json.dumps(o.to_json())) == o.to_json()
    bad = [
        ([], "options.not_object"),
        ({"players": o.to_json()["players"], "variants": []}, "options.unknown"),
        ({"players": o.to_json()["players"][:1]}, "options.player_count"),
        ({"players": [{"name": "A", "colour": "red"}, {"name": "B", "colour": "red"}]}, "options.same_colour"),
        ({"players": [{"name": "A", "colour": "red"}, {"name": "B", "colour": "pink"}]}, "options.colour"),
        ({"players": [{"name": "A", "colour": "red"}, {"name": " ", "colour": "blue"}]}, "options.name_missing"),
    ]
    for data, key in bad:
        with pytest.raises(OptionsError) as info:
            Options.from_json(data)
        assert info.value.key == key
    with pytest.raises(OptionsError):
        Options.default(5)
    with pytest.raises(OptionsError):
        Options((Player("A", "red"),) * 2)


def test_every_action_of_a_whole_game_round_trips_as_text_and_repr():
    s = finished(4, seed=11)
    for _, a in s.history:
        assert act.parse(a.text()) == a and str(a) == a.text()
    assert {"bid", "take", "build"} <= {a.kind for _, a in s.history} <= {"bid", "take", "build", "pass"}


@pytest.mark.parametrize("text,message", [
    ("", "empty"), ("bid", "exactly one"), ("bid 1000000", "whole number"), ("take r4", "not a card"),
    ("build -1", "whole number"), ("pass now", "nothing after"), ("Bid 3", "not an action"), ("take R11", "not a card"),
])
def test_malformed_text_says_what_is_wrong(text, message):
    with refused(ActionError, message):
        act.parse(text)


def test_legal_actions_are_a_cached_tuple_in_a_fixed_order():
    s = CapeState(Options.default(2), 8)
    first = s.legal_actions(0)
    assert isinstance(first, tuple) and s.legal_actions(0) is first
    assert first == s.clone().legal_actions(0) == tuple(act.bid(a) for a in range(101))
    assert s.legal_actions() == ()  # two bidders at once: say whose


def test_apply_text_names_the_player_and_refuses_bad_input_without_change():
    s = CapeState(Options.default(3), 2)
    before = s.clone()
    for text in ("bid", "p4 bid 3", "pass", "p1 take R1", "bid 101", "p2 build 0"):
        with pytest.raises((ActionError, IllegalActionError)):
            s.apply_text(text)
        assert s == before
    with pytest.raises(IllegalActionError) as info:
        s.apply_text("bid 3")  # three bidders: the text must say whose bid it is
    assert info.value.key == "why.say_who" and s == before
    s.apply_text("p2 bid 3")
    assert s.history == [(1, act.bid(3))] and s.to_act() == (0, 2)


def test_a_save_replays_to_an_identical_state_finished_or_not():
    s = finished(4, seed=5)
    text = save.dumps(s)
    data = json.loads(text)
    assert data["game"] == "cape" and data["rules"] == CapeState.RULES_VERSION
    loaded = load_save(text)
    assert loaded == s and loaded.result() == s.result() and loaded.log == s.log
    part = CapeState(s.options, s.seed)
    for p, a in s.history[: len(s.history) // 2]:
        part.apply(a, p)
    resumed = load_save(save.dumps(part))
    assert resumed == part and resumed.view(None) == part.view(None)


def test_new_state_takes_options_as_json():
    s = new_state("cape", {"players": [{"name": "Anna", "colour": "yellow"}, {"name": "Bo", "colour": "red"}]}, 1)
    assert [p["name"] for p in s.view(None)["players"]] == ["Anna", "Bo"]


def test_the_result_ranks_everyone_and_the_view_is_plain_json():
    s = finished(4, seed=6)
    result = s.result()
    assert result is s.final and result["reason"] in ("crossings", "stall")
    ranking = result["ranking"]
    assert sorted(r["player"] for r in ranking) == [0, 1, 2, 3]
    assert [r["place"] for r in ranking] == sorted(r["place"] for r in ranking) and ranking[0]["place"] == 1
    assert {tuple(sorted(r)) for r in ranking} == {("crossings", "money", "place", "player")}
    assert sum(s.returns()) == pytest.approx(1.0)
    for p in (None, 0, 3):
        v = s.view(p)
        assert json.loads(json.dumps(v)) == v
    v = s.view(None)
    v["result"]["winners"].append(9)
    assert s.final["winners"] != v["result"]["winners"]  # the caller's copy


def test_every_log_entry_and_refusal_reads_as_whole_sentences_in_english_and_german():
    names = ["Anna", "Bo", "Cem", "Dana"]
    seen = set()
    for seed in range(6):
        s = finished(2 + seed % 3, seed=seed)
        for entry in s.view(None)["log"]:
            seen.add(entry["key"])
            for lang in ("en", "de"):
                line = describe(entry, names, lang)
                assert line.strip() and "{" not in line and "cape." not in line, (entry, lang, line)
    assert {"cape.setup", "cape.auction.open", "cape.bid.revealed", "cape.take", "cape.turn.card", "cape.build",
            "cape.over"} <= seen
    s = blank(2)
    put(s, s.routes[0], "R9")
    put(s, s.bonus[0], "V1")
    s.money = [0, 100]
    building(s, 0)
    for action in (act.build(2), act.build(0), act.bid(3), act.take("R1")):
        error = s.refusal(action, 0)
        for lang in ("en", "de"):
            said = say_error(error, lang, names)
            assert "{" not in said and "cape." not in said, said


def test_numbers_are_said_with_their_noun_in_the_right_form():
    def say(key, lang="en", **params):
        return describe({"key": key, "params": params}, ["Anna", "Bo"], lang)

    assert "river (1 rail, 8 Pond income)" in say("cape.turn.card", player=0, card="R6", landscape="river", rails=1)
    assert "savanna (no rails, 5 Pond income)" in say("cape.turn.card", player=0, card="S9", landscape="savanna", rails=0)
    assert "1 Karte)" in say("cape.reshuffle", "de", count=1)
    built = say("cape.build", player=1, card="V9", landscape="village", bonus=1, bought=2, paid=20, income=7, crossed=1)
    assert built == "Bo crosses the village using 1 bonus rail and buying 2 rails for 20 Pond; income 7 Pond, " \
                    "1 landscape crossed so far."


def test_every_catalog_key_the_engine_uses_exists_in_both_languages():
    EN, DE = catalog("en"), catalog("de")
    assert set(EN) == set(DE)
    used = set()
    for name in ("state.py", "view.py", "catalog.py", "determinize.py"):
        used |= set(re.findall(r'"(cape\.[a-z_.]+[a-z_])"', (CAPE / name).read_text()))
    missing = {k for k in used if k not in EN and not any(e.startswith((k + "[", k + ".")) for e in EN)}
    assert used and not missing, missing
    for rid in ("K1", "K2", "K3", "K4", "K5", "K6"):
        assert f"cape.rules.{rid}.title" in EN and f"cape.rules.{rid}.1" in EN
    assert "cape.rules.intro" in EN and "cape.rules.decision.1" in EN
    for land in ("river", "mountains", "desert", "village", "savanna"):
        assert f"cape.landscape.{land}" in EN
    assert {"cape.reason.crossings", "cape.reason.stall"} <= set(EN)
    for key, template in EN.items():  # the same blanks to fill in both languages
        assert set(re.findall(r"{(\w+)(?::\w+)?}", template)) == set(re.findall(r"{(\w+)(?::\w+)?}", DE[key])), key


def test_resampling_keeps_the_draw_piles_make_up_until_a_reshuffle_then_pools_it():
    s = blank(2)
    put(s, s.routes[0], "R9")
    put(s, s.discard, "S1", "S2", "S3")
    put(s, s.bonus[1], "V1")
    building(s, 0)
    r = resample_hidden(s, 0, Rng(3))
    assert sorted(r.draw) == sorted(s.draw)
    assert sorted(r.discard + r.bonus[1]) == sorted(s.discard + s.bonus[1]) and len(r.bonus[1]) == 1
    assert r.view(0) == s.view(0) and r.view(1) == s.view(1)
    park(s, 0, keep=0)
    s.apply(act.PASS, 0)  # player 2 turns up a card from the reshuffled discard pile
    assert "cape.reshuffle" in [e.key for e in s.log]
    pooled = set()
    for seed in range(40):
        r = resample_hidden(s, 1, Rng(seed))
        assert r.view(1) == s.view(1) and r.view(0) == s.view(0)
        pooled.update(ids(r.draw))
    assert "V1" in pooled  # after a reshuffle a bonus rail's card may be in the draw pile


def test_resampling_redraws_other_sealed_bids_but_keeps_ones_own():
    s = CapeState(Options.default(3), 12)
    s.apply(act.bid(40), 0)
    s.apply(act.bid(7), 1)
    seen = set()
    for seed in range(20):
        r = resample_hidden(s, 0, Rng(seed))
        assert r.bids[0] == 40 and r.view(0) == s.view(0)
        seen.add(r.bids[1])
    assert len(seen) > 1 and s.bids == {0: 40, 1: 7}


def test_a_clone_is_independent():
    s = blank(2)
    put(s, s.routes[0], "S1", "R1")
    put(s, s.common, "S2")
    put(s, s.discard, "V1")
    building(s, 0)
    c = s.clone()
    c.apply(act.build(0), 0)
    assert s.phase == BUILD and ids(s.routes[0]) == ["S1", "R1"] and ids(s.common) == ["S2"] and s.bonus[0] == []
    assert c != s and len(c.bonus[0]) == 1 and len(s.log) < len(c.log) and s.history == []
