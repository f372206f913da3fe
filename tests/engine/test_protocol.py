"""The game protocol: actions as text, checked application, clone, save files, the log and the CLI."""

import json
import subprocess
import sys

import pytest
from saying import refused

from nile.banks import actions as act
from nile.banks.options import Options
from nile.banks.state import BanksState
from nile.core import save
from nile.core.actions import Action, ActionError, IllegalActionError
from nile.core.rng import Rng
from nile.core.simulate import play_random
from nile.games import load_save, new_state
from nile.messages import describe, has_key

from .builders import blank, put_field, texts


def finished_game(players=4, variants=(), seed=3):
    s = BanksState(Options.default(players, variants=frozenset(variants), start="random"), seed)
    play_random(s, Rng(seed))
    return s


def test_action_text_round_trips_and_repr_rebuilds():
    for text in ["sow flax W4-2", "water b E5-1", "rot M3 1 4", "rot M4", "bid none", "bid flax flax onion",
                 "buy joker", "buy grapes", "hoard p3 aubergine", "refresh M2 3", "joker", "end", "ebb W5",
                 "harvest W5-1 M1", "seed onion E2-2", "ripe grain W3-1", "boat flax", "grow E4-4"]:
        a = act.parse(text)
        assert a.text() == str(a) == text
        assert eval(repr(a), {"Action": Action}) == a


@pytest.mark.parametrize(
    "text,message",
    [
        ("", "empty"),
        ("dance", "is not an action of An den Ufern des Nils"),
        ("sow flax", "2 argument"),
        ("sow rice W4-1", "not a crop"),
        ("sow flax W6-1", "not a field"),
        ("sow flax W4-9", "not a field"),
        ("harvest W4-1 M9", "not a market row"),
        ("rot M1 4", "not a stall"),
        ("rot M3 2 1", "ascending"),
        ("rot M3 1 1", "ascending"),
        ("bid grain flax", "crop order"),
        ("water c W4-1", "not a pile"),
        ("hoard p9 flax", "not a player"),
        ("x" * 500, "too long"),
    ],
)
def test_malformed_actions_are_refused_with_a_reason(text, message):
    with refused(ActionError, message):
        act.parse(text)


def test_illegal_actions_leave_the_state_untouched():
    s = finished_game(4, seed=8)
    # rewind: a mid-game position
    mid = BanksState(s.options, s.seed)
    for p, a in s.history[: len(s.history) // 2]:
        mid.apply(a, p)
    before = mid.clone()
    for text in ["sow flax W2-1", "harvest W4-1 M1", "bid flax", "end end", "p5 end", "ebb W2", "water a W9-1"]:
        with pytest.raises((ActionError, IllegalActionError)):
            mid.apply_text(text)
        assert mid == before
    with pytest.raises(IllegalActionError):
        mid.apply(Action("sow", ("flax", "W2-1")))
    assert mid == before


def test_out_of_play_row_is_named_in_the_refusal():
    s = blank(4)
    with refused(IllegalActionError, "row W2 is out of play with 4 players"):
        s.apply_text("sow flax W2-1")


def test_out_of_phase_action_says_what_the_game_waits_for():
    s = blank(4)
    with refused(IllegalActionError, "players take their actions"):
        s.apply_text("ebb W4")


def test_clone_is_independent():
    s = blank(4)
    c = s.clone()
    c.apply_text("sow flax W4-1")
    assert s.field_markers != c.field_markers and s.ap == 3 and c.ap == 2
    assert s != c and s == blank(4)


def test_save_round_trip_replays_to_an_identical_state():
    s = finished_game(5, variants=("N10", "N11", "N12", "N13"), seed=4)
    text = save.dumps(s)
    data = json.loads(text)
    assert set(data) == {"format", "game", "rules", "options", "seed", "actions"}
    assert data["format"] == 2 and data["game"] == "banks" and data["rules"] == BanksState.RULES_VERSION
    loaded = load_save(text)
    assert loaded == s and loaded.result() == s.result()


def good_save():
    return json.loads(save.dumps(finished_game(3, seed=2)))


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda d: d.update(format=99), "newer version"),
        (lambda d: d.update(format="1"), "format version must be a number"),
        (lambda d: d.pop("seed"), "missing: seed"),
        (lambda d: d.update(extra=1), "unknown fields: extra"),
        (lambda d: d.update(game="chess"), "unknown game 'chess'"),
        (lambda d: d.update(seed=-1), "seed must be a whole number"),
        (lambda d: d.update(seed=True), "seed must be a whole number"),
        (lambda d: d.update(actions="sow"), "actions must be a list"),
        (lambda d: d["actions"].insert(5, 7), "action 6 of .* is not text"),
        (lambda d: d["actions"].insert(3, "p1 sow rice W4-1"), "action 4 of .*not a crop"),
        (lambda d: d["actions"].insert(10, "p1 end"), "action 11 of .*cannot be replayed"),
        (lambda d: d["actions"].reverse(), "action 1 of"),
        (lambda d: d["options"].update(players=[]), "options are not valid: a game has 2 to 5 players"),
        (lambda d: d["options"]["players"][0].update(colour="pink"), "options are not valid"),
    ],
)
def test_bad_saves_are_refused_naming_what_is_wrong(mutate, message):
    data = good_save()
    mutate(data)
    with refused(save.SaveError, message):
        load_save(json.dumps(data))


