"""A third game in one package (issue 20): Pebbles, registered by these tests only, is played through
the app's controller (set-up, the sealed choice with its hand-over screens, moments, the end screen),
saved, loaded and replayed, simulated, played by the bots in a tournament and decided once through the
bot worker's protocol — without a line of nile/web, nile/bots, nile/cli or the word layer knowing it.
This test is what "adding a game is one package and one line" means."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from nile import games
from nile.bots import protocol
from nile.bots.tournament import tournament
from nile.core import save
from nile.core.rng import Rng
from nile.core.simulate import simulate
from nile.messages import describe, say
from nile.web.controller import GAME, HOME, Controller
from nile.web.render import render_app
from nile.web.storage import Library, MemoryStore

from .rules import PILE, PebblesState
from .spec import SPEC

NILE = Path(__file__).resolve().parents[2] / "nile"


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    """The one line a game needs: registered while these tests run, gone after."""
    games.register(SPEC)
    yield
    games.GAMES.pop(SPEC.name, None)


def test_nothing_in_the_shell_the_bots_the_cli_or_the_word_layer_names_the_game():
    for part in ("web", "bots", "words", "messages", "kit"):
        for path in (NILE / part).rglob("*.py"):
            assert "pebbles" not in path.read_text(encoding="utf-8").lower(), path
    assert "pebbles" not in (NILE / "cli.py").read_text(encoding="utf-8").lower()


def controller(store: MemoryStore | None = None) -> Controller:
    return Controller(Library(store or MemoryStore(), games.load_save), lambda: 42)


def test_home_offers_it_and_set_up_starts_it():
    c = controller()
    html = render_app(c)
    assert 'data-v="pebbles"' in html and "Pebbles" in html and "one of them is gold" in html
    c.handle("new", "pebbles")
    assert c.setup.form.count == 2 and "Two players" in render_app(c)
    c.handle("setup-name", "0:Ann")
    c.handle("setup-name", "1:Bo")
    c.handle("start-game")
    assert c.screen == GAME and c.state.GAME == "pebbles" and c.state.pile == PILE


def play_two_people(c: Controller) -> list[str]:
    """Both seats are people: each round, the device is handed to each in turn for their sealed choice."""
    seen = []
    while not c.state.is_terminal():
        html = render_app(c)
        seen.append(html)
        if c.moments.moment is not None:
            c.handle("moment-close")
            continue
        # a hand-over screen: nothing secret shows; whoever chose last still holds the device and,
        # choosing again in the next round, goes first without a hand-over
        assert "Pass the device to" in html or "you have the device" in html
        seat = c.state.to_act()[0]
        c.handle("reveal-bidder", str(seat))
        private = render_app(c)
        assert "How many pebbles do you take?" in private and 'data-i="bid-change"' in private
        c.handle("bid-change", "3" if seat == 0 else "1")
        c.handle("bid-submit")
    seen.append(render_app(c))
    return seen


def test_two_people_play_it_to_the_end_through_the_controller():
    c = controller()
    c.handle("new", "pebbles")
    c.handle("start-game")
    screens = play_two_people(c)
    s = c.state
    assert s.is_terminal() and sum(s.scores) >= PILE
    end = screens[-1]
    assert "Game over" in end and re.search(r'<table class="ranking">', end)
    log = [describe(e, c.names, "en") for e in s.view(None)["log"]]
    assert any("Choices revealed" in line for line in log) and log[-1].startswith("Game over")


def test_it_is_saved_loaded_replayed_and_its_history_read_in_german():
    store = MemoryStore()
    c = controller(store)
    c.handle("new", "pebbles")
    c.handle("start-game")
    play_two_people(c)
    gid = c.game_id
    again = controller(store)
    again.handle("continue", gid)
    assert again.state == c.state
    assert save.load(save.dumps(c.state), games.GAMES) == c.state
    again.handle("replay")
    again.handle("replay-step", "start")
    assert "Replay: after 0 of" in render_app(again)
    german = [describe(e, c.names, "de") for e in c.state.view(None)["log"]]
    assert any("Die Wahl ist offen" in line for line in german) and german[-1].startswith("Spielende")
    with pytest.raises(Exception) as info:
        c.state.clone().apply_text("take 4")
    assert "keine Aktion von Kiesel" in say(info.value, "de")


def test_the_board_keeps_the_gold_pebble_and_the_other_choice_hidden():
    s = PebblesState(SPEC.default_options(2, frozenset()), 5)
    s.apply_text("take 3", 0)
    for seat in (None, 1):
        view = json.dumps(s.view(seat))
        assert '"mine": 3' not in view and "gold_at" not in view
    assert s.view(0)["mine"] == 3
    resampled = {SPEC.resample_hidden(s, 1, Rng(i)).choices[0] for i in range(30)}
    assert resampled <= {1, 2, 3} and len(resampled) > 1  # the other seat's choice redrawn, never read


def test_simulate_and_a_tournament_of_random_easy_and_normal_bots():
    summary = simulate(lambda i: SPEC.new_state(SPEC.default_options(2, frozenset()), i), 30, 1, check=SPEC.invariants)
    assert summary["finished"] == 30 and summary["errors"] == 0 and summary["invariant_violations"] == 0
    for seats in (["random", "easy"], ["easy", "normal"]):
        result = tournament("pebbles", seats, games=6, seed=2)
        assert result["games"] == 6 and abs(sum(result["win_rates"].values()) - 1) < 1e-9


def test_one_bot_decision_through_the_workers_protocol():
    c = controller()
    c.handle("new", "pebbles")
    c.handle("setup-kind", "1:normal")
    c.handle("start-game")
    c.handle("bid-change", "2")
    c.handle("bid-submit")  # the person alone at the table bids on their own screen
    job = c.bots.job()
    assert job is not None and job["seat"] == 1
    answer = protocol.handle(json.loads(json.dumps(job)))
    assert protocol.check(answer) == "decided" and answer["text"] in ("take 1", "take 2", "take 3")
    c.handle("bot-move", f'{answer["key"]}|{answer["text"]}')
    assert c.state.round == 2 or c.moments.moment is not None


def test_the_rules_help_and_learn_to_play_work_for_it():
    c = controller()
    c.handle("rules")
    assert 'data-v="pebbles:P3"' in render_app(c)
    c.handle("rules-open", "pebbles:P3")
    assert "The smaller choice takes first" in render_app(c)
    c.handle("rules")
    c.handle("learn", "pebbles")
    c.handle("setup-name", "0:Anna")
    c.handle("start-game")
    assert c.screen == GAME and c.tutor.teaching.lessons == ["welcome"]
    c.handle("home")
    assert c.screen == HOME
