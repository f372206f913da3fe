"""*An den Ufern des Nils*' own artwork, drawn for this project: SVG ``<symbol>`` elements defined once
(``SYMBOLS``, the page's hidden sprite holds them: ``GameUI.symbols``) and drawn with ``<use>``.

The five crops are pictograms a child tells apart by shape alone — a flax flower, an ear of grain, a
bunch of grapes, an onion, an aubergine — each in its own colours. A marker is a token of its
owner's colour (``currentColor``: the board sets ``color``) with a crop on it, and each of its four
states has its own silhouette: a seed is a small drop with a sprout, a ripe fruit a full round token,
a spoiled one a token with a brown ragged rim and its crop wilted, a rotten one a dark diamond with
the crop crossed out. Then the palm tree, the water card's ripples, the desert card, the boat and
the obelisk; the hippo (a turned card's picture, the N11 auction), the joker (a desert card held in
hand: a jester's cap on a sand-coloured card), the pictures of the other events (a rotten fruit, the
tide's arrow) and the tide dial (three areas — Flood, deep water; Ebb 1, shallow; Ebb 2, dry sand —
under a needle the board turns). Colours are presentation attributes (the page's CSP allows no inline
styles).
"""

from __future__ import annotations

import math


def n(v: float) -> str:
    """A coordinate, short (no trailing zeros)."""
    return f"{v:.1f}".rstrip("0").rstrip(".") if v != int(v) else str(int(v))


#: the crops' pictograms, each in a -10…10 square
CROP_ART = {
    # a blue flax flower: five petals round a yellow eye
    "flax": (
        '<g fill="#5b8ee6" stroke="#2c4f9e" stroke-width=".7">'
        + "".join(f'<path transform="rotate({a})" d="M0-1.5C-3.8-4-4.6-8.6 0-9.6C4.6-8.6 3.8-4 0-1.5Z"/>'
                  for a in (0, 72, 144, 216, 288))
        + '</g><circle r="2.6" fill="#f4c542" stroke="#a77b0e" stroke-width=".6"/>'
    ),
    # a golden ear of grain: kernels in pairs along a stalk, awns above
    "grain": (
        '<path d="M0 10V-6M0-7l-2.6-3M0-7l2.6-3M-2.6-4.6l-3.2-3.8M2.6-4.6l3.2-3.8" stroke="#8a6512" stroke-width=".8" fill="none"/>'
        '<g fill="#e3ad2f" stroke="#8a6512" stroke-width=".6">'
        + "".join(f'<ellipse cx="{-2.3 * s}" cy="{y}" rx="2" ry="3.1" transform="rotate({28 * s} {-2.3 * s} {y})"/>'
                  for y in (-3.4, 0.3, 4) for s in (1, -1))
        + '<ellipse cy="-6.4" rx="1.8" ry="2.8"/></g>'
    ),
    # a bunch of purple grapes under a green leaf
    "grapes": (
        '<path d="M0-6.5Q1-9 3-9.6" stroke="#5d3b1a" stroke-width="1" fill="none"/>'
        '<path d="M1-7.5C3-10.5 8-10 9-7C6-5.6 3-5.6 1-7.5Z" fill="#4f9a3a" stroke="#2d5e1f" stroke-width=".6"/>'
        '<g fill="#7e3fa3" stroke="#42185e" stroke-width=".6">'
        + "".join(f'<circle cx="{x}" cy="{y}" r="2.6"/>'
                  for x, y in ((-5, -3.6), (0, -3.6), (5, -3.6), (-2.5, .8), (2.5, .8), (0, 5.2), (-5, .8), (5, .8)))
        + "</g>"
    ),
    # an onion: a round bulb with a pointed top, its layers and its roots
    "onion": (
        '<path d="M-2.5 8.2l-1.5 2M0 8.6v1.8M2.5 8.2l1.5 2" stroke="#8a5a2b" stroke-width=".8"/>'
        '<path d="M0-10C.8-7 2-5.8 5-4C9-1.6 8.6 7.6 0 8.6C-8.6 7.6-9-1.6-5-4C-2-5.8-.8-7 0-10Z" '
        'fill="#e0875e" stroke="#8d3f22" stroke-width=".8"/>'
        '<path d="M0-8C-3-4-4 3-1.5 8.3M0-8C3-4 4 3 1.5 8.3" stroke="#f6c9a9" stroke-width=".8" fill="none"/>'
    ),
    # an aubergine: a long dark purple fruit, curved, with a green cap and stalk
    "aubergine": (
        '<path d="M-1.2-3.5C-6 1-8.4 5.4-6.4 8.2C-4 10.6 1 8.4 4.4 3.2C6.4 .2 5.6-3 3.4-4.6Z" fill="#4e2a6e" stroke="#26103a" stroke-width=".8"/>'
        '<path d="M-2.4-2.6L0-8.4L1.2-4.4L5.8-6.4L4.2-2.4C2.4-4 0-4.2-2.4-2.6Z" fill="#5aa136" stroke="#2d5e1f" stroke-width=".7"/>'
        '<path d="M1.4-7.2L3.4-10" stroke="#2d5e1f" stroke-width="1.4" stroke-linecap="round"/>'
        '<path d="M-4.4 4.6C-4.6 2.6-3.2.6-1.6-.6" stroke="#9b7bb6" stroke-width="1" fill="none" stroke-linecap="round"/>'
    ),
}

