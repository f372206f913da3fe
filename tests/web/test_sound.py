"""Optional sound (issue 21): one switch in the game's head line, off until the player switches it on,
kept with the other settings (``nile:sound``); while on, each move asks the page for its sound — a tick,
a chord after a scoring (Nile) or a crossing (Kap), a rising run at the end — and while off, none."""

from __future__ import annotations

import random

from nile.bots import protocol
from nile.web.controller import SOUND_KEY
from nile.web.render import render_app
from nile.web.storage import MemoryStore

from .test_bots_flow import start
from .test_controller import click_anything, controller, started


def switch(html: str) -> str:
    at = html.index('data-i="sound"')
    return html[html.rindex("<button", 0, at):html.index("</button>", at)]


def test_the_switch_is_in_the_head_line_off_at_first_and_named():
    c = started()
    assert c.settings.sound is False
    drawn = switch(render_app(c))
    assert 'aria-pressed="false"' in drawn and 'aria-label="Sound"' in drawn and "title=" in drawn
    rng = random.Random(1)
    while len(c.state.history) < 5:
        click_anything(c, rng)
        assert c.settings.sound_due is None  # off: no move asks for a sound


def test_the_switch_is_kept_with_the_other_settings():
    store = MemoryStore()
    c = controller(store)
    c.handle("new")
    c.handle("start-game")
    c.handle("sound")
    assert c.settings.sound is True and store.get(SOUND_KEY) == "on"
    assert 'aria-pressed="true"' in switch(render_app(c))
    again = controller(store)
    assert again.settings.sound is True
    again.handle("sound")
    assert again.settings.sound is False and store.get(SOUND_KEY) == "off" and controller(store).settings.sound is False


def test_every_move_asks_for_its_sound_while_on():
    c = started()
    c.handle("sound")
    rng = random.Random(4)
    heard = set()
    for _ in range(6000):
        if c.state.is_terminal():
            break
        moves, log = len(c.state.history), len(c.state.log)
        c.settings.sound_due = None
        click_anything(c, rng)
        if len(c.state.history) > moves:
            keys = {e.key for e in c.state.log[log:]}
            want = "end" if c.state.is_terminal() else "chord" if "scoring.done" in keys else "tick"
            assert c.settings.sound_due == want, (keys, c.settings.sound_due)
            heard.add(want)
        else:
            assert c.settings.sound_due is None  # a selection, a cancel: no sound
    assert heard == {"tick", "chord", "end"}


def test_a_kap_crossing_is_a_chord_and_a_bots_move_a_tick():
    c = start("cape", ["easy", "easy"])
    c.handle("sound")
    heard = []
    while (job := c.bots.job()) is not None and "chord" not in heard:
        answer = protocol.handle(job)  # what the page's worker does, in CPython
        log = len(c.state.log)
        c.settings.sound_due = None
        c.handle("bot-move", f'{answer["key"]}|{answer["text"]}')
        crossed = any(e.key == "cape.build" for e in c.state.log[log:])
        assert c.settings.sound_due == ("end" if c.state.is_terminal() else "chord" if crossed else "tick")
        heard.append(c.settings.sound_due)
    assert "chord" in heard and "tick" in heard
