"""Pictures for the rules help of *An den Ufern des Nils*, drawn by the board's own renderer.

Each picture is a small constructed position (``nile.banks.positions``, the
helpers the rule tests use), played on by the engine where the rule is about a
change (a flood, an ebb, an event), and drawn from that position's public view
by ``nile.banks.board``: one bank row, one field or a few market rows, exactly
as the board draws them, with no targets. What a caption says of the position
(which crops may come next, which rows a field reaches, the points of a scored
row) comes from the engine too (``legal.market_takes``, ``scoring``), never
from the sentence. ``diagrams(rule, lang)`` gives each rule's pictures as
(SVG markup, caption); the SVG scales (a viewBox, no size), is one image
(``role="img"``, an ``aria-label`` saying what it shows) and has no ids.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..kit import esc, unkeyed
from ..words import Word, plural
from ..words import text as msg
from . import data
from . import positions as pos
from .board import (
    Piece,
    boat_svg,
    field_piece,
    field_words,
    marker_svg,
    marker_words,
    market_piece,
    pawn_svg,
    row_piece,
    stall_centre,
)
from .legal import market_takes
from .scoring import Fruit, score_phase
from .state import BanksState, crop_of, owner_of

View = dict[str, Any]
GAP = 34  # between a position before and after
RIVER = 34  # the Nile beside a row: its wave (all of its width when the boat is drawn on it)
BOAT_AT = (8, 4)  # the boat's corner in a row strip, on the river beside field 1
CHECK, CROSS = "#0a7d32", "#b03a2e"  # the board's "you can" green, and a red for "you cannot"


# ---------------------------------------------------------------------- composing pictures
def _svg(classes: str, width: float, height: float, label: str, parts: Sequence[str]) -> str:
    """One scalable picture: a viewBox and no size, one image with its words, no ids."""
    return (f'<svg class="diagram {classes}" viewBox="0 0 {width:g} {height:g}" role="img" '
            f'aria-label="{esc(label)}">{unkeyed("".join(parts))}</svg>')


def _place(piece: Piece, dx: float, dy: float) -> str:
    """A piece of the board moved so that the corner of its box sits at (dx, dy)."""
    markup, (x, y, _, _) = piece
    return f'<g transform="translate({dx - x:g} {dy - y:g})">{markup}</g>'


def _arrow(x: float, y: float, down: bool) -> str:
    """"Becomes": an arrow pointing down (stacked pictures) or right (side by side) from (x, y)."""
    d = (f"M{x - 5:g} {y:g}h10v10h7l-12 12l-12 -12h7z" if down
         else f"M{x:g} {y - 5:g}v10h10v7l12 -12l-12 -12v7z")
    return f'<path d="{d}" fill="currentColor" opacity=".6"/>'


def _mark(cx: float, cy: float, yes: bool) -> str:
    """A round mark: a tick (allowed) or a cross (not allowed)."""
    return (f'<g><circle cx="{cx:g}" cy="{cy:g}" r="11" fill="{CHECK if yes else CROSS}"/>'
            f'<text x="{cx:g}" y="{cy + 1:g}" fill="#fff" font-size="14" font-weight="700" text-anchor="middle" '
            f'dominant-baseline="middle">{"✓" if yes else "✕"}</text></g>')


def _named(view: View, lang: str) -> View:
    """The view with each player named by their colour, as the pictures' words speak of them."""
    players = [dict(p, name=_capital(msg("colour." + p["colour"], lang))) for p in view["players"]]
    return dict(view, players=players)


def _capital(word: str) -> str:
    return word[:1].upper() + word[1:]


# ---------------------------------------------------------------------- words of a position
def _row(view: View, name: str) -> dict[str, Any]:
    return next(row for row in view["rows"] if row["name"] == name)


def _market(view: View, name: str) -> dict[str, Any]:
    return next(row for row in view["market"] if row["name"] == name)


def _boat_words(view: View, lang: str) -> list[str]:
    """The markers on the boat, said as the board's boat says them."""
    groups: dict[tuple[int, str], int] = {}
    for m in view["boat"]:
        groups[(m["player"], m["crop"])] = groups.get((m["player"], m["crop"]), 0) + 1
    return [msg("ui.on_boat", lang, player=view["players"][p]["name"], crop=Word("crop." + crop), count=n)
            for (p, crop), n in groups.items()]


