"""Computer players at the table (issue 10, browser half) without a browser: set-up seat types, bots
moving only for their own seats, stale answers ignored, one person bidding on their own screen,
pace and skipping, watch games, saves that keep the seat types and resume mid-turn.

The page sends ``Controller.bot_job()`` to the bot worker, which calls ``nile.bots.worker.decide``;
here ``run_bots`` does the same in-process.
"""

import random

import pytest

from nile.bots import protocol
from nile.core import save
from nile.core.players import BOT_STRENGTHS, OptionsError, players_from_json
from nile.games import GAMES, load_save
from nile.web.controller import BOT_NAMES, BOT_PACE_MS, DEFAULT_NAMES, GAME, Controller
from nile.web.render import render_app
from nile.web.storage import Library, MemoryStore


def controller(store=None, seed=7):
    return Controller(Library(store or MemoryStore(), load_save), lambda: seed)


def start(game, kinds, store=None, variants=(), seed=7):
    """A game of ``game`` started through set-up: a seat per kind ("" a person, else a bot's strength)."""
    c = controller(store, seed)
    c.handle("new", game)
    c.handle("setup-count", str(len(kinds)))
    for seat, kind in enumerate(kinds):
        c.handle("setup-kind", f"{seat}:{kind}")
    for v in variants:
        c.handle("setup-option", f"variant:{v}")
    c.handle("start-game")
    assert c.screen == GAME, c.setup.form.error
    return c


def run_bots(c, limit=100_000):
    """Answer every due bot decision as the worker would; returns how many were made."""
    made = 0
    while (job := c.bots.job()) is not None:
        answer = protocol.handle(job)  # what the page's worker does with the message, in CPython
        assert protocol.check(answer) == "decided", answer
        before = len(c.state.history)
        c.handle("bot-move", f'{answer["key"]}|{answer["text"]}')
        assert len(c.state.history) == before + 1, c.notice
        made += 1
        assert made < limit
    return made


def person_moves(c, rng):
    """The one person at the table does something the screen offers (a sealed bid on their own screen;
    Continue on a moment panel, which holds the bots back)."""
    if c.moments.moment is not None:
        assert c.bots.job() is None  # the board pauses on the moment
        c.handle("moment-close")
        return
    if c.secret.solo_bidder() is not None:
        c.handle("bid-change", "1")
        c.handle("bid-submit")
        return
    s = c.state
    seat = s.current_player()
    assert seat is not None and not c.kinds[seat]
    legal = [a.text() for a in s.legal_actions(seat)]
    choice = rng.choice([t for t in legal if t != "end"] or legal)
    c.handle("act", choice)
    if c.table.confirm is not None:  # "End your turn with 2 AP unused?" — yes
        c.handle("confirm", choice)


@pytest.mark.parametrize("game", list(GAMES))
def test_setup_seat_types_name_the_bots_and_are_saved(game):
    c = controller()
    c.handle("new", game)
    c.handle("setup-count", "3")
    c.handle("setup-kind", "1:strong")
    assert c.setup.form.names[1] == BOT_NAMES[1]  # a default name follows the choice
    c.handle("setup-kind", "1:")
    assert c.setup.form.names[1] == DEFAULT_NAMES[1]
    c.handle("setup-name", "2:Ramses")
    c.handle("setup-kind", "2:easy")
    assert c.setup.form.names[2] == "Ramses"  # a typed name is kept
    c.handle("setup-kind", "2:cheating")  # not a choice the page offers: ignored
    assert c.setup.form.kinds[2] == "easy"
    html = render_app(c)
    assert 'data-i="setup-kind"' in html and "computer (strong)" in html
    c.handle("start-game")
    assert c.kinds == ["", "", "easy"]
    data = save.parse(save.dumps(c.state))
    assert data["options"]["players"][2]["bot"] == "easy"
    assert "bot" not in data["options"]["players"][0]  # a person's seat is saved as before bots existed
    assert load_save(save.dumps(c.state)).options == c.state.options


def test_a_seat_type_that_is_not_a_strength_is_refused_with_a_reason():
    with pytest.raises(OptionsError) as e:
        players_from_json([{"name": "A", "colour": "red"}, {"name": "B", "colour": "blue", "bot": "god"}],
                          ("red", "blue"), 2, 5)
    assert e.value.key == "options.bot"
    assert set(BOT_STRENGTHS) == {"easy", "normal", "strong"}


