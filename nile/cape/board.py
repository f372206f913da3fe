"""*Vom Kap bis Kairo* drawn: landscape cards, the terrain card, rows of cards and routes as SVG
(pure: a view's cards in, markup out).

The game screen (``nile.cape.ui``) and the rules help's pictures
(``nile.cape.diagrams``) both draw with these, so a picture in the help looks
exactly like the table. A card that is a target carries the interaction's
intent (``data-i="pick"``); the coach's focus adds the ``coach`` class.
"""

from __future__ import annotations

from typing import Any

from ..kit import Interaction, esc, fit_label
from ..kit.intents import Intent
from ..words import Word, plural
from ..words import text as msg
from .art import COIN, LANDSCAPE_SYMBOL, LOCO_H, LOCO_W, RAIL_GAP, RAIL_H, RAIL_W, RAILS_MAX, SCENE_H, SCENE_W, use
from .catalog import card_said

LANDSCAPE_COLOURS = {"river": "#4f8fc0", "mountains": "#8d8d94", "desert": "#e0b96a", "village": "#b5794a",
                     "savanna": "#8fb35a"}
CARD_W, CARD_H = 84, 84
#: the size (px at the table's scale, 1 on a laptop) of a card's landscape name and of its other words: each
#: text carries its size, so the rules help's pictures draw them as the table does; and the room a label
#: has on a card, a margin each side. Readable at a laptop's size (at least 13 px: the table draws a row of
#: cards 96 px high, one unit a pixel), where 11 px was hard to read; a card is wider for them, not taller
#: (the rows keep their height, so the board fits the window as before).
NAME_PX, LABEL_PX, LABEL_ROOM = 14, 13, CARD_W - 6
#: the income's words beside the coin at a card's foot: their middle and their room
INCOME_X, INCOME_ROOM = (CARD_W + 15) / 2, CARD_W - 21
TERRAIN_H = 64  # a terrain card cell: a landscape's picture over its name and need


def card_words(card: dict[str, Any], lang: str) -> str:
    """A card of a view as a player reads it: "river (2 rails, 7 Pond income)" (``nile.cape.catalog``)."""
    return card_said(card["landscape"], int(card["rails"]), int(card["income"]), lang)


def cards_words(cards: list[dict[str, Any]], lang: str) -> str:
    """Cards of a view in words, one after the other (a card's words hold commas: they are listed with ";")."""
    return msg("list.sep_groups", lang).join(card_words(c, lang) for c in cards)


def rails_svg(count: int, cx: float, y: float) -> str:
    """``count`` rails (at most ``RAILS_MAX``, a card's most: K1) side by side, centred on ``cx``, their tops at
    ``y``: one picture, ``cape-rail`` or ``cape-rails-<count>`` (``bought_svg`` draws more as lines of these)."""
    if count <= 0:
        return ""
    assert count <= RAILS_MAX, count
    width = count * (RAIL_W + RAIL_GAP) - RAIL_GAP
    return use("rail" if count == 1 else f"rails-{count}", cx - width / 2, y, width, RAIL_H, "rail")


def card_svg(card: dict[str, Any], x: float, y: float, lang: str, key: str | None = None,
              inter: Interaction | None = None, face_down: bool = False) -> str:
    """A landscape card at (x, y): its name, its landscape's picture, its rails drawn and counted, and its
    income beside a coin; or, ``face_down``, its back (one big rail)."""
    if face_down:  # its ``key``, if any, is the piece it is (a crossed card, a bonus rail)
        piece = f' data-k="{key}"' if key else ""
        return (f'<g class="card back"{piece}><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6"/>'
                f'{use("back", x, y, CARD_W, CARD_H)}</g>')
    land = card["landscape"]
    words = card_words(card, lang)
    target = inter.targets.get(key) if (inter is not None and key) else None
    attrs_ = f' role="img" aria-label="{esc(words)}"'
    if target is None and key and inter is not None and inter.taps_answered():
        # not offered, but while someone may act a tap still says why not (issue 53: the engine's refusal)
        attrs_ = f' data-i="{Intent.PICK}" data-v="{esc(key)}"' + attrs_
    cls = f"card land-{esc(land)}"
    land_name = msg("cape.landscape." + land, lang)
    rails_text = plural("cape.ui.rails_short", int(card["rails"]), lang)
    income_text = plural("cape.ui.income_short", int(card["income"]), lang)
    if target is not None:
        cls += " act" + (" coach" if inter is not None and key in inter.focus else "")
        # a button's name is what it shows, word for word (WCAG 2.5.3: the card's own words, its landscape, rails
        # and income as printed on it), then what pressing it does
        # (in the order of a card that is no target, its role and name next: static/morph.js changes a card that
        # becomes one, or stops being one, by the attributes after the first that differs)
        attrs_ = (f' data-i="{Intent.PICK}" data-v="{esc(key)}" role="button"'
                  f' aria-label="{esc(land_name)} {esc(rails_text)} {esc(income_text)}. {esc(target.label)}" tabindex="0"')
    scene = LANDSCAPE_SYMBOL.get(land, "")[len("cape-"):]
    cx = x + CARD_W / 2
    picture = use(scene, cx - SCENE_W / 2, y + 18, SCENE_W, SCENE_H, "scene") if scene else ""
    if "id" in card:  # one card, wherever it goes: offer, route, common row (static/motion.js)
        attrs_ += f' data-k="c{card["id"]}"'
    return (
        f'<g class="{cls}"{attrs_}><rect class="face" x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6"'
        f' fill="{LANDSCAPE_COLOURS.get(land, "#ccc")}"/>'
        f'<text class="land" x="{cx:g}" y="{y + 15}" font-size="{NAME_PX}"'
        f'{fit_label(land_name, LABEL_ROOM, NAME_PX, bold=True)}>{esc(land_name)}</text> '  # spaces between the words as read
        f'{picture}{rails_svg(int(card["rails"]), cx, y + 48)}'
        f'<text class="rails-n" x="{cx:g}" y="{y + 67}" font-size="{LABEL_PX}"{fit_label(rails_text, LABEL_ROOM, LABEL_PX)}>'
        f'{esc(rails_text)}</text> '
        f'<rect class="purse" x="{x + 3}" y="{y + 70}" width="{CARD_W - 6}" height="13" rx="6.5" fill="#fff8e6"'
        f' fill-opacity=".7"/>'
        f'{use("coin", x + 5, y + 70.5, COIN, COIN)}'
        f'<text class="income" x="{x + INCOME_X:g}" y="{y + 81}" font-size="{LABEL_PX}"'
        f'{fit_label(income_text, INCOME_ROOM, LABEL_PX)}>{esc(income_text)}</text></g>'
    )