#: a marker's token in each state, in a -20…20 square; the owner's colour is ``currentColor``
TOKEN_ART = {
    # a seed: a small drop, pointed up, a green sprout at its tip; the crop small on its face
    "seed": (
        '<path d="M0-13C3-9 11-4.5 11 4A11 11 0 0 1-11 4C-11-4.5-3-9 0-13Z" fill="currentColor" stroke="#2b2118" stroke-width="1.5"/>'
        '<circle cy="4" r="7.8" fill="#fbf6e9" stroke="#2b2118" stroke-opacity=".35" stroke-width=".7"/>'
        '<path d="M0-13C-1-17-5-18.5-7.5-17C-5-14.5-2.5-13.5 0-13ZM0-13C1.5-16.5 5-18 7.5-16.5C5.5-14 2.5-13 0-13Z" '
        'fill="#4e9a2e" stroke="#2d5e1f" stroke-width=".7"/>'
    ),
    # a ripe fruit: a full round token, the crop large on its face
    "ripe": '<circle r="15.5" fill="currentColor" stroke="#2b2118" stroke-width="1.6"/><circle r="11.6" fill="#fbf6e9" stroke="#2b2118" stroke-opacity=".35" stroke-width=".8"/>',
    # a spoiled fruit: the round token, a brown ragged rim round it, its face gone dull
    "spoiled": (
        '<circle r="17.4" fill="none" stroke="#7a4a16" stroke-width="3.6" stroke-dasharray="3.6 2.4"/>'
        '<circle r="15" fill="currentColor" stroke="#2b2118" stroke-width="1.2"/><circle r="11.2" fill="#d8c9a6"/>'
        '<circle cx="-6" cy="5" r="1.7" fill="#7a4a16"/><circle cx="6.5" cy="-4" r="1.3" fill="#7a4a16"/>'
    ),
    # a rotten fruit: a dark diamond with a rim of the owner's colour, its face a dull grey-brown
    "rotten": '<rect x="-12.5" y="-12.5" width="25" height="25" rx="2.5" transform="rotate(45)" fill="#3d2a16" '
              'stroke="#2b2118" stroke-width="5.6"/><rect x="-12.5" y="-12.5" width="25" height="25" rx="2.5" '
              'transform="rotate(45)" fill="#3d2a16" stroke="currentColor" stroke-width="3.2"/><circle r="8.6" fill="#9a8a6c"/>',
}

#: what each state draws of its crop on the token: (size, centre offset down, rotation)
CROP_ON_TOKEN = {"seed": (14.5, 4, 0), "ripe": (21, 0, 0), "spoiled": (19, 1, 32), "rotten": (14, 0, 0)}

PALM = (  # two paths, the trunk and the four fronds as one: the board draws some 70 palms, each a copy
    '<path d="M.6 7Q1.8 1.5-.2-3" stroke="#7a5230" stroke-width="1.7" fill="none"/>'
    '<path fill="#2f8a3a" stroke="#1c5a23" stroke-width=".5" d="M0-3Q-3.6-6.4-6.6-1.4Q-3.4-4-0-3ZM0-3Q3.6-6.4 6.6-1.4Q3.4-4 0-3Z'
    'M0-3Q-2.4-7.6-5.6-6.6Q-2.6-5.6 0-3ZM0-3Q2.4-7.6 5.6-6.6Q2.6-5.6 0-3Z"/>'
)

