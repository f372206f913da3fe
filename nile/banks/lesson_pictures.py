"""The pictures of a guided first game's lessons of *An den Ufern des Nils* (issue 40): each lesson shows
its own subject, drawn by the board's own renderer like the rules help's pictures (``nile.banks.diagrams``).

A lesson about a rule the help already pictures shows that picture (the flood N4, the ebb N5, rot and the
desert N8, a scoring N7, which rows a field's fruit reaches N6); the others get their own small position,
played on by the engine: a marker sown, grown and harvested over three rounds (your actions), a seed grown on
a shared field (growing, 2 AP), a marker bought back from the boat (the boat), a flooded desert card
becoming a joker (jokers). ``lesson_picture(lesson, lang)`` gives (SVG markup, caption) or None.
"""

from __future__ import annotations

from collections.abc import Callable

from ..words import Word
from ..words import text as msg
from . import art, data
from . import diagrams as d
from . import positions as pos
from .board import boat_svg, field_piece, market_piece
from .state import BanksState

View = d.View
SHARED = "E4-2"  # the field of the growing picture (3 palms), and of the actions' strip
STRIP_MARKET = "M3"  # where the strip's fruit is harvested to (it needs 2 palms)


def _next_round(s: BanksState, player: int = 0) -> None:
    """The same player's turn in a later round: every marker may act again (N6)."""
    s.used.clear()
    pos.set_turn(s, player)


def actions_scene() -> list[View]:
    """N6: flax sown on E4-2, grown the next round, harvested to M3 the round after: the field after each
    action, then the market."""
    s = pos.blank(2)
    views = [s.view(None)]
    s.apply_text(f"sow flax {SHARED}")
    views.append(s.view(None))
    _next_round(s)
    s.apply_text(f"grow {SHARED}")
    views.append(s.view(None))
    _next_round(s)
    s.apply_text(f"harvest {SHARED} {STRIP_MARKET}")
    views.append(s.view(None))
    return views


def grow_scene() -> tuple[View, View, int]:
    """N6: red's seed on E4-2, where blue's ripe grain lies too, grown; what it cost (the engine's)."""
    s = pos.blank(2)
    pos.put_field(s, SHARED, 0, "flax")
    pos.put_field(s, SHARED, 1, "grain", ripe=True)
    pos.set_turn(s, 0)
    before, ap = s.view(None), s.ap
    s.apply_text(f"grow {SHARED}")
    return before, s.view(None), ap - s.ap


def boat_scene() -> tuple[View, View, int]:
    """N6, N7: red buys her flax back from the boat; blue's onion stays there. What it cost."""
    s = pos.blank(2)
    pos.put_boat(s, 0, "flax")
    pos.put_boat(s, 1, "onion")
    pos.set_turn(s, 0)
    before, ap = s.view(None), s.ap
    s.apply_text("buy flax")
    return before, s.view(None), ap - s.ap


def joker_scene() -> tuple[View, View, int]:
    """N4: the start player's water card floods E3-3, where a desert card lay: it is turned over and becomes
    their joker. The row before and after, and how many jokers they gained (the engine's)."""
    s = pos.blank(4)
    first = pos.water_card("single", "single", "hippo", arrow=False)  # E3's Nile wave is single (N1)
    second = pos.water_card("single", "double", "hippo", arrow=False, exclude=(first,))
    pos.set_row_water(s, "E3", [first, second])
    pos.set_row_desert(s, "E3", [pos.desert_card("hippo")])
    pos.set_pile(s, 0, 0, [pos.water_card("double", "none", "hippo", arrow=False, exclude=(first, second))])
    pos.set_pile(s, 0, 1, [])
    pos.set_jokers(s, 0, 0)
    before = s.view(None)
    pos.begin_tide(s, start=0, tide=data.FLOOD)
    s.apply_text("water a E3-3")
    return before, s.view(None), len(s.jokers[0])


# ---------------------------------------------------------------------- drawing them
def _ap(x: float, y: float, ap: int, lang: str) -> str:
    """The action points an arrow's step costs, written over the arrow ("1 AP", "1 PA")."""
    return (f'<text x="{x:g}" y="{y:g}" fill="currentColor" font-size="14" font-weight="700" '
            f'text-anchor="middle">{msg("ui.ap_short", lang, ap=ap)}</text>')


