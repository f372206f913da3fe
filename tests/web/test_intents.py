"""Intents are a declared set (issue 20): every screen of both games writes only intents the
controller takes (``nile.kit.Intent`` and ``Controller.handlers``), so a button can never be
drawn that no code answers."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from nile.games import load_save
from nile.kit import PAGE_INTENTS, Intent
from nile.web.controller import Controller
from nile.web.render import render_app
from nile.web.storage import Library, MemoryStore

from .test_controller import click_anything

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def written_intents(html: str) -> set[str]:
    return set(re.findall(r'data-i="([^"]*)"', html))


def test_every_declared_intent_has_a_handler_and_no_handler_lacks_an_intent():
    c = Controller(Library(MemoryStore(), load_save), lambda: 1)
    assert set(c.handlers) == set(Intent) - PAGE_INTENTS
    assert all(callable(h) for h in c.handlers.values())


def test_an_unknown_intent_changes_nothing():
    c = Controller(Library(MemoryStore(), load_save), lambda: 1)
    before = render_app(c)
    c.handle("format-disk", "now")
    c.handle("_on_home", "")
    assert render_app(c) == before


def screens(c: Controller, rng: random.Random, steps: int) -> list[str]:
    """The screens a game passes through: its board, the help, replay, moments, bids, the end."""
    seen = [render_app(c)]
    for extra in ("rules", "rules-open", "hints", "coach-tip"):
        c.handle(extra, f"{c.state.GAME}:summary" if extra == "rules-open" else "0")
        seen.append(render_app(c))
    c.handle("rules")
    c.handle("replay")
    seen.append(render_app(c))
    c.handle("replay-exit")
    for _ in range(steps):
        if c.state.is_terminal():
            break
        s = c.state
        if s.secret_decision():
            c.handle("reveal-bidder", str(s.to_act()[0]))
            seen.append(render_app(c))
            c.handle("bid-submit")
        elif c.moments.moment is not None:
            seen.append(render_app(c))
            c.handle("moment-close")
        elif c.state.GAME == "banks":
            click_anything(c, rng)
        else:
            inter = c.table.interaction()
            options = [("pick", k) for k in inter.targets] + [(b.intent, b.value) for b in inter.buttons]
            c.handle(*rng.choice(options))
        seen.append(render_app(c))
    return seen


@pytest.mark.parametrize("game,name", [("banks", "r1-15-4p-all-variants-after-scorings.json"), ("banks", "r1-06-3p-n11-auction-sealed.json"),
                                       ("banks", "r1-20-5p-all-variants-over-obelisk.json"),
                                       ("cape", "r1-04-4p-build-bonus.json"), ("cape", "r1-01-2p-bid-sealed.json")])
def test_every_intent_a_screen_writes_is_declared_and_handled(game, name):
    path = GOLDEN / game / name
    c = Controller(Library(MemoryStore(), load_save), lambda: 3)
    html = [render_app(c)]
    c.handle("new", game)
    html.append(render_app(c))
    c.handle("home")
    c.shelf.import_text(json.dumps(json.loads(path.read_text())["save"]))
    html += screens(c, random.Random(2), 400)
    written = set().union(*(written_intents(h) for h in html))
    assert written <= {i.value for i in Intent}, written - {i.value for i in Intent}
    assert {i for i in written if Intent(i) not in PAGE_INTENTS} <= {i.value for i in c.handlers}
    assert {"rules", "home", "replay"} <= written
    if not c.state.is_terminal() or "over" not in name:
        assert {"pick", "act"} & written