#: the hippo, seen from the side walking left: a barrel body, a big head with a broad pink-lipped muzzle,
#: small ears, an eye high on the head, nostrils on the snout, four short legs
HIPPO = (
    '<g stroke="#3b2f45" stroke-width="1" stroke-linejoin="round">'
    '<path d="M33 21.5v3.8h-3.6v-3.8M20 21.5v3.8h-3.6v-3.8" fill="#6f607c"/>'
    '<path d="M13 10.5C16 4.6 27 3.6 33.5 6.2C39 8.4 40.5 14 38.6 18.6C37.2 21.8 34 22.6 29 22.6H15.5Z" fill="#8e7f9c"/>'
    '<path d="M15.6 8C11.8 5.8 7.2 6.2 4.6 8.6C2.6 10.4 1.4 13 1.6 15.6C1.8 18.6 4.2 20.4 7.6 20.4C11 20.4 14 19.8 17 19.4Z" '
    'fill="#8e7f9c"/>'
    '<path d="M36.6 22.6v2.8h-3.4v-3.2M23.8 22.6v2.8h-3.6v-2.8" fill="#8e7f9c"/>'
    '<path d="M10.6 6.4Q10.2 3.6 12.4 3.8Q13.6 4.6 12.8 6.8M13.4 7.2Q13.8 4.6 15.6 5.4Q16.2 6.6 15.2 8.4" fill="#b7a6c4"/></g>'
    '<path d="M2.4 16.4Q7 18.4 11.6 16.2" stroke="#3b2f45" stroke-width=".9" fill="none" stroke-linecap="round"/>'
    '<path d="M2.6 17.2Q6.8 19.6 10.6 17.2Q7 18.8 2.6 17.2Z" fill="#e39aa8"/>'
    '<ellipse cx="4.6" cy="10.4" rx=".9" ry=".6" fill="#3b2f45"/><ellipse cx="7" cy="9.6" rx=".9" ry=".6" fill="#3b2f45"/>'
    '<circle cx="11.4" cy="9.4" r="1.7" fill="#fff" stroke="#3b2f45" stroke-width=".6"/><circle cx="11" cy="9.5" r=".8" fill="#231a2b"/>'
    '<path d="M38.8 12.6l1.2 2.4" stroke="#3b2f45" stroke-width="1" stroke-linecap="round"/>'
    '<path d="M22 10.2Q27 8 33 9.4" stroke="#b7a6c4" stroke-width="1.1" fill="none" stroke-linecap="round"/>'
)

#: a joker: a desert card held in hand (its sand colour and frame), a jester's cap with three bells on its face
JOKER = (
    '<rect x=".6" y=".6" width="18.8" height="26.8" rx="2.4" fill="#e9cf92" stroke="#7d5c22" stroke-width="1.2"/>'
    '<rect x="2.6" y="2.6" width="14.8" height="22.8" rx="1.4" fill="none" stroke="#b08a44" stroke-width=".7"/>'
    '<g stroke="#5b1a12" stroke-width=".8" stroke-linejoin="round">'
    '<path d="M4.6 18.6C4.4 14 3.4 11.4 2.8 9.4C5.4 10.4 7 12.2 8 14.4C8.6 11 9.2 8.6 10 6.4C10.8 8.6 11.4 11 12 14.4'
    'C13 12.2 14.6 10.4 17.2 9.4C16.6 11.4 15.6 14 15.4 18.6Z" fill="#c0392b"/>'
    '<path d="M8 14.4C8.6 11 9.2 8.6 10 6.4C10.8 8.6 11.4 11 12 14.4L10 18.6Z" fill="#2f7d4a"/>'
    '<rect x="4.2" y="18" width="11.6" height="3.2" rx="1" fill="#f2c94c"/></g>'
    '<g fill="#f2c94c" stroke="#5b1a12" stroke-width=".7"><circle cx="2.9" cy="9.2" r="1.5"/><circle cx="10" cy="6" r="1.5"/>'
    '<circle cx="17.1" cy="9.2" r="1.5"/></g>'
)

#: rot (a turned card's picture): a fruit gone brown and wrinkled, mould on it
ROT = (
    '<path d="M10 5.2C13.6 3.4 17.4 5.6 17.6 10C17.8 14.6 14.4 18.4 10 18.4C5.6 18.4 2.2 14.6 2.4 10C2.6 5.6 6.4 3.4 10 5.2Z" '
    'fill="#7a5a2a" stroke="#3d2a16" stroke-width="1"/>'
    '<path d="M6 9.4q2 1.6 4 0t4 0M5.6 13q2.2 1.4 4.4 0t4.4 0" stroke="#4d3517" stroke-width=".8" fill="none" stroke-linecap="round"/>'
    '<path d="M10 5.2Q10.4 2.4 12.4 1.2" stroke="#3d2a16" stroke-width="1.1" fill="none" stroke-linecap="round"/>'
    '<circle cx="5" cy="6.6" r="1.1" fill="#a9c25a"/><circle cx="14.2" cy="14.6" r="1.3" fill="#a9c25a"/>'
)

