"""Do the player colours survive colour-blindness? The palette (``.p-<colour> { --pc: … }`` in static/app.css) is
simulated for protanopia and deuteranopia (and tritanopia, for the record) with the matrices of Machado, Oliveira
and Fernandes (2009, severity 1.0, applied to linear sRGB), and the smallest CIEDE2000 difference between two
players' colours is printed for normal vision and each simulation, with the closest pair.

    .venv/bin/python tools/colour_check.py [--min 20]     exit 1 if a minimum is below --min

A ΔE00 of about 2 is just noticeable side by side; markers on a board are small and seen apart, so we want
every pair well clear (≥ 20) and keep the owner's letter on every marker and pawn as the second cue.
"""

from __future__ import annotations

import argparse
import itertools
import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CSS = ROOT / "static" / "app.css"

#: Machado, Oliveira & Fernandes 2009, "A Physiologically-based Model for Simulation of Color Vision
#: Deficiency", severity 1.0 (linear RGB → linear RGB)
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def palette(css: str) -> dict[str, str]:
    """Each player colour's ``--pc`` (the colour of its markers, pawns and cards)."""
    return dict(re.findall(r"\.p-(\w+)\s*\{\s*--pc:\s*(#[0-9a-fA-F]{6})", css))


def linear(hex_colour: str) -> tuple[float, float, float]:
    def one(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return one(r), one(g), one(b)


def simulate(rgb: tuple[float, float, float], kind: str | None) -> tuple[float, float, float]:
    if kind is None:
        return rgb
    m = MACHADO[kind]
    out = [sum(m[i][j] * rgb[j] for j in range(3)) for i in range(3)]
    return min(1.0, max(0.0, out[0])), min(1.0, max(0.0, out[1])), min(1.0, max(0.0, out[2]))


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    L1, a1, b1 = a
    L2, a2, b2 = b
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = L2 - L1, c2p - c1p
    dh = 0.0 if c1p * c2p == 0 else (h2p - h1p if abs(h2p - h1p) <= 180 else h2p - h1p - 360 * math.copysign(1, h2p - h1p))
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh) / 2)
    l_bar, c_bar_p = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c, s_h = 1 + 0.045 * c_bar_p, 1 + 0.015 * c_bar_p * t
    r_t = (-2 * math.sqrt(c_bar_p ** 7 / (c_bar_p ** 7 + 25 ** 7))
           * math.sin(math.radians(60 * math.exp(-(((h_bar - 275) / 25) ** 2)))))
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (dc / s_c) * (d_h / s_h))


def report(colours: dict[str, str]) -> list[tuple[str, float, str, str]]:
    """(vision, smallest ΔE00, pair) for normal vision and each simulation."""
    rows = []
    for kind in (None, *MACHADO):
        seen = {name: lab(simulate(linear(hex_colour), kind)) for name, hex_colour in colours.items()}
        d, x, y = min((ciede2000(seen[x], seen[y]), x, y) for x, y in itertools.combinations(seen, 2))
        rows.append((kind or "normal", d, x, y))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--min", type=float, default=0.0, help="fail if a simulated minimum ΔE00 is below this")
    args = ap.parse_args()
    colours = palette(CSS.read_text())
    print("palette:", ", ".join(f"{k} {v}" for k, v in colours.items()))
    worst = math.inf
    for vision, d, x, y in report(colours):
        print(f"{vision:13} min ΔE00 {d:5.1f}  ({x} / {y})")
        if vision in ("protanopia", "deuteranopia"):
            worst = min(worst, d)
    sys.exit(1 if worst < args.min else 0)


if __name__ == "__main__":
    main()