def _row_words(view: View, name: str, lang: str) -> str:
    """A bank row in words: each field as the board labels it, then the boat."""
    fields = [field_words(f, view["players"], lang) for f in _row(view, name)["fields"]]
    said = msg("diagram.row", lang, row=name, fields=msg("list.sep_groups", lang).join(fields))
    return msg("list.sep_groups", lang).join([said, *_boat_words(view, lang)])


def _market_words(view: View, name: str, lang: str) -> str:
    """A market row in words: its fruits from the house wall on, and how many stalls are free."""
    row = _market(view, name)
    fruits = [marker_words(f, view["players"], lang, f["condition"]) for f in row["fruits"]]
    said = [msg("diagram.market_row", lang, market=name, fruits=msg("list.sep", lang).join(fruits))]
    free = row["stalls"] - len(row["fruits"])
    if free:
        said.append(plural("diagram.free_stalls", free, lang))
    return msg("list.sep_groups", lang).join(said)


def _crops(crops: Sequence[str], lang: str) -> str:
    return msg("list.sep", lang).join(msg("crop." + c, lang) for c in crops)


# ---------------------------------------------------------------------- pictures of a position
def _row_pair(before: View, after: View, name: str, lang: str) -> str:
    """A bank row before (above) and after (below); when markers went to the boat, the boat on the
    river beside the row."""
    boat = bool(before["boat"] or after["boat"])
    pieces = [row_piece(v, name, lang, None if boat else RIVER) for v in (before, after)]
    _, (_, _, w, h) = pieces[0]
    parts = []
    for n, (view, piece) in enumerate(zip((before, after), pieces)):
        y = n * (h + GAP)
        parts.append(_place(piece, 0, y))
        if boat:
            parts.append(boat_svg(BOAT_AT[0], y + BOAT_AT[1], view["boat"], view["players"], lang))
    parts.append(_arrow(w / 2, h + 6, down=True))
    label = msg("diagram.before_after", lang, before=_row_words(before, name, lang), after=_row_words(after, name, lang))
    return _svg("fields", w, 2 * h + GAP, label, parts)


def _row_strip(view: View, name: str, lang: str) -> str:
    """One bank row on its own."""
    piece = row_piece(view, name, lang, RIVER)
    _, (_, _, w, h) = piece
    return _svg("fields", w, h, _row_words(view, name, lang), [_place(piece, 0, 0)])


def _market_pair(before: View, after: View, name: str, lang: str) -> str:
    """A market row before (left) and after (right)."""
    pieces = [market_piece(v, [name], lang) for v in (before, after)]
    _, (_, _, w, h) = pieces[0]
    parts = [_place(pieces[0], 0, 0), _arrow(w + 5, h / 2, down=False), _place(pieces[1], w + GAP, 0)]
    label = msg("diagram.before_after", lang, before=_market_words(before, name, lang),
                after=_market_words(after, name, lang))
    return _svg("market", 2 * w + GAP, h, label, parts)


def _scored_row(view: View, name: str, points: Sequence[tuple[str, int]], lang: str) -> str:
    """A full market row and, beside it, each of its players' pawn with the points the row gives them."""
    piece = market_piece(view, [name], lang)
    _, (_, _, w, h) = piece
    parts = [_place(piece, 0, 0), _arrow(w + 5, h / 2, down=False)]
    top = h / 2 - (len(points) - 1) * 18
    for i, (colour, n) in enumerate(points):
        cy = top + i * 36
        parts.append(pawn_svg(w + GAP + 14, cy, 12, colour, lang))
        parts.append(f'<text x="{w + GAP + 34:g}" y="{cy + 1:g}" fill="currentColor" font-size="22" '
                     f'font-weight="700" dominant-baseline="middle">{n}</text>')
    label = msg("list.sep_groups", lang).join([_market_words(view, name, lang),
                                               msg("diagram.N7.scored", lang, points=points_words(points, lang))])
    return _svg("market track", w + GAP + 64, h, label, parts)


