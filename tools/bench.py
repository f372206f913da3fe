"""Nile's benchmark: engine speed, save loading, page boot, bytes of a first visit, click latency.

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
  started (``tools/bench/memory_bench.py``; Linux).

Chromium is ``$CHROMIUM``, else Debian's ``/usr/bin/chromium``, else Playwright's own; the full run
takes about 4–5 minutes on 2 vCPUs. Nothing is written to ``dist/``: the bare page is served from a
temporary directory that links to it.

Results: ``bench/results.json`` (everything, with every sample) and ``bench/results.md`` (the
table that is printed at the end, ``tools/bench/report.py``). Numbers are medians (of runs or samples);
see "How measured" in the table. What the parts share (serving ``dist/``, launching Chromium, percentiles,
the machine line, the targets) is ``tools/bench/common.py``; this file is the command line.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent / "bench"))  # the parts: tools/bench/*.py (not a package)

import boot  # noqa: E402
import engine  # noqa: E402
from clicks import CLICK_GAMES, bench_clicks  # noqa: E402
from common import DIST, OUT, ROOT, SEED, TARGETS, Served, check_dist_fresh, launch_kwargs, log, machine  # noqa: E402
from report import report  # noqa: E402

PARTS = ("engine", "pyodide", "browser", "clicks", "clicks-cape", "bots", "memory")
FULL = {"players": [2, 3, 4, 5], "games": 40, "repeats": 7, "seed": SEED, "load_runs": 9,
        "loads": 7, "reloads": 2, "returning": 4, "clicks": 320, "clicks_cap": 1200, "redraws": 40, "bot_positions": 30, "memory_runs": 3}
QUICK = {"players": [2, 3, 4, 5], "games": 6, "repeats": 2, "seed": SEED, "load_runs": 3,
         "loads": 2, "reloads": 1, "returning": 1, "clicks": 40, "clicks_cap": 40, "redraws": 10, "bot_positions": 5, "memory_runs": 1}


# ====================================================================== main
def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small counts: a smoke run of every part")
    ap.add_argument("--parts", default=",".join(PARTS), help=f"comma-separated subset of {','.join(PARTS)}")
    ap.add_argument("--loads", type=int, help="browser: fresh profiles per page (and returning-player profiles), instead of the mode's")
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
    if args.loads:
        cfg["loads"] = args.loads
        cfg["returning"] = args.loads
    wall = time.monotonic()
    res: dict[str, Any] = {"mode": "quick" if args.quick else "full", "config": cfg, "machine": machine(), "targets": TARGETS}

    if "engine" in parts:
        res["cpython"] = engine.bench_cpython(cfg)
    if "pyodide" in parts:
        res["pyodide"] = engine.bench_pyodide(cfg)
        res["pyodide_version"] = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"]
    if {"browser", *CLICK_GAMES, "bots", "memory"} & set(parts):
        if not (DIST / "index.html").exists():
            raise SystemExit("dist/ is missing: run `make site` first")
        stale = check_dist_fresh()
        if stale:
            log(f"WARNING: dist/ is older than the sources ({', '.join(stale[:3])}); run `make site` for current numbers")
            res["dist_stale"] = stale
        from playwright.sync_api import sync_playwright

        served = Served()
        res["pyodide_version"] = served.pyodide_version
        try:
            with sync_playwright() as pw:
                if "browser" in parts:
                    res["browser"] = boot.bench_browser(pw, served, cfg)
                if "bots" in parts:
                    import bots_bench  # tools/bench/bots_bench.py (it imports the bots: only when they run)

                    res["bots"] = bots_bench.bench_bots_part(pw, served, cfg)
                if "memory" in parts:
                    import memory_bench  # tools/bench/memory_bench.py

                    res["memory"] = memory_bench.bench_memory_part(pw, served, cfg)
                for part_name, (game, key) in CLICK_GAMES.items():
                    if part_name in parts:
                        res[key] = bench_clicks(pw, served, cfg, game)
                        res["chromium"] = res[key]["chromium"]
                if "chromium" not in res:
                    b = pw.chromium.launch(**{k: v for k, v in launch_kwargs().items() if k != "viewport"})
                    res["chromium"] = b.version
                    b.close()
        finally:
            served.close()
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
