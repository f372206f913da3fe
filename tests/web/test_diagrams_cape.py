"""The rules help's pictures of *Vom Kap bis Kairo* (``nile.cape.diagrams``): each is well-formed, scalable
SVG drawn by the table's own code with no targets; what they show is what the engine does (K1 the terrain
card and a landscape card, K3 a tie broken by turning up cards, K4 a build's rails and the river's bonus
rails); and drawing them changed nothing in the table's own markup (``nile.cape.board``).

Captions are catalog sentences whose keys may not be in the catalogs yet: these tests read their
parameters (the engine's numbers), not their words.
"""

from __future__ import annotations

import hashlib
import re
import xml.etree.ElementTree as ET

import pytest

from nile.cape import actions as act
from nile.cape import board, catalog, ui
from nile.cape import diagrams as pictures
from nile.cape import positions as P
from nile.cape.data import CARD_INDEX, CARDS, LANDSCAPES, NEED, RAIL_PRICE
from nile.cape.ui import RULE_IDS
from nile.kit import Frame, unkeyed
from nile.kit.memo import forget_all
from nile.messages import LANGUAGES
from nile.web.help import open_help, render_help
from nile.words import text

from .pictures import SVG, check_picture, keyed, parsed, say_as_asked

DRAWN = {"K1": 2, "K3": 1, "K4": 2}


@pytest.fixture
def sentences(monkeypatch):
    """The pictures' sentences said as ``asked`` says them."""
    say_as_asked(monkeypatch, pictures)


def words(element: ET.Element) -> str:
    return "".join(element.itertext())


# ---------------------------------------------------------------------- every picture
@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_picture_is_one_scalable_image_with_words_and_nothing_to_click(lang):
    for rule in RULE_IDS:
        drawn = pictures.diagrams(rule, lang)
        assert len(drawn) == DRAWN.get(rule, 0), rule
        for svg, caption in drawn:  # about a phone's width
            check_picture(svg, caption, rule, (480, 340))


def test_the_help_shows_a_rules_pictures_under_it():
    page = render_help(open_help(["cape"], "cape:K4"), "en", None)
    assert page.count('<figure class="diagram"><svg class="diagram cape-') == 2
    assert render_help(open_help(["cape"], "cape:K2"), "en", None).count("<figure") == 0


def test_captions_are_the_pictures_keys_with_their_parameters(sentences):
    keys = [p.key for rule in RULE_IDS for p in pictures.pictures(rule, "en")]
    assert keys == ["cape.diagram.K1.terrain", "cape.diagram.K1.card", "cape.diagram.K3.tie",
                    "cape.diagram.K4.build", "cape.diagram.K4.river"]
    for rule in RULE_IDS:
        for picture, (_, caption) in zip(pictures.pictures(rule, "en"), pictures.diagrams(rule, "en")):
            assert caption.startswith(picture.key)


# ---------------------------------------------------------------------- K1
def test_k1_the_terrain_card_is_the_tables_own():
    (terrain, _), _ = pictures.diagrams("K1", "en")
    assert terrain == board.terrain_svg(P.blank().view(None), "en")
    for land, need in NEED.items():
        assert f"{land}" in terrain and f"needs {need}" in terrain


def test_k1_a_landscape_card_is_explained_with_its_own_numbers(sentences):
    _, card = pictures.pictures("K1", "en")
    shown = CARDS[CARD_INDEX["R3"]]
    assert card.count == shown.rails and card.params["income"] == shown.income
    assert card.params["need"] == NEED[shown.landscape] and card.params["landscape"].key == "cape.landscape.river"
    picture = parsed(card.svg)
    assert f"cape.diagram.K1.rails(count={shown.rails})" in words(picture)
    assert f"cape.diagram.K1.income(income={shown.income})" in words(picture)
    assert len([g for g in picture.iter(SVG + "g") if g.get("class") == "card back"]) == 1


