"""The coach in the page (issue 22), without a browser: the Hint button only at a person's turn, the
hints from the worker shown (and a stale answer ignored), the count of hints kept in the game's record
and said at its end, and the review screen with one chart line per seat."""

from __future__ import annotations

import json
import re

import pytest

from nile.bots import protocol
from nile.core import save
from nile.core.rng import Rng
from nile.core.simulate import play_random
from nile.games import GAMES, load_save
from nile.web.controller import Controller
from nile.web.render import render_app
from nile.web.storage import INDEX_KEY, Library, MemoryStore


def a_game(game: str) -> Controller:
    c = Controller(Library(MemoryStore(), load_save), lambda: 5)
    c.handle("new", game)
    c.handle("setup-count", "2")
    c.handle("setup-kind", "1:normal")
    c.handle("start-game")
    return c


def bot_moves(c: Controller) -> bool:
    """Let the bot make its move if one is due (through the real worker module)."""
    job = c.bots.job()
    if job is None:
        return False
    answer = protocol.handle(job)
    c.handle("bot-move", f"{answer['key']}|{answer['text']}")
    return True


def to_my_turn(c: Controller) -> None:
    while c.coach.hint_key() is None:
        if not bot_moves(c):
            c.handle("bid-submit" if c.state.secret_decision() else "moment-close")


def answered(c: Controller) -> protocol.Hinted:
    (request,) = c.coach.coaching.outbox
    c.coach.coaching.outbox.clear()
    answer = protocol.handle(json.loads(json.dumps(request)))
    assert protocol.check(answer) == "hinted"
    return answer  # type: ignore[return-value]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_hint_button_shows_only_at_a_persons_turn(game):
    c = a_game(game)
    seen_bot = seen_person = False
    for _ in range(60):
        html = render_app(c)
        if c.coach.hint_key() is not None:
            seen_person = True
            assert 'data-i="hint"' in html
            s = c.state
            c.handle("act", s.legal_actions(s.to_act()[0])[0].text())
            if c.table.confirm is not None:  # "End your turn with AP unused?"
                c.handle("confirm", c.table.confirm[0])
        else:
            assert 'data-i="hint"' not in html
            seen_bot |= c.bots.to_act() is not None
            if not bot_moves(c):
                c.handle("bid-submit" if c.state.secret_decision() else "moment-close")
    assert seen_bot and seen_person


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_hint_is_asked_of_the_worker_and_shown_as_three_lines_with_the_targets_marked(game):
    c = a_game(game)
    to_my_turn(c)
    c.handle("hint")
    assert "The coach is thinking" in render_app(c)
    assert 'data-i="hint"' in render_app(c) and " disabled" in re.search(r'<button[^>]*data-i="hint"[^>]*>', render_app(c)).group(0)
    c.handle("hint")  # asked again while it thinks: nothing more is posted
    answer = answered(c)
    c.coach.answer(answer)
    html = render_app(c)
    lines = re.findall(r'<section class="hints-given".*?<ol>(.*?)</ol>', html)[0]
    items = re.findall(r"<li>(.*?)</li>", lines)
    assert len(items) == len(answer["hints"]) >= 1
    for n, item in enumerate(items, 1):
        assert re.match(rf"{n}\. .+: .+ \(chance to win: \d+ %\)$", item), item  # advice, its reason, the chance
    assert c.coach.hints_used() == 1
    assert " coach" in html  # the board marks the hinted targets like the tips of "Show me what I can do"


def test_a_hint_answer_for_a_position_the_game_has_left_is_ignored():
    c = a_game("banks")
    to_my_turn(c)
    c.handle("hint")
    answer = answered(c)
    s = c.state
    c.handle("act", s.legal_actions(s.to_act()[0])[0].text())  # the person moved on before the coach answered
    c.coach.answer(answer)
    assert "hints-given" not in render_app(c) and c.coach.hints_used() == 0
    assert c.coach.coaching.hints_at(c.coach.hint_key()) == []


def test_a_hint_answer_after_an_undo_and_another_move_is_ignored():
    """Same number of moves, another position: the key names the moves, not only how many."""
    c = a_game("banks")
    to_my_turn(c)
    while c.state.view(None)["phase"] not in ("actions", "extra_turn"):
        s = c.state
        if c.coach.hint_key() is not None:
            c.handle("act", s.legal_actions(s.to_act()[0])[0].text())
        elif not bot_moves(c):
            c.handle("bid-submit" if s.secret_decision() else "moment-close")
    s = c.state
    first, second = [a.text() for a in s.legal_actions(s.to_act()[0]) if a.text() != "end"][:2]
    c.handle("act", first)
    c.handle("hint")
    answer = answered(c)
    c.handle("undo")
    c.handle("act", second)
    c.coach.answer(answer)
    assert "hints-given" not in render_app(c) and c.coach.hints_used() == 0


def test_a_worker_that_cannot_answer_is_said_in_the_panel():
    c = a_game("cape")
    to_my_turn(c)
    c.handle("hint")
    key = c.coach.coaching.outbox[0]["key"]
    c.coach.failed(key, "RuntimeError: no")
    assert "The coach could not answer: RuntimeError: no" in render_app(c)
    assert c.coach.coaching.asked is None


