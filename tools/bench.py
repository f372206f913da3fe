"""Nile's benchmark: engine speed, save loading, page boot, bytes of a first visit, click latency, slow networks and CPUs.

    .venv/bin/python tools/bench.py            # full run (a few minutes), after `make site`
    .venv/bin/python tools/bench.py --quick    # smoke run: small counts, same code paths
    .venv/bin/python tools/bench.py --parts engine,pyodide   # only some parts

Parts (all by default):

- ``engine``  complete random games per second (and actions per second) for 2–5 players, base
  game, in CPython, via ``nile.core.simulate.simulate`` without invariant checks; and loading a
  finished 5-player save (every variant on) with ``nile.games.load_save``. The code is
  ``tools/bench/engine_bench.py``, run by ``tools/bench/engine.py``.
- ``pyodide`` the same code, same seeds, in Pyodide under Node (``tools/bench/pyodide_engine.mjs``).
- ``browser`` Chromium (Playwright) against ``dist/`` served by ``tools/serve.py`` (production
  headers): navigation start → ``body[data-app-state=ready]``, cold and warm, for the game page
  and for a bare page that only boots the same vendored Pyodide; bytes of a first visit; and a
  returning player (a game in progress stored): navigation start → first frame showing the board
  (the last screen boot.js shows before Python is ready, else the app's first render) and → ready.
- ``clicks`` click → updated board latency over a 3-player game of Nile played through the UI (the
  issue's target is this game's p95).
- ``clicks-cape`` the same for a 3-player game of *Vom Kap bis Kairo* (played until a game is over
  after at least as many clicks); both in ``tools/bench/clicks.py``.
- ``bots``    each computer player's time per decision in the page's bot worker (Web Worker with its
  own Pyodide), median and p95, both games (``tools/bench/bots_bench.py``).
- ``memory``  the page's renderer process memory (RSS, PSS) at home and once its bot worker has
  started (``tools/bench/memory_bench.py``; Linux); and issue 42's guard, printed with its verdict: the page
  with its bot worker within 1.10× a bare Pyodide page with a bare Pyodide worker.

Issue 42's first visit (a fresh profile each load, ``dist/`` served gzip-encoded as Netlify serves it:
``tools/serve.py``'s ``--compress``):

- ``network`` over an emulated network (CDP ``Network.emulateNetworkConditions``: 10 Mbit/s with 40 ms,
  and 1.6 Mbit/s with 150 ms), the game and the bare Pyodide page in turn: navigation → ready, and the
  bytes transferred until then. Target: the game ready no later than bare Pyodide on both.
  ``--network-loads FAST,SLOW`` sets the rounds (full 2,1; ``--quick`` 1,0: a slow load takes ~40 s).
- ``tablet`` the CPU 4× slower (CDP ``Emulation.setCPUThrottlingRate``), beside 1×: first visits'
  "home shown" (navigation → the frame after ``#app`` first shows the home, prerendered or not) and
  ready; and click → next frame timed inside the page (the click event's ``timeStamp`` → the frame
  after the first mutation of ``#app``, rendered) over real mouse clicks on a game in play. Targets:
  home shown ≤ 0.5 s at 1× and ≤ 1.5 s at 4×; click p95 ≤ 60 ms at 4×.
- ``floor`` the decided cold ratio: the game's first-visit ready against the PyScript floor (the same
  site whose main.py does nothing, ``boot_paired.FLOOR_MAIN``), paired, the order reversed each round.
  Target ≤ 1.10× (the median of the rounds' ratios).

Issue 52's engines, side by side (``tools/bench/engines_bench.py``, through the cross-browser suite's driver
``tests/engines/driver.py``; ``make engines`` installs Firefox ESR, WebKitGTK's driver and Xvfb):

- ``engines`` Chromium, Firefox and WebKit in one table: a first visit's bytes and requests per path counted at the
  server (a path sent twice flagged) and navigation → ready; the returning board (a game in progress stored:
  → board shown, → ready, and after a reload); clicks during a Nile game p50/p95 timed in the page as ``tablet``
  times them (1×); the page's content process memory (RSS/PSS, peak with the bot worker running). Targets: bytes
  equal across engines, WebKit's memory ≤ 1.25× Chromium's, WebKit's click p95 ≤ 1.5× Chromium's. About 4–5
  minutes (``--quick`` about 2): ``.venv/bin/python tools/bench.py --parts engines``.

``network`` and ``floor`` are ``tools/bench/first_visit.py``, ``tablet`` is ``tools/bench/tablet.py``.

Chromium is ``$CHROMIUM``, else Debian's ``/usr/bin/chromium``, else Playwright's own; the full run
takes about 10 minutes on 2 vCPUs (the issue-42 parts: network ~2 min, tablet ~1.5–2 min, floor ~1 min;
the report's machine line gives each part's time), ``--quick`` about 3. Nothing is written to ``dist/``:
the bare page is served from a temporary directory that links to it.

Results: ``bench/results.json`` (everything, with every sample) and ``bench/results.md`` (the
table that is printed at the end, ``tools/bench/report.py``). Numbers are medians (of runs or samples);
see "How measured" in the table. What the parts share (serving ``dist/``, launching Chromium, percentiles,
the machine line, the targets) is ``tools/bench/common.py``; this file is the command line.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent / "bench"))  # the parts: tools/bench/*.py (not a package)

import boot  # noqa: E402
import engine  # noqa: E402
import first_visit  # noqa: E402
import tablet  # noqa: E402
from boot_paired import FLOOR_MAIN  # noqa: E402
from clicks import CLICK_GAMES, bench_clicks  # noqa: E402
from common import DIST, OUT, ROOT, SEED, TARGETS, Served, check_dist_fresh, launch_kwargs, log, machine  # noqa: E402
from report import report  # noqa: E402

PARTS = ("engine", "pyodide", "browser", "clicks", "clicks-cape", "bots", "memory", "network", "tablet", "floor", "engines")
FULL = {"players": [2, 3, 4, 5], "games": 40, "repeats": 7, "seed": SEED, "load_runs": 9,
        "loads": 7, "reloads": 2, "returning": 4, "clicks": 320, "clicks_cap": 1200, "redraws": 40, "bot_positions": 30, "memory_runs": 3,
        "network_loads": [2, 1], "tablet_loads": 2, "tablet_clicks": 120, "floor_rounds": 4,
        "engine_loads": 2, "engine_clicks": 60, "engine_bot_seconds": 15}
QUICK = {"players": [2, 3, 4, 5], "games": 6, "repeats": 2, "seed": SEED, "load_runs": 3,
         "loads": 2, "reloads": 1, "returning": 1, "clicks": 40, "clicks_cap": 40, "redraws": 10, "bot_positions": 5, "memory_runs": 1,
         "network_loads": [1, 0], "tablet_loads": 1, "tablet_clicks": 12, "floor_rounds": 2,
         "engine_loads": 1, "engine_clicks": 15, "engine_bot_seconds": 8}
#: the parts that load the built site in Chromium
BROWSER_PARTS = {"browser", *CLICK_GAMES, "bots", "memory", "network", "tablet", "floor"}


# ====================================================================== the parts in Chromium
def browser_parts(parts: list[str], cfg: dict[str, Any], res: dict[str, Any], timed: Callable[[str, Callable[[], Any]], Any]) -> None:
    """The parts that load the built site in Chromium, each into ``res`` under its key."""
    if not (DIST / "index.html").exists():
        raise SystemExit("dist/ is missing: run `make site` first")
    stale = check_dist_fresh()
    if stale:
        log(f"WARNING: dist/ is older than the sources ({', '.join(stale[:3])}); run `make site` for current numbers")
        res["dist_stale"] = stale
    from playwright.sync_api import sync_playwright

    served = Served()
    res["pyodide_version"] = served.pyodide_version
    # issue 42's first visits: the site as Netlify sends it (gzip), and the PyScript floor beside it
    # (a second or so to set up: the files are compressed once, shared by both)
    netlify = Served(compress=True)
    floor = Served(compress=True, main_py=FLOOR_MAIN)
    # ... and the floor on Pyodide's own standard library (the page ships a cut one, tools/stdlib.py)
    stock_floor = Served(compress=True, main_py=FLOOR_MAIN, stock_stdlib=True)
    try:
        with sync_playwright() as pw:
            runs: list[tuple[str, str, Callable[[], Any]]] = [
                ("browser", "browser", lambda: boot.bench_browser(pw, served, cfg)),
                ("bots", "bots", lambda: bots_part(pw, served, cfg)),
                ("memory", "memory", lambda: memory_part(pw, served, cfg)),
                *((name, key, functools.partial(bench_clicks, pw, served, cfg, game)) for name, (game, key) in CLICK_GAMES.items()),
                ("network", "network", lambda: first_visit.bench_network(pw, netlify, cfg)),
                ("tablet", "tablet", lambda: tablet.bench_tablet(pw, netlify, cfg)),
                ("floor", "floor", lambda: first_visit.bench_floor(pw, netlify, floor, stock_floor, cfg)),
            ]
            for name, key, run in runs:
                if name in parts:
                    res[key] = timed(name, run)
                    if name in CLICK_GAMES:
                        res["chromium"] = res[key]["chromium"]
            if "chromium" not in res:
                b = pw.chromium.launch(**{k: v for k, v in launch_kwargs().items() if k != "viewport"})
                res["chromium"] = b.version
                b.close()
    finally:
        for server in (served, netlify, floor, stock_floor):
            server.close()


def bots_part(pw: Any, served: Served, cfg: dict[str, Any]) -> Any:
    import bots_bench  # tools/bench/bots_bench.py (it imports the bots: only when they run)

    return bots_bench.bench_bots_part(pw, served, cfg)


def memory_part(pw: Any, served: Served, cfg: dict[str, Any]) -> Any:
    import memory_bench  # tools/bench/memory_bench.py

    return memory_bench.bench_memory_part(pw, served, cfg)


# ====================================================================== main
def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small counts: a smoke run of every part")
    ap.add_argument("--parts", default=",".join(PARTS), help=f"comma-separated subset of {','.join(PARTS)}")
    ap.add_argument("--loads", type=int, help="browser: fresh profiles per page (and returning-player profiles), instead of the mode's")
    ap.add_argument("--network-loads", metavar="FAST,SLOW", help="network: rounds over each network, instead of the mode's "
                    "(full 2,1; --quick 1,0: a load over the slow network takes ~40 s)")
    ap.add_argument("--out", default=str(OUT), help="where results.json and results.md go (default bench/)")
    ap.add_argument("--trace", metavar="FILE", help="clicks: write a Chromium trace of the game's clicks to FILE "
                    "(read it with tools/bench/trace_clicks.py; tracing slows the clicks a little)")
    ap.add_argument("--profile", metavar="FILE", help="clicks: write a CPU profile of the page's scripts during the "
                    "game's clicks to FILE (.cpuprofile: Chromium DevTools opens it; sampling slows the clicks a little)")
    args = ap.parse_args()
    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    unknown = set(parts) - set(PARTS)
    if unknown:
        ap.error(f"unknown part(s): {', '.join(sorted(unknown))}")
    cfg = dict(QUICK if args.quick else FULL)
    cfg.update({k: v for k, v in (("trace", args.trace), ("profile", args.profile)) if v})
    if args.network_loads:
        cfg["network_loads"] = [int(x) for x in args.network_loads.split(",")]
    if args.loads:
        cfg["loads"] = args.loads
        cfg["returning"] = args.loads
    wall = time.monotonic()
    res: dict[str, Any] = {"mode": "quick" if args.quick else "full", "config": cfg, "machine": machine(), "targets": TARGETS}

    seconds: dict[str, float] = {}  # each part's wall time
    res["part_seconds"] = seconds

    def timed(name: str, run: Callable[[], Any]) -> Any:
        t = time.monotonic()
        try:
            return run()
        finally:
            seconds[name] = round(time.monotonic() - t, 1)

    if "engine" in parts:
        res["cpython"] = timed("engine", lambda: engine.bench_cpython(cfg))
    if "pyodide" in parts:
        res["pyodide"] = timed("pyodide", lambda: engine.bench_pyodide(cfg))
        res["pyodide_version"] = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"]
    if BROWSER_PARTS & set(parts):
        browser_parts(parts, cfg, res, timed)
    if "engines" in parts:
        import engines_bench  # tools/bench/engines_bench.py (it imports the cross-browser suite's driver)

        if not (DIST / "index.html").exists():
            raise SystemExit("dist/ is missing: run `make site` first")
        res["engines"] = timed("engines", lambda: engines_bench.bench_engines(cfg))
        res.setdefault("chromium", res["engines"]["engines"].get("chromium", {}).get("version", "?").split(" ")[-1])
    res["machine"]["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    res["wall_seconds"] = round(time.monotonic() - wall, 1)
    table = report(res)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps(res, indent=1, ensure_ascii=False) + "\n")
    (out / "results.md").write_text(table)
    print(table)
    log(f"wrote {out / 'results.json'} and {out / 'results.md'} in {res['wall_seconds']} s")


if __name__ == "__main__":
    main()
