"""The Python half of a click, alone: a seeded 3-player game played by clicks through the
Controller, timing ``Controller.handle`` and ``render_screen`` for each click (no browser, no DOM).

    .venv/bin/python tools/bench/render_bench.py [--rounds 3] [--clicks 900] [--profile] [--game cape]
    node tools/pyodide_run.mjs tools/bench/render_bench.py --rounds 3     # the same in Pyodide

The clicker is the random player of tests/web/test_memo.py's kind (seed 1, the targets and buttons a
screen offers); every run plays the same game. Prints, per round, the handler's and the render's
p50 / p95 / mean in milliseconds (Pyodide runs Python about 1.2-1.6x slower than CPython here), and
with ``--profile`` the functions that take the render's time. Read it before and after a change to the
drawing code: unlike the browser's click bench, it is steady to a few per cent on a busy machine.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from html.parser import HTMLParser
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from nile.games import load_save  # noqa: E402
from nile.web.controller import GAME, Controller  # noqa: E402
from nile.web.render import render_screen  # noqa: E402
from nile.web.storage import Library, MemoryStore  # noqa: E402

#: what moves a game on: the clicker clicks only these (targets on the board, buttons of the panel)
PLAYS = {"pick", "act", "confirm", "bid-change", "bid-submit", "reveal-bidder", "moment-close", "lesson-close"}


class _Offered(HTMLParser):
    """The (intent, value) of every target and button a screen offers to move the game on."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        intent = a.get("data-i")
        if intent in PLAYS and "disabled" not in a:
            if intent != "pick" or {"act", "sel", "target"} & set((a.get("class") or "").split()):
                self.found.append((intent, a.get("data-v") or ""))


def offered(html: str) -> list[tuple[str, str]]:
    parser = _Offered()
    parser.feed(html)
    return parser.found


def play(clicks: int, seed: int = 7, profile: Any = None, game: str = "banks") -> list[tuple[float, float]]:
    """(handler seconds, render seconds) of each click of one game of ``game`` (``profile``: a
    cProfile.Profile switched on for the handler and the render only, not for the clicker)."""
    c = Controller(Library(MemoryStore(), load_save), lambda: seed)
    c.handle("new", game)
    c.handle("setup-count", "3")
    c.handle("start-game")
    assert c.screen == GAME
    rng = random.Random(1)
    out = []
    for _ in range(clicks):
        html = render_screen(c).html
        if c.state is None or c.state.is_terminal():
            break
        plays = offered(html)
        if not plays:
            break
        intent, value = rng.choice(plays)
        if profile is not None:
            profile.enable()
        t0 = time.perf_counter()
        c.handle(intent, value)
        t1 = time.perf_counter()
        render_screen(c)
        t2 = time.perf_counter()
        if profile is not None:
            profile.disable()
        out.append((t1 - t0, t2 - t1))
    return out


def _stats(xs: list[float]) -> str:
    xs = sorted(xs)
    return (f"p50 {1000 * xs[len(xs) // 2]:.2f} p95 {1000 * xs[int(len(xs) * 0.95)]:.2f} "
            f"mean {1000 * statistics.fmean(xs):.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--clicks", type=int, default=900)
    ap.add_argument("--profile", action="store_true", help="profile one round: where the render's time goes")
    ap.add_argument("--game", default="banks", help="the game played: banks (the default) or cape")
    args = ap.parse_args()
    print(f"{sys.implementation.name} {sys.version.split()[0]} on {sys.platform}")
    for r in range(args.rounds):
        times = play(args.clicks, game=args.game)
        print(f"round {r + 1}: {len(times)} clicks · handle {_stats([t[0] for t in times])} · "
              f"render {_stats([t[1] for t in times])} ms")
    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        play(args.clicks, profile=prof, game=args.game)
        pstats.Stats(prof).sort_stats("tottime").print_stats(30)


if __name__ == "__main__":
    main()
