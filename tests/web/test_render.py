"""Markup: every board target is reachable by keyboard and named; colours come with letters; no raw text."""

import random
import re

import pytest

from nile.banks.state import ACTIONS
from nile.messages import text as msg
from nile.web.render import render_app

from .test_controller import click_anything, controller, started, to_actions_phase


def test_board_targets_are_focusable_buttons_with_accessible_names():
    c = started()
    to_actions_phase(c)
    html = render_app(c)
    targets = re.findall(r'<g class="[^"]*(?:act|sel)[^"]*"([^>]*)>', html)
    assert targets
    for attrs in targets:
        assert 'tabindex="0"' in attrs and 'role="button"' in attrs
        label = re.search(r'aria-label="([^"]+)"', attrs).group(1)
        assert "palms" in label or "Market row" in label


def test_every_marker_shows_its_owners_letter_not_only_its_colour():
    c = started()
    rng = random.Random(5)
    for _ in range(40):
        click_anything(c, rng)
    html = render_app(c)
    markers = re.findall(r'<g class="marker p-(\w+)[^"]*">(.*?)</g>', html)
    assert markers
    letters = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "white": "W"}
    for colour, body in markers:
        assert f'class="owner">{letters[colour]}</text>' in body


def test_no_inline_styles_or_scripts_in_any_screen():
    c = started(variants=["N11"])
    rng = random.Random(8)
    for _ in range(200):
        html = render_app(c)
        assert "style=" not in html and "<script" not in html and "javascript:" not in html
        if c.state.is_terminal():
            break
        click_anything(c, rng)


def test_escape_drops_a_choice_when_no_dialog_is_open():
    c = started()
    to_actions_phase(c)
    crop = next(k for k in c.table.interaction().targets if k.startswith("supply:"))
    c.handle("pick", crop)
    assert c.table.selection is not None
    c.handle("escape")
    assert c.table.selection is None and c.state.phase == ACTIONS


def test_a_screen_says_of_itself_whether_it_is_secret_and_may_be_kept():
    """The page decides what it writes down from this data, never from the markup's words (issue 20)."""
    from nile.web.render import render_screen

    c = started(variants=["N12"])  # the start player is bid for in secret
    home = controller()
    assert (render_screen(home).name, render_screen(home).keep, render_screen(home).secret) == ("home", True, False)
    handover = render_screen(c)
    assert handover.name == "game" and handover.keep and not handover.secret  # nobody's bid shows yet
    c.handle("reveal-bidder", str(c.state.to_act()[0]))
    private = render_screen(c)
    assert private.secret and not private.keep
    c.handle("bid-hide")
    assert render_screen(c).keep
    c.handle("new")
    assert not render_screen(c).keep  # set-up is not kept either


@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
def test_the_home_page_and_its_description_speak_of_both_games(lang):
    """Issue 21: the tagline spoke only of An den Ufern des Nils."""
    c = controller()
    c.lang = lang
    html = render_app(c)
    tagline = re.search(r'<header class="hero">.*?<p>(.*?)</p>', html)[1]
    for key in ("game.banks", "game.cape"):
        assert msg(key, lang) in tagline and msg(key, lang) in msg("boot.description", lang)


def test_every_flex_summary_shows_that_it_opens():
    """Issue 21: "What the marks mean" looked like a heading: a summary laid out as flex loses the
    browser's triangle, so the stylesheet draws one (turned when open) and shows a pointer."""
    from pathlib import Path

    from nile.banks import board

    css = (Path(__file__).resolve().parents[2] / "static" / "app.css").read_text()
    rules = re.findall(r"([^{}]+)\{([^}]*)\}", css)
    flexed = {sel.strip() for sels, body in rules if "display: flex" in body for sel in sels.split(",") if sel.strip().endswith(" summary")}
    assert ".legend summary" in flexed and '<details class="legend"><summary>' in board.legend("en")
    for sel in flexed:
        owner = sel.removesuffix(" summary")
        bodies = lambda target: [b for s, b in rules if target in [x.strip() for x in s.split(",")]]  # noqa: E731
        assert any("content:" in b for b in bodies(f"{sel}::before")), sel
        assert any("rotate" in b for b in bodies(f"{owner}[open] > summary::before")), sel
        assert any("cursor: pointer" in b for b in bodies(sel)), sel


@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
def test_the_score_track_says_a_pawn_stands_one_space_past_its_score(lang):
    """Issue 21: a pawn with 0 points stands on space 1 (the printed board's convention, N7, kept
    so the obelisk's space means what it says): the legend and the track's tooltip say so."""
    c = started()
    c.lang = lang
    html = render_app(c)
    said = msg("legend.pawn", lang).replace("'", "&#x27;")
    legend = html[html.index('<details class="legend">'):]
    assert said in legend[:legend.index("</details>")]
    track = html[html.index('<svg class="track"'):]
    assert f"<title>{said}</title>" in track[:track.index("</svg>")]
    assert all(p["pawn"] == p["score"] + 1 for p in c.state.view(None)["players"])