def _actions(lang: str) -> tuple[str, str]:
    views = [d._named(v, lang) for v in actions_scene()]
    fields = [field_piece(v, SHARED, lang) for v in views[:3]]
    _, (_, _, fw, fh) = fields[0]
    market = market_piece(views[3], [STRIP_MARKET], lang)
    _, (_, _, mw, _) = market
    step = fw + d.GAP + 8
    parts = []
    for i, piece in enumerate(fields):
        parts.append(d._place(piece, i * step, 0))
        if i:
            parts.append(d._arrow(i * step - d.GAP, fh / 2, down=False) + _ap(i * step - d.GAP + 12, fh / 2 - 14, 1, lang))
    mx = 3 * step
    parts.append(d._arrow(mx - d.GAP, fh / 2, down=False) + _ap(mx - d.GAP + 12, fh / 2 - 14, 1, lang))
    parts.append(d._place(market, mx, 0))
    label = msg("diagram.lesson.actions_label", lang, field=SHARED, market=STRIP_MARKET)
    caption = msg("diagram.lesson.actions", lang, field=SHARED, market=STRIP_MARKET)
    return d._svg("fields market", mx + mw, max(fh, d.FIRST_STALL_END), label, parts), caption


def _grow(lang: str) -> tuple[str, str]:
    before, after, ap = grow_scene()
    before, after = d._named(before, lang), d._named(after, lang)
    pieces = [field_piece(v, SHARED, lang) for v in (before, after)]
    _, (_, _, w, h) = pieces[0]
    parts = [d._place(pieces[0], 0, 0), d._arrow(w + 5, h / 2, down=False), _ap(w + d.GAP / 2 + 5, h / 2 - 14, ap, lang),
             d._place(pieces[1], w + d.GAP + 10, 0)]
    label = msg("diagram.before_after", lang, before=d.field_words(d._field(before, SHARED), before["players"], lang),
                after=d.field_words(d._field(after, SHARED), after["players"], lang))
    caption = msg("diagram.lesson.grow", lang, field=SHARED, ap=ap, player=before["players"][0]["name"],
                  other=before["players"][1]["name"])
    return d._svg("fields", 2 * w + d.GAP + 10, h, label, parts), caption


def _boat(lang: str) -> tuple[str, str]:
    before, after, ap = boat_scene()
    before, after = d._named(before, lang), d._named(after, lang)
    width = 22 + 34 * max(1, len(before["boat"]))
    parts = [boat_svg(0, 0, before["boat"], before["players"], lang), d._arrow(width + 8, 30, down=False),
             _ap(width + 8 + d.GAP / 2, 16, ap, lang), boat_svg(width + d.GAP + 16, 0, after["boat"], after["players"], lang)]
    words = d.msg("list.sep", lang)
    label = msg("diagram.before_after", lang, before=words.join(d._boat_words(before, lang)),
                after=words.join(d._boat_words(after, lang)))
    caption = msg("diagram.lesson.boat", lang, player=before["players"][0]["name"], other=before["players"][1]["name"],
                  crop=Word("crop.flax"), other_crop=Word("crop.onion"), ap=ap)
    return d._svg("fields", 2 * width + d.GAP + 16, 58, label, parts), caption


def _joker(lang: str) -> tuple[str, str]:
    before, after, jokers = joker_scene()
    before, after = d._named(before, lang), d._named(after, lang)
    pair = d._row_pair(before, after, "E3", lang)
    # the row pair as it is, and the joker it became beside the flooded field's row (after, below)
    inner = pair[pair.index(">") + 1: pair.rindex("</svg>")]
    view_box = pair.split('viewBox="0 0 ', 1)[1].split('"', 1)[0].split()
    w, h = float(view_box[0]), float(view_box[1])
    joker = art.use("joker", w + 12, h - 62, 30, 42) + (
        f'<text x="{w + 27:g}" y="{h - 6:g}" fill="currentColor" font-size="14" font-weight="700" text-anchor="middle">+{jokers}</text>')
    label = msg("diagram.lesson.joker_label", lang, field="E3-3", player=before["players"][0]["name"])
    caption = msg("diagram.lesson.joker", lang, field="E3-3", player=before["players"][0]["name"])
    return d._svg("fields", w + 48, h, label, [inner, joker]), caption


def _first(rule: str, index: int = 0) -> Callable[[str], tuple[str, str]]:
    """A picture of the rules help: the ``index``-th of ``rule``'s."""
    return lambda lang: d.diagrams(rule, lang)[index]


#: each lesson's own picture (a lesson not here has none: the welcome, the end)
PICTURES: dict[str, Callable[[str], tuple[str, str]]] = {
    "flood": _first("N4"), "boat": _boat, "actions": _actions, "grow": _grow, "harvest": _first("N6", 1),
    "joker": _joker, "ebb": _first("N5"), "rot": _first("N8", 0), "desert": _first("N8", 1), "scoring": _first("N7", 0),
}


def lesson_picture(lesson: str, lang: str) -> tuple[str, str] | None:
    """(SVG markup, caption) of a lesson's own picture, or None."""
    draw = PICTURES.get(lesson)
    return draw(lang) if draw else None