def terrain_svg(view: dict[str, Any], lang: str) -> str:
    """The terrain card: each landscape's picture, name and the rails crossing it needs (K1)."""
    needs = view["needs"]
    cells = []
    for i, (land, need) in enumerate(needs.items()):
        x = 6 + i * 92
        land_name, need_text = msg("cape.landscape." + land, lang), msg("cape.ui.need_short", lang, rails=need)
        scene = LANDSCAPE_SYMBOL.get(land, "")[len("cape-"):]
        picture = use(scene, x + 18, 9, 50, 50 * SCENE_H / SCENE_W) if scene else ""
        cells.append(f'<g class="terrain"><rect x="{x}" y="6" width="86" height="{TERRAIN_H}" rx="5"'
                     f' fill="{LANDSCAPE_COLOURS.get(land, "#ccc")}"/>{picture}'
                     f'<text x="{x + 43}" y="50" font-size="{LABEL_PX}"{fit_label(land_name, 80, LABEL_PX)}>{esc(land_name)}</text>'
                     f'<text x="{x + 43}" y="65" font-size="{LABEL_PX}"{fit_label(need_text, 80, LABEL_PX)}>{esc(need_text)}</text></g>')
    label = msg("list.labelled", lang, label=msg("cape.ui.terrain", lang), items=msg("list.sep", lang).join(
        msg("cape.ui.need_of", lang, landscape=Word("cape.landscape." + k), rails=v) for k, v in needs.items()))
    return (f'<svg class="terrain-card" viewBox="0 0 {12 + 92 * len(needs)} {TERRAIN_H + 12}" role="img" aria-label="{esc(label)}">'
            f'{"".join(cells)}</svg>')


def row_parts(cards: list[dict[str, Any]], lang: str, key_prefix: str | None = None,
              inter: Interaction | None = None, slots: list[str] | None = None) -> tuple[str, int]:
    """A row's cards side by side from (8, 6), or the word for empty, and the row's width (its height is
    ``CARD_H + 12``): the inside of ``row_svg``, which the rules help's pictures place where they want.

    ``slots``: the ids of the cards the row was laid out with (the auction's offer, K3): each card keeps its
    place and a card taken leaves its place empty (a dashed outline), so the row neither narrows nor slides
    while the players choose."""
    step = CARD_W + 8
    ids = [c["id"] for c in cards]
    order = slots if slots and all(i in slots for i in ids) else ids  # each card's place in the row
    place = {card_id: n for n, card_id in enumerate(order)}
    width = max(1, len(order)) * step + 8
    here = set(ids)
    body = "".join(f'<rect class="slot" x="{8 + n * step}" y="6" width="{CARD_W}" height="{CARD_H}" rx="6"/>'
                   for n, card_id in enumerate(order) if card_id not in here)
    body += "".join(card_svg(c, 8 + place[c["id"]] * step, 6, lang, f"{key_prefix}:{c['id']}" if key_prefix else None, inter)
                    for c in cards)
    if not order:
        # in the middle of the empty row's room, wherever the stylesheet anchors the table's labels
        empty = msg("ui.empty", lang)
        body = (f'<text class="empty" x="{width / 2:g}" y="50" text-anchor="middle" font-size="{LABEL_PX}"'
                f'{fit_label(empty, width - 8, LABEL_PX)}>{esc(empty)}</text>')
    return body, width