@pytest.mark.parametrize("game", list(GAMES))
def test_one_person_and_two_bots_play_to_the_end_and_the_person_never_moves_for_a_bot(game):
    c = start(game, ["", "easy", "normal"])
    rng = random.Random(3)
    hand_overs = 0
    for _ in range(5000):
        run_bots(c)
        s = c.state
        if s.is_terminal():
            break
        html = render_app(c)
        hand_overs += 'data-i="reveal-bidder"' in html
        person_moves(c, rng)
    assert c.state.is_terminal()
    assert hand_overs == 0  # one person: sealed bids on their own screen, no hand-over
    assert c.library.load(c.game_id) == c.state  # autosaved to the end


@pytest.mark.parametrize("game", list(GAMES))
def test_on_a_bots_turn_the_screen_offers_nothing_and_says_who_is_thinking(game):
    c = start(game, ["easy", "", "easy"])
    job = c.bots.job()
    if c.state.secret_decision():  # Nile may start with a sealed start-player bid: bots bid at once
        run_bots(c)
        c.handle("bid-submit")
        job = c.bots.job()
    while job is None:
        person_moves(c, random.Random(1))
        job = c.bots.job()
    assert job["strength"] == "easy" and c.kinds[job["seat"]]
    seat = job["seat"]
    if c.state.current_player() == seat:
        inter = c.table.interaction()
        assert not inter.targets and not inter.buttons
        assert "is thinking" in inter.prompt and c.names[seat] in inter.prompt
        assert "is thinking" in render_app(c)
        legal = c.state.legal_actions(seat)[0].text()
        before = len(c.state.history)
        c.handle("act", legal)  # a person cannot play the bot's move
        assert len(c.state.history) == before
        assert not c.table.undo_possible()


def test_a_stale_answer_is_ignored():
    c = start("cape", ["easy", "easy"])
    job = c.bots.job()
    assert job is not None
    c.handle("home")
    c.handle("bot-move", f'{job["key"]}|bid 0')
    assert c.bots.job() is None and c.state is None  # nothing due on the home screen
    c.handle("continue", job["key"].split("/")[0])
    assert c.bots.job()["key"] == job["key"]
    c.handle("bot-move", f'{c.game_id}/999/0|bid 0')
    assert len(c.state.history) == 0


def test_an_illegal_answer_pauses_the_bots_and_says_so():
    c = start("cape", ["easy", "easy"])
    job = c.bots.job()
    c.handle("bot-move", f'{job["key"]}|bid 9999')
    assert c.bots.paused and c.notice[0] == "error"
    assert c.bots.job() is None
    c.handle("bot-pause")  # "Go on"
    assert c.bots.job() is not None


def test_pace_skip_and_speed():
    store = MemoryStore()
    c = start("banks", ["", "easy", "easy"], store)
    c.handle("bot-speed", "fast")
    assert controller(store).bots.speed == "fast"  # remembered
    run_bots(c)
    while c.bots.job() is None and not c.state.is_terminal():
        person_moves(c, random.Random(2))
        if c.state.secret_decision():
            run_bots(c)
    assert c.bots.delay_ms() in (BOT_PACE_MS["fast"], 0)
    if not c.state.secret_decision():
        assert c.bots.delay_ms() == BOT_PACE_MS["fast"]
    c.handle("bot-skip")
    assert c.bots.skipping and c.bots.delay_ms() == 0
    run_bots(c)
    assert not c.bots.skipping  # skipping ends where the person must act


@pytest.mark.parametrize("game", list(GAMES))
def test_a_watch_game_of_bots_plays_to_the_end_and_can_pause(game):
    c = start(game, ["easy", "easy"])
    assert "Skip to the end" in render_app(c) and "Pause" in render_app(c)
    c.handle("bot-pause")
    assert c.bots.job() is None and "Go on" in render_app(c)
    c.handle("bot-pause")
    run_bots(c)
    assert c.state.is_terminal()


def test_reload_in_the_middle_of_a_bots_turn_resumes_it():
    store = MemoryStore()
    c = start("cape", ["", "strong"], store)
    c.handle("bid-change", "3")
    c.handle("bid-submit")  # the person bid; the strong bot still has to
    job = c.bots.job()
    assert job is not None and job["seat"] == 1
    again = controller(store)
    again.resume()
    assert again.screen == GAME and again.bots.job()["key"] == job["key"]
    run_bots(again)
    assert not again.state.secret_decision() or 1 not in again.state.to_act()


def test_the_board_shows_the_one_persons_own_knowledge():
    c = start("cape", ["", "easy", "easy"])
    c.handle("bid-change", "2")
    c.handle("bid-submit")
    assert c.viewer() == 0
    view = c.state.view(0)
    html = render_app(c)
    assert c.state.secret_decision()  # the bots have not bid yet
    assert "choosing their bids" in html and "bid-private" not in html
    assert view is not None
