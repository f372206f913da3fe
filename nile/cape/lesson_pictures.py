"""The pictures of the guided game's lessons of *Vom Kap bis Kairo*: each lesson shows its own subject.

Like the rules help's pictures (``nile.cape.diagrams``, whose helpers these use), each is a small
constructed position (``nile.cape.positions``) played on by the engine and drawn from its public view
by the table's own renderer (``nile.cape.board``); the numbers a caption says are the engine's. Lessons
whose subject already has a rules-help picture show that one (a tie broken by cards, a build's rails, the
river's bonus rails); the others are drawn here: the cards on offer at the start (K3), the bids opened
and the choosing order (K3), a chosen card at the far end of a route (K3), a crossing — the card turning
over behind the locomotive and its income (K4). ``lesson_picture(lesson, lang)`` gives (SVG, caption) or
None; no two lessons share one (``tests/web/test_teach.py``).
"""

from __future__ import annotations

from collections.abc import Callable

from ..words import Word, plural
from ..words import text as msg
from . import actions as act
from . import positions as pos
from .art import COIN, use
from .board import CARD_H, CARD_W, route_parts, row_parts
from .catalog import card_details
from .diagrams import (
    COLUMN,
    LINE,
    STRIP,
    WIDTH,
    Picture,
    View,
    _at,
    _label,
    _named,
    _names,
    _svg,
    _wide,
    k3_tie,
    k4_build,
    k4_river,
)
from .state import CapeState

#: the auction of the lessons' pictures: two cards on offer, Red bids more than Blue
OFFER, BIDS = ("R3", "M4"), (12, 5)


def _centred(width: float) -> float:
    """The left edge of something ``width`` wide in the middle of a picture."""
    return (WIDTH - width) / 2


# ---------------------------------------------------------------------- the auction (K3)
def auction_position() -> CapeState:
    """A game for two at its first auction: a river and mountains on offer, nobody has bid yet."""
    s = pos.blank(2)
    pos.bidding(s, OFFER)
    return s


def lesson_offer(lang: str) -> Picture:
    """The cards on offer as the table shows them, one per player (K3)."""
    view = auction_position().view(None)
    row, width = row_parts(view["offer"], lang)
    parts = [_label(WIDTH / 2, LINE, msg("cape.ui.offer", lang), "middle"), _at(_centred(width), LINE, row)]
    label = plural("cape.lesson.welcome.picture", len(view["offer"]), lang)
    return Picture(_svg("offer", LINE + STRIP + 4, label, parts), "cape.lesson.welcome.picture", {}, len(view["offer"]))


def bids_position() -> CapeState:
    """Red bids 12 and Blue 5: the bids are opened and paid, Red chooses first."""
    s = auction_position()
    for seat, amount in enumerate(BIDS):
        s.apply(act.bid(amount), seat)
    return s


def _bid_column(p: View, bid: int, rank: int, cx: float, top: float, lang: str) -> str:
    """One bidder: name, bid and money left, and their place in the choosing order."""
    return (_label(cx, top, p["name"], "middle")
            + _label(cx, top + LINE, msg("cape.diagram.K3.seat", lang, bid=bid, money=p["money"]), "middle", False)
            + f'<g class="rank"><circle cx="{cx:g}" cy="{top + LINE + 22:g}" r="12" fill="#2b2118"/>'
              f'<text x="{cx:g}" y="{top + LINE + 27:g}" fill="#fff" font-size="14" font-weight="700">{rank}</text></g>')


def lesson_bids(lang: str) -> Picture:
    """The cards on offer, and under them each bid, the money left and the choosing order the engine made."""
    view = _named(bids_position().view(None), lang)
    row, width = row_parts(view["offer"], lang)
    bids = {int(p): a for p, a in view["bids_revealed"].items()}
    order = view["choose_order"]
    top = STRIP + LINE + 4
    parts = [_at(_centred(width), 0, row)]
    parts += [_bid_column(view["players"][p], bids[p], i + 1, COLUMN * i + COLUMN / 2, top, lang) for i, p in enumerate(order)]
    bottom = top + LINE + 52
    order_words = msg("cape.ui.order", lang, players=_names(view, order, lang))
    parts.append(_label(WIDTH / 2, bottom, order_words, "middle"))
    first, second = (view["players"][p] for p in order)
    params = {"first": first["name"], "second": second["name"], "high": plural("cape.n.pond", bids[order[0]], lang),
              "low": plural("cape.n.pond", bids[order[1]], lang)}
    label = msg("cape.lesson.bids.picture", lang, **params) + " " + order_words
    return Picture(_svg("bids", bottom + 6, label, parts), "cape.lesson.bids.picture", params)