# ---------------------------------------------------------------------- the positions (engine facts)
def _quiet(wave_in: str, wave_out: str, exclude: Sequence[int] = ()) -> int:
    """A water card whose event does nothing in the base game (a hippo, no arrow)."""
    return pos.water_card(wave_in, wave_out, "hippo", arrow=False, exclude=tuple(exclude))


def _played(s: BanksState, *actions: str) -> View:
    """The public view after the engine played these actions."""
    for line in actions:
        s.apply_text(line)
    return s.view(None)


def flood_scene() -> tuple[View, View]:
    """N4: a card floods E4-1; the marker there goes to the boat, the one on E4-3 stays."""
    s = pos.blank(4)
    pos.put_field(s, "E4-1", 0, "grain", ripe=True)
    pos.put_field(s, "E4-3", 1, "flax")
    pos.set_pile(s, 0, 0, [_quiet("double", "single")])  # E4's Nile wave is double (N1)
    pos.set_pile(s, 0, 1, [])
    before = s.view(None)
    pos.begin_tide(s, start=0, tide=data.FLOOD)
    return before, _played(s, "water a E4-1")


def ebb_scene() -> tuple[View, View]:
    """N5: the outermost of E5's three water cards is removed."""
    s = pos.blank(4)
    first = _quiet("single", "single")
    second = _quiet("single", "double", exclude=(first,))
    third = _quiet("double", "single", exclude=(first, second))
    pos.set_row_water(s, "E5", [first, second, third])
    pos.put_field(s, "E5-5", 2, "onion")
    before = s.view(None)
    pos.begin_tide(s, start=0, tide=data.EBB1)
    return before, _played(s, "ebb E5")


def desert_scene() -> tuple[View, View]:
    """N8 desert: the water card removed from E5-1 shows a desert; the next desert card goes on E5-4,
    beside the one on E5-5, and the marker there goes to the boat."""
    s = pos.blank(4)
    pos.set_row_water(s, "E5", [pos.water_card("single", None, "desert", arrow=False)])
    there = pos.desert_card("hippo")
    pos.set_row_desert(s, "E5", [there])
    pos.put_field(s, "E5-2", 2, "flax")
    pos.put_field(s, "E5-4", 1, "onion", ripe=True)
    pos.set_desert_draw_top(s, pos.desert_card("hippo", exclude=(there,)))
    before = s.view(None)
    pos.begin_tide(s, start=0, tide=data.EBB1)
    return before, _played(s, "ebb E5")


def rot_scene() -> tuple[View, View]:
    """N8 rot: a rot with 2 palms; the start player picks M3 and its first two fruits."""
    s = pos.blank(4)
    pos.set_row_water(s, "E5", [pos.water_card("single", None, "rot2", arrow=False)])
    pos.put_market(s, "M3", (0, "flax", "ripe"), (1, "grain", "spoiled"), (2, "grapes", "ripe"))
    before = s.view(None)
    pos.begin_tide(s, start=0, tide=data.EBB1)
    return before, _played(s, "ebb E5", "rot M3 1 2")


CROP_ROW = "M2"


def crop_scene() -> tuple[View, dict[str, bool]]:
    """N6 crop rule: M2 holds grapes, grain, aubergine (the Dutch rules' example); for each crop,
    whether the engine lets a fruit of it come next (from a field with 4 palms)."""
    s = pos.blank(4)
    pos.put_market(s, CROP_ROW, (1, "grapes", "ripe"), (2, "grain", "ripe"), (3, "aubergine", "ripe"))
    market = data.MARKET_INDEX[CROP_ROW]
    return s.view(None), {c: market_takes(s, market, 4, data.CROP_INDEX[c]) is None for c in data.CROPS}


PALMS_FIELD = "E4-2"
FIRST_STALL_END = 80  # below a market piece's top: its first stall and the gap under it


def palms_scene() -> tuple[View, int, dict[str, bool]]:
    """N6 palms: a ripe fruit on E4-2 (3 palms); which market rows the engine lets it go to."""
    s = pos.blank(4)
    pos.put_field(s, PALMS_FIELD, 0, "flax", ripe=True)
    palms = data.FIELDS[data.FIELD_INDEX[PALMS_FIELD]].palms
    reach = {name: market_takes(s, i, palms, data.CROP_INDEX["flax"]) is None for i, name in enumerate(data.MARKET_NAMES)}
    return s.view(None), palms, reach


