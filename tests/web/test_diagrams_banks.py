"""The rules help's pictures of *An den Ufern des Nils* (``nile.banks.diagrams``): each is well-formed,
scalable SVG drawn by the board's own code with no targets; what they show is what the engine does
(N4 flood, N5 ebb, N6 crops and palms, N7 the rules' three scoring examples, N8 rot and desert); and
drawing them changed nothing in the board's own markup (``nile.banks.board``).

Captions are catalog sentences whose keys may not be in the catalogs yet: these tests read their
parameters (the engine's numbers), not their words.
"""

from __future__ import annotations

import hashlib
import re

import pytest

import nile.kit.markup as markup
from nile.banks import board, data
from nile.banks import diagrams as pictures
from nile.banks import positions as P
from nile.banks.ui import RULE_IDS
from nile.kit import Frame, Interaction, Target, unkeyed
from nile.messages import LANGUAGES
from nile.web.help import open_help, render_help

from .pictures import check_picture, keyed, say_as_asked

DRAWN = {"N1": 1, "N4": 1, "N5": 1, "N6": 2, "N7": 3, "N8": 2}


@pytest.fixture
def sentences(monkeypatch):
    """The pictures' sentences said as ``asked`` says them."""
    say_as_asked(monkeypatch, pictures)


# ---------------------------------------------------------------------- every picture
@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_picture_is_one_scalable_image_with_words_and_nothing_to_click(lang):
    for rule in RULE_IDS:
        drawn = pictures.diagrams(rule, lang)
        assert len(drawn) == DRAWN.get(rule, 0), rule
        for svg, caption in drawn:  # a strip or a row, not the board
            picture = check_picture(svg, caption, rule, (560, 320))
            assert "diagram" in picture.get("class", "").split()


def test_the_help_shows_a_rules_pictures_under_it():
    page = render_help(open_help(["banks"], "banks:N7"), "en", None)
    assert page.count('<figure class="diagram"><svg class="diagram') == 3
    assert pictures.diagrams("N2", "en") == []


def test_pictures_are_drawn_by_the_boards_own_code():
    """A picture's market row is the very markup the market has for it (rows: the last test below)."""
    view, _ = pictures.scoring_scene(1)
    view = pictures._named(view, "en")  # its players named by their colours, as the picture names them
    market = board.svg_market(Frame(None, view, Interaction(), {}, "en", [], "landscape"))
    piece, _ = board.market_piece(view, ["M4"], "en")
    row = piece[piece.index("/>") + 2:]  # all but its own piece of the house wall
    assert row in market and unkeyed(row) in pictures.diagrams("N7", "en")[1][0]  # the same, less the keys motion follows


# ---------------------------------------------------------------------- what the pictures show
def test_n4_the_flooded_fields_marker_goes_to_the_boat_and_the_other_stays():
    before, after = pictures.flood_scene()
    row_before, row_after = before["rows"][6], after["rows"][6]
    assert row_before["name"] == "E4" and row_before["fields"][0]["markers"] and not row_before["fields"][0]["water"]
    assert row_after["fields"][0]["water"] and not row_after["fields"][0]["markers"]
    assert row_after["fields"][2]["markers"] == row_before["fields"][2]["markers"]
    assert [(m["player"], m["crop"]) for m in after["boat"]] == [(0, "grain")] and not before["boat"]
    svg, _ = pictures.diagrams("N4", "en")[0]
    assert svg.count('class="water"') == 1 and 'class="boat-glyph"' in svg


def test_n5_the_outermost_water_card_is_removed():
    before, after = pictures.ebb_scene()
    waters = [[bool(f["water"]) for f in v["rows"][7]["fields"]] for v in (before, after)]
    assert waters == [[True, True, True, False, False], [True, True, False, False, False]]


def test_n6_crops_and_palms_are_the_engines_answers():
    _, allowed = pictures.crop_scene()
    assert allowed == {"flax": True, "grain": False, "grapes": True, "onion": True, "aubergine": False}
    _, palms, reach = pictures.palms_scene()
    assert palms == 3 and reach == {"M1": False, "M2": True, "M3": True, "M4": True}
    (crops, _), (rows, _) = pictures.diagrams("N6", "en")
    assert (crops.count("✓"), crops.count("✕")) == (1, 2)  # flax/grapes/onion beside the free stall
    assert (rows.count("✓"), rows.count("✕")) == (3, 1)


