"""Pictures for the rules help of *Vom Kap bis Kairo*, drawn by the table's own renderer.

Each picture is a small constructed position (``nile.cape.positions``, the
helpers the rule tests use), played on by the engine where the rule is about
something happening (bids opened and a tie broken, a build and its river bonus
rails), and drawn from that position's public view by ``nile.cape.board``: the
terrain card, landscape cards, the common row and routes exactly as the table
draws them, with no targets. The numbers a caption says (rails, need, rails
bought and their price, who chooses first, who gets a bonus rail) are the
engine's (``rails_in_hand``, ``need``, ``shortfall``, ``rails_to_buy``,
``cost``, the choosing order, the log), never written into a sentence.

``pictures(rule, lang)`` gives each rule's pictures with their captions as
catalog keys and parameters (what the tests read); ``diagrams(rule, lang)``
gives them as (SVG markup, caption) for the help. Each SVG scales (a viewBox,
no size), is one image (``role="img"``, an ``aria-label`` saying what it
shows) and has no ids, so two pictures can share a page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.actions import Action
from ..kit import esc, label_width, unkeyed
from ..words import Word, listed, plural
from ..words import text as msg
from . import actions as act
from . import positions as pos
from .board import (
    CARD_H,
    CARD_W,
    backs_svg,
    bought_svg,
    card_svg,
    card_words,
    cards_words,
    route_parts,
    route_words,
    row_parts,
    terrain_svg,
)
from .data import CARD_INDEX, CARDS, MAX_BONUS_RAILS, RAIL_PRICE
from .state import CapeState
from .view import card as view_card

View = dict[str, Any]
WIDTH = 360  # every picture about a phone's width, so the table's words stay readable there
COLUMN = WIDTH // 2
LINE = 14  # a label's line above a row of cards
LABEL_PX = 11  # the size of a picture's own words (a card's are the table's: ``nile.cape.board``)
STRIP = CARD_H + 12  # the height of a row or route as the table draws it


@dataclass(frozen=True)
class Picture:
    """One picture: its markup, and its caption as a catalog key with parameters (the engine's numbers);
    ``count`` makes the caption a counted sentence."""

    svg: str
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    count: int | None = None

    def caption(self, lang: str) -> str:
        """The caption in ``lang``."""
        if self.count is not None:
            return plural(self.key, self.count, lang, **self.params)
        return msg(self.key, lang, **self.params)


# ---------------------------------------------------------------------- composing pictures
def _svg(css: str, height: float, label: str, parts: Sequence[str], width: float = WIDTH) -> str:
    """One scalable picture: a viewBox and no size, one image with its words, no ids; its words drawn as
    the table draws them (centred; a card's words at their own size, the picture's own at 11px) wherever
    the help puts it. ``width``: wider than a phone's only when the cards need it."""
    return (f'<svg class="diagram cape-{css}" viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{esc(label)}">'
            f'<g font-size="{LABEL_PX}" text-anchor="middle">{unkeyed("".join(parts))}</g></svg>')


def _wide(words: str) -> float:
    """A generous width of a picture's bold label (``_label``)."""
    return label_width(words, LABEL_PX, bold=True)


def _at(dx: float, dy: float, markup: str) -> str:
    """Part of the table's drawing moved by (dx, dy)."""
    return f'<g transform="translate({dx:g} {dy:g})">{markup}</g>'


def _label(x: float, y: float, words: str, anchor: str = "start", bold: bool = True) -> str:
    """A line of words in a picture."""
    weight = ' font-weight="700"' if bold else ""
    return f'<text x="{x:g}" y="{y:g}" text-anchor="{anchor}"{weight}>{esc(words)}</text>'


def _capital(word: str) -> str:
    """A word with its first letter in upper case (a colour used as a player's name)."""
    return word[:1].upper() + word[1:]


def _named(view: View, lang: str) -> View:
    """The view with each player named by their colour, as the pictures' words speak of them."""
    players = [dict(p, name=_capital(msg("colour." + p["colour"], lang))) for p in view["players"]]
    return dict(view, players=players)


def _names(view: View, seats: Sequence[int], lang: str) -> str:
    """These players' names as a list in ``lang``."""
    return listed([view["players"][p]["name"] for p in seats], lang)


# ---------------------------------------------------------------------- K1: the terrain card, a landscape card
def k1_terrain(lang: str) -> Picture:
    """The terrain card as the table shows it: the rails each landscape needs."""
    return Picture(terrain_svg(pos.blank().view(None), lang), "cape.diagram.K1.terrain")


def k1_card_position() -> CapeState:
    """A river card with 2 rails (income 7) turned up onto the common row."""
    s = pos.blank(2)
    pos.put(s, s.common, "R3")
    pos.building(s, 0)
    return s


def k1_card(lang: str) -> Picture:
    """A landscape card's front, with what its landscape, rails and income mean beside it, and its back
    under it, with what a face-down card is."""
    view = k1_card_position().view(None)
    card = view["common"][0]
    need = view["needs"][card["landscape"]]
    x, say, back = 8, 8 + CARD_W + 12, 6 + CARD_H + 10  # the cards, the words beside them, the back's top
    parts = [
        card_svg(card, x, 6, lang),
        _label(say, 6 + 16, msg("cape.diagram.K1.need", lang, rails=need), bold=False),
        _label(say, 6 + 50, plural("cape.diagram.K1.rails", int(card["rails"]), lang), bold=False),
        _label(say, 6 + 76, msg("cape.diagram.K1.income", lang, income=card["income"]), bold=False),
        card_svg({}, x, back, lang, face_down=True),
        _label(say, back + CARD_H / 2 + 4, msg("cape.diagram.K1.back", lang), bold=False),
    ]
    label = msg("cape.diagram.K1.card_label", lang, card=card_words(card, lang))
    params = {"landscape": Word("cape.landscape." + card["landscape"]), "income": card["income"], "need": need}
    return Picture(_svg("card", back + CARD_H + 6, label, parts), "cape.diagram.K1.card", params, int(card["rails"]))


# ---------------------------------------------------------------------- K3: a tie broken by turning up cards
def k3_tie_position() -> CapeState:
    """Red and Blue both bid 5 with 100 Pond each: still tied on money left, each turns up a card —
    Red the savanna S3 (income 2), Blue the river R10 (income 10) — and the engine orders them."""
    s = pos.blank(2)
    pos.bidding(s, ("S1", "S2"))
    pos.on_top(s, "S3", "R10")
    for seat in range(s.num_players):
        s.apply(act.bid(5), seat)
    return s


def tie_draw(view: View) -> dict[int, dict[str, Any]]:
    """The cards each tied player turned up (K3), as the engine's log says, as the view's cards."""
    draws = [e["params"]["cards"] for e in view["log"] if e["key"] == "cape.tie.draw"]
    assert len(draws) == 1, draws  # one draw settled it
    return {int(p): view_card(CARD_INDEX[c]) for p, c in draws[0].items()}


def _tie_column(p: View, card: dict[str, Any], bid: int, rank: int, cx: float, lang: str) -> str:
    """One tied player: name, bid and money left, the card turned up, and their place in the choosing order."""
    x, y = cx - CARD_W / 2, 2 * LINE + 12
    badge = (f'<g class="rank"><circle cx="{cx + CARD_W / 2 + 18:g}" cy="{y + CARD_H / 2:g}" r="12" fill="#2b2118"/>'
             f'<text x="{cx + CARD_W / 2 + 18:g}" y="{y + CARD_H / 2 + 5:g}" fill="#fff" font-size="14"'
             f' font-weight="700">{rank}</text></g>')
    return (f'<g class="who">{_label(cx, LINE, p["name"], "middle")}</g>'
            + _label(cx, 2 * LINE + 2, msg("cape.diagram.K3.seat", lang, bid=bid, money=p["money"]), "middle", False)
            + card_svg(card, x, y, lang) + badge)


def k3_tie(lang: str) -> Picture:
    """The two turned-up cards under the tied players' names, left to right in the engine's choosing order."""
    s = k3_tie_position()
    view = _named(s.view(None), lang)
    drawn, order = tie_draw(view), view["choose_order"]
    bids = {int(p): a for p, a in view["bids_revealed"].items()}
    parts = [_tie_column(view["players"][p], drawn[p], bids[p], i + 1, COLUMN * i + COLUMN / 2 - 12, lang)
             for i, p in enumerate(order)]
    bottom = 2 * LINE + 12 + CARD_H + LINE + 4
    order_words = msg("cape.ui.order", lang, players=_names(view, order, lang))
    parts.append(_label(WIDTH / 2, bottom, order_words, "middle"))
    first, second = order[0], order[1]
    params = {"first": view["players"][first]["name"], "second": view["players"][second]["name"],
              "bid": bids[first], "money": view["players"][first]["money"],
              "high": drawn[first]["income"], "low": drawn[second]["income"]}
    draws = msg("list.sep", lang).join(
        msg("cape.diagram.K3.drew", lang, player=view["players"][p]["name"], card=card_words(drawn[p], lang)) for p in order)
    label = msg("cape.diagram.K3.label", lang, bid=params["bid"], money=params["money"], draws=draws, order=order_words)
    return Picture(_svg("tie", bottom + 6, label, parts), "cape.diagram.K3.tie", params)


# ---------------------------------------------------------------------- K4: a build with bonus rails and bought rails
def k4_build_position() -> tuple[CapeState, Action]:
    """Red before the mountains (need 9) with 3 rails on the common row, 2 on the route and 2 bonus rails
    held: the build that uses both bonus rails buys the 2 still missing."""
    s = pos.blank(2)
    pos.put(s, s.routes[0], "M3")  # mountains, 2 rails
    pos.put(s, s.common, "D3", "V6")  # 2 + 1 rails
    pos.put(s, s.bonus[0], "R1", "R2")  # face down: only their number matters
    pos.put(s, s.routes[1], "S9")
    pos.building(s, 0)
    return s, act.build(2)


def build_numbers(s: CapeState, action: Action) -> dict[str, int]:
    """The arithmetic of a build (K4) as the engine counts it, for the player on turn: common row +
    route + bonus rails used + rails bought = the need, and what the bought rails cost."""
    assert s.actor is not None and action in s.legal_actions(s.actor), action
    player, bonus = s.actor, int(action.args[0])
    common = sum(CARDS[c].rails for c in s.common)
    return {"common": common, "route": s.rails_in_hand(player) - common, "bonus": bonus,
            "bought": s.rails_to_buy(player, bonus), "short": s.shortfall(player), "need": s.need(player) or 0,
            "cost": s.cost(action), "price": RAIL_PRICE}


def _build_parts(view: View, p: View, n: dict[str, int], lang: str) -> tuple[list[str], float]:
    """Common row and route on the left; the bonus rails used and the rails bought beside them; and the
    picture's width (a phone's, or more when the cards and their labels need it)."""
    common, common_w = row_parts(view["common"], lang)
    route, route_w = route_parts(p, lang, standalone=True)
    left = (plural("cape.ui.common", n["common"], lang), plural("cape.diagram.K4.route", n["route"], lang, player=p["name"]))
    beside = (plural("cape.n.bonus_rails", n["bonus"], lang), plural("cape.diagram.K4.bought", n["bought"], lang))
    right = max(common_w, route_w, *(_wide(words) + 8 for words in left)) + 8  # beside the longer of both lines
    width = max(WIDTH, right + max(CARD_W + 26 * max(0, n["bonus"] - 1), *(_wide(words) for words in beside)) + 6)
    low = LINE + STRIP + 4  # the second line's top
    return [
        _label(8, LINE, left[0]),
        _at(0, LINE, common),
        _label(right, LINE, beside[0]),
        backs_svg(n["bonus"], right, LINE + 6, lang, step=26),
        _label(8, low + LINE, left[1]),
        _at(0, low + LINE, route),
        _label(right, low + LINE, beside[1]),
        bought_svg(n["bought"], right, low + LINE + 6, msg("cape.diagram.K4.paid", lang, cost=n["cost"])),
        _label(width / 2, 2 * low + LINE, msg("cape.diagram.K4.sum", lang, **n), "middle"),
    ], width


def k4_build(lang: str) -> Picture:
    """Red's build across the mountains: what each source of rails adds, and what the bought rails cost."""
    s, action = k4_build_position()
    n = build_numbers(s, action)
    view = _named(s.view(None), lang)
    p = view["players"][s.actor]
    first = p["route"][0]
    common = cards_words(view["common"], lang)
    label = msg("cape.diagram.K4.label", lang, player=p["name"], cards=common, card=card_words(first, lang),
                bonus=n["bonus"], bought=n["bought"], cost=n["cost"])
    params = {"player": p["name"], "landscape": Word("cape.landscape." + first["landscape"]), **n}
    height = 2 * (LINE + STRIP + 4) + LINE + 6
    parts, width = _build_parts(view, p, n, lang)
    return Picture(_svg("build", height, label, parts, width), "cape.diagram.K4.build", params)


def k4_river_position() -> CapeState:
    """Red crosses a savanna and now stands before a river; Blue already waits before one, Green before a
    desert: after the build, the engine hands out the bonus rails."""
    s = pos.blank(3)
    pos.put(s, s.routes[0], "S9", "R1")  # savanna (0 rails), then a river (3 rails)
    pos.put(s, s.common, "S1", "S2")  # 3 + 3 rails: the savanna's 6, and two cards for the discard pile
    pos.put(s, s.routes[1], "R2")
    pos.put(s, s.routes[2], "D9")
    pos.building(s, 0)
    s.apply(act.build(0), 0)
    return s


def river_bonus(view: View) -> list[int]:
    """Who got a bonus rail after the last build (K4), in the engine's order: the log says."""
    built = max(i for i, e in enumerate(view["log"]) if e["key"] == "cape.build")
    return [e["params"]["player"] for e in view["log"][built:] if e["key"] == "cape.bonus"]


def k4_river(lang: str) -> Picture:
    """Every route after the build, each with the bonus rails its player now holds."""
    s = k4_river_position()
    view = _named(s.view(None), lang)
    got, parts, lines = river_bonus(view), [], []
    routes = [route_parts(p, lang, standalone=True) for p in view["players"]]
    right = max(width for _, width in routes) + 8  # the bonus rails beside the longest line
    for i, (p, (route, _)) in enumerate(zip(view["players"], routes)):
        top = i * (LINE + STRIP)
        held = plural("cape.n.bonus_rails", p["bonus"], lang)
        parts += [_label(8, top + LINE, p["name"]), _at(0, top + LINE, route),
                  _label(right, top + LINE, held), backs_svg(p["bonus"], right, top + LINE + 6, lang)]
        lines.append(msg("cape.diagram.K4.line", lang, route=route_words(p, lang), bonus=p["bonus"]))
    builder = next(e["params"]["player"] for e in reversed(view["log"]) if e["key"] == "cape.build")
    params = {"player": view["players"][builder]["name"], "players": _names(view, got, lang), "most": MAX_BONUS_RAILS}
    height = len(view["players"]) * (LINE + STRIP) + 4
    labels = [plural("cape.n.bonus_rails", p["bonus"], lang) for p in view["players"]]
    most = max(p["bonus"] for p in view["players"])
    width = max(WIDTH, right + max(CARD_W + 14 * max(0, most - 1), *(_wide(words) for words in labels)) + 6)
    return Picture(_svg("river", height, " ".join(lines), parts, width), "cape.diagram.K4.river", params)


# ---------------------------------------------------------------------- the rules' pictures
PICTURES: dict[str, tuple[Callable[[str], Picture], ...]] = {
    "K1": (k1_terrain, k1_card),
    "K3": (k3_tie,),
    "K4": (k4_build, k4_river),
}


def pictures(rule: str, lang: str) -> list[Picture]:
    """The pictures of ``rule``, their captions still as keys and parameters (none for most rules)."""
    return [draw(lang) for draw in PICTURES.get(rule, ())]


def diagrams(rule: str, lang: str) -> list[tuple[str, str]]:
    """(SVG markup, caption) of each picture of ``rule``, in ``lang``."""
    return [(p.svg, p.caption(lang)) for p in pictures(rule, lang)]
