"""No English left outside the catalogs (issue 9, "Text"; issue 19): every screen of both games drawn
in German, Dutch or French carries none of the English words the catalogs translate — crop codes,
colour letters, the obelisk's label, the app's own words, the rules help, the coach, the lessons,
the round summary — and every language names its own date."""

from __future__ import annotations

import json
import re
import time
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
           "Continue", "Replay", "Computer speed", "What the marks mean", "Undo", "End turn", "Home",
           "Pond bid", "crosses", "Choosing order", "unused", "Show me what I can do", "What you can do now",
           "Overview", "Search the rules", "Learn to play", "Got it", "Learning", "A round at a glance",
           "Contents", "Rule N", "Rule K", "You have", "Finished", "to play", "Flood", "Ebb", "water card")
LANGS = ("de", "nl", "fr")
#: words a language shares with English: Dutch writes "obelisk", French counts "points"
SHARED = {"nl": {"obelisk"}, "fr": {"points"}}
SAVES = [("banks", "r1-04-5p-mid-turn.json"), ("banks", "r1-20-5p-all-variants-over-obelisk.json"),
         ("banks", "r1-06-3p-n11-auction-sealed.json"), ("cape", "r1-04-4p-build-bonus.json"),
         ("cape", "r1-07-4p-over-crossings.json")]


def _english(html: str, lang: str) -> list[str]:
    """The English words from ``ENGLISH`` that show on a screen, each matched as a whole word ("Ebb" is
    not in "Ebbe", "Round" is not in "Rounds" — which would be caught as English anyway by its own entry)."""
    seen = _text(html)
    return [w for w in ENGLISH if w not in SHARED.get(lang, ()) and re.search(rf"(?<![\w]){re.escape(w)}(?![\w])", seen)]


def _text(html: str) -> str:
    """What a reader sees and hears: the text between tags and the labels in attributes."""
    labels = " ".join(re.findall(r'(?:aria-label|title)="([^"]*)"', html))
    return re.sub(r"<[^>]+>", " ", html) + " " + labels


def opened(game: str, name: str, lang: str) -> Controller:
    data = json.loads((GOLDEN / game / name).read_text())["save"]
    for p, new in zip(data["options"]["players"], NAMES, strict=False):
        p["name"] = new
    c = Controller(Library(MemoryStore(), load_save), lambda: 3, lang)
    c.shelf.import_text(json.dumps(data))
    return c


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game", "name"), SAVES)
def test_a_game_screen_has_no_english(game, name, lang):
    c = opened(game, name, lang)
    screens = [render_app(c)]
    c.handle("hints")
    screens.append(render_app(c))
    c.handle("rules")
    for page in ("summary", c.ui.rule_ids[3], "decisions", "howto"):
        c.handle("rules-open", f"{game}:{page}")
        screens.append(render_app(c))
    c.handle("rules-search", "a")
    screens.append(render_app(c))
    c.handle("rules")
    if c.state.history:
        c.handle("replay")
        c.handle("replay-step", "-1")
        screens.append(render_app(c))
        c.handle("replay-exit")
    c.moments.moment = (max(0, len(c.state.log) - 6), len(c.state.log))
    screens.append(render_app(c))
    for html in screens:
        found = _english(html, lang)
        assert not found, f"English on a {lang} screen: {found}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["banks", "cape"])
def test_home_set_up_and_a_guided_game_have_no_english(game, lang):
    c = opened(game, SAVES[-1 if game == "cape" else 0][1], lang)
    c.handle("home")
    screens = [render_app(c)]
    c.handle("new", game)
    c.handle("setup-kind", "1:strong")
    screens.append(render_app(c))
    c.handle("learn", game)
    screens.append(render_app(c))  # the learner's name asked
    c.handle("setup-name", "0:Anna")
    c.handle("start-game")
    screens.append(render_app(c))  # the first lesson
    for html in screens:
        found = _english(html, lang)
        assert not found, f"English on a {lang} screen: {found}"


@pytest.mark.parametrize(("lang", "written"), [("en", "24 Nov 2025, 16:05"), ("de", "24. Nov. 2025, 16:05"),
                                               ("nl", "24 nov. 2025, 16:05"), ("fr", "24 nov. 2025 à 16:05")])
def test_dates_on_the_saved_games_list_are_written_as_each_language_writes_them(lang, written):
    from nile.messages import format_datetime

    when = time.mktime((2025, 11, 24, 16, 5, 0, 0, 0, -1))  # local time, as the list shows it
    assert format_datetime(when, lang) == written


def test_colour_letters_tell_every_colour_apart_in_every_language():
    for lang in ("en", *LANGS):
        letters = [colour_letter(c, lang) for c in ("red", "blue", "green", "yellow", "white")]
        assert len(set(letters)) == len(letters), (lang, letters)