def row_svg(cards: list[dict[str, Any]], lang: str, label: str, key_prefix: str | None = None,
            inter: Interaction | None = None, css: str = "row", slots: list[str] | None = None) -> str:
    """A row of cards (the offer, the common row) as the table's scalable strip, named ``label``."""
    body, width = row_parts(cards, lang, key_prefix, inter, slots)
    return f'<svg class="{css}" preserveAspectRatio="xMinYMid meet" viewBox="0 0 {width} {CARD_H + 12}" role="group" aria-label="{esc(label)}">{body}</svg>'


def backs_svg(count: int, x: float, y: float, lang: str, step: float = 14, keys: list[str] | None = None) -> str:
    """``count`` face-down cards (one big rail on each back), the first at (x, y), each ``step`` further
    right: the crossed cards behind a locomotive, or a player's bonus rails; with ``keys``, each back is
    the piece of that key (static/motion.js)."""
    return "".join(card_svg({}, x + i * step, y, lang, face_down=True, key=keys[i] if keys else None)
                   for i in range(count))


def bought_svg(count: int, x: float, y: float, label: str) -> str:
    """Rails bought at a build (K4): a dashed card outline at (x, y) holding ``count`` rails, three to a
    line, with ``label`` (what they cost, in the caller's words) at its foot. Drawn only by the rules
    help's pictures: the table says the price on the build button."""
    rails = "".join(rails_svg(min(RAILS_MAX, count - line), x + CARD_W / 2, y + 24 + line // RAILS_MAX * 12)
                    for line in range(0, count, RAILS_MAX))
    return (f'<g class="card bought"><rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="#fffaf0"'
            f' stroke="#3b2a17" stroke-width="1.5" stroke-dasharray="5 3"/>{rails}'
            f'<text x="{x + CARD_W / 2:g}" y="{y + CARD_H - 10:g}" text-anchor="middle" font-weight="700">{esc(label)}</text></g>')


#: how the count of crossed cards looks where the table's stylesheet does not reach (a rules help picture)
CROSSED_N_LOOK = ' fill="#fff" font-size="16" font-weight="700"'


def route_parts(p: dict[str, Any], lang: str, standalone: bool = False) -> tuple[str, int]:
    """A player's line without its frame: crossed cards (face down) behind the locomotive, the route in
    front, from the left edge, and its width (its height is ``CARD_H + 12``): the inside of ``route_svg``.
    ``standalone`` (a picture outside the table) gives the crossed count its look in the markup itself."""
    crossed = int(p["crossed"])
    route = p["route"]
    gap = CARD_W + 8
    behind = min(crossed, 8)
    x0 = 8 + behind * 14 + (CARD_W if behind else 0)
    # the crossed cards are the pieces they were on the route (``crossed_ids``, ``nile.cape.ui``): the one
    # crossed last, beside the locomotive, flies there from the head of the route
    ids = p.get("crossed_ids") or []
    keys = [f"c{i}" for i in ids[-behind:]] if len(ids) >= behind else None
    parts = [backs_svg(behind, 8, 6, lang, keys=keys)]
    if behind:
        look = CROSSED_N_LOOK if standalone else ""
        parts.append(f'<text class="crossed-n" x="{8 + (behind - 1) * 14 + CARD_W / 2}" y="{CARD_H - 8}"{look}>{crossed}</text>')
    loco_x = x0 + 6
    # the locomotive at the head of the route, in the player's colour (the symbol's currentColor)
    key = f' data-k="loco{p["seat"]}"' if "seat" in p else ""  # the locomotive crossing (static/motion.js)
    parts.append(f'<g class="loco p-{esc(p["colour"])}"{key}>{use("loco", loco_x, CARD_H / 2 - 16, LOCO_W, LOCO_H)}</g>')
    start = loco_x + LOCO_W + 4
    for i, c in enumerate(route):
        parts.append(card_svg(c, start + i * gap, 6, lang))
    width = start + max(1, len(route)) * gap + 8
    return "".join(parts), width


def route_words(p: dict[str, Any], lang: str) -> str:
    """A player's line in words: crossed so far, and each landscape in front of the locomotive."""
    return msg("cape.ui.route_of", lang, player=p["name"], crossed=plural("cape.n.crossed", int(p["crossed"]), lang),
               route=cards_words(p["route"], lang) or msg("ui.empty", lang))


def route_svg(p: dict[str, Any], lang: str) -> str:
    """A player's line: crossed cards (face down) behind the locomotive, the route in front."""
    body, width = route_parts(p, lang)
    label = route_words(p, lang)
    return f'<svg class="route" preserveAspectRatio="xMinYMid meet" viewBox="0 0 {width} {CARD_H + 12}" role="img" aria-label="{esc(label)}">{body}</svg>'
