"""No English left outside the catalogs (issue 9, "Text"): every screen of both games drawn in German
carries none of the English words the catalogs translate — crop codes, colour letters, the
obelisk's label, the app's own words — so another language can follow by adding a catalog."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nile.games import load_save
from nile.kit import colour_letter
from nile.web.controller import Controller
from nile.web.render import render_app
from nile.web.storage import Library, MemoryStore

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]
#: English words (and codes) that must not show on a German screen ("Obelisk", "Export" are German too)
ENGLISH = ("the ", "Round", "obelisk", "Player", "Harvest", "points", "Flx", "Grn", "Grp", "Oni",
           "Continue", "Replay", "Bot speed", "What the marks mean", "Undo", "End turn", "Home",
           "Pond bid", "crosses", "Choosing order", "unused")
SAVES = [("banks", "r1-04-5p-mid-turn.json"), ("banks", "r1-20-5p-all-variants-over-obelisk.json"),
         ("banks", "r1-06-3p-n11-auction-sealed.json"), ("cape", "r1-04-4p-build-bonus.json"),
         ("cape", "r1-07-4p-over-crossings.json")]


def _text(html: str) -> str:
    """What a reader sees and hears: the text between tags and the labels in attributes."""
    labels = " ".join(re.findall(r'(?:aria-label|title)="([^"]*)"', html))
    return re.sub(r"<[^>]+>", " ", html) + " " + labels


def german(game: str, name: str) -> Controller:
    data = json.loads((GOLDEN / game / name).read_text())["save"]
    for p, new in zip(data["options"]["players"], NAMES, strict=False):
        p["name"] = new
    c = Controller(Library(MemoryStore(), load_save), lambda: 3, "de")
    c.import_text(json.dumps(data))
    return c


@pytest.mark.parametrize(("game", "name"), SAVES)
def test_a_german_game_screen_has_no_english(game, name):
    c = german(game, name)
    screens = [render_app(c)]
    c.handle("rules")
    screens.append(render_app(c))
    c.handle("rules")
    if c.state.history:
        c.handle("replay")
        c.handle("replay-step", "-1")
        screens.append(render_app(c))
        c.handle("replay-exit")
    c.moment = (max(0, len(c.state.log) - 6), len(c.state.log))
    screens.append(render_app(c))
    for html in screens:
        seen = _text(html)
        found = [w for w in ENGLISH if w in seen]
        assert not found, f"English on a German screen: {found}"


@pytest.mark.parametrize("game", ["banks", "cape"])
def test_german_home_and_set_up_have_no_english(game):
    c = Controller(Library(MemoryStore(), load_save), lambda: 3, "de")
    screens = [render_app(c)]
    c.handle("new", game)
    c.handle("setup-kind", "1:strong")
    screens.append(render_app(c))
    for html in screens:
        found = [w for w in ENGLISH if w in _text(html)]
        assert not found, found


def test_colour_letters_tell_every_colour_apart_in_every_language():
    for lang in ("en", "de"):
        letters = [colour_letter(c, lang) for c in ("red", "blue", "green", "yellow", "white")]
        assert len(set(letters)) == len(letters), (lang, letters)