# ---------------------------------------------------------------------- a route (K3)
def route_position() -> CapeState:
    """Red's route holds a village and a desert; Red wins the auction and takes the river."""
    s = pos.blank(2)
    pos.put(s, s.routes[0], "V3", "D9")
    pos.put(s, s.routes[1], "S9")
    pos.bidding(s, OFFER)
    for seat, amount in enumerate(BIDS):
        s.apply(act.bid(amount), seat)
    s.apply(act.take(OFFER[0]), 0)
    return s


def lesson_route(lang: str) -> Picture:
    """Red's route with the card just taken at its far end, marked."""
    s = route_position()
    view = _named(s.view(None), lang)
    p = view["players"][0]
    taken = next(e["params"] for e in reversed(view["log"]) if e["key"] == "cape.take")
    route, width = route_parts(p, lang, standalone=True)
    x = width - 16 - CARD_W  # the last card of the route: the one just added
    mark = (f'<rect x="{x - 3:g}" y="3" width="{CARD_W + 6}" height="{CARD_H + 6}" rx="8" fill="none" stroke="#c0392b"'
            f' stroke-width="2.5" stroke-dasharray="6 3"/>')
    parts = [_label(8, LINE, p["name"]), _label(x + CARD_W / 2, LINE, msg("cape.lesson.route.new", lang), "middle"),
             _at(0, LINE, route + mark)]
    card = next(c for c in p["route"] if c["id"] == taken["card"])
    params = {"player": p["name"], "landscape": Word("cape.landscape." + card["landscape"]),
              "card": card_details(int(card["rails"]), int(card["income"]), lang)}
    label = msg("cape.lesson.route.picture", lang, **params)
    return Picture(_svg("route", LINE + STRIP + 4, label, parts, max(WIDTH, width)), "cape.lesson.route.picture", params)


# ---------------------------------------------------------------------- a crossing (K4)
def crossing_positions() -> tuple[CapeState, CapeState]:
    """Red before the mountains with rails enough on the common row and the route: before and after the build."""
    s = pos.blank(2)
    pos.put(s, s.routes[0], "M3", "V6")
    pos.put(s, s.common, "R1", "R2", "M1")
    pos.put(s, s.routes[1], "S9")
    pos.building(s, 0)
    after = s.clone()
    after.apply(act.build(0), 0)
    return s, after


def lesson_crossing(lang: str) -> Picture:
    """Red's route before the build, and after it: the card crossed face down behind the locomotive, and its
    income paid."""
    before, after = (_named(s.view(None), lang) for s in crossing_positions())
    built = next(e["params"] for e in reversed(after["log"]) if e["key"] == "cape.build")
    was, now = before["players"][0], after["players"][0]
    route_before, _ = route_parts(was, lang, standalone=True)
    route_after, after_w = route_parts(now, lang, standalone=True)
    low = LINE + STRIP + 4
    income = plural("cape.ui.income_short", int(built["income"]), lang)
    coin_x = after_w + 4
    parts = [_label(8, LINE, msg("cape.lesson.crossing.before", lang)), _at(0, LINE, route_before),
             _label(8, low + LINE, msg("cape.lesson.crossing.after", lang)), _at(0, low + LINE, route_after),
             use("coin", coin_x, low + LINE + CARD_H / 2 - COIN, 2 * COIN, 2 * COIN),
             _label(coin_x + 2 * COIN + 4, low + LINE + CARD_H / 2 + 4, income)]
    params = {"player": now["name"], "landscape": Word("cape.landscape." + built["landscape"]),
              "income": plural("cape.n.pond", int(built["income"]), lang)}
    label = msg("cape.lesson.crossing.picture", lang, **params)
    width = max(WIDTH, coin_x + 2 * COIN + 4 + _wide(income) + 6)
    return Picture(_svg("crossing", 2 * low + 4, label, parts, width), "cape.lesson.crossing.picture", params)


# ---------------------------------------------------------------------- each lesson's picture
#: the picture of each lesson that has one; the tie, the build and the river's bonus rails are the rules help's
LESSON_PICTURES: dict[str, Callable[[str], Picture]] = {
    "welcome": lesson_offer,
    "bids": lesson_bids,
    "ties": k3_tie,
    "route": lesson_route,
    "building": k4_build,
    "crossing": lesson_crossing,
    "bonus": k4_river,
}


def lesson_picture(lesson: str, lang: str) -> tuple[str, str] | None:
    """(SVG markup, caption) of a lesson's own picture, or None."""
    draw = LESSON_PICTURES.get(lesson)
    if draw is None:
        return None
    picture = draw(lang)
    return picture.svg, picture.caption(lang)
