"""The page ↔ bot-worker messages (issue 20): every kind, sent through the real worker module
(``nile.bots.protocol.handle``, which static/bot-worker.js relays), checked against the declared
shapes — and a message of another version, or not ours, is answered with a failure, never acted on."""

from __future__ import annotations

import json

import pytest

from nile.bots import protocol
from nile.core import save
from nile.core.rng import Rng
from nile.core.simulate import play_random
from nile.games import GAMES, load_save
from nile.web.controller import GAME, Controller
from nile.web.storage import Library, MemoryStore


def a_job(game: str) -> protocol.Decide:
    """What the page posts for the first bot decision of a game with a bot in seat 2."""
    c = Controller(Library(MemoryStore(), load_save), lambda: 5)
    c.handle("new", game)
    c.handle("setup-kind", "1:normal")
    c.handle("start-game")
    assert c.screen == GAME
    while (job := c.bots.job()) is None:
        s = c.state
        c.handle("act", s.legal_actions(s.to_act()[0])[0].text()) if not s.secret_decision() else c.handle("bid-submit")
    return job


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_decide_request_is_answered_with_a_legal_move_in_the_declared_shape(game):
    job = a_job(game)
    assert protocol.check(job) == "decide" and set(job) == set(protocol.Decide.__annotations__)
    answer = protocol.handle(json.loads(json.dumps(job)))  # as it crosses to the worker: plain JSON
    assert protocol.check(answer) == "decided" and set(answer) == set(protocol.Decided.__annotations__)
    assert answer["key"] == job["key"] and answer["ms"] >= 0
    state = load_save(job["save"])
    assert answer["text"] in {a.text() for a in state.legal_actions(job["seat"])}


def test_ready_and_failed_are_well_formed():
    ready = protocol.ready()
    assert protocol.check(ready) == "ready" and set(ready) == set(protocol.Ready.__annotations__)
    assert ready["build"] == protocol.BUILD == "dev"  # from the sources; a built site's nile.tar.gz names its version
    failed = protocol.failed("k", "x" * 2000)
    assert protocol.check(failed) == "failed" and len(failed["error"]) == 500


def test_a_ready_that_names_no_build_is_refused():
    """The page compares the worker's build with its own: a ready without one is not ours."""
    with pytest.raises(protocol.ProtocolError, match="ready.build"):
        protocol.check({"v": protocol.VERSION, "kind": "ready"})


@pytest.mark.parametrize("change,why", [
    ({"v": protocol.VERSION + 1}, "protocol version"),
    ({"kind": "dance"}, "unknown kind"),
    ({"seat": "1"}, "decide.seat"),
    ({"strength": "godlike"}, "unknown strength"),
    ({"save": "{not json"}, "SaveError"),
])
def test_a_message_that_is_not_ours_is_answered_with_a_failure_never_acted_on(change, why):
    job = dict(a_job("cape"), **change)
    answer = protocol.handle(job)
    assert protocol.check(answer) == "failed" and answer["key"] == job["key"], answer
    assert why in answer["error"], answer["error"]


def test_an_answer_of_another_version_is_refused_by_the_page_side():
    with pytest.raises(protocol.ProtocolError, match="version"):
        protocol.check({"v": 0, "kind": "decided", "key": "k", "text": "pass", "ms": 1.0})
    with pytest.raises(protocol.ProtocolError, match="decided.text"):
        protocol.check({"v": protocol.VERSION, "kind": "decided", "key": "k", "text": 3, "ms": 1.0})


def test_a_save_is_all_the_worker_gets_and_the_seat_it_decides_for():
    job = a_job("banks")
    assert save.parse(job["save"])["game"] == "banks" and job["seat"] == 1


