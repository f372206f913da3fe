"""*Vom Kap bis Kairo*'s pieces as SVG symbols, drawn for this project: the five landscapes, a rail, the
card back's big rail, the locomotive and a coin (Pond).

``SYMBOLS`` is the game's sprite (``nile.kit.GameUI.symbols``): ``<symbol>`` elements whose ids start
with ``cape-``, put into the page once by the shell; the table and the rules help's pictures draw a
piece with ``use(...)`` (``<use href="#cape-river" …/>``), so each drawing is in the page once however
many cards show it.

The landscapes differ in shape, not only in colour: waves (river), two snow-capped peaks (mountains),
dunes under a sun (desert), round huts with pointed thatch (village), a flat-topped acacia over grass
(savanna). Every colour is written into the symbol (the page's stylesheet does not reach into a
``<use>``); the locomotive alone is drawn in ``currentColor``, the player's colour its ``<use>`` inherits.
"""

from __future__ import annotations

LANDSCAPES = ("river", "mountains", "desert", "village", "savanna")
#: a landscape's picture: its symbol id, and the size it is drawn at (the symbols' viewBox)
LANDSCAPE_SYMBOL = {land: f"cape-{land}" for land in LANDSCAPES}
SCENE_W, SCENE_H = 56, 30
RAIL_W, RAIL_H = 15, 8
LOCO_W, LOCO_H = 56, 44
COIN = 12

INK = "#2b2118"  # outlines and iron


def _symbol(name: str, w: float, h: float, body: str) -> str:
    return f'<symbol id="cape-{name}" viewBox="0 0 {w:g} {h:g}">{body}</symbol>'


def _scene(name: str, sky: str, body: str) -> str:
    """A landscape: a pale panel (its sky or ground), the drawing on it, and a thin frame."""
    return _symbol(name, SCENE_W, SCENE_H,
                   f'<rect width="{SCENE_W}" height="{SCENE_H}" rx="3" fill="{sky}"/>{body}'
                   f'<rect x=".5" y=".5" width="{SCENE_W - 1}" height="{SCENE_H - 1}" rx="3" fill="none"'
                   f' stroke="{INK}" stroke-opacity=".35"/>')


RIVER = _scene("river", "#dcecf6", (
    # reeds on the near bank, then three bands of waves with light crests
    '<path d="M0 13q7-5 14 0t14 0 14 0 14 0V27q0 3-3 3H3q-3 0-3-3z" fill="#4f8fc0"/>'
    '<path d="M0 20q7-5 14 0t14 0 14 0 14 0V27q0 3-3 3H3q-3 0-3-3z" fill="#2f6b9e"/>'
    '<path d="M4 12q5-4 10 0M32 12q5-4 10 0M16 19q5-4 10 0M44 19q5-4 10 0M6 26q5-4 10 0M32 26q5-4 10 0"'
    ' fill="none" stroke="#fff" stroke-width="1.6" stroke-linecap="round"/>'
    '<path d="M47 11V2M50 11V4M44 11V5" stroke="#4d6b2a" stroke-width="1.4" stroke-linecap="round"/>'
    '<ellipse cx="47" cy="2.6" rx="1.1" ry="2" fill="#6b4a22"/>'
))

MOUNTAINS = _scene("mountains", "#e8e8ee", (
    # a far peak behind a near one, each with its snow cap
    f'<path d="M23 30 39 9 53 30z" fill="#9b9ba6" stroke="{INK}" stroke-linejoin="round"/>'
    '<path d="M39 9l-5 6 3-1 2 2 2-2 3 1z" fill="#fff"/>'
    f'<path d="M3 30 20 3 37 30z" fill="#6e6e79" stroke="{INK}" stroke-linejoin="round"/>'
    '<path d="M20 3l-6 8.5 3-1.5 3 2.5 3-2.5 3 1.5z" fill="#fff"/>'
))

DESERT = _scene("desert", "#fbefd2", (
    '<circle cx="44" cy="9" r="5" fill="#f0a52c"/>'
    '<path d="M0 27C8 14 20 14 32 30H3q-3 0-3-3z" fill="#e3b55e"/>'
    '<path d="M18 30C30 17 44 17 56 26v1q0 3-3 3z" fill="#c68f3a"/>'
    '<path d="M7 25q4-3 8-1M27 26q5-3 10-1M40 24q4-2 8 0" fill="none" stroke="#8a5a1e" stroke-width=".9"'
    ' stroke-linecap="round"/>'
))

