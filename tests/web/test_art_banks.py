"""The pieces a player recognises (issue 21): *An den Ufern des Nils*' artwork is defined once, as SVG
symbols in one hidden sprite of the page, and every crop in every state is drawn with symbols of its own,
so a seed, a ripe, a spoiled and a rotten fruit differ in shape and each crop by its picture, not by a
colour or a three-letter code."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

from nile.banks import art, board, data
from nile.banks import ui as banks_ui
from nile.games import GAMES
from nile.web.render import SPRITE_ID, render_app, sprite

from .pictures import SVG
from .test_controller import controller, started, to_actions_phase

STATES = ("seed", "ripe", "spoiled", "rotten")
PLAYERS = [{"colour": c, "name": c} for c in data.COLOURS]


def _symbol_ids(fragment: str) -> list[str]:
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{fragment}</svg>')
    assert all(child.tag == SVG + "symbol" for child in root)
    return [child.get("id") for child in root]


def _marker(crop: str, state: str, player: int = 0) -> str:
    m = {"player": player, "crop": crop, "side": "ripe" if state == "ripe" else "seed"}
    return board.marker_svg(30, 30, m, PLAYERS, state if state in ("spoiled", "rotten") else None)


def _used(markup: str) -> list[str]:
    return re.findall(r'<use href="#([^"]+)"', markup)


def test_every_crop_in_every_state_is_drawn_with_symbols_of_its_own():
    ids = _symbol_ids(banks_ui.symbols)
    assert len(ids) == len(set(ids)) and all(i.startswith("banks-") for i in ids)
    drawn = {}
    for crop, state in itertools.product(data.CROPS, STATES):
        used = _used(_marker(crop, state))
        assert used and set(used) <= set(ids), (crop, state, used)
        assert f"banks-crop-{crop}" in used and f"banks-token-{state}" in used
        assert _marker(crop, state).count("<text") == 1  # the owner's letter, and no crop code
        drawn[crop, state] = tuple(used)
    assert len(set(drawn.values())) == len(data.CROPS) * len(STATES)  # 20 looks, none alike
    # the state is a shape of its own (a token symbol), whichever crop; the crop a picture of its own
    tokens = {state: {u for (c, s), used in drawn.items() if s == state for u in used if "token" in u} for state in STATES}
    assert all(len(t) == 1 for t in tokens.values()) and len(set().union(*tokens.values())) == len(STATES)
    crops = {crop: {u for (c, s), used in drawn.items() if c == crop for u in used if "crop-" in u} for crop in data.CROPS}
    assert all(len(c) == 1 for c in crops.values()) and len(set().union(*crops.values())) == len(data.CROPS)


def test_a_marker_keeps_its_owners_colour_and_letter_but_no_crop_code():
    for player, p in enumerate(PLAYERS):
        for state in STATES:
            drawn = _marker("onion", state, player)
            assert drawn.startswith(f'<g class="marker p-{p["colour"]}')
            assert re.search(r'class="owner">[A-Z]</text>', drawn)
            assert "Oni" not in drawn and 'class="crop"' not in drawn


def test_palms_are_drawn_trees_not_card_suits():
    c = started()
    to_actions_phase(c)
    html = render_app(c)
    view = c.state.view(None)
    in_play = sum(f["palms"] for row in view["rows"] if row["in_play"] for f in row["fields"])
    on_market = sum(row["min_palms"] for row in view["market"])
    assert "♣" not in html and html.count('href="#banks-palm"') == in_play + on_market


def test_the_page_holds_one_sprite_with_every_games_symbols_on_every_screen():
    c = controller()
    screens = [render_app(c)]  # home
    c = started()
    screens.append(render_app(c))  # a game
    c.handle("rules")
    screens.append(render_app(c))  # the rules help over the board
    want = [i for spec in GAMES.values() for i in _symbol_ids(spec.ui.symbols)]
    assert want and len(want) == len(set(want))
    for html in screens:
        assert html.count(f'id="{SPRITE_ID}"') == 1 and html.count("<symbol ") == len(want)
        assert html.startswith(sprite())
        head = html[:html.index(">") + 1]
        assert 'aria-hidden="true"' in head and 'focusable="false"' in head and 'width="0"' in head
        for used in set(_used(html)):
            assert used in want, used  # nothing drawn from a symbol the page lacks


def test_the_sprite_is_small_compact_svg():
    assert len(art.SYMBOLS.encode()) < 12_000 and "<image" not in art.SYMBOLS and "style=" not in art.SYMBOLS


def test_player_colours_stay_apart_for_protanopia_and_deuteranopia():
    """tools/colour_check.py: the palette simulated (Machado 2009) keeps every two players' colours at
    ΔE00 ≥ 20 (before issue 21 red and green were 11 apart for deuteranopia); the letters stay too."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "tools" / "colour_check.py"
    spec = importlib.util.spec_from_file_location("colour_check", path)
    assert spec and spec.loader
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    colours = check.palette(check.CSS.read_text())
    assert set(data.COLOURS) <= set(colours)
    for vision, d, x, y in check.report(colours):
        if vision in ("normal", "protanopia", "deuteranopia"):
            assert d >= 20, (vision, x, y, d)