#: a card's arrow (the tide marker moves on, N8): a bold curved arrow
ARROW = ('<path d="M3 12.5A7 7 0 0 1 15.2 6.6" stroke="#2b2118" stroke-width="2.4" fill="none" stroke-linecap="round"/>'
         '<path d="M17.6 3.2L17.2 10.4L10.8 7.6Z" fill="#2b2118"/>')

#: the tide dial (N1): a half disc round (22, 23) in three areas, left to right as the marker moves on
DIAL_W, DIAL_H, DIAL_CX, DIAL_CY = 44, 25, 22, 23
#: where the needle points for each tide: its turn from straight up, in degrees
NEEDLE_TURN = {"flood": -60, "ebb1": 0, "ebb2": 60}


def _sector(a0: float, a1: float, r: float = 20) -> str:
    """A slice of the dial from angle a0 to a1 (degrees, counter-clockwise from the right)."""
    def at(a: float) -> str:
        return f"{n(DIAL_CX + r * math.cos(math.radians(a)))} {n(DIAL_CY - r * math.sin(math.radians(a)))}"
    return f"M{DIAL_CX} {DIAL_CY}L{at(a0)}A{r} {r} 0 0 1 {at(a1)}Z"


def _dial() -> str:
    return (
        f'<path d="{_sector(180, 120)}" fill="#2f6b9e"/><path d="{_sector(120, 60)}" fill="#6fa8d6"/>'
        f'<path d="{_sector(60, 0)}" fill="#e0b96a"/>'
        # Flood: two waves; Ebb 1: one; Ebb 2: the dry ground cracked
        '<path d="M5.6 17.2q2-1.6 4 0t4 0M7.4 12.2q2-1.6 4 0" stroke="#dbeefa" stroke-width="1.1" fill="none" stroke-linecap="round"/>'
        '<path d="M18.4 8.6q1.8-1.5 3.6 0t3.6 0" stroke="#f4fbff" stroke-width="1.1" fill="none" stroke-linecap="round"/>'
        '<path d="M32.4 12.4l2 2-1 2 2.4 2M36 9.6l-.6 2.4" stroke="#9a6f2a" stroke-width=".9" fill="none" stroke-linecap="round"'
        ' stroke-linejoin="round"/>'
        '<path d="M2 23A20 20 0 0 1 42 23Z" fill="none" stroke="#fff" stroke-width="1.4" stroke-linejoin="round"/>'
        '<path d="M22 23L12 5.7M22 23L32 5.7" stroke="#fff" stroke-width=".9"/>'
    )


#: the dial's needle, pointing straight up from the dial's centre (the board turns it to the tide)
NEEDLE = ('<path d="M22 5.6L24.2 22H19.8Z" fill="#fbf6e9" stroke="#2b2118" stroke-width=".8" stroke-linejoin="round"/>'
          '<circle cx="22" cy="22.4" r="2.6" fill="#2b2118" stroke="#fbf6e9" stroke-width=".8"/>')

#: the hippo as a small picture beside the words that name it (the N11 auction, the extra turn)
HIPPO_ICON = '<svg class="hippo-i" viewBox="0 0 41 26.5" aria-hidden="true" focusable="false"><use href="#banks-hippo"/></svg>'