VILLAGE = _scene("village", "#f3e4d2", (
    '<path d="M0 26h56v1q0 3-3 3H3q-3 0-3-3z" fill="#b99a63"/>'
    # a big hut and a small one: round walls, pointed thatch, a dark door
    '<rect x="6" y="15" width="20" height="12" rx="2" fill="#c98d5c"/>'
    '<path d="M3 16 16 3l13 13z" fill="#8a5a2b"/>'
    '<path d="M9 13l4-6M16 15V5M23 13l-4-6" stroke="#5e3a17" stroke-width=".9"/>'
    '<path d="M13 27v-6a3 3 0 0 1 6 0v6z" fill="#3b2314"/>'
    '<rect x="33" y="18" width="16" height="9" rx="2" fill="#c98d5c"/>'
    '<path d="M30 19 41 8l11 11z" fill="#8a5a2b"/>'
    '<path d="M35 17l3-5M41 18V10M47 17l-3-5" stroke="#5e3a17" stroke-width=".9"/>'
    '<path d="M38.5 27v-4a2.5 2.5 0 0 1 5 0v4z" fill="#3b2314"/>'
    f'<path d="M3 16 16 3l13 13M30 19 41 8l11 11" fill="none" stroke="{INK}" stroke-width="1" stroke-linejoin="round"/>'
))

SAVANNA = _scene("savanna", "#f1f4dc", (
    '<path d="M0 24q28-4 56 0v3q0 3-3 3H3q-3 0-3-3z" fill="#b8cc74"/>'
    # an acacia: a forked trunk under a flat, wide crown; grass tufts
    '<path d="M24 26V17l-5-5M24 18l6-6" fill="none" stroke="#5e3a17" stroke-width="2" stroke-linecap="round"/>'
    '<path d="M8 11q3-6 16-6t16 6q-16 3-32 0z" fill="#4f7326"/>'
    '<path d="M42 26l2-6 1 6 2-5 1 5M6 28l2-5 1 5 2-4 1 4" fill="none" stroke="#5c7a22" stroke-width="1.1"'
    ' stroke-linecap="round" stroke-linejoin="round"/>'
    '<circle cx="49" cy="7" r="3.2" fill="#f0a52c"/>'
))

#: a rail as a player counts it: a short stretch of track seen from above (two rails on three sleepers)
RAIL_GAP = 3  # between two rails side by side on a card
RAILS_MAX = 3  # the most rails a card shows (K1)


def _rails(name: str, count: int) -> str:
    """``count`` rails side by side, ``RAIL_GAP`` apart, as one picture: a card's rails are one ``<use>``, not
    one each (each ``<use>`` is a copy of its symbol the browser styles and lays out)."""
    step = RAIL_W + RAIL_GAP
    ties = "".join(f"M{2.5 + i * step:g} 0v8M{7.5 + i * step:g} 0v8M{12.5 + i * step:g} 0v8" for i in range(count))
    irons = "".join(f"M{i * step:g} 2h15M{i * step:g} 6h15" for i in range(count))
    return _symbol(name, count * step - RAIL_GAP, RAIL_H, (
        f'<path d="{ties}" stroke="#8a5a2b" stroke-width="2"/>'
        f'<path d="{irons}" stroke="{INK}" stroke-width="1.5"/>'
    ))


RAIL = _rails("rail", 1)  # (also what flies as a bonus rail: static/motion.js)
RAIL_ROWS = "".join(_rails(f"rails-{n}", n) for n in range(2, RAILS_MAX + 1))

#: the card back's big rail, across a card (64 × 84), inside a thin frame
BACK = _symbol("back", 64, 84, (
    '<rect x="4" y="4" width="56" height="76" rx="4" fill="none" stroke="#e9d8a6" stroke-opacity=".55"/>'
    '<path d="M12 34v16M20 34v16M28 34v16M36 34v16M44 34v16M52 34v16" stroke="#a88556" stroke-width="4"/>'
    '<path d="M8 37h48M8 47h48" stroke="#f3e4b8" stroke-width="3.2" stroke-linecap="round"/>'
))

