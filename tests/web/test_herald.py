"""What a screen reader hears (issue 43, "every change heard"): the herald says every new line of the log
once, in the player's language — the person's own move and what it brought, the computer players' moves,
the scorings, the end and its winner — a move taken back, and where the game stands when asked by key.
What it says is the log's lines and nothing else (the first test): the log holds public facts only, so it
never says what the person may not know (N9, K6)."""

from __future__ import annotations

import random

import pytest

from nile.bots import protocol
from nile.games import load_save
from nile.messages import describe
from nile.web.controller import Controller
from nile.web.render import render_app
from nile.web.storage import Library, MemoryStore


def with_bots(game: str, bots: int, lang: str = "en") -> Controller:
    c = Controller(Library(MemoryStore(), load_save), lambda: 11, lang)
    c.handle("new", game)
    c.handle("setup-count", str(bots + 1))
    for seat in range(1, bots + 1):
        c.handle("setup-kind", f"{seat}:easy")
    c.handle("start-game")
    return c


def one_step(c: Controller, rng: random.Random) -> None:
    """What the table waits for: a bot's move (through the real worker module), the moment's Continue, the
    person's sealed bid, else one of the person's choices, at random."""
    job = c.bots.job()
    if job is not None:
        answer = protocol.handle(job)
        c.handle("bot-move", f"{answer['key']}|{answer['text']}")
        return
    if c.moments.moment is not None:
        c.handle("moment-close")
        return
    if c.table.confirm is not None:
        c.handle("confirm", c.table.confirm[0])
        return
    s = c.state
    if s.secret_decision():
        c.handle("reveal-bidder", str(next(p for p in s.to_act() if not c.kinds[p])))
        c.handle("bid-submit")
        return
    inter = c.table.interaction()
    options = [("pick", k) for k in inter.targets] + [(b.intent, b.value) for b in inter.buttons if b.available]
    c.handle(*rng.choice(options))


@pytest.mark.parametrize(("game", "bots", "lang"), [("banks", 2, "de"), ("cape", 1, "fr")])
def test_every_line_of_a_whole_game_is_said_once_in_order_and_the_winner_last(game, bots, lang):
    c = with_bots(game, bots, lang)
    rng = random.Random(3)
    start = 0  # from the game's first line (issue 53: the set-up's lines went unsaid)
    heard: list[str] = []
    for _ in range(6000):
        if c.state.is_terminal():
            break
        one_step(c, rng)
        render_app(c)
        heard += c.herald.take()
    assert c.state.is_terminal(), "the game did not end"
    heard += c.herald.take()
    log = [e.to_json() for e in c.state.log]
    assert heard == [describe(e, c.names, lang) for e in log[start:]]
    winners = c.state.view(None)["result"]["winners"]
    assert all(c.names[w] in heard[-1] for w in winners), heard[-1]
    assert c.herald.take() == []  # said once: nothing again at the next redraw


def test_a_move_taken_back_is_said_in_the_logs_words_and_its_lines_are_not_said_again():
    """Issue 53: undo says what it took back ("Undone: Anna sows flax on W4-2."), the public log's line of the
    move, in the player's words and language — never the engine's action text."""
    c = with_bots("banks", 1)
    rng = random.Random(5)
    while not c.table.undo_possible():
        one_step(c, rng)
    c.herald.take()
    log = c.state.view(c.viewer())["log"]
    action = c.state.history[-1][1]
    c.handle("undo")
    line = describe(log[len(c.state.log)], c.names, "en")
    assert c.herald.take() == [f"Undone: {line}"]
    assert line.startswith(c.names[0]) and str(action) not in line
    assert c.herald.take() == []  # once
    for _ in range(200):
        if c.table.undo_possible():
            break
        one_step(c, rng)
    c.handle("lang", "de")
    c.herald.take()
    log = c.state.view(c.viewer())["log"]
    c.handle("undo")
    assert c.herald.take() == [f"Zurückgenommen: {describe(log[len(c.state.log)], c.names, 'de')}"]


def test_a_new_game_says_its_first_lines_once():
    """Issue 53: a game's start was not heard (the board laid out, who starts)."""
    c = with_bots("cape", 1, "nl")
    first = [describe(e.to_json(), c.names, "nl") for e in c.state.log]
    assert first and c.herald.take()[:len(first)] == first
    assert c.herald.take() == []


def test_opening_a_game_says_nothing_of_its_past():
    c = with_bots("banks", 1)
    rng = random.Random(5)
    for _ in range(30):
        one_step(c, rng)
    gid = c.game_id
    c.handle("home")
    assert c.herald.take() == []
    c.handle("continue", gid)
    assert c.herald.take() == []


def test_where_the_game_stands_is_said_when_asked_in_the_players_language():
    c = with_bots("banks", 2, "de")
    rng = random.Random(7)
    while c.state.round < 1 or c.state.view(None)["ap"] is None or c.kinds[c.state.to_act()[0]]:
        one_step(c, rng)
    c.herald.take()
    c.handle("standing")
    (said,) = c.herald.take()
    view = c.state.view(None)
    assert said.startswith(f"Runde {view['round']}, der Ebbe/Flut-Marker auf ")
    assert "Punkte: " in said and f"{c.names[0]} hat noch {view['ap']} Aktionspunkte." in said
    leader = max(view["players"], key=lambda p: p["score"])
    assert said.index(leader["name"]) < min(said.index(p["name"]) for p in view["players"] if p["score"] < leader["score"]) \
        if any(p["score"] < leader["score"] for p in view["players"]) else True

    k = with_bots("cape", 1, "fr")
    k.herald.take()  # the game's first lines
    k.handle("standing")
    (said,) = k.herald.take()
    assert said.startswith("Tour 1\u00a0: ") and f"{k.names[0]} a 100 livres et aucun paysage traversé." in said



def test_the_coach_at_work_is_heard_once_its_thinking_then_its_hints_as_they_read():
    from .test_coaching import a_game, answered, to_my_turn

    c = a_game("banks")
    to_my_turn(c)
    c.herald.take()
    c.handle("hint")
    assert c.herald.take() == ["The coach is thinking…"]
    c.coach.answer(answered(c))
    said = c.herald.take()
    key = c.coach.hint_key()
    assert said[0] == "The coach suggests", said
    assert said[1:] == c.coach.coaching.lines(key, c.state, "en", c.names) and said[1].startswith("1. ")
    assert c.herald.take() == []  # once