def test_the_page_knows_where_a_table_fits_the_window_as_the_stylesheet_does():
    """nile/web/app/paint.py leaves a moment's dialog unmeasured where static/app.css fixes it over a table that fits
    the window (issue 21): both must mean the same windows, or on some a dialog's title could open out of sight."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    fitting = re.search(r'^FITTING = "(.*)"$', (root / "nile" / "web" / "app" / "paint.py").read_text(), re.M)
    css = (root / "static" / "app.css").read_text()
    assert fitting is not None and f"@media {fitting[1]} {{" in css
    assert ".game.fit > .popups { position: fixed;" in css.split(f"@media {fitting[1]} {{", 1)[1]


SEAT_NAMES = {
    "en": ("Name of player 2", "Colour of player 2", "Player 2 is played by", "Colour", "Played by"),
    "de": ("Name von Spieler 2", "Farbe von Spieler 2", "Spieler 2: Wer spielt?", "Farbe", "Wer spielt?"),
    "nl": ("Naam van speler 2", "Kleur van speler 2", "Speler 2 wordt gespeeld door", "Kleur", "Gespeeld door"),
    "fr": ("Nom du joueur 2", "Couleur du joueur 2", "Le joueur 2 est joué par", "Couleur", "Joué par"),
}


@pytest.mark.parametrize("game", ["banks", "cape"])
@pytest.mark.parametrize("lang", sorted(SEAT_NAMES))
def test_each_seats_boxes_in_set_up_are_named_for_their_seat(lang, game):
    """Issue 43: a screen reader heard "Colour" and "Played by" once per seat, no seat said. Each box is named
    for its seat, in words holding the label shown (for a person who speaks to the page); nothing shown changes."""
    from html import unescape

    c = controller()
    c.handle("lang", lang)
    c.handle("new", game)
    html = render_app(c)
    name, colour, kind, shown_colour, shown_kind = SEAT_NAMES[lang]
    seats = re.findall(r'<li class="player-setup">(.*?)</li>', html, re.S)
    assert len(seats) >= 2
    box = {i: re.search(rf'<(?:input|select) [^>]*data-i="{i}"[^>]*>', seats[1]).group(0) for i in
           ("setup-name", "setup-colour", "setup-kind")}
    said = {i: unescape(re.search(r'aria-label="([^"]*)"', b).group(1)) for i, b in box.items()}
    assert said == {"setup-name": name, "setup-colour": colour, "setup-kind": kind}, said
    assert shown_colour.lower() in colour.lower() and shown_kind.lower() in kind.lower()
    assert f">{shown_colour} <select" in seats[1] and f">{shown_kind} <select" in seats[1]  # as shown before
    assert len({unescape(a) for a in re.findall(r'aria-label="([^"]*)"', "".join(seats))}) == 3 * len(seats)


def test_each_market_row_is_named_with_what_lies_in_it_whose_which_crop_and_its_condition():
    """Issue 43 (the market's contents hidden): a row's accessible name says each fruit in its stalls — whose,
    which crop, ripe, spoiled or rotten — and how many stalls are free, in a real game as the page draws it."""
    from html import unescape

    from nile.banks.board import marker_words

    c = started()
    rng = random.Random(4)
    while not any(len(r["fruits"]) >= 1 for r in c.state.view(None)["market"]):
        click_anything(c, rng)
    view = c.state.view(None)
    html = render_app(c)
    for row in view["market"]:
        g = re.search(rf'<g class="mrow[^"]*"[^>]*aria-label="(Market row {row["name"]},[^"]*)"', html)
        assert g, row["name"]
        name = unescape(g.group(1))
        for n, fruit in enumerate(row["fruits"]):
            assert f"stall {n + 1}: {marker_words(fruit, view['players'], 'en', fruit['condition'])}" in name, name
        free = row["stalls"] - len(row["fruits"])
        assert (f"{free} stall{'s' if free > 1 else ''} free" in name) == bool(free), name


def test_the_first_visits_home_asks_no_game_for_its_rules(monkeypatch):
    """Issue 42: the home a first visit gets is drawn from the games' entries (names, players, pictures, artwork)
    without importing any game's rules; the page imports them once that screen is up (``nile.games.load_all``)."""
    from dataclasses import replace

    from nile.games import GAMES, load_all, load_save
    from nile.messages import text as msg
    from nile.web.controller import Controller
    from nile.web.render import render_screen
    from nile.web.storage import Library, MemoryStore

    asked: list[str] = []

    def watched(entry):  # the same entry, whose rules are not loaded yet and say when they are
        def load():
            asked.append(entry.name)
            return entry.spec

        return replace(entry, load=load)

    for name, entry in list(GAMES.items()):
        monkeypatch.setitem(GAMES, name, watched(entry))
    c = Controller(Library(MemoryStore(), load_save), lambda: 1, "en")
    html = render_screen(c).html
    assert asked == []
    assert all(msg(entry.title, "en") in html and f"game-{entry.name}" in html for entry in GAMES.values())
    load_all()
    assert sorted(asked) == sorted(GAMES)