# ---------------------------------------------------------------------- K3
def test_k3_the_tie_picture_shows_the_engines_draw_in_the_engines_choosing_order(sentences):
    s = pictures.k3_tie_position()
    assert s.revealed == {0: 5, 1: 5} and s.money[0] == s.money[1]  # tied on bid and on money left
    draw = next(e.params["cards"] for e in s.log if e.key == "cape.tie.draw")
    assert draw == {"0": "S3", "1": "R10"} and s.order == [1, 0]  # the higher income chooses first
    (tie,) = pictures.pictures("K3", "en")
    picture = parsed(tie.svg)
    colours = [s.options.players[p].colour for p in s.order]
    who = [words(g) for g in picture.iter(SVG + "g") if g.get("class") == "who"]
    assert who == [f"Colour.{c}()" for c in colours]  # named by colour, capitalised; left to right: the choosing order
    cards = [g.get("aria-label") for g in picture.iter(SVG + "g") if (g.get("class") or "").startswith("card land-")]
    assert cards == [board.card_words(pictures.view_card(CARD_INDEX[draw[str(p)]]), "en") for p in s.order]
    first, second = s.order
    assert tie.params == {"first": f"Colour.{colours[0]}()", "second": f"Colour.{colours[1]}()",
                          "bid": s.revealed[first], "money": s.money[first],
                          "high": CARDS[CARD_INDEX[draw[str(first)]]].income,
                          "low": CARDS[CARD_INDEX[draw[str(second)]]].income}


def test_k3_the_choosing_order_under_the_cards_is_the_engines():
    s = pictures.k3_tie_position()
    names = [text("colour." + s.options.players[p].colour, "en").capitalize() for p in s.order]  # "Blue", "Red"
    (svg, _), = pictures.diagrams("K3", "en")
    order = [words(g) for g in parsed(svg).iter(SVG + "g") if g.get("class") == "who"]
    assert order == names


# ---------------------------------------------------------------------- K4
def test_k4_the_builds_arithmetic_is_the_engines(sentences):
    s, action = pictures.k4_build_position()
    player = s.actor
    build, _ = pictures.pictures("K4", "en")
    n = build.params
    common = sum(CARDS[c].rails for c in s.common)
    assert n["common"] == common == 3
    assert n["route"] == s.rails_in_hand(player) - common == 2
    assert n["need"] == s.need(player) == NEED["mountains"] == 9
    assert n["bonus"] == int(action.args[0]) == len(s.bonus[player]) == 2
    assert n["short"] == s.shortfall(player) == n["need"] - s.rails_in_hand(player)
    assert n["bought"] == s.rails_to_buy(player, n["bonus"]) == 2
    assert n["common"] + n["route"] + n["bonus"] + n["bought"] == n["need"]
    assert n["cost"] == s.cost(action) == RAIL_PRICE * n["bought"] == 20 and n["price"] == RAIL_PRICE
    assert n["landscape"].key == "cape.landscape.mountains"
    money, income = s.money[player], CARDS[s.routes[player][0]].income
    s.apply(action, player)  # the engine charges what the caption says
    assert s.money[player] == money - n["cost"] + income
    assert pictures.diagrams("K4", "en")[0][1].startswith("cape.diagram.K4.build(bonus=2; bought=2; common=3; cost=20;")


def test_k4_the_build_picture_draws_the_rails_it_counts(sentences):
    s, _ = pictures.k4_build_position()
    build, _ = pictures.pictures("K4", "en")
    picture = parsed(build.svg)
    backs = [g for g in picture.iter(SVG + "g") if g.get("class") == "card back"]
    bought = next(g for g in picture.iter(SVG + "g") if g.get("class") == "card bought")
    assert len(backs) == build.params["bonus"]
    rails = [r.get("href") for r in bought.iter() if r.get("class") == "rail"]  # cape-rail, cape-rails-<n>
    assert sum(1 if h == "#cape-rail" else int(h.rsplit("-", 1)[1]) for h in rails) == build.params["bought"]
    assert "cape.diagram.K4.paid(cost=20)" in words(bought)
    view = s.view(None)
    drawn = [g.get("aria-label") for g in picture.iter(SVG + "g") if (g.get("class") or "").startswith("card land-")]
    assert drawn == [board.card_words(c, "en") for c in view["common"] + view["players"][s.actor]["route"]]