@pytest.mark.parametrize(
    "text,message",
    [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ("[1, 2]", "should be a JSON object"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply|not valid JSON"),
        ('{"format": 1}' + " " * 1_100_000, "too large"),
    ],
)
def test_not_a_save_at_all(text, message):
    with refused(save.SaveError, message):
        load_save(text)


def test_a_save_of_a_game_in_progress_resumes_where_it_was():
    s = finished_game(4, seed=6)
    part = BanksState(s.options, s.seed)
    for p, a in s.history[:137]:
        part.apply(a, p)
    loaded = load_save(save.dumps(part))
    assert loaded == part
    assert texts(loaded.legal_actions(loaded.to_act()[0])) == texts(part.legal_actions(part.to_act()[0]))


def test_new_state_takes_options_as_json_too():
    s = new_state("banks", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Bo", "colour": "blue"}]}, 1)
    assert s.view(None)["players"][1]["name"] == "Bo"


def test_every_log_key_has_an_english_message_and_describes_with_names():
    s = finished_game(5, variants=("N10", "N11", "N12", "N13"), seed=9)
    names = [p.name for p in s.options.players]
    for entry in s.view(None)["log"]:
        assert has_key(entry["key"]), entry["key"]
        line = describe(entry, names)
        assert "{" not in line and line.strip()
    first_turn = next(e for e in s.view(None)["log"] if e["key"] == "turn.start")
    assert describe(first_turn, names) == f"{names[first_turn['params']['player']]}'s turn."


def test_scoring_details_are_exposed_for_the_end_screen():
    s = finished_game(4, seed=12)
    assert s.scorings, "a finished obelisk game has scored"
    view = s.view(None)
    detail = view["scorings"][0]
    assert {"rows", "points", "awards", "rotten", "boat_lost", "obelisk_before", "obelisk_after"} <= set(detail)
    ranking = view["result"]["ranking"]
    assert [r["place"] for r in ranking] == sorted(r["place"] for r in ranking)
    assert json.loads(json.dumps(view)) == view  # JSON-ready


needs_subprocess = pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "nile", *args], capture_output=True, text=True, timeout=300)


@needs_subprocess
def test_cli_simulate_json_reports_the_summary():
    out = run_cli("simulate", "--game", "banks", "--players", "2,3,4,5", "--games", "8", "--seed", "1",
                  "--variants", "mix", "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    for key in ("games", "finished", "errors", "invariant_violations", "rounds_mean", "actions_mean",
                "seconds", "games_per_second"):
        assert key in summary
    assert summary["games"] == summary["finished"] == 8 and summary["errors"] == 0


@needs_subprocess
def test_cli_replay_validates_and_prints_standings(tmp_path):
    s = finished_game(3, seed=2)
    path = tmp_path / "game.json"
    path.write_text(save.dumps(s))
    out = run_cli("replay", str(path))
    assert out.returncode == 0 and "game over" in out.stdout
    assert s.options.players[s.result()["winners"][0]].name in out.stdout
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 2}')
    out = run_cli("replay", str(bad))
    assert out.returncode == 1 and "invalid save" in out.stderr


def test_undo_floor_covers_own_moves_in_this_turn_and_stops_at_reveals():
    s = blank(4)
    s.apply_text("sow flax W4-1")
    s.apply_text("sow grain W4-2")
    assert s.undo_floor() == 0 and len(s.history) == 2  # both undoable
    s.apply_text("buy joker")  # draws a hidden card: nothing before it can be undone
    assert s.undo_floor() == 3
    s.apply_text("end")  # the turn passes: the next player starts with nothing to undo
    assert s.to_act() == (1,) and s.undo_floor() == 4


def test_cost_tells_the_ap_an_action_will_take():
    s = blank(4)
    put_field(s, "W4-2", 1, "grain")
    put_field(s, "W5-1", 0, "flax", ripe=True)
    assert s.cost(act.parse("sow flax W4-1")) == 1
    assert s.cost(act.parse("sow flax W4-2")) == 2
    assert s.cost(act.parse("harvest W5-1 M1")) == 1
    assert s.cost(act.parse("end")) == 0
