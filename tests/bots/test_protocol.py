"""The page ↔ bot-worker messages (issue 20): every kind, sent through the real worker module
(``nile.bots.protocol.handle``, which static/bot-worker.js relays), checked against the declared
shapes — and a message of another version, or not ours, is answered with a failure, never acted on."""

from __future__ import annotations

import json

import pytest

from nile.bots import protocol
from nile.core import save
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
    while (job := c.bot_job()) is None:
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
    assert ready["build"] == protocol.BUILD == "dev"  # from the sources; a built site's nile.zip names its version
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