def test_k4_the_river_bonus_goes_where_the_engine_gives_it(sentences):
    s = pictures.k4_river_position()
    got = [e.params["player"] for e in s.log if e.key == "cape.bonus"]
    assert got == [0, 1]  # the builder first, then clockwise; Green stands before a desert
    assert [len(b) for b in s.bonus] == [1, 1, 0]
    _, river = pictures.pictures("K4", "en")
    colours = [s.options.players[p].colour for p in got]
    assert river.params["players"] == " and ".join(f"Colour.{c}()" for c in colours)  # a list ends with "and"
    picture = parsed(river.svg)
    backs = [g for g in picture.iter(SVG + "g") if g.get("class") == "card back"]
    assert len(backs) == len(s.crossed[0]) + sum(len(b) for b in s.bonus)  # Red's crossed card, and the bonus rails


# ---------------------------------------------------------------------- the table's own markup
def _table_building():
    s = P.blank(3)
    P.put(s, s.routes[0], "M3", "R1", "V2")
    P.put(s, s.crossed[0], "S1", "S2", "D4")
    P.put(s, s.bonus[0], "D1", "D2")
    P.put(s, s.common, "S3", "V1", "D5")
    P.put(s, s.routes[1], "R9")
    P.put(s, s.crossed[2], *[f"S{i}" for i in range(4, 11)])
    P.building(s, 0)
    return s


def _table_choosing():
    s = P.blank(2)
    P.bidding(s, ("S1", "S2"))
    P.on_top(s, "S3", "R10")
    s.apply(act.bid(5), 0)
    s.apply(act.bid(5), 1)
    return s


#: sha256 of the table (``ui.board``, words as keys and parameters) for two fixed positions, as the
#: board.py of before the pictures drew it: the pictures' helpers left the table byte for byte as it
#: was. A deliberate change of the table's drawing updates these, in its own commit.
#: Issue 21: labels too long for their card are squeezed into it (``fit_label``); then the pieces drawn
#: as the game's own symbols (``nile.cape.art``): landscape pictures, rails, coin, locomotive, card back.
#: Then a card's rails as one picture (``cape-rails-<n>``, issue 21: one ``<use>`` each was a copy of the rail the
#: browser styled and laid out); with the old ``rails_svg`` the table still hashes to the digests before it.
#: Then each picture of the board (terrain card, rows, routes) in its frame, ``<div class="pic">``, as Nile's.
#: Then the choosing order and the bids beside the cards on offer, the tie-break folded, and the offer laid out
#: in the places the auction opened with (issue 21: the rows below keep their size through an auction).
#: Then a card said as a player reads it, by its landscape, rails and income in words (``catalog.card_said``: its
#: id in no sentence; a clickable card keeps the words printed on it as its name, WCAG 2.5.3), and the crossed
#: landscapes counted in words.
#: Then a card's words readable at the table's scale: each board text carries its size (a card's landscape 14,
#: its rails and income 13, the terrain card's 13; 11 px before), on a card 84 wide instead of 64.
#: Then the board says how many routes it has (``routes-<n>``: a laptop draws the rows as large as that many fit).
TABLE_DIGESTS = {
    "building": (_table_building, "035bef8435d91e0fe25bd33a2cc429918f2b74b6cf3c5260d3a40b547cb332d5"),
    "choosing": (_table_choosing, "5f444a4bfeedb8593813e885822bb48cba992c989976af871878ccb5f42a7601"),
}