def a_person_to_act(game: str) -> tuple[Controller, protocol.Hint]:
    """A game of a person against a bot at the person's turn, and the hint the page asks there."""
    c = Controller(Library(MemoryStore(), load_save), lambda: 5)
    c.handle("new", game)
    c.handle("setup-count", "2")
    c.handle("setup-kind", "1:normal")
    c.handle("start-game")
    while c.coach.hint_key() is None:
        job = c.bots.job()
        if job is not None:
            answer = protocol.handle(job)
            c.handle("bot-move", f"{answer['key']}|{answer['text']}")
        elif c.state.secret_decision():
            c.handle("bid-submit")
        else:
            c.handle("moment-close")
    c.handle("hint")
    (request,) = c.coach.coaching.outbox
    return c, request


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_hint_request_is_answered_with_up_to_three_legal_choices_in_the_declared_shape(game):
    c, request = a_person_to_act(game)
    assert protocol.check(request) == "hint" and set(request) == set(protocol.Hint.__annotations__)
    answer = protocol.handle(json.loads(json.dumps(request)))
    assert protocol.check(answer) == "hinted" and set(answer) == set(protocol.Hinted.__annotations__), answer
    assert answer["key"] == request["key"] and 1 <= len(answer["hints"]) <= 3
    legal = {a.text() for a in c.state.legal_actions(request["seat"])}
    for choice in answer["hints"]:
        assert set(choice) == set(protocol.Choice.__annotations__)
        assert choice["text"] in legal and 0 <= choice["win_chance"] <= 1 and choice["reason"].startswith(f"coach.{game}.")


def test_a_review_request_is_answered_with_every_seats_chances_and_the_costliest_moves():
    spec = GAMES["cape"]
    state = spec.new_state(spec.default_options(2), 9)
    play_random(state, Rng(4))
    request = protocol.review("k/review", save.dumps(state), [0, 1], 20)
    assert protocol.check(request) == "review" and set(request) == set(protocol.Review.__annotations__)
    answer = protocol.handle(json.loads(json.dumps(request)))
    assert protocol.check(answer) == "reviewed" and set(answer) == set(protocol.Reviewed.__annotations__), answer
    assert len(answer["chances"]) == 2 and all(0 <= x <= 1 for row in answer["chances"] for x in row)
    assert len(answer["moments"]) <= 6
    for m in answer["moments"]:
        assert set(m) == set(protocol.Moment.__annotations__) and m["seat"] in (0, 1)
        assert m["best_chance"] >= m["played_chance"] and state.history[m["index"]][0] == m["seat"]


@pytest.mark.parametrize("message,why", [
    ({"kind": "hint", "key": "k", "save": "{}", "seat": 0}, "hint.salt"),
    ({"kind": "review", "key": "k", "save": "{}", "seats": [0, "1"], "iterations": 5}, r"review.seats\[1\]"),
    ({"kind": "hinted", "key": "k", "ms": 1, "hints": [{"text": "pass", "win_chance": 0.5, "reason": "r", "params": {"n": [1]}}]},
     r"hinted.hints\[0\].params.n"),
    ({"kind": "hinted", "key": "k", "ms": 1, "hints": [{"text": "pass", "win_chance": True, "reason": "r", "params": {}}]},
     r"hints\[0\].win_chance"),
    ({"kind": "reviewed", "key": "k", "ms": 1, "chances": [[0.5, "x"]], "moments": []}, r"reviewed.chances\[0\]\[1\]"),
    ({"kind": "reviewed", "key": "k", "ms": 1, "chances": [], "moments": [{"seat": 0, "index": 1, "played": "pass", "best": "pass",
                                                                           "played_chance": 0.1}]}, r"moments\[0\].best_chance"),
])
def test_every_field_of_the_coachs_messages_is_checked(message, why):
    with pytest.raises(protocol.ProtocolError, match=why):
        protocol.check({"v": protocol.VERSION, **message})


def test_a_worker_does_not_answer_an_answer():
    answer = protocol.handle({"v": protocol.VERSION, "kind": "hinted", "key": "k", "ms": 1, "hints": []})
    assert protocol.check(answer) == "failed" and "not 'hinted'" in answer["error"]
