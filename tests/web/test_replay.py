"""Replay (issue 9): any saved game can be stepped through action by action and round by round as a
spectator; every position is the engine's own position after that many actions, each step says what
it did (its log lines), and nothing can be played or undone meanwhile."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nile.games import load_save, spec_of
from nile.messages import describe
from nile.messages import text as msg
from nile.web.controller import Controller
from nile.web.render import render_app
from nile.web.storage import Library, MemoryStore

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
FINISHED = [("banks", "r1-17-2p-over-obelisk.json"), ("cape", "r1-06-2p-over-crossings.json")]


def opened(game: str, name: str) -> Controller:
    c = Controller(Library(MemoryStore(), load_save), lambda: 5)
    c.shelf.import_text(json.dumps(json.loads((GOLDEN / game / name).read_text())["save"]))
    return c


def engine_after(c: Controller, actions: int):
    s = c.state
    r = spec_of(s.GAME).new_state(s.options, s.seed)
    for player, action in s.history[:actions]:
        r.apply(action, player)
    return r


@pytest.mark.parametrize(("game", "name"), FINISHED)
def test_stepping_forward_and_back_shows_the_engines_positions(game, name):
    c = opened(game, name)
    n = len(c.state.history)
    assert c.state.is_terminal() and 'data-i="replay"' in render_app(c)
    c.handle("replay")
    assert c.replayer.replay.at == n and c.replayer.replay.state().view(None) == c.state.view(None)
    c.handle("replay-step", "start")
    assert c.replayer.replay.state().view(None) == engine_after(c, 0).view(None)
    assert "before anyone acted" in render_app(c)
    for i in range(1, 25):
        c.handle("replay-step", "+1")
        assert c.replayer.replay.at == i
        expected = engine_after(c, i)
        assert c.replayer.replay.state().view(None) == expected.view(None)
        added = expected.log[len(engine_after(c, i - 1).log):]
        html = render_app(c)
        for entry in added:  # the step says what it did
            line = describe(entry.to_json(), c.names, "en").replace("'", "&#x27;")
            assert line in html
    for i in (23, 22, 21):
        c.handle("replay-step", "-1")
        assert c.replayer.replay.at == i and c.replayer.replay.state().view(None) == engine_after(c, i).view(None)
    c.handle("replay-step", "end")
    assert c.replayer.replay.at == n and c.replayer.replay.state().view(None) == c.state.view(None)
    c.handle("replay-step", "+1")
    assert c.replayer.replay.at == n  # not beyond the end


@pytest.mark.parametrize(("game", "name"), FINISHED)
def test_round_steps_go_to_where_each_round_began(game, name):
    c = opened(game, name)
    c.handle("replay")
    c.handle("replay-step", "start")
    rounds = []
    while c.replayer.replay.at < len(c.state.history):
        c.handle("replay-step", "round+")
        r = c.replayer.replay.state()
        rounds.append(r.round)
        if c.replayer.replay.at < len(c.state.history):
            assert engine_after(c, c.replayer.replay.at - 1).round == r.round - 1  # the step before is the round before
    assert rounds == sorted(rounds) and len(set(rounds)) >= 3
    c.handle("replay-step", "round-")
    assert c.replayer.replay.state().round <= rounds[-1]


def test_nothing_can_be_played_undone_or_done_by_bots_during_a_replay():
    c = opened("cape", "r1-02-3p-choosing.json")
    n = len(c.state.history)
    c.handle("replay")
    c.handle("replay-step", "-1")
    legal = c.state.legal_actions(c.state.to_act()[0])[0].text()
    c.handle("act", legal)
    assert len(c.state.history) == n and not c.table.undo_possible() and c.bots.job() is None
    assert 'data-i="act"' not in render_app(c)
    c.handle("replay-exit")
    assert c.replayer.replay is None and 'data-i="replay-exit"' not in render_app(c)
    c.handle("act", legal)
    assert len(c.state.history) == n + 1


def test_a_replay_never_shows_a_sealed_bid_before_it_was_opened():
    c = opened("banks", "r1-06-3p-n11-auction-sealed.json")
    c.handle("replay")
    html = render_app(c)
    assert "bid-private" not in html and "reveal-bidder" not in html
    view = c.replayer.replay.state().view(None)
    assert view == c.state.view(None)  # the spectator's view: sealed bids unseen


def test_the_replay_buttons_show_no_character_a_font_may_lack():
    """Issue 21: ⏮ and ⏭ showed as empty boxes; the first and last steps draw their icons, hidden from
    screen readers, and are named by their words."""
    c = opened("banks", "r1-06-3p-n11-auction-sealed.json")
    c.handle("replay")
    c.handle("replay-step", "-1")
    html = render_app(c)
    assert "⏮" not in html and "⏭" not in html
    for value, key in (("start", "ui.replay_start"), ("end", "ui.replay_end")):
        drawn = re.search(rf'<button type="button" data-i="replay-step" data-v="{value}"[^>]*>(.*?)</button>', html)[1]
        assert '<svg class="icon"' in drawn and 'aria-hidden="true"' in drawn
        assert re.sub(r"<[^>]+>", "", drawn).strip() == msg(key)
