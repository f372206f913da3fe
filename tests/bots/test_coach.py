"""The coach (issue 22): hints from the strong bot, a review of a finished game, ``python -m nile review``.

Every piece decides from the seat's canonical knowledge, so a hint is the same in two games
that differ only in what the seat cannot see; a review judges exactly the seat's decisions."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from nile.bots import coach
from nile.bots.base import canonical
from nile.core.rng import Rng
from nile.games import GAMES, load_save
from nile.messages import has_key, text
from nile.words import LANGUAGES

from .test_bots import pairs, positions

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
#: a finished two-player game of each game, from the golden saves
FINISHED = {"banks": "banks/r1-17-2p-over-obelisk.json", "cape": "cape/r1-06-2p-over-crossings.json"}
needs_subprocess = pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")


def finished(game):
    return json.loads((GOLDEN / FINISHED[game]).read_text(encoding="utf-8"))["save"]


@pytest.mark.parametrize("game", sorted(FINISHED))
def test_hints_are_three_different_legal_choices_with_a_chance_and_a_sentence_in_every_language(game):
    seen_reasons = set()
    for state in positions(game, 3, seed=8, every=11, limit=6):
        seat = state.to_act()[-1]
        advice = coach.hints(state, seat, Rng(4), iterations=40)
        legal = state.legal_actions(seat)
        assert 1 <= len(advice) <= 3
        assert len({a.action for a in advice}) == len(advice)
        assert all(a.action in legal for a in advice)
        assert all(0.0 <= a.win_chance <= 1.0 for a in advice)
        for a in advice:
            assert has_key(a.reason), a.reason
            for lang in LANGUAGES:
                said = text(a.reason, lang, **a.params)
                assert said and "{" not in said, (lang, said)
            seen_reasons.add(a.reason)
    assert len(seen_reasons) >= 2  # not one sentence for everything


@pytest.mark.parametrize("game", sorted(FINISHED))
def test_a_hint_depends_only_on_what_the_seat_may_know(game):
    compared = 0
    for _state, a, b, seat in pairs(game):
        if compared >= 6:
            break
        first = coach.hints(a, seat, Rng(9), iterations=30)
        second = coach.hints(b, seat, Rng(9), iterations=30)
        assert first == second
        compared += 1
    assert compared == 6


def test_a_hint_for_a_seat_not_to_act_is_refused():
    spec = GAMES["cape"]
    state = spec.new_state(spec.default_options(2, frozenset()), 1)
    state.apply(state.legal_actions(0)[0], 0)
    with pytest.raises(ValueError):
        coach.hints(state, 0, Rng(1))


@pytest.mark.parametrize("game", sorted(FINISHED))
def test_a_review_judges_every_decision_the_seat_took_and_nothing_else(game):
    state = load_save(json.dumps(finished(game)))
    spec = GAMES[game]
    replay = spec.new_state(state.options, state.seed)
    expected = []
    for index, (player, action) in enumerate(state.history):
        if player == 1 and 1 in replay.to_act() and len(canonical(replay, 1).legal_actions(1)) > 1:
            expected.append((index, action))
        replay.apply(action, player)
    decisions = coach.review(state, 1, iterations=12)
    assert [(d.index, d.played) for d in decisions] == expected
    assert len(decisions) > 10
    assert all(0.0 <= d.played_chance <= 1.0 and 0.0 <= d.best_chance <= 1.0 for d in decisions)
    assert all(d.best_chance >= d.played_chance or d.best == d.played for d in decisions if d.loss)
    worst = coach.worst(decisions)
    assert len(worst) <= 3 and all(d.loss >= coach.SLIP for d in worst)
    assert [d.index for d in worst] == sorted(d.index for d in worst)


@pytest.mark.parametrize("game", sorted(FINISHED))
def test_the_chance_chart_has_one_line_per_seat_and_a_point_per_round(game):
    state = load_save(json.dumps(finished(game)))
    series = coach.chances(state)
    assert len(series) == state.num_players
    assert len({len(line) for line in series}) == 1
    assert len(series[0]) >= state.round  # the start, then every round's end
    assert all(0.0 <= x <= 1.0 for line in series for x in line)
    winner = state.final["winners"][0]
    assert series[winner][-1] == max(line[-1] for line in series)  # the winner ends on top


def test_a_cape_crossing_is_explained_with_the_rails_bought():
    from nile.cape import bot

    explained = set()
    for state in positions("cape", 2, seed=3, every=1, limit=400):
        seat = state.to_act()[0]
        for action in state.legal_actions(seat) if state.phase == "build" else ():
            if action.kind != "build":
                continue
            after = state.clone()
            after.apply(action, seat)
            built = [e for e in after.log if e.key == "cape.build"][-1].params
            key, params = bot.explain(state, after, seat, "crossings")
            assert key == ("cross_buy" if built["bought"] else "cross")
            assert params.get("count", 0) == built["bought"]
            assert params["landscape"] == built["landscape"]
            explained.add(key)
    assert explained == {"cross", "cross_buy"}


@pytest.mark.parametrize("game", sorted(FINISHED))
def test_the_evaluation_terms_add_up_to_the_evaluation(game):
    kb = GAMES[game].bots
    for state in positions(game, 3, seed=12, every=5, limit=12):
        parts = kb.terms(state)
        total = kb.heuristic(state)
        for p in range(state.num_players):
            assert sum(part[p] for part in parts.values()) == pytest.approx(total[p])


@needs_subprocess
@pytest.mark.parametrize("game", sorted(FINISHED))
def test_review_command_line_gives_each_decision_as_json(game, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(finished(game)), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "nile", "review", str(path), "--seat", "0", "--iterations", "10",
                          "--json"], capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert data["decisions"] and all({"played", "best", "win_chance"} <= set(d) for d in data["decisions"])
    assert all(0 <= d["win_chance"] <= 1 for d in data["decisions"])
    state = load_save(path.read_text(encoding="utf-8"))
    assert [d["played"] for d in data["decisions"]] == [state.history[d["index"]][1].text() for d in data["decisions"]]
    bad = subprocess.run([sys.executable, "-m", "nile", "review", str(path), "--seat", "7"], capture_output=True,
                         text=True)
    assert bad.returncode == 2 and "seat 7" in bad.stderr