def test_n6_captions_name_the_engines_crops_and_rows(sentences):
    (_, crops), (_, rows) = pictures.diagrams("N6", "en")
    assert crops.startswith("diagram.N6.crops(") and "first=crop.grain; " in crops and "second=crop.aubergine)" in crops
    assert rows == "diagram.N6.palms(count=3; reached=M2, M3, M4; unreached=M1)"


#: the rules' examples (N7) as the rules write them: (colour, condition) per stall, and the points
RULES_EXAMPLES = [
    ([("red", "ripe"), ("blue", "spoiled"), ("red", "ripe"), ("blue", "spoiled"), ("green", "ripe")],
     [("blue", 3), ("red", 2), ("green", 1)]),
    ([("red", "ripe"), ("green", "spoiled"), ("yellow", "rotten"), ("blue", "spoiled"), ("white", "ripe")],
     [("white", 3), ("blue", 2), ("green", 1), ("red", 0), ("yellow", 0)]),
    ([("blue", "rotten"), ("blue", "rotten"), ("red", "ripe")],
     [("red", 6), ("blue", 0)]),
]


@pytest.mark.parametrize("example", range(3))
def test_n7_the_engine_scores_the_rules_examples_as_the_rules_do(example):
    stalls, points = RULES_EXAMPLES[example]
    view, scored = pictures.scoring_scene(example)
    row = next(r for r in view["market"] if r["name"] == pictures.N7_EXAMPLES[example][0])
    assert len(row["fruits"]) == row["stalls"] == len(stalls)  # a full row, as scored
    colours = [p["colour"] for p in view["players"]]
    assert [(colours[f["player"]], f["condition"]) for f in row["fruits"]] == stalls
    crops = [f["crop"] for f in row["fruits"]]
    assert all(crop not in crops[max(0, i - 2):i] for i, crop in enumerate(crops))  # the crop rule (N6) holds
    assert scored == points


def test_n7_captions_and_pictures_carry_the_engines_points(sentences):
    drawn = pictures.diagrams("N7", "en")
    for n, ((svg, caption), (_, points)) in enumerate(zip(drawn, RULES_EXAMPLES)):
        assert caption.startswith(f"diagram.N7.example{n + 1}(")
        told = re.findall(r"diagram\.N7\.points\(colour=colour\.(\w+); points=(\d+)\)", caption)
        assert [(c, int(p)) for c, p in told] == points
        shown = re.findall(r'<g class="pawn p-(\w+)">.*?</g><text [^>]*>(\d+)</text>', svg)
        assert [(c, int(p)) for c, p in shown] == points


def test_n8_rot_makes_two_fruits_worse_and_the_desert_takes_the_next_field():
    before, after = pictures.rot_scene()
    m3 = [[f["condition"] for f in v["market"][2]["fruits"]] for v in (before, after)]
    assert m3 == [["ripe", "spoiled", "ripe"], ["spoiled", "rotten", "ripe"]]
    before, after = pictures.desert_scene()
    deserts = [[f["desert"] for f in v["rows"][7]["fields"]] for v in (before, after)]
    assert deserts == [[False, False, False, False, True], [False, False, False, True, True]]
    assert not after["rows"][7]["fields"][3]["markers"] and [m["crop"] for m in after["boat"]] == ["onion"]
    assert after["rows"][7]["fields"][1]["markers"] == before["rows"][7]["fields"][1]["markers"]


# ---------------------------------------------------------------------- the board is unchanged
def _position():
    s = P.blank(4)
    P.put_field(s, "E4-2", 0, "flax", ripe=True)
    P.put_field(s, "E4-2", 1, "grain")
    P.put_field(s, "W5-3", 2, "grapes", ripe=True)
    P.put_field(s, "E3-1", 3, "onion")
    c1 = P.water_card("single", "double", "hippo", arrow=False)
    c2 = P.water_card("double", "none", exclude=(c1,))
    P.set_row_water(s, "E5", [c1, c2])
    P.set_row_water(s, "W4", [P.water_card("single", "single", exclude=(c1, c2))])
    P.set_row_desert(s, "E3", [P.desert_card("hippo")])
    P.set_row_desert(s, "W5", [P.desert_card("rot1"), P.desert_card("rot2")])
    P.put_market(s, "M1", (0, "flax", "ripe"), (1, "grain", "spoiled"), (2, "grapes", "rotten"))
    P.put_market(s, "M4", (3, "onion", "ripe"), (0, "aubergine", "spoiled"))
    for player, crop in ((1, "flax"), (1, "flax"), (2, "onion")):
        P.put_boat(s, player, crop)
    s.score[1] = 7
    return s