#: the locomotive, facing right (toward the route in front of it), on its own stretch of track;
#: boiler and cab in the player's colour (``currentColor``)
LOCO = _symbol("loco", LOCO_W, LOCO_H, (
    '<path d="M2 41.5h52" stroke="#a88556" stroke-width="2"/>'
    '<path d="M6 41v2M14 41v2M22 41v2M30 41v2M38 41v2M46 41v2" stroke="#a88556" stroke-width="2"/>'
    f'<path d="M0 40.5h56" stroke="{INK}" stroke-width="1.2"/>'
    f'<g stroke="{INK}" stroke-width="1.2" stroke-linejoin="round">'
    '<path d="M4 30V9h14v21z" fill="currentColor"/>'
    '<rect x="1" y="5" width="20" height="4" rx="1" fill="#3b3b3b"/>'
    '<rect x="8" y="12" width="7" height="7" rx="1" fill="#fbeec6"/>'
    '<rect x="17" y="15" width="29" height="15" rx="4" fill="currentColor"/>'
    '<path d="M26 15a4 4 0 0 1 8 0z" fill="currentColor"/>'
    '<path d="M37 15V8h-2V3h10v5h-2v7z" fill="#3b3b3b"/>'
    '<path d="M46 30l8 8H44z" fill="#3b3b3b"/>'
    '<rect x="2" y="30" width="45" height="3.5" fill="#3b3b3b"/>'
    '<circle cx="12" cy="34.5" r="5.5" fill="#3b3b3b"/><circle cx="27" cy="34.5" r="5.5" fill="#3b3b3b"/>'
    '<circle cx="39.5" cy="36.5" r="3.5" fill="#3b3b3b"/>'
    '<circle cx="47" cy="20" r="2.6" fill="#ffe27a"/>'
    '</g>'
    '<circle cx="12" cy="34.5" r="1.8" fill="currentColor"/><circle cx="27" cy="34.5" r="1.8" fill="currentColor"/>'
    '<path d="M12 34.5h15" stroke="#d9d9d9" stroke-width="1.4"/>'
    '<path d="M24 22h18" stroke="#fff" stroke-opacity=".45" stroke-width="2" stroke-linecap="round"/>'
))

#: money: a gold coin with a raised rim
COIN_SYMBOL = _symbol("coin", COIN, COIN, (
    '<circle cx="6" cy="6" r="5.4" fill="#e9b826" stroke="#8a6100" stroke-width="1.1"/>'
    '<circle cx="6" cy="6" r="3.3" fill="#f6d35b" stroke="#b8860b" stroke-width=".8"/>'
    '<path d="M4.3 4.6a2.3 2.3 0 0 1 2.6-1" fill="none" stroke="#fff7d0" stroke-width=".8" stroke-linecap="round"/>'
))

SYMBOLS = "".join((RIVER, MOUNTAINS, DESERT, VILLAGE, SAVANNA, RAIL, RAIL_ROWS, BACK, LOCO, COIN_SYMBOL))


def use(symbol: str, x: float, y: float, w: float, h: float, cls: str = "") -> str:
    """One of the game's symbols (``cape-<symbol>``) drawn in the box at (x, y) of size w × h."""
    css = f' class="{cls}"' if cls else ""
    return f'<use{css} href="#cape-{symbol}" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"/>'


def icon(symbol: str, size: float, cls: str) -> str:
    """A symbol as a small decorative picture in running text (hidden from screen readers: the words beside
    it say the same)."""
    return (f'<svg class="{cls}" viewBox="0 0 {size:g} {size:g}" aria-hidden="true" focusable="false">'
            f'<use href="#cape-{symbol}"/></svg>')


def picture() -> str:
    """The home screen's picture: the game's own locomotive steaming across the savanna."""
    return ('<svg class="game-picture" viewBox="0 0 96 64" aria-hidden="true">'
            '<rect width="96" height="64" rx="8" fill="#b8cc74"/><use href="#cape-savanna" width="96" height="51.4"/>'
            '<use href="#cape-loco" x="44" y="24" width="50" height="39.3" color="#c0392b"/></svg>')