@pytest.mark.parametrize("name", sorted(TABLE_DIGESTS))
def test_the_table_draws_exactly_what_it_drew_before_the_pictures(monkeypatch, name):
    counted = lambda key, n, lang="en", **p: keyed(key, lang, count=n, **p)  # noqa: E731
    for module in (board, ui):
        monkeypatch.setattr(module, "msg", keyed)
        monkeypatch.setattr(module, "plural", counted)
    monkeypatch.setattr(catalog, "text", keyed)  # a card's words (``card_said``)
    monkeypatch.setattr(catalog, "plural", counted)
    monkeypatch.setattr(ui, "describe", lambda e, names, lang="en": keyed(e["key"], lang, **e["params"]))
    forget_all()  # the pictures other tests drew in words: drawn here again in keys
    make, digest = TABLE_DIGESTS[name]
    s = make()
    names = ["Ann", "Bo", "Cy"][: s.num_players]
    frame = Frame(s, s.view(s.current_player()), ui.interaction(s, {}, "en", names), {}, "en", names, "landscape")
    drawn = ui.board(frame)
    assert "data-i" in drawn  # the cards on offer are targets; any other place answers a tap with why not (issue 53)
    assert hashlib.sha256(drawn.encode()).hexdigest() == digest


def test_the_pictures_pieces_are_the_tables_markup():
    s = _table_building()
    view = s.view(None)
    for p in view["players"]:
        inside, width = board.route_parts(p, "en")
        assert board.route_svg(p, "en").endswith(f'>{inside}</svg>') and f"0 0 {width} " in board.route_svg(p, "en")
    inside, width = board.row_parts(view["common"], "en")
    assert board.row_svg(view["common"], "en", "x").endswith(f'>{inside}</svg>')
    s, _ = pictures.k4_build_position()
    view = s.view(None)
    build = pictures.diagrams("K4", "en")[0][0]
    assert unkeyed(board.row_parts(view["common"], "en")[0]) in build  # the same, less the keys motion follows
    assert unkeyed(board.route_parts(view["players"][s.actor], "en")[0]) in build


# ---------------------------------------------------------------------- the pieces' artwork (issue 21)
USE = re.compile(r'<use[^>]* href="#([^"]+)"')


def _symbol_ids() -> list[str]:
    sprite = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{ui.symbols}</svg>')
    assert all(s.tag == SVG + "symbol" for s in sprite)  # nothing but symbols: the shell shows none of it
    return [s.get("id") for s in sprite]


def test_the_symbols_are_the_games_own_each_defined_once_and_no_raster():
    ids = _symbol_ids()
    assert len(ids) == len(set(ids)) and all(i.startswith("cape-") for i in ids)
    assert "<image" not in ui.symbols and "data:" not in ui.symbols and "<script" not in ui.symbols


def test_each_landscape_is_drawn_with_its_own_symbol_from_the_sprite():
    ids = set(_symbol_ids())
    drawn = {}
    for land in LANDSCAPES:
        card = board.card_svg({"landscape": land, "rails": 2, "income": 5}, 0, 0, "en")
        scenes = [u for u in USE.findall(card) if not u.startswith("cape-rail") and u != "cape-coin"]
        assert len(scenes) == 1, (land, scenes)
        drawn[land] = scenes[0]
        assert scenes[0] in ids, land
        assert USE.findall(card).count("cape-rails-2") == 1 and "cape-coin" in USE.findall(card)  # two rails, one picture
    assert len(set(drawn.values())) == len(LANDSCAPES)  # told apart by their picture, not only their colour
    terrain = USE.findall(board.terrain_svg({"needs": NEED}, "en"))
    assert terrain == [drawn[land] for land in NEED]  # the terrain card shows the same pictures


def test_every_piece_the_table_and_the_pictures_draw_is_in_the_sprite():
    ids = set(_symbol_ids())
    s = _table_building()
    names = ["Ann", "Bo", "Cy"]
    frame = Frame(s, s.view(0), ui.interaction(s, {}, "en", names), {}, "en", names, "landscape")
    table = ui.board(frame)
    assert table.count('class="loco ') == len(s.routes)  # one locomotive at the head of each route
    drawn = table + ui.side(frame) + "".join(svg for rule in RULE_IDS for svg, _ in pictures.diagrams(rule, "en"))
    used = set(USE.findall(drawn))
    assert {"cape-loco", "cape-back", "cape-rail", "cape-coin"} <= used
    assert used <= ids, used - ids