SYMBOLS = "".join(
    [f'<symbol id="banks-crop-{crop}" viewBox="-10 -10 20 20">{art}</symbol>' for crop, art in CROP_ART.items()]
    + [f'<symbol id="banks-token-{state}" viewBox="-20 -20 40 40">{art}</symbol>' for state, art in TOKEN_ART.items()]
    + [
        # the cross over a rotten fruit
        '<symbol id="banks-rot-cross" viewBox="-10 -10 20 20"><path d="M-6-6L6 6M6-6L-6 6" stroke="#2b2118" '
        'stroke-width="3.6" stroke-linecap="round"/><path d="M-6-6L6 6M6-6L-6 6" stroke="#f1e3c2" stroke-width="1.8" '
        'stroke-linecap="round"/></symbol>',
        f'<symbol id="banks-palm" viewBox="-7 -8 14 15.5">{PALM}</symbol>',
        # a water card's ripples (its waves at the edges are drawn by the board: they are the rules')
        '<symbol id="banks-ripples" viewBox="0 0 60 40"><path d="M12 11q4-3 8 0t8 0M30 22q4-3 8 0t8 0M14 31q4-3 8 0t8 0" '
        'stroke="#d7ebff" stroke-width="1.8" fill="none" stroke-linecap="round" opacity=".75"/></symbol>',
        # a desert card: a low sun over two dunes
        '<symbol id="banks-desert" viewBox="0 0 60 40"><circle cx="44" cy="12" r="5.5" fill="#f6a623" stroke="#c77a12" stroke-width="1"/>'
        '<path d="M2 30Q16 16 30 28Q42 20 58 30V38H2Z" fill="#d6ad62"/>'
        '<path d="M2 30Q16 16 30 28Q42 20 58 30" fill="none" stroke="#a9823f" stroke-width="1.6"/>'
        '<path d="M8 36Q22 28 36 35" fill="none" stroke="#b8934a" stroke-width="1.2"/></symbol>',
        # the boat: a felucca, a wooden hull under a slanting sail
        '<symbol id="banks-boat" viewBox="0 0 24 16"><path d="M1.5 9.5h21l-4 5.5H5.5z" fill="#8a5a2b" stroke="#5b3a1a" stroke-width=".8"/>'
        '<path d="M13 9.5V2" stroke="#5b3a1a" stroke-width="1"/><path d="M6 8.5L19 .6Q16 5 14 8.5z" fill="#f7efdc" stroke="#5b3a1a" stroke-width=".8"/>'
        '</symbol>',
        # the obelisk: a tapering shaft of stone under a gilded tip
        '<symbol id="banks-obelisk" viewBox="0 0 10 24"><path d="M2 23.5L3.4 5.5H6.6L8 23.5Z" fill="#c9a862" stroke="#6e5423" stroke-width=".8"/>'
        '<path d="M3.4 5.5L5 1.5L6.6 5.5Z" fill="#f2c94c" stroke="#6e5423" stroke-width=".8"/>'
        '<path d="M4 9.5h2M4.2 13.5h1.6M4.1 17.5h1.8" stroke="#6e5423" stroke-width=".7"/><path d="M.5 23.5h9" stroke="#6e5423" stroke-width="1"/></symbol>',
        f'<symbol id="banks-hippo" viewBox="0 0 41 26.5">{HIPPO}</symbol>',
        f'<symbol id="banks-joker" viewBox="0 0 20 28">{JOKER}</symbol>',
        f'<symbol id="banks-rot" viewBox="0 0 20 20">{ROT}</symbol>',
        f'<symbol id="banks-arrow" viewBox="0 0 20 16">{ARROW}</symbol>',
        f'<symbol id="banks-dial" viewBox="0 0 {DIAL_W} {DIAL_H}">{_dial()}</symbol>',
        f'<symbol id="banks-needle" viewBox="0 0 {DIAL_W} {DIAL_H}">{NEEDLE}</symbol>',
    ]
)


def use(symbol: str, x: float, y: float, w: float, h: float | None = None, extra: str = "") -> str:
    """One of the symbols drawn in the box at (x, y), w wide (h high; square if None)."""
    return f'<use href="#banks-{symbol}" x="{n(x)}" y="{n(y)}" width="{n(w)}" height="{n(w if h is None else h)}"{extra}/>'


def palms(x: float, y: float, count: int, size: float = 13) -> str:
    """``count`` palm trees in a row from (x, y), each ``size`` wide."""
    return "".join(use("palm", x + i * (size - 1), y, size, size * 15.5 / 14) for i in range(count))


def token(state: str, crop: str, cx: float, cy: float) -> str:
    """A marker's token and its crop as the state draws them, centred on (cx, cy)."""
    size, down, turn = CROP_ON_TOKEN[state]
    rotate = f' transform="rotate({turn} {n(cx)} {n(cy + down)})"' if turn else ""
    out = use(f"token-{state}", cx - 20, cy - 20, 40) + use(f"crop-{crop}", cx - size / 2, cy + down - size / 2, size,
                                                             extra=rotate)
    if state == "rotten":
        out += use("rot-cross", cx - 10, cy - 10, 20)
    return out


def picture() -> str:
    """The home screen's picture: the Nile between two banks, a palm, a boat and two crops."""
    return (
        '<svg class="game-picture" viewBox="0 0 96 64" aria-hidden="true">'
        '<rect width="96" height="64" rx="8" fill="#e9d8a6"/><rect x="38" width="20" height="64" fill="#4f8fc0"/>'
        '<path d="M40 20q4-3 8 0t8 0M40 52q4-3 8 0t8 0" stroke="#dbeefa" fill="none" stroke-width="2"/>'
        + use("palm", 4, 22, 28, 31) + use("boat", 38, 28, 20, 13.3)
        + use("crop-grapes", 64, 12, 22) + use("crop-flax", 66, 36, 20) + '</svg>'
    )