#: the rules' three scoring examples (N7): the market row and its fruits (seat, crop, condition);
#: seats 0–4 are red, blue, green, yellow, white. The crops are any that keep the crop rule (N6).
N7_EXAMPLES: tuple[tuple[str, tuple[tuple[int, str, str], ...]], ...] = (
    ("M4", ((0, "flax", "ripe"), (1, "grain", "spoiled"), (0, "grapes", "ripe"), (1, "flax", "spoiled"),
            (2, "grain", "ripe"))),
    ("M4", ((0, "flax", "ripe"), (2, "grain", "spoiled"), (3, "grapes", "rotten"), (1, "onion", "spoiled"),
            (4, "flax", "ripe"))),
    ("M1", ((1, "flax", "rotten"), (1, "grain", "rotten"), (0, "grapes", "ripe"))),
)


def scoring_scene(example: int) -> tuple[View, list[tuple[str, int]]]:
    """N7: a rules example's row in a 5-player market, and each of its players' points as the engine
    scores that row alone (ranked players first, in their order, then those with only rotten fruit)."""
    name, fruits = N7_EXAMPLES[example]
    s = pos.blank(5)
    placed = pos.put_market(s, name, *fruits)
    market = data.MARKET_INDEX[name]
    scored = score_phase([(market, [Fruit(owner_of(m), crop_of(m), s.condition[m]) for m in placed])], s.num_players)
    ranked = [entry["player"] for entry in scored["rows"][0]["ranking"]]
    seats = ranked + sorted({owner_of(m) for m in placed} - set(ranked))
    return s.view(None), [(data.COLOURS[p], scored["points"][p]) for p in seats]


# ---------------------------------------------------------------------- each rule's pictures
def _n1(lang: str) -> list[tuple[str, str]]:
    view = _named(pos.blank(4).view(None), lang)
    palms = msg("list.sep", lang).join(str(f["palms"]) for f in _row(view, "E5")["fields"])
    return [(_row_strip(view, "E5", lang), msg("diagram.N1.palms", lang, row="E5", palms=palms))]


def _n4(lang: str) -> list[tuple[str, str]]:
    before, after = (_named(v, lang) for v in flood_scene())
    return [(_row_pair(before, after, "E4", lang), msg("diagram.N4.flood", lang, row="E4", field="E4-1"))]


def _n5(lang: str) -> list[tuple[str, str]]:
    before, after = (_named(v, lang) for v in ebb_scene())
    return [(_row_pair(before, after, "E5", lang), msg("diagram.N5.ebb", lang, row="E5"))]


def _crop_picture(lang: str) -> tuple[str, str]:
    """M2 with its last two fruits, beside it the crops that may (tick) and may not (cross) come next."""
    view, allowed = crop_scene()
    view = _named(view, lang)
    piece = market_piece(view, [CROP_ROW], lang)
    _, (_, _, w, h) = piece
    row = _market(view, CROP_ROW)
    last = [f["crop"] for f in row["fruits"][-2:]]
    yes = [c for c in data.CROPS if allowed[c]]
    no = [c for c in data.CROPS if not allowed[c]]
    i, (_, top, _, _) = data.MARKET_INDEX[CROP_ROW], piece[1]
    stall_y = [stall_centre(i, n)[1] - top for n in range(row["stalls"])]  # in the picture
    parts = [_place(piece, 0, 0)]
    used = len(row["fruits"])
    # a crop that may not come next beside the stall that holds it; those that may, beside the free stall
    lines = [(stall_y[used - 2 + last.index(c)], [c], False) for c in no if c in last]
    lines.append((stall_y[used], yes, True))
    for cy, crops, ok in lines:
        parts.append(_mark(w + 22, cy, ok))
        for i, crop in enumerate(crops):
            parts.append(marker_svg(w + 58 + i * 38, cy, {"player": 0, "crop": crop, "side": "ripe"},
                                    view["players"], lang=lang))
    label = msg("diagram.N6.crops_label", lang, row=_market_words(view, CROP_ROW, lang),
                allowed=_crops(yes, lang), refused=_crops(no, lang))
    caption = msg("diagram.N6.crops", lang, market=CROP_ROW, first=Word("crop." + last[0]),
                  second=Word("crop." + last[1]), allowed=_crops(yes, lang))
    return _svg("market", w + 62 + 38 * len(yes), h, label, parts), caption


