"""Boots of built sites side by side, alternating: navigation → ready, split at the app's marks.

    .venv/bin/python tools/build_site.py --out /tmp/a       # one build (say, at an older commit)
    .venv/bin/python tools/build_site.py --out /tmp/b       # another (the working tree)
    .venv/bin/python tools/bench/boot_paired.py /tmp/a /tmp/b [--rounds 4] [--floor] [--bare]

Each round loads every site once cold (a new profile) and twice warm (reloads: the service worker
serves it), the sites in turn, the order reversed every other round, so that the machine's drift
hits them alike: on a shared machine single boots differ by 10-20 % from one minute to the next,
more than most changes to the boot. ``--floor`` adds the last site with a main.py that does nothing
but mark itself ready (what PyScript and Pyodide cost without any of our Python), ``--bare`` the
bench's bare page (Pyodide's loadPyodide alone, tools/bench/bench-bare.*). Prints medians: ready, until
main.py runs (PyScript's and Pyodide's part), our imports and unpacking (``nile:start`` →
``nile:imported``), and the first screen. ``--returning`` boots every site with the storage of a player
in the middle of a game (``returning_storage`` of the bench's ``boot.py``) and adds when its board was first drawn
(``board``: the frame after a board is in the page, from the kept last screen or Python's). Warm loads come once the site's first visit has made its
memory snapshot (static/pyodide-boot.js), as a returning player's would.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "tools" / "bench")]

from boot import (  # noqa: E402 - tools/bench/boot.py: the browser part's probes (tools/bench is not a package)
    BOARD_JS,
    READY_PROBE,
    SEED_STORAGE_JS,
    SERVICE_WORKER_ACTIVE_JS,
    SNAPSHOT_JS,
    returning_storage,
)
from common import BOOT_TIMEOUT_MS, READY, add_bare_pages, launch_kwargs  # noqa: E402

FLOOR_MAIN = ('import js\njs.performance.mark("nile:start")\njs.performance.mark("nile:imported")\n'
              'js.document.getElementById("loading").remove()\njs.document.body.dataset.appState = "ready"\n')
SPLIT = """() => { const m = n => (performance.getEntriesByName(n)[0] || {}).startTime;
  return {ready: window.__benchReadyAt, start: m('nile:start'), imported: m('nile:imported')}; }"""


def sites(dists: list[str], floor: bool, bare: bool, tmp: Path) -> dict[str, tuple[Path, str]]:
    """name → (folder served, page) of every site to boot."""
    out = {Path(d).name or d: (Path(d), "") for d in dists}
    if floor or bare:
        extra = tmp / "floor"
        shutil.copytree(dists[-1], extra)
        (extra / "static" / "main.py").write_text(FLOOR_MAIN)
        pyodide = next((extra / "static" / "vendor").glob("pyodide-*")).name
        add_bare_pages(extra, f"static/vendor/{pyodide}")
        if floor:
            out["floor"] = (extra, "")
        if bare:
            out["bare"] = (extra, "bench-bare.html")
    return out


def boot(pw: Any, url: str, reloads: int, seed: dict[str, str] | None = None) -> list[dict[str, float]]:
    """One cold load of ``url`` in a new profile, then ``reloads`` warm ones: the marks of each. With
    ``seed``, the profile's storage holds those items first, and each load's ``board`` is noted."""
    with tempfile.TemporaryDirectory() as profile:
        ctx = pw.chromium.launch_persistent_context(profile, **launch_kwargs())
        ctx.add_init_script(READY_PROBE)
        if seed is not None:
            ctx.add_init_script(SEED_STORAGE_JS % json.dumps(seed))
        page = ctx.new_page()
        marks = []
        for i in range(1 + reloads):
            if i == 0:
                page.goto(url)
            else:
                page.wait_for_timeout(1500)  # the service worker installed and idle
                if i == 1 and not url.endswith("bench-bare.html"):  # and the memory snapshot made, if it makes one
                    page.evaluate(SNAPSHOT_JS)
                    page.evaluate(SERVICE_WORKER_ACTIVE_JS)  # and its service worker installed
                page.reload()
            page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
            marks.append(page.evaluate(SPLIT))
            if seed is not None:
                board = page.evaluate(BOARD_JS)
                marks[-1]["board"] = board["frame"] if board and board["frame"] is not None else float("nan")
        ctx.close()
    return marks


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dists", nargs="+", help="built sites (tools/build_site.py --out DIR)")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--floor", action="store_true", help="add the last site with a main.py that does nothing")
    ap.add_argument("--bare", action="store_true", help="add the bare Pyodide page")
    ap.add_argument("--returning", action="store_true", help="boot with a game in progress stored; note when the board shows")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        found = sites(args.dists, args.floor, args.bare, Path(tmp))
        servers, urls = [], {}
        for port, (name, (folder, page)) in enumerate(found.items(), 8701):
            servers.append(subprocess.Popen([sys.executable, str(ROOT / "tools" / "serve.py"), "--port", str(port), str(folder)],
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            urls[name] = f"http://127.0.0.1:{port}/{page}"
        time.sleep(1.5)
        results: dict[str, dict[str, list[dict[str, float]]]] = {n: {"cold": [], "warm": []} for n in found}
        try:
            with sync_playwright() as pw:
                # each site's own returning player: the kept last screen is the HTML that site draws (another
                # site's markup would be drawn with this site's stylesheet, and patched on the first render)
                seeds = {name: returning_storage(pw, argparse.Namespace(url=url))
                         for name, url in urls.items() if args.returning and not url.endswith("bench-bare.html")}
                for r in range(args.rounds):
                    for name in (list(found) if r % 2 == 0 else list(found)[::-1]):
                        try:
                            marks = boot(pw, urls[name], 2, seeds.get(name))
                        except Exception as error:  # (a page crashed: say which site, go on with the others)
                            print(f"round {r + 1}: {name} failed: {str(error).splitlines()[0]}", file=sys.stderr)
                            continue
                        results[name]["cold"].append(marks[0])
                        results[name]["warm"] += marks[1:]
        finally:
            for s in servers:
                s.terminate()
    for name, kinds in results.items():
        for kind, xs in kinds.items():
            def med(f: Any, xs: list[dict[str, float]] = xs) -> float:
                return statistics.median([f(x) for x in xs])

            line = f"{name:>12} {kind}: ready {med(lambda x: x['ready']):6.0f} ms"
            if xs and xs[0].get("start") is not None:
                line += (f" · until main.py {med(lambda x: x['start']):.0f} · imports {med(lambda x: x['imported'] - x['start']):.0f}"
                         f" · first screen {med(lambda x: x['ready'] - x['imported']):.0f}")
            if xs and "board" in xs[0]:
                line += f" · board shown {med(lambda x: x['board']):.0f}"
            print(f"{line}  (n={len(xs)})")


if __name__ == "__main__":
    main()