def finished(c: Controller, game: str, seed: int = 9) -> None:
    spec = GAMES[game]
    state = spec.new_state(spec.default_options(2), seed)
    play_random(state, Rng(seed))
    c.shelf.import_text(save.dumps(state))
    assert c.state.is_terminal()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_end_screen_says_how_many_hints_were_used_and_offers_the_review(game):
    c = Controller(Library(MemoryStore(), load_save), lambda: 5)
    finished(c, game)
    html = render_app(c)
    assert "Played with" not in html and 'data-i="review"' in html
    c.library.add_hint(c.game_id)
    c.library.add_hint(c.game_id)
    assert "Played with 2 hints" in render_app(c)
    c.handle("lang", "de")
    assert "Mit 2 Tipps gespielt" in render_app(c)


def test_a_record_written_before_hints_existed_loads_with_none():
    c = Controller(Library(MemoryStore(), load_save), lambda: 5)
    finished(c, "cape")
    gid, store = c.game_id, c.library.store
    index = json.loads(store.get(INDEX_KEY))
    index[gid].pop("hints", None)
    store.set(INDEX_KEY, json.dumps(index))
    c.handle("home")
    c.handle("continue", gid)
    assert c.state.is_terminal() and c.coach.hints_used() == 0 and "Played with" not in render_app(c)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_review_shows_one_chart_line_per_seat_and_each_persons_costliest_moves(game):
    c = Controller(Library(MemoryStore(), load_save), lambda: 5)
    finished(c, game)
    c.handle("review")
    (request,) = c.coach.coaching.outbox
    c.coach.coaching.outbox.clear()
    assert protocol.check(request) == "review" and request["seats"] == [0, 1]
    assert request["iterations"] == 60
    html = render_app(c)
    assert "The coach is going through the game" in html and 'data-i="review-exit"' in html
    answer = protocol.handle({**request, "iterations": 8})  # a smaller search: the test only checks the screen
    c.coach.answer(answer)
    html = render_app(c)
    assert len(re.findall(r'<path class="series[^"]*" data-series="\d"', html)) == c.state.num_players == 2
    sections = re.findall(r'<section class="review-moves">(.*?)</section>', html)
    assert len(sections) == 2
    moments = re.findall(r"<li>((?:Round [1-9]\d*|Set-up), move \d+: .+?, chance to win \d+ %\. Better: .+?, chance to win \d+ %\.)</li>", html)
    assert "secret bid" not in html and ") (" not in html  # a sealed bid said as bid; never two brackets in a row
    assert len(moments) == len(answer["moments"])
    c.handle("review-exit")
    assert c.coach.coaching.review is None and "review-chart" not in render_app(c)
    c.handle("review")  # opened again: the same answer, nothing asked of the worker
    assert c.coach.coaching.outbox == [] and "review-chart" in render_app(c)


def test_a_costly_set_up_move_is_said_as_the_set_ups_not_round_0():
    """A move of Nile's set-up, before round 1 (the first markers laid, or N12's start-player bid), found costly by the
    review: "Set-up, move 1: …", as the head line and home say the set-up; never "Round 0" (issue 53's reading)."""
    game = "banks"
    c = Controller(Library(MemoryStore(), load_save), lambda: 5)
    finished(c, game)
    c.handle("review")
    (request,) = c.coach.coaching.outbox
    answer = protocol.handle({**request, "iterations": 8})
    replay = GAMES[game].new_state(c.state.options, c.state.seed)
    first = c.state.history[0]
    assert replay.view(None)["round"] == 0  # the game's first move is made in its set-up
    said = {"seat": first[0], "index": 0, "played": str(first[1]), "best": str(first[1]),
            "played_chance": 0.25, "best_chance": 0.5}
    c.coach.answer({**answer, "moments": [said]})
    html = render_app(c)
    assert "Round 0" not in html
    assert re.search(r"<li>Set-up, move 1: .+?, chance to win 25 %\. Better: .+?, chance to win 50 %\.</li>", html), html[-2000:]


def test_the_review_is_offered_from_a_finished_games_replay():
    c = Controller(Library(MemoryStore(), load_save), lambda: 5)
    finished(c, "cape")
    c.handle("replay")
    assert 'data-i="review"' in render_app(c)
    c.handle("review")
    assert c.replayer.replay is None and c.coach.coaching.review is not None


def test_a_review_answer_for_another_game_is_ignored():
    c = Controller(Library(MemoryStore(), load_save), lambda: 5)
    finished(c, "cape")
    c.handle("review")
    (request,) = c.coach.coaching.outbox
    c.coach.coaching.outbox.clear()
    answer = protocol.handle({**request, "iterations": 5})
    c.handle("home")
    finished(c, "cape", seed=11)
    c.handle("review")
    c.coach.answer(answer)
    assert c.coach.coaching.review is not None and c.coach.coaching.review.answer is None