def _targets():
    return Interaction(targets={"field:E4-1": Target(action="sow flax E4-1", cost=1, label="sow"),
                                "field:E4-2": Target(select={"kind": "fruit"}, label="pick"),
                                "market:M2": Target(action="harvest", cost=2, label="go"),
                                "stall:M4:2": Target(action="refresh M4 2", label="refresh"),
                                "boat:1:flax": Target(action="buy flax", cost=1, label="buy")},
                       focus=frozenset({"field:E4-1", "boat:1:flax"}))


#: sha256 of everything board.py draws for ``_position()`` (words as keys and parameters), as the
#: board.py of before the pictures drew it: the pictures' refactoring left the board byte for byte
#: as it was. A deliberate change of the board's drawing updates these, in its own commit.
#: Issue 21: the legend says where a pawn stands, and so does the track's tooltip. Issue 21 again: the pieces
#: are drawn with the game's own symbols (``nile.banks.art``): crop pictograms on tokens shaped by their
#: state, palm trees, the water card's ripples, the desert card, the boat and the obelisk. Issue 21 once more: the
#: tide a dial (its needle a piece that turns), and the hippo and the joker in the legend; then the obelisk and
#: the boat's count made pieces that move (static/motion.js). Issue 21, a table that fits: the boat
#: takes the keyboard's focus (on a wide screen it scrolls inside itself). Issue 40: a market row's label says
#: what lies in each stall and how many are free (not "1 of 3 stalls used"), a marker's its side or condition; the
#: legend says what the rows' and fields' names (W, E, M) stand for.
#: Issue 43: a place to choose is a toggle, the chosen one pressed (``aria-pressed``). Issue 53: each row's Nile wave
#: a picture named by its wave, and a row's first field says the wave it touches. Issue 51: a field's ground and card,
#: and its palms and markers, each in a group of its own (g.held, g.pieces) the page keeps while a choice lights the field.
#: Issue 51's last stop: an N13 stall to refresh is tapped anywhere on the stall (a rect under the fruit's ring).
BOARD_DIGESTS = {
    ("landscape", "plain"): "1cfd3120d3bff3c32e040e102368c8a604a798b943e89f806f9bea746cc84877",
    ("landscape", "targets"): "9916e86eb23ecebbed89bffef6e53bc2edc0f5b190e7fd25644cc902d81ec204",
    ("portrait", "plain"): "07d3dbd01156f83d29749d2bfb6715d5f63cdd813c865594757760eec7159cc3",
    ("portrait", "targets"): "3afed5172dd8491de35afab85123a25e5a36c0abf6e89461ce3358516f6aebb3",
}


@pytest.mark.parametrize("layout, name", sorted(BOARD_DIGESTS))
def test_the_board_draws_exactly_what_it_drew_before_the_pictures(monkeypatch, layout, name):
    monkeypatch.setattr(board, "msg", keyed)
    monkeypatch.setattr(board, "plural", lambda key, count, lang="en", **params: keyed(key, lang, **params))
    monkeypatch.setattr(markup, "msg", keyed)
    monkeypatch.setattr(markup, "has_key", lambda key: True)
    s = _position()
    view = s.view(None)
    inter = _targets() if name == "targets" else Interaction()
    frame = Frame(s, view, inter, {"kind": "fruit", "field": "E4-2"} if inter.targets else {}, "en", [], layout)
    drawn = "".join([
        board.svg_track(view, layout, "en"), board.svg_fields(frame), board.legend("en"), board.svg_market(frame),
        board.html_boat(frame), board.svg_tide(view, "en"), board.waves_svg({"in": "single", "out": "none"}, "en"),
        board.waves_svg(None, "en"),
    ])
    assert hashlib.sha256(drawn.encode()).hexdigest() == BOARD_DIGESTS[(layout, name)]


def test_a_row_strip_is_the_boards_markup_for_that_row():
    s = _position()
    view = s.view(None)
    fields = board.svg_fields(Frame(s, view, Interaction(), {}, "en", [], "landscape"))
    market = board.svg_market(Frame(s, view, Interaction(), {}, "en", [], "landscape"))
    for row in view["rows"]:
        strip, (x, y, w, h) = board.row_piece(view, row["name"], "en")
        assert strip.startswith('<rect class="nile"') and w > len(row["fields"]) * board.Geometry.FIELD_W
        assert strip[strip.index("/>") + 2:] in fields, row["name"]
    for name in data.MARKET_NAMES:
        piece, _ = board.market_piece(view, [name], "en")
        assert piece[piece.index("/>") + 2:] in market, name