def _palms_picture(lang: str) -> tuple[str, str]:
    """A field with 3 palms and a ripe fruit above the top of the market (its rows down to their first
    stall): a tick in the first stall of each row the fruit may go to, a cross in the others."""
    view, palms, reach = palms_scene()
    view = _named(view, lang)
    field = field_piece(view, PALMS_FIELD, lang)
    market = market_piece(view, list(data.MARKET_NAMES), lang)
    _, (_, _, fw, fh) = field
    _, (_, _, mw, _) = market
    my = fh + GAP
    parts = [_place(field, (mw - fw) / 2, 0), _arrow(mw / 2, fh + 6, down=True), _place(market, 0, my)]
    mx, mtop, _, _ = market[1]
    for i, name in enumerate(data.MARKET_NAMES):
        cx, cy = stall_centre(i, 0)
        parts.append(_mark(cx - mx, my + cy - mtop, reach[name]))
    reached = [n for n in data.MARKET_NAMES if reach[n]]
    unreached = [n for n in data.MARKET_NAMES if not reach[n]]
    sep = msg("list.sep", lang)
    label = msg("diagram.N6.palms_label", lang, field=field_words(_field(view, PALMS_FIELD), view["players"], lang),
                reached=sep.join(reached), unreached=sep.join(unreached))
    caption = plural("diagram.N6.palms", palms, lang, reached=sep.join(reached), unreached=sep.join(unreached))
    # the picture ends where the rows' second stalls begin: the rest of the market is cut off
    return _svg("fields market", mw, my + FIRST_STALL_END, label, parts), caption


def _field(view: View, name: str) -> dict[str, Any]:
    return next(f for row in view["rows"] for f in row["fields"] if f["name"] == name)


def _n6(lang: str) -> list[tuple[str, str]]:
    return [_crop_picture(lang), _palms_picture(lang)]


def points_words(points: Sequence[tuple[str, int]], lang: str) -> str:
    """Each player's points of a scored row, as the rules write them: "blue 3, red 2, green 1"."""
    return msg("list.sep", lang).join(msg("diagram.N7.points", lang, colour=Word("colour." + colour), points=n)
                                      for colour, n in points)


def _n7(lang: str) -> list[tuple[str, str]]:
    pictures = []
    for example, (name, _) in enumerate(N7_EXAMPLES):
        view, points = scoring_scene(example)
        view = _named(view, lang)
        caption = msg(f"diagram.N7.example{example + 1}", lang, market=name, points=points_words(points, lang))
        pictures.append((_scored_row(view, name, points, lang), caption))
    return pictures


def _n8(lang: str) -> list[tuple[str, str]]:
    rot_before, rot_after = (_named(v, lang) for v in rot_scene())
    desert_before, desert_after = (_named(v, lang) for v in desert_scene())
    return [
        (_market_pair(rot_before, rot_after, "M3", lang), msg("diagram.N8.rot", lang, market="M3")),
        (_row_pair(desert_before, desert_after, "E5", lang),
         msg("diagram.N8.desert", lang, row="E5", field=_new_desert(desert_before, desert_after, "E5"))),
    ]


def _new_desert(before: View, after: View, row: str) -> str:
    """The field of ``row`` that the desert covered between two views."""
    return next(a["name"] for b, a in zip(_row(before, row)["fields"], _row(after, row)["fields"])
                if a["desert"] and not b["desert"])


PICTURES: dict[str, Callable[[str], list[tuple[str, str]]]] = {
    "N1": _n1, "N4": _n4, "N5": _n5, "N6": _n6, "N7": _n7, "N8": _n8,
}


def diagrams(rule: str, lang: str) -> list[tuple[str, str]]:
    """(SVG markup, caption) of each picture of ``rule``, in ``lang`` (none for a rule without)."""
    draw = PICTURES.get(rule)
    return draw(lang) if draw else []
