"""Nile's benchmark: engine speed, save loading, page boot, bytes of a first visit, click latency.

    .venv/bin/python tools/bench.py            # full run (a few minutes), after `make site`
    .venv/bin/python tools/bench.py --quick    # smoke run: small counts, same code paths
    .venv/bin/python tools/bench.py --parts engine,pyodide   # only some parts

Parts (all by default):

- ``engine``  complete random games per second (and actions per second) for 2–5 players, base
  game, in CPython, via ``nile.core.simulate.simulate`` without invariant checks; and loading a
  finished 5-player save (every variant on) with ``nile.games.load_save``. The code is
  ``tools/bench/engine_bench.py``.
- ``pyodide`` the same code, same seeds, in Pyodide under Node (``tools/bench/pyodide_engine.mjs``).
- ``browser`` Chromium (Playwright) against ``dist/`` served by ``tools/serve.py`` (production
  headers): navigation start → ``body[data-app-state=ready]``, cold and warm, for the game page
  and for a bare page that only boots the same vendored Pyodide; bytes of a first visit; and a
  returning player (a game in progress stored): navigation start → first frame showing the board
  (the last screen boot.js shows before Python is ready, else the app's first render) and → ready.
- ``clicks`` click → updated board latency over a 3-player game of Nile played through the UI (the
  issue's target is this game's p95).
- ``clicks-cape`` the same for a 3-player game of *Vom Kap bis Kairo* (played until a game is over
  after at least as many clicks).
- ``bots``    each computer player's time per decision in the page's bot worker (Web Worker with its
  own Pyodide), median and p95, both games (``tools/bench/bots_bench.py``).
- ``memory``  the page's renderer process memory (RSS, PSS) at home and once its bot worker has
  started (``tools/bench/memory_bench.py``; Linux).

Chromium is ``$CHROMIUM``, else Debian's ``/usr/bin/chromium``, else Playwright's own; the full run
takes about 4–5 minutes on 2 vCPUs. Nothing is written to ``dist/``: the bare page is served from a
temporary directory that links to it.

Results: ``bench/results.json`` (everything, with every sample) and ``bench/results.md`` (the
table that is printed at the end). Numbers are medians (of runs or samples); see "How measured"
in the table.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import functools
import gzip
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
HERE = ROOT / "tools" / "bench"
OUT = ROOT / "bench"
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(HERE)]

from slim import page_copy, read_package  # noqa: E402 - tools/ is not a package

PARTS = ("engine", "pyodide", "browser", "clicks", "clicks-cape", "bots", "memory")
#: the game each clicks part plays (its value of the New game button) and the result's key
CLICK_GAMES = {"clicks": ("banks", "clicks"), "clicks-cape": ("cape", "clicks_cape")}
SEED = 20240601
FULL = {"players": [2, 3, 4, 5], "games": 40, "repeats": 7, "seed": SEED, "load_runs": 9,
        "loads": 7, "reloads": 2, "returning": 4, "clicks": 320, "clicks_cap": 1200, "redraws": 40, "bot_positions": 30, "memory_runs": 3}
QUICK = {"players": [2, 3, 4, 5], "games": 6, "repeats": 2, "seed": SEED, "load_runs": 3,
         "loads": 2, "reloads": 1, "returning": 1, "clicks": 40, "clicks_cap": 40, "redraws": 10, "bot_positions": 5, "memory_runs": 1}
# the issue "A table-worthy experience" ("Feel instant"): click → next frame p95 ≤ 25 ms; a returning
# player's board shown within 300 ms of navigation; ready within 1.10× a bare Pyodide boot
#: the games' names in the report
GAME_TITLES = {"banks": "An den Ufern des Nils", "cape": "Vom Kap bis Kairo"}
TARGETS = {"engine_4p_games_per_second": 20.0, "ready_ratio": 1.10, "click_p95_ms": 25.0, "board_shown_ms": 300.0}

CHROMIUM = os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY = "body[data-app-state=ready]"
BOOT_TIMEOUT_MS = 120_000
# Run in every document before its own scripts (CDP, so the CSP does not apply): notes
# performance.now() -- milliseconds since the navigation started -- when the app marks itself ready,
# and when #app first shows a game (a `.game` section or a `.board`): the time of that DOM change and
# of the next animation frame (when it is painted), and whether the app was ready by then.
READY_PROBE = """(() => {
  const mark = () => {
    if (!window.__benchReadyAt && document.body && document.body.dataset.appState === "ready")
      window.__benchReadyAt = performance.now();
  };
  new MutationObserver(mark).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-app-state"]});
  // PyScript's own progress: when it starts and ends loading the interpreter (the boot's split)
  window.__benchSteps = {};
  addEventListener("py:progress", (e) => { if (typeof e.detail === "string") window.__benchSteps[e.detail] ??= performance.now(); });
  const board = () => {
    if (window.__benchBoard || !document.querySelector("#app > .game, #app .board")) return;
    const seen = {dom: performance.now(), ready: !!(document.body && document.body.dataset.appState === "ready"), frame: null};
    window.__benchBoard = seen;
    requestAnimationFrame(() => { seen.frame = performance.now(); });
  };
  new MutationObserver(board).observe(document, {subtree: true, childList: true});
})();"""
#: a returning player comes back to an installed service worker (the page registers it once it is ready):
#: waits until one is active (true), or 30 s (false)
SERVICE_WORKER_ACTIVE_JS = ("() => 'serviceWorker' in navigator && Promise.race([navigator.serviceWorker.ready.then(() => true), "
                            "new Promise(r => setTimeout(() => r(false), 30000))])")
# The clicks and the bots are timed on a page as a player has it once the first visit's one-time work is done:
# that visit's page makes the memory snapshot for the next start (static/pyodide-boot.js) a few seconds after it
# is ready, a second Pyodide starting in a worker for some 4 s of CPU; in a fresh context it ran through the
# middle of the clicks (a 9 s run) on this 2-core machine and slowed the clicks it met by a third (a trace of
# Kap's clicks: p50/p95 18.9/30.8 ms during it, 14.5/23 ms otherwise). Its wait for the player's pause does not see
# the bench's clicks (`el.click()` presses no pointer or key). Switched off there, as the browser tests do.
NO_SNAPSHOT_JS = "window.nileSnapshotOff = true;"
# After a first visit the page makes a memory snapshot for the next start (static/pyodide-boot.js): a
# returning player's warm loads come after it, as they would (it is made a few seconds after ready, once no key or
# pointer has been pressed for a while: these pages press none).
SNAPSHOT_JS = """() => new Promise((resolve) => {
  const started = performance.now();
  const check = () => {
    const now = window.nileSnapshot || "";
    if (now && now !== "none") resolve(now);
    else if (performance.now() - started > 90000) resolve(now || "(no answer)");
    else setTimeout(check, 250);
  };
  check();
})"""
# A returning player's storage (a game in progress, and the screen the app keeps for the next load),
# written into a fresh profile before the page's first script runs, once.
SEED_STORAGE_JS = """(items => {
  try {
    if (location.pathname.endsWith("bench-bare.html") || localStorage.getItem("nile:bench-seeded")) return;
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
    localStorage.setItem("nile:bench-seeded", "1");
  } catch (e) {}
})(%s);"""
#: already compressed: counted as they are in the "compressed" column
COMPRESSED_SUFFIXES = (".zip", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff", ".woff2", ".gz", ".br")


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def median(xs: list[float]) -> float | None:
    return round(statistics.median(xs), 2) if xs else None


def percentile(xs: list[float], p: float) -> float | None:
    """Nearest-rank percentile (p in 0..100)."""
    if not xs:
        return None
    s = sorted(xs)
    k = max(0, min(len(s) - 1, int(round(p / 100 * len(s) + 0.5)) - 1))
    return round(s[k], 2)


def ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 2) if a and b else None


# ====================================================================== the machine
def run_text(cmd: list[str]) -> str:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=30, cwd=ROOT).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def machine() -> dict[str, Any]:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        cpu = platform.processor()
    commit = run_text(["git", "rev-parse", "--short", "HEAD"])
    dirty = bool(run_text(["git", "status", "--porcelain", "--untracked-files=no"]))
    return {
        "date": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat(),
        "cpu": cpu or "unknown",
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "node": run_text(["node", "--version"]),
        "os": platform.platform(),
        "git": commit + (" (with uncommitted changes)" if dirty else ""),
        "load_average_start": [round(x, 2) for x in os.getloadavg()],
    }


# ====================================================================== engine
def engine_config(cfg: dict[str, Any]) -> dict[str, Any]:
    return {k: cfg[k] for k in ("players", "games", "repeats", "seed", "load_runs")}


def bench_cpython(cfg: dict[str, Any]) -> dict[str, Any]:
    import engine_bench  # tools/bench/engine_bench.py

    log(f"engine (CPython): {cfg['games']} games x {cfg['repeats']} runs per player count ...")
    return engine_bench.run(engine_config(cfg))


def bench_pyodide(cfg: dict[str, Any]) -> dict[str, Any]:
    log(f"engine (Pyodide under Node): {cfg['games']} games x {cfg['repeats']} runs per player count ...")
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run(["node", str(HERE / "pyodide_engine.mjs"), json.dumps(engine_config(cfg))],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=1200)
    if proc.returncode != 0:
        raise RuntimeError(f"Pyodide engine run failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


# ====================================================================== serving dist/ plus the bare page
class Served:
    """dist/ (symlinked, untouched) plus bench-bare.html/.js in a temp dir, served by tools/serve.py
    with the production headers; every response body is logged (time, path, bytes)."""

    def __init__(self) -> None:
        import serve  # tools/serve.py

        vendor = sorted((DIST / "static" / "vendor").glob("pyodide-*"))
        if not vendor:
            raise SystemExit("dist/static/vendor/pyodide-* is missing: run `make site` first")
        self.pyodide_dir = f"static/vendor/{vendor[-1].name}"
        self.pyodide_version = vendor[-1].name.split("-", 1)[1]
        self.dir = Path(tempfile.mkdtemp(prefix="nile-bench-site-"))
        for entry in DIST.iterdir():
            (self.dir / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
        for name in ("bench-bare.html", "bench-bare.js", "bench-bare-worker.js"):
            text = (HERE / name).read_text().replace("{{PYODIDE_DIR}}", self.pyodide_dir)
            (self.dir / name).write_text(text)
        self.log: list[tuple[float, str, int]] = []
        entries = self.log

        class Counting(serve.Handler):
            def copyfile(self, source, outputfile) -> None:  # noqa: ANN001
                n = 0
                while chunk := source.read(256 * 1024):
                    outputfile.write(chunk)
                    n += len(chunk)
                entries.append((time.monotonic(), self.path.split("?", 1)[0], n))

        self.server = serve.make_server(self.dir, port=0)
        self.server.RequestHandlerClass = functools.partial(Counting, directory=str(self.dir))
        self.thread = threading.Thread(target=self.server.serve_forever, name="bench-server", daemon=True)
        self.thread.start()
        host, port = self.server.server_address[:2]
        self.url = f"http://{host}:{port}/"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)
        shutil.rmtree(self.dir, ignore_errors=True)

    def file(self, url_path: str) -> Path:
        path = url_path.lstrip("/") or "index.html"
        return self.dir / (path + "index.html" if path.endswith("/") else path)


def check_dist_fresh() -> list[str]:
    """nile/*.py files whose page copy differs from dist/nile.tar.gz's (the page would run other code)."""
    try:
        built = read_package(DIST / "nile.tar.gz")
    except (OSError, tarfile.TarError):
        return ["dist/nile.tar.gz"]
    stale = []
    for path in sorted((ROOT / "nile").rglob("*.py")):
        if "__pycache__" not in path.parts and built.get(str(path.relative_to(ROOT))) != page_copy(path):
            stale.append(str(path.relative_to(ROOT)))
    return stale


# ====================================================================== browser: boot time and bytes
def launch_kwargs() -> dict[str, Any]:
    kw: dict[str, Any] = {"headless": True, "args": LAUNCH_ARGS, "viewport": {"width": 1280, "height": 800}}
    if CHROMIUM:
        kw["executable_path"] = CHROMIUM
    return kw


# The boot's split: PyScript's progress events (when it starts and has loaded the interpreter), the
# marks static/main.py and nile.web.app.main set (Python starts our code; our imports are done), the
# ready mark, and when the page asked for the wasm (resource timeline).
PHASES_JS = """() => {
  const find = name => performance.getEntriesByType('resource').find(e => e.name.split('?')[0].endsWith(name));
  const mark = name => { const m = performance.getEntriesByName(name, 'mark')[0]; return m ? m.startTime : null; };
  const wasm = find('/pyodide.asm.wasm'), steps = window.__benchSteps || {};
  return {interpreter_start: steps['Loading interpreter'] ?? null, interpreter_end: steps['Loaded interpreter'] ?? null,
          main_start: mark('nile:start'), imported: mark('nile:imported'),
          wasm_start: wasm ? wasm.startTime : null, ready: window.__benchReadyAt || null};
}"""


def wait_ready(page: Any, started: float) -> float:
    """Wait for the ready mark; ms from navigation start (in-page clock, else the outer clock)."""
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    outer = (time.monotonic() - started) * 1000
    inner = page.evaluate("() => window.__benchReadyAt || null")
    return round(inner if inner else outer, 1)


def watch(context: Any, origin: str, foreign: list[str]) -> None:
    """Note every request to another host. Only watched, not routed: Playwright's routing turns
    Chromium's HTTP cache off, which would make warm loads cold and double first-visit downloads."""

    def seen(request: Any) -> None:
        url = request.url
        if not (url.startswith(origin) or url.startswith(("data:", "blob:"))):
            foreign.append(url)

    context.on("request", seen)


def wait_quiet(served: Served, quiet_s: float = 1.0, limit_s: float = 30.0) -> None:
    """Until the server has sent nothing for quiet_s seconds."""
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        last = served.log[-1][0] if served.log else 0.0
        if time.monotonic() - last >= quiet_s:
            return
        time.sleep(0.2)


BOARD_JS = """async () => {
  const b = window.__benchBoard;
  if (b && b.frame === null) await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  return b ? {dom: b.dom, frame: b.frame, ready: b.ready} : null;
}"""


def one_context(pw: Any, served: Served, page_name: str, reloads: int, record_bytes: bool,
                foreign: list[str], seed: dict[str, str] | None = None) -> dict[str, Any]:
    """A fresh profile: one cold load, then ``reloads`` warm reloads of the same persistent context.
    With ``seed``, the profile's localStorage holds those items before the first load."""
    url = served.url + ("bench-bare.html" if page_name == "bare" else "")
    profile = tempfile.mkdtemp(prefix="nile-bench-profile-")
    out: dict[str, Any] = {"cold": None, "warm": []}
    try:
        context = pw.chromium.launch_persistent_context(profile, **launch_kwargs())
        watch(context, served.url.rstrip("/"), foreign)
        context.add_init_script(READY_PROBE)
        if seed is not None:
            context.add_init_script(SEED_STORAGE_JS % json.dumps(seed))
        page_urls: set[str] = set()
        if record_bytes:
            context.on("request", lambda r: None if r.service_worker else page_urls.add(r.url))
        page = context.pages[0] if context.pages else context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        mark = len(served.log)
        started = time.monotonic()
        page.goto(url, wait_until="commit", timeout=BOOT_TIMEOUT_MS)
        out["cold"] = wait_ready(page, started)
        out["phases"] = [page.evaluate(PHASES_JS)]
        out["board"] = [page.evaluate(BOARD_JS)]
        ready_at = started + out["cold"] / 1000
        if page_name == "game":  # a returning player comes back to an installed service worker
            out["service_worker"] = page.evaluate(SERVICE_WORKER_ACTIVE_JS)
        if page_name == "game":  # and to the memory snapshot its first visit made (static/pyodide-boot.js)
            out["snapshot"] = [page.evaluate(SNAPSHOT_JS)]
        wait_quiet(served)
        if record_bytes:
            first = served.log[mark:]
            origin = served.url.rstrip("/")
            by_page = {u[len(origin):].split("?", 1)[0] or "/" for u in page_urls if u.startswith(origin)}
            out["bytes"] = {
                "until_ready": [(p, n) for (t, p, n) in first if t <= ready_at + 0.05],
                "all": [(p, n) for (t, p, n) in first],
                "page_paths": sorted(by_page),
            }
        time.sleep(0.5)
        for _ in range(reloads):
            mark = len(served.log)
            started = time.monotonic()
            page.reload(wait_until="commit", timeout=BOOT_TIMEOUT_MS)
            out["warm"].append(wait_ready(page, started))
            out["phases"].append(page.evaluate(PHASES_JS))
            out["board"].append(page.evaluate(BOARD_JS))
            out.setdefault("warm_server_bytes", []).append(sum(n for _, _, n in served.log[mark:]))
            if page_name == "game":
                out["snapshot"].append(page.evaluate("() => window.nileSnapshot || ''"))
            wait_quiet(served, 0.5)
        out["errors"] = errors[:5]
        context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return out


GZIP_SIZES: dict[str, int] = {}


def gzip_size(path: Path, cache: dict[str, int] = GZIP_SIZES) -> int:
    """The body's size as Netlify would send it: gzip level 6, or as-is if already compressed."""
    key = str(path)
    if key not in cache:
        data = path.read_bytes()
        cache[key] = len(data) if path.name.endswith(COMPRESSED_SUFFIXES) else len(gzip.compress(data, 6))
    return cache[key]


def summarize_bytes(served: Served, rec: dict[str, Any]) -> dict[str, Any]:
    cache = GZIP_SIZES

    def total(entries: list[tuple[str, int]]) -> dict[str, Any]:
        raw = sum(n for _, n in entries)
        gz = sum(gzip_size(served.file(p), cache) if n else 0 for p, n in entries)
        return {"requests": len(entries), "raw": raw, "gzip": gz}

    until = rec["until_ready"]
    files: dict[str, int] = {}
    for p, n in rec["all"]:
        files[p] = max(files.get(p, 0), n)
    biggest = sorted(files.items(), key=lambda kv: -kv[1])[:8]
    sw_only = sorted(p for p in files if p not in rec["page_paths"])
    return {
        "until_ready": total(until),
        "first_visit_total": total(rec["all"]),
        "served_twice": sorted({p for p, n in rec["all"] if n and sum(1 for q, m in rec["all"] if q == p and m) > 1}),
        "served_again_raw": sum(n for p, n in rec["all"]) - sum(files.values()),
        "service_worker_only": {"files": sw_only, "raw": sum(files[p] for p in sw_only),
                                "gzip": sum(gzip_size(served.file(p), cache) for p in sw_only),
                                "vendor_files": [p for p in sw_only if p.startswith("/static/vendor/")],
                                "vendor_raw": sum(files[p] for p in sw_only if p.startswith("/static/vendor/")),
                                "vendor_gzip": sum(gzip_size(served.file(p), cache) for p in sw_only
                                                   if p.startswith("/static/vendor/"))},
        "biggest": [{"path": p, "raw": n, "gzip": gzip_size(served.file(p), cache)} for p, n in biggest],
    }


def returning_storage(pw: Any, served: Served) -> dict[str, str]:
    """localStorage of a player in the middle of a 3-player game: a seeded game played ~20 clicks
    through the UI (stopped on a board, not a hand-over), after the app has kept its last screen."""
    browser = pw.chromium.launch(**{k: v for k, v in launch_kwargs().items() if k != "viewport"})
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
        context.add_init_script(SEEDED_RANDOM_JS)
        page = context.new_page()
        page.goto(served.url, timeout=BOOT_TIMEOUT_MS)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        page.evaluate(CLICK_JS, ['[data-i="new"][data-v="banks"]', 0])
        page.evaluate(CLICK_JS, ['[data-i="start-game"]', 0])
        rng = random.Random(SEED)
        for i in range(80):
            c = page.evaluate(CANDIDATES_JS)
            on_board = page.evaluate("() => !!document.querySelector('#app .board') && !document.querySelector('.handover, .bid-private')")
            if i >= 20 and on_board:
                break
            g, found = c["groups"], c["found"]
            kind = next((k for k in ("bid", "commit", "end", "select") if found[k]), None)
            if kind == "end" and found["select"] and rng.random() < 0.5:
                kind = "select"
            if kind is None:
                break
            page.evaluate(CLICK_JS, [g[kind], rng.choice(found[kind])])
        try:  # the app keeps the screen a moment after the last redraw (a build without that: no wait)
            page.wait_for_function("() => (localStorage.getItem('nile:last-screen') || '').includes('board')", timeout=3000)
        except Exception:  # noqa: BLE001 - playwright's TimeoutError
            pass
        items = page.evaluate("() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")
        context.close()
    finally:
        browser.close()
    return items


def bench_returning(pw: Any, served: Served, cfg: dict[str, Any], foreign: list[str]) -> dict[str, Any]:
    """A returning player: fresh profiles whose storage holds a game in progress; cold load + reloads."""
    n = cfg["returning"]
    seed = returning_storage(pw, served)
    log(f"browser: returning player, {n} fresh profiles with a game in progress stored "
        f"(last screen kept: {'yes' if 'nile:last-screen' in seed else 'no'}), each 1 cold load + {cfg['reloads']} reload(s) ...")
    out: dict[str, Any] = {"last_screen_stored": "nile:last-screen" in seed,
                           "last_screen_chars": len(seed.get("nile:last-screen", "")),
                           "samples": {"cold": [], "warm": []}}
    for _ in range(n):
        rec = one_context(pw, served, "game", cfg["reloads"], record_bytes=False, foreign=foreign, seed=seed)
        readies = [rec["cold"], *rec["warm"]]
        for k, (ready, board) in enumerate(zip(readies, rec["board"])):
            out["samples"]["cold" if k == 0 else "warm"].append(
                {"ready": ready, "board_dom": board and round(board["dom"], 1),
                 "board_frame": board and board["frame"] and round(board["frame"], 1),
                 "board_before_ready": bool(board and not board["ready"])})
        log("  game cold board {} ms, ready {:.0f} ms   warm board {} ms, ready {} ms".format(
            fmt(out["samples"]["cold"][-1]["board_frame"], 0), rec["cold"],
            ", ".join(fmt(s["board_frame"], 0) for s in out["samples"]["warm"][-len(rec["warm"]):]),
            ", ".join(f"{x:.0f}" for x in rec["warm"])))
    for kind in ("cold", "warm"):
        ss = out["samples"][kind]
        frames = [s["board_frame"] for s in ss if s["board_frame"]]
        out[kind] = {"board_frame_ms": median(frames), "board_frame_range_ms": [min(frames), max(frames)] if frames else None,
                     "ready_ms": median([s["ready"] for s in ss]),
                     "board_before_ready": sum(s["board_before_ready"] for s in ss), "loads": len(ss)}
    return out


def bench_browser(pw: Any, served: Served, cfg: dict[str, Any]) -> dict[str, Any]:
    log(f"browser: {cfg['loads']} fresh profiles per page, each 1 cold load + {cfg['reloads']} reload(s) ...")
    foreign: list[str] = []
    samples: dict[str, dict[str, list[float]]] = {p: {"cold": [], "warm": []} for p in ("game", "bare")}
    extra: dict[str, Any] = {"errors": {}, "warm_server_bytes": {"game": [], "bare": []}}
    visits: dict[str, list[dict[str, Any]]] = {"game": [], "bare": []}
    phases: dict[str, dict[str, list[dict[str, Any]]]] = {n: {"cold": [], "warm": []} for n in ("game", "bare")}
    for i in range(cfg["loads"]):
        for name in (("game", "bare") if i % 2 == 0 else ("bare", "game")):  # alternate: drift hits both
            rec = one_context(pw, served, name, cfg["reloads"], record_bytes=True, foreign=foreign)
            samples[name]["cold"].append(rec["cold"])
            samples[name]["warm"].extend(rec["warm"])
            extra["warm_server_bytes"][name].extend(rec.get("warm_server_bytes", []))
            if rec["errors"]:
                extra["errors"].setdefault(name, []).extend(rec["errors"])
            if name == "game":
                extra.setdefault("service_worker_ready", []).append(rec.get("service_worker"))
                extra.setdefault("snapshot", []).append(rec.get("snapshot"))
            for k, ph in enumerate(rec["phases"]):
                phases[name]["cold" if k == 0 else "warm"].append(ph)
            visits[name].append(summarize_bytes(served, rec["bytes"]))
            v = visits[name][-1]
            log(f"  {name:4} cold {rec['cold']:8.0f} ms   warm {', '.join(f'{x:.0f}' for x in rec['warm'])} ms"
                f"   first visit {mb(v['first_visit_total']['raw'])} ({mb(v['until_ready']['raw'])} until ready)")
    result: dict[str, Any] = {"samples_ms": samples}
    for kind in ("cold", "warm"):
        gs, bs = samples["game"][kind], samples["bare"][kind]
        g, b = median(gs), median(bs)
        # the i-th game and bare contexts ran back to back: their ratios cancel slow drift in machine load
        paired = [x / y for x, y in zip(gs, bs)]
        result[kind] = {"game_ms": g, "bare_ms": b, "ratio": ratio(g, b), "paired_ratio_median": median(paired),
                        "game_range_ms": [min(gs), max(gs)], "bare_range_ms": [min(bs), max(bs)]}
    # the game's boot split at PyScript's interpreter steps and our own marks, and when each page
    # starts downloading the wasm
    result["game_phases"] = {}
    for kind, phs in phases["game"].items():
        ok = [ph for ph in phs if None not in (ph["interpreter_start"], ph["interpreter_end"], ph["main_start"],
                                               ph["imported"], ph["ready"])]
        bare_phs = phases["bare"][kind]
        result["game_phases"][kind] = {
            "wasm_request_start_ms": median([ph["wasm_start"] for ph in phs if ph["wasm_start"] is not None]),
            "bare_wasm_request_start_ms": median([ph["wasm_start"] for ph in bare_phs if ph["wasm_start"] is not None]),
            "until_interpreter_ms": median([ph["interpreter_start"] for ph in ok]),
            "interpreter_ms": median([ph["interpreter_end"] - ph["interpreter_start"] for ph in ok]),
            "pyscript_after_interpreter_ms": median([ph["main_start"] - ph["interpreter_end"] for ph in ok]),
            "imports_ms": median([ph["imported"] - ph["main_start"] for ph in ok]),
            "first_screen_ms": median([ph["ready"] - ph["imported"] for ph in ok]),
            "samples": phs,
            "bare_samples": phases["bare"][kind],
        }
    # bytes: the first fresh profile's visit in detail, and every visit's totals (they would differ
    # if the page and the service worker's precache ever downloaded the same file twice)
    per_visit = {n: [{"until_ready_raw": v["until_ready"]["raw"], "total_raw": v["first_visit_total"]["raw"],
                      "served_again_raw": v["served_again_raw"], "served_twice": v["served_twice"]} for v in vs]
                 for n, vs in visits.items()}
    result["bytes"] = {"game": visits["game"][0], "bare": visits["bare"][0], "per_visit": per_visit}
    if cfg.get("returning"):
        result["returning"] = bench_returning(pw, served, cfg, foreign)
    result["foreign_requests"] = sorted(set(foreign))
    result.update(extra)
    return result


# ====================================================================== clicks
CANDIDATES_JS = """() => {
  const shown = el => el.getClientRects().length > 0 && !el.hasAttribute('disabled');
  const groups = {
    bid: '[data-i="reveal-bidder"], [data-i="bid-submit"], [data-i="moment-close"], [data-i="confirm"]',
    over: '.end [data-i="new"]',
    start: '[data-i="start-game"]',
    end: '[data-i="act"][data-v="end"]',
    commit: '[data-i="pick"]:is(g.act, button.boat-chip.target), [data-i="act"]:not([data-v="end"])',
    select: '[data-i="pick"]:is(g.sel, button.chip.target:not(.boat-chip), button.pile.target)',
  };
  const out = {};
  for (const [k, sel] of Object.entries(groups)) {
    const all = [...document.querySelectorAll(sel)];
    out[k] = all.map((el, i) => shown(el) ? i : -1).filter(i => i >= 0);
  }
  return {groups, found: out, screen: document.body.dataset.screen || '', actions: Number(document.body.dataset.actions || 0)};
}"""

CLICK_JS = """async ([sel, idx]) => {
  const el = document.querySelectorAll(sel)[idx];
  const before = Number(document.body.dataset.renders || 0);
  const what = el.getAttribute('data-i') || '';
  let t1 = 0, t2 = 0;
  const t = performance.now();
  if (typeof el.click === 'function') el.click();
  else el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  t1 = performance.now();
  await new Promise(r => requestAnimationFrame(() => { t2 = performance.now(); setTimeout(r, 0); }));
  const t3 = performance.now();
  // sync: the click's handlers (Python + the redraw of #app); to_raf: until the next frame (the microtasks after the
  // handlers, static/motion.js's settle that lays the page out among them, then the wait for the screen's tick);
  // frame: from the rAF callback to the timeout (style, layout, paint of the new board)
  return {ms: t3 - t, sync: t1 - t, to_raf: t2 - t1, frame: t3 - t2, what, rendered: Number(document.body.dataset.renders || 0) > before,
          last: Number(document.body.dataset.lastEventMs || NaN), split: document.body.dataset.lastSplit || '', actions: Number(document.body.dataset.actions || 0),
          screen: document.body.dataset.screen || '', round: (document.querySelector('.status .round') || {}).textContent || '',
          notice: (document.querySelector('.notice.error') || {}).textContent || ''};
}"""


REDRAW_JS = """async () => {
  const app = document.getElementById('app');
  const html = app.innerHTML;
  let t2 = 0;
  const t = performance.now();
  app.innerHTML = html;
  const t1 = performance.now();
  await new Promise(r => requestAnimationFrame(() => { t2 = performance.now(); setTimeout(r, 0); }));
  const t3 = performance.now();
  return {ms: t3 - t, sync: t1 - t, frame: t3 - t2};
}"""


# The app draws a new game's seed from crypto.getRandomValues: made deterministic in the clicks
# context so every run plays the same game with the same clicks.
SEEDED_RANDOM_JS = """(() => {
  let s = (%d >>> 0) || 1;
  crypto.getRandomValues = function (array) {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
      bytes[i] = s & 255;
    }
    return array;
  };
})();""" % SEED

#: the simple player's chance to end its turn when it could do more (keeps the game moving)
END_TURN_P = 0.3


def _choose_click(g: dict[str, str], found: dict[str, list[int]], rng: random.Random,
                  since_progress: int) -> tuple[str, str, int] | None:
    """What the clicks player clicks next: a bid, sometimes End turn, mostly a commit, else a selection."""
    if found["bid"]:
        return "bid", g["bid"], found["bid"][0]
    if found["end"] and (rng.random() < END_TURN_P or since_progress > 6 or not (found["commit"] or found["select"])):
        return "end", g["end"], found["end"][0]
    if found["commit"] and (rng.random() < 0.8 or not found["select"]):
        return "commit", g["commit"], rng.choice(found["commit"])
    if found["select"]:
        return "select", g["select"], rng.choice(found["select"])
    return None


#: the parts of the app's own time on an event (nile.web.app, data-last-split), in order
SPLIT_PARTS = ("handle", "render", "motion", "morph", "keep", "rest")


@contextlib.contextmanager
def tracing(browser: Any, page: Any, path: str | None) -> Iterator[None]:
    """A Chromium trace of what runs inside, written to ``path`` (nothing without one), for
    tools/bench/trace_clicks.py. NILE_TRACE_INVALIDATIONS=1 adds what invalidated style and layout, with
    a script's stack (much slower clicks: read it for the causes, not the times)."""
    if not path:
        yield
        return
    extra = ["disabled-by-default-devtools.timeline.invalidationTracking"] if os.environ.get("NILE_TRACE_INVALIDATIONS") else []
    browser.start_tracing(page=page, path=path, screenshots=False,
                          categories=["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "v8", *extra])
    try:
        yield
    finally:
        browser.stop_tracing()


@contextlib.contextmanager
def profiling(context: Any, page: Any, path: str | None) -> Iterator[None]:
    """A CPU profile of the page's JavaScript (and Pyodide's WebAssembly) sampled every 0.1 ms, written to
    ``path`` as a ``.cpuprofile`` (Chromium DevTools' Performance panel opens it; nothing without a path):
    which functions of static/*.js a click's time goes to."""
    if not path:
        yield
        return
    cdp = context.new_cdp_session(page)
    cdp.send("Profiler.enable")
    cdp.send("Profiler.setSamplingInterval", {"interval": 100})
    cdp.send("Profiler.start")
    try:
        yield
    finally:
        Path(path).write_text(json.dumps(cdp.send("Profiler.stop")["profile"]), encoding="utf-8")


def bench_clicks(pw: Any, served: Served, cfg: dict[str, Any], game: str = "banks") -> dict[str, Any]:
    n = cfg["clicks"]
    log(f"clicks ({game}): at least {n} clicks, until a 3-player game played through the UI is over ...")
    browser = pw.chromium.launch(**{k: v for k, v in launch_kwargs().items() if k != "viewport"})
    version = browser.version
    foreign: list[str] = []
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    watch(context, served.url.rstrip("/"), foreign)
    context.add_init_script(SEEDED_RANDOM_JS)
    context.add_init_script(NO_SNAPSHOT_JS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(served.url, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    rng = random.Random(SEED)
    samples: list[dict[str, Any]] = []
    stuck = noop = games_started = games_finished = 0
    last_actions, since_progress = -1, 0

    def click(kind: str, sel: str, idx: int) -> dict[str, Any]:
        r = page.evaluate(CLICK_JS, [sel, idx])
        r["kind"] = kind
        return r

    # home -> set-up -> a 3-player game (the set-up form's default is 3 players; checked)
    def new_game() -> None:
        nonlocal games_started
        click("new-game", f'[data-i="new"][data-v="{game}"]', 0)
        count = page.locator('[data-i="setup-count"]')
        if count.count() and count.input_value() != "3":
            count.select_option("3")
            page.wait_for_function("() => document.querySelector('[data-i=setup-count]').value === '3'")
        r = click("new-game", '[data-i="start-game"]', 0)
        if r["screen"] != "game":
            raise RuntimeError(f"could not start a game: {r}")
        games_started += 1

    new_game()
    with tracing(browser, page, cfg.get("trace")), profiling(context, page, cfg.get("profile")):
        started = time.monotonic()
        board_clicks = 0
        # at least n clicks, and on until the first game is over (the whole game: late rounds, long log, the end)
        while board_clicks < n or (games_finished == 0 and board_clicks < cfg["clicks_cap"]):
            c = page.evaluate(CANDIDATES_JS)
            g, found = c["groups"], c["found"]
            if c["actions"] != last_actions:
                last_actions, since_progress = c["actions"], 0
            else:
                since_progress += 1
            if found["over"]:
                games_finished += 1
                if board_clicks >= n:
                    break
                samples.append(click("new-game", g["over"], found["over"][0]))
                r = click("new-game", g["start"], 0)
                samples.append(r)
                games_started += 1
                continue
            chosen = _choose_click(g, found, rng, since_progress)
            if chosen is not None:
                kind, sel, idx = chosen
            else:
                stuck += 1
                if stuck > 3:
                    raise RuntimeError(f"nothing to click on screen {c['screen']!r}: " + page.locator("#app").inner_text()[:400])
                time.sleep(0.2)
                continue
            r = click(kind, sel, idx)
            stuck = 0
            board_clicks += 1
            if not r["rendered"]:
                noop += 1
            samples.append(r)
        seconds = time.monotonic() - started
    # the browser's share alone: re-set #app to the very same HTML from JS (no Python), same timing
    dom = [page.evaluate(REDRAW_JS) for _ in range(cfg["redraws"])]
    nodes = page.evaluate("() => document.querySelectorAll('#app *').length")
    context.close()
    browser.close()

    rendered = [s for s in samples if s["rendered"]]
    board = [s for s in rendered if s["kind"] != "new-game"]  # the headline: clicks on a game in play
    wall = [s["ms"] for s in board]
    own = [s["last"] for s in board if s["last"] == s["last"]]  # drop NaN

    def stats(xs: list[float]) -> dict[str, Any]:
        return {"p50_ms": percentile(xs, 50), "p95_ms": percentile(xs, 95), "max_ms": round(max(xs), 1) if xs else None}

    by_kind: dict[str, Any] = {}
    for kind in ("commit", "select", "end", "bid", "new-game"):
        xs = [s["ms"] for s in rendered if s["kind"] == kind]
        ys = [s["last"] for s in rendered if s["kind"] == kind and s["last"] == s["last"]]
        if xs:
            by_kind[kind] = {"clicks": len(xs), "p50_ms": percentile(xs, 50), "p95_ms": percentile(xs, 95),
                             "max_ms": round(max(xs), 1), "app_p50_ms": percentile(ys, 50), "app_p95_ms": percentile(ys, 95)}
    split = click_split(samples, board)
    slowest = sorted(board, key=lambda s: -s["ms"])[:8]
    half = len(board) // 2
    return {
        "chromium": version,
        "game": game,
        "clicks": len(samples),
        "board_clicks": len(board),
        "clicks_without_redraw": noop,
        "actions_reached": max((s["actions"] for s in samples), default=0),
        "games_started": games_started,
        "games_finished": games_finished,
        "last_round_shown": samples[-1].get("round", "") if samples else "",
        "seconds": round(seconds, 1),
        "click_to_frame": stats(wall),
        "app_last_event": stats(own),
        "segments": {k: stats([s[k] for s in board]) for k in ("sync", "to_raf", "frame")},
        "first_half_vs_second_half_p50_ms": [percentile(wall[:half], 50), percentile(wall[half:], 50)],
        "by_kind": by_kind,
        "split": split,
        "same_html_redraw": {"samples": len(dom), "app_elements": nodes,
                             **{k: stats([d[k] for d in dom]) for k in ("ms", "sync", "frame")}},
        "slowest": [{k: (round(s[k], 1) if isinstance(s[k], float) else s[k]) for k in ("kind", "ms", "sync", "to_raf", "frame", "last", "split", "actions")}
                    for s in slowest],
        "errors": errors[:5] + [s["notice"] for s in samples if s["notice"]][:5],
        "foreign_requests": sorted(set(foreign)),
        "samples_columns": ["kind", "ms", "sync_ms", "to_raf_ms", "frame_ms", "app_last_event_ms", "actions", "clicked", "split"],
        "samples": [[s["kind"], round(s["ms"], 2), round(s["sync"], 2), round(s["to_raf"], 2), round(s["frame"], 2),
                     s["last"], s["actions"], s["what"], s["split"]] for s in samples],
    }


def click_split(samples: list[dict[str, Any]], board: list[dict[str, Any]]) -> dict[str, Any]:
    """The app's own time on each click split into its parts (nile.web.app's data-last-split), with the
    browser's frame after it: over all board clicks, per kind, and for the slowest twentieth (what the p95 is)."""
    for smp in samples:
        smp["parts"] = {k: float(v) for k, _, v in (x.partition(":") for x in smp.get("split", "").split()) if v}
    part_names = [k for k in SPLIT_PARTS if any(k in smp["parts"] for smp in board)]

    def split_of(ss: list[dict[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k in (*part_names, "sync", "to_raf", "frame"):
            xs = [smp["parts"].get(k, 0.0) if k in part_names else smp[k] for smp in ss]
            out[k] = {"p50_ms": percentile(xs, 50), "p95_ms": percentile(xs, 95), "mean_ms": round(statistics.fmean(xs), 2)}
        return out

    if not board:
        return {}
    cut = percentile([smp["ms"] for smp in board], 95)
    slow = [smp for smp in board if cut is not None and smp["ms"] >= cut]
    split = {"all": split_of(board)}
    if slow:
        split["slowest_5pct"] = split_of(slow)
        split["slowest_5pct"]["kinds"] = {k: sum(smp["kind"] == k for smp in slow) for k in ("commit", "select", "end", "bid")}
    for kind in ("commit", "select", "end", "bid"):
        ss = [smp for smp in board if smp["kind"] == kind]
        if ss:
            split[kind] = split_of(ss)
    return split


def bench_bots_part(pw: Any, served: Served, cfg: dict[str, Any]) -> dict[str, Any]:
    import bots_bench  # tools/bench/bots_bench.py

    log(f"bots: {cfg['bot_positions']} positions per game × 3 strengths through the page's bot worker ...")
    browser = pw.chromium.launch(**{k: v for k, v in launch_kwargs().items() if k != "viewport"})
    foreign: list[str] = []
    context = browser.new_context(service_workers="block")
    watch(context, served.url.rstrip("/"), foreign)
    context.add_init_script(NO_SNAPSHOT_JS)
    page = context.new_page()
    page.goto(served.url, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    try:
        out = bots_bench.bench_bots(page, cfg, median, percentile)
    finally:
        browser.close()
    out["foreign_requests"] = sorted(set(foreign))
    return out


def bench_memory_part(pw: Any, served: Served, cfg: dict[str, Any]) -> dict[str, Any]:
    import bots_bench  # tools/bench/bots_bench.py
    import memory_bench  # tools/bench/memory_bench.py

    log(f"memory: the page's renderer at home and with its bot worker, {cfg['memory_runs']} fresh context(s) ...")
    browser = pw.chromium.launch(**{k: v for k, v in launch_kwargs().items() if k != "viewport"})
    try:
        job = bots_bench.jobs(1, cfg["seed"])[0]["message"]  # one easy decision, as the app asks it
        return memory_bench.bench_memory(browser, served.url, READY, BOOT_TIMEOUT_MS, cfg["memory_runs"], job)
    finally:
        browser.close()


# ====================================================================== report
def fmt(x: Any, nd: int = 1, unit: str = "") -> str:
    if x is None:
        return "–"
    if isinstance(x, float):
        return f"{x:,.{nd}f}{unit}"
    return f"{x:,}{unit}"


def mb(n: int) -> str:
    return f"{n / 1e6:.2f} MB"


def spread(speed: dict[str, Any] | None) -> str:
    r = (speed or {}).get("games_per_second_range")
    return f" ({r[0]:.0f}–{r[1]:.0f})" if r else ""


def verdict(ok: bool | None) -> str:
    return "–" if ok is None else ("✓ met" if ok else "✗ missed")


def split_lines(split: dict[str, Any]) -> list[str]:
    """The app's time on a click part by part, then the browser's frame: p50 / p95 over all board clicks and
    by kind, and the mean over the slowest twentieth of clicks (what makes the p95)."""
    if not split:
        return []
    names = {"handle": "handler", "render": "render (Python, HTML)", "motion": "motion before", "morph": "morph",
             "keep": "kept screen", "rest": "after (focus, bots…)", "to_raf": "motion's layout + wait for frame", "frame": "style+layout+paint"}
    cols = [k for k in (*SPLIT_PARTS, "to_raf", "frame") if k in split["all"]]
    groups = [g for g in ("all", "commit", "select", "end", "bid") if g in split]
    lines = ["Where a click's time goes, part by part (ms; p50 / p95, and the mean over the slowest 5 % of clicks):", "",
             "| clicks | " + " | ".join(names[k] for k in cols) + " |", "|---" * (len(cols) + 1) + "|"]
    for g in groups:
        lines.append(f"| {g} | " + " | ".join(f"{fmt(split[g][k]['p50_ms'])} / {fmt(split[g][k]['p95_ms'])}" for k in cols) + " |")
    slow = split.get("slowest_5pct")
    if slow:
        kinds = ", ".join(f"{k} {n}" for k, n in slow["kinds"].items() if n)
        lines.append(f"| slowest 5 % ({kinds}), mean | " + " | ".join(fmt(slow[k]["mean_ms"]) for k in cols) + " |")
    return lines


def snapshot_lines(br: dict[str, Any]) -> list[str]:
    """How many warm loads started from the memory snapshot their first visit made (static/pyodide-boot.js)."""
    made = [(rec or [""])[0] for rec in br.get("snapshot") or []]
    warm = [x for rec in br.get("snapshot") or [] for x in (rec or [])[1:]]
    if not warm:
        return []
    used = sum(1 for x in warm if x == "used")
    return [f"A returning player's start from the memory snapshot its first visit made: {used} of {len(warm)} warm loads "
            f"(after the first visits: {', '.join(str(x) for x in made)}).", ""]


def clicks_lines(ck: dict[str, Any]) -> list[str]:
    """The report of one clicks part (a game played through the UI by the seeded clicker)."""
    c, a = ck["click_to_frame"], ck["app_last_event"]
    sg = ck["segments"]
    title = GAME_TITLES.get(ck.get("game", "banks"), ck.get("game", ""))
    return [f"## Click → updated board, {title}: a 3-player game through the UI ({ck['board_clicks']} board clicks; "
            f"{ck['games_started']} game(s) started, {ck['games_finished']} played to the end; "
            f"{ck['actions_reached']} actions, {ck['last_round_shown'] or '?'} in the last)", "",
            "| measure | p50 | p95 | max |", "|---|---|---|---|",
            f"| click → next frame (page.evaluate: click, rAF + setTimeout 0) | {fmt(c['p50_ms'], 1, ' ms')} | {fmt(c['p95_ms'], 1, ' ms')} | {fmt(c['max_ms'], 1, ' ms')} |",
            f"| the app's own data-last-event-ms (handler + render) | {fmt(a['p50_ms'], 1, ' ms')} | {fmt(a['p95_ms'], 1, ' ms')} | {fmt(a['max_ms'], 1, ' ms')} |",
            "", f"Where the click → frame time goes (p50 / p95): click handlers (Python + redraw of #app) "
            f"{fmt(sg['sync']['p50_ms'])} / {fmt(sg['sync']['p95_ms'])} ms; until the next frame (motion.js's settle, which lays the page out, then the wait for the screen's tick) "
            f"{fmt(sg['to_raf']['p50_ms'])} / {fmt(sg['to_raf']['p95_ms'])} ms; style + layout + paint "
            f"{fmt(sg['frame']['p50_ms'])} / {fmt(sg['frame']['p95_ms'])} ms.",
            "", f"For comparison, re-setting `#app` to the same HTML from JS (no Python; {ck['same_html_redraw']['app_elements']:,} "
            f"elements): innerHTML {fmt(ck['same_html_redraw']['sync']['p50_ms'])} ms + style/layout/paint "
            f"{fmt(ck['same_html_redraw']['frame']['p50_ms'])} ms (p50), click → frame equivalent "
            f"{fmt(ck['same_html_redraw']['ms']['p50_ms'])} / {fmt(ck['same_html_redraw']['ms']['p95_ms'])} ms (p50 / p95).",
            "", *split_lines(ck.get("split", {})),
            "", "By kind (click → frame p50 / p95, app p50 / p95): " + "; ".join(
                f"{k} ×{v['clicks']}: {fmt(v['p50_ms'])} / {fmt(v['p95_ms'])}, {fmt(v['app_p50_ms'])} / {fmt(v['app_p95_ms'])} ms"
                for k, v in ck["by_kind"].items()),
            "", f"Target: click latency p95 ≤ {TARGETS['click_p95_ms']:.0f} ms → {fmt(c['p95_ms'], 1, ' ms')}, "
            f"{verdict(c['p95_ms'] <= TARGETS['click_p95_ms'])}", ""]


def report(res: dict[str, Any]) -> str:
    m = res["machine"]
    cfg = res["config"]
    lines = [
        f"# Nile benchmark ({res['mode']})",
        "",
        f"{m['date']} · {m['cpu']}, {m['cores']} cores · CPython {m['python']} · Node {m['node']} · "
        f"Pyodide {res.get('pyodide_version', '?')} (Python {res.get('pyodide', {}).get('python', '?')}) · "
        f"Chromium {res.get('chromium', '?')} · git {m['git']}",
        f"Load average at start {m['load_average_start']}, at end {m.get('load_average_end')} "
        f"(other work on the machine skews every number). Wall time {res.get('wall_seconds', '?')} s.",
        "",
    ]
    cp, pyo = res.get("cpython"), res.get("pyodide")
    if cp or pyo:
        lines += [f"## Engine: complete random games, base game ({cfg['games']} games × {cfg['repeats']} runs per count, medians)", "",
                  "| players | actions/game | CPython games/s (min–max) | CPython actions/s | Pyodide games/s (min–max) | Pyodide actions/s | Pyodide/CPython speed |",
                  "|---|---|---|---|---|---|---|"]
        rows = {s["players"]: [s, None] for s in (cp or {}).get("speed", [])}
        for s in (pyo or {}).get("speed", []):
            rows.setdefault(s["players"], [None, None])[1] = s
        for p, (a, b) in sorted(rows.items()):
            apg = (a or b)["actions_per_game"]
            lines.append(f"| {p} | {apg} | {fmt(a and a['games_per_second'])}{spread(a)} | {fmt(a and a['actions_per_second'], 0)} | "
                         f"{fmt(b and b['games_per_second'])}{spread(b)} | {fmt(b and b['actions_per_second'], 0)} | "
                         f"{fmt(ratio(b and b['games_per_second'], a and a['games_per_second']), 2)} |")
        four = next((s["games_per_second"] for s in (cp or {}).get("speed", []) if s["players"] == 4), None)
        lines += ["", f"Target: ≥ {TARGETS['engine_4p_games_per_second']:.0f} random 4-player games/s in CPython → "
                  f"{fmt(four)} games/s, {verdict(None if four is None else four >= TARGETS['engine_4p_games_per_second'])}", ""]
        ld = (cp or pyo)["load"]
        lines += [f"## Loading a long save: finished 5-player game, all variants ({ld['actions']} actions, "
                  f"{ld['save_chars']:,} chars), median of {ld['runs']}", "",
                  "| | CPython | Pyodide | Pyodide/CPython time |", "|---|---|---|---|",
                  f"| load_save | {fmt(cp and cp['load']['ms'], 1, ' ms')} | {fmt(pyo and pyo['load']['ms'], 1, ' ms')} | "
                  f"{fmt(ratio(pyo and pyo['load']['ms'], cp and cp['load']['ms']), 2)} |", ""]
        if cp and pyo and cp["load"]["save_sha256"] != pyo["load"]["save_sha256"]:
            lines += ["**Warning: the two interpreters generated different saves.**", ""]
    br = res.get("browser")
    if br:
        t = TARGETS["ready_ratio"]
        lines += [f"## Browser: navigation start → body[data-app-state=ready] (medians; {cfg['loads']} cold, "
                  f"{len(br['samples_ms']['game']['warm'])} warm samples per page)", "",
                  f"| load | game page (min–max) | bare Pyodide page (min–max) | game/bare | median of paired ratios | target ≤ {t:.2f}× |",
                  "|---|---|---|---|---|---|"]
        lines[-3:-3] = snapshot_lines(br)
        for kind in ("cold", "warm"):
            r = br[kind]
            gr, bb_ = r["game_range_ms"], r["bare_range_ms"]
            lines.append(f"| {kind} | {fmt(r['game_ms'], 0, ' ms')} ({gr[0]:,.0f}–{gr[1]:,.0f}) | "
                         f"{fmt(r['bare_ms'], 0, ' ms')} ({bb_[0]:,.0f}–{bb_[1]:,.0f}) | {fmt(r['ratio'], 2)} | "
                         f"{fmt(r['paired_ratio_median'], 2)} | {verdict(None if r['ratio'] is None else r['ratio'] <= t)} |")
        gp = br.get("game_phases", {})
        if gp.get("cold"):
            lines += ["", "The game page's boot, split (medians): "
                      + "; ".join(f"{kind}: {fmt(gp[kind]['until_interpreter_ms'], 0)} ms until PyScript starts Pyodide, "
                                  f"{fmt(gp[kind]['interpreter_ms'], 0)} ms loading the interpreter, "
                                  f"{fmt(gp[kind]['pyscript_after_interpreter_ms'], 0)} ms PyScript after it (files, its own Python) "
                                  f"until main.py runs, {fmt(gp[kind]['imports_ms'], 0)} ms importing the app, "
                                  f"{fmt(gp[kind]['first_screen_ms'], 0)} ms to the first screen"
                                  for kind in ("cold", "warm")),
                      "", "When the page starts requesting `pyodide.asm.wasm` (ms after navigation start, medians): "
                      + "; ".join(f"{kind}: game {fmt(gp[kind]['wasm_request_start_ms'], 0)} ms, bare {fmt(gp[kind]['bare_wasm_request_start_ms'], 0)} ms"
                                  for kind in ("cold", "warm"))]
        rt = br.get("returning")
        if rt:
            lines += ["", f"Returning player (a 3-player game in progress stored; {rt['cold']['loads']} fresh profiles, cold load + "
                      f"reloads; last screen kept by the app: {'yes, ' + format(rt['last_screen_chars'], ',') + ' chars' if rt['last_screen_stored'] else 'no'}), "
                      "navigation start → first frame showing the board, and → ready (medians):", "",
                      f"| load | board shown (min–max) | ready | board shown before ready | target: board ≤ {TARGETS['board_shown_ms']:.0f} ms |",
                      "|---|---|---|---|---|"]
            for kind in ("cold", "warm"):
                r = rt[kind]
                rg = r["board_frame_range_ms"]
                lines.append(f"| {kind} | {fmt(r['board_frame_ms'], 0, ' ms')}"
                             + (f" ({rg[0]:,.0f}–{rg[1]:,.0f})" if rg else "")
                             + f" | {fmt(r['ready_ms'], 0, ' ms')} | {r['board_before_ready']} of {r['loads']} | "
                             f"{verdict(None if r['board_frame_ms'] is None else r['board_frame_ms'] <= TARGETS['board_shown_ms'])} |")
        lines.append("")
        bg, bb = br["bytes"]["game"], br["bytes"]["bare"]
        if bg:
            lines += ["## Bytes of a first visit (fresh profile; gzip -6 per text/JS/wasm/JSON body, .zip/.png as-is)", "",
                      "| | requests | raw | gzip (as Netlify would serve) |", "|---|---|---|---|",
                      f"| game page, until ready | {bg['until_ready']['requests']} | {mb(bg['until_ready']['raw'])} | {mb(bg['until_ready']['gzip'])} |",
                      f"| game page, whole first visit (incl. service-worker precache) | {bg['first_visit_total']['requests']} | "
                      f"{mb(bg['first_visit_total']['raw'])} | {mb(bg['first_visit_total']['gzip'])} |"]
            if bb:
                lines.append(f"| bare Pyodide page, until ready | {bb['until_ready']['requests']} | {mb(bb['until_ready']['raw'])} | {mb(bb['until_ready']['gzip'])} |")
            pv = br["bytes"]["per_visit"]["game"]
            again = [v["served_again_raw"] for v in pv]
            lines += ["", f"Game first visits in all {len(pv)} fresh profiles: {', '.join(mb(v['total_raw']) for v in pv)} raw in total; "
                      f"bytes sent a second time (page and service-worker precache fetching the same file): "
                      f"{', '.join(mb(x) for x in again)}."]
            sw = bg["service_worker_only"]
            lines += ["", f"Fetched only by the service worker (its precache and sw.js; never by the page): {len(sw['files'])} files, "
                      f"{mb(sw['raw'])} raw / {mb(sw['gzip'])} gzip; of these, {len(sw['vendor_files'])} are vendored "
                      f"PyScript chunks the page never loads (editor, terminal, …): {mb(sw['vendor_raw'])} raw / "
                      f"{mb(sw['vendor_gzip'])} gzip.", "",
                      "Biggest files: " + "; ".join(f"`{b['path'].rsplit('/', 1)[-1]}` {mb(b['raw'])} ({mb(b['gzip'])} gz)"
                                                     for b in bg["biggest"][:6]), ""]
    for ck in filter(None, (res.get(key) for _, key in CLICK_GAMES.values())):
        lines += clicks_lines(ck)
    if res.get("bots"):
        import bots_bench

        lines += bots_bench.report_lines(res["bots"], fmt, verdict)
    if res.get("memory"):
        import memory_bench

        lines += memory_bench.report_lines(res["memory"], fmt, verdict) + [""]
    lines += ["## How measured", ""] + [f"- {x}" for x in HOW] + [""]
    return "\n".join(lines)


HOW = [
    "Engine: `nile.core.simulate.simulate(make_state, games, seed, check=None)`, "
    "`make_state(i) = BanksState(Options.default(players, start='random'), seed + i)`; one short warm-up run, then "
    "the same games (same seeds) repeated; the median run's games/s and actions/s. Pyodide: the same file "
    "(`tools/bench/engine_bench.py`) in the npm `pyodide` under Node, repository mounted with NODEFS.",
    "Long save: a 5-player game with N10–N13 played at random to the end, `nile.core.save.dumps`; "
    "`nile.games.load_save(text)` timed after one warm-up; both interpreters load identical text (SHA-256 in the JSON).",
    "Browser: Debian Chromium headless via Playwright, `dist/` served by `tools/serve.py`'s `make_server` (netlify.toml "
    "headers) from a temp dir of symlinks plus `bench-bare.html/js` (the bare page: `loadPyodide({indexURL})` from the "
    "same vendored `pyodide.mjs`, then `data-app-state=ready`). Time = `performance.now()` in the page when a "
    "MutationObserver (injected before the page's scripts) sees `data-app-state=ready`, i.e. ms since navigation start.",
    "Cold: a new persistent context on an empty user-data-dir (new browser process; empty HTTP cache, no service worker). "
    "Warm: then `page.reload()` of that same persistent context, after the service worker is ready and the network "
    "is idle (the game's service worker serves every file; the bare page gets its files from the HTTP cache). "
    "Game and bare contexts alternate (game, bare, bare, game, …) so drift in machine load hits both; "
    "'median of paired ratios' divides each game sample by the bare sample taken right next to it. "
    "The game's boot is also split at PyScript's `py:progress` events 'Loading interpreter' and 'Loaded "
    "interpreter' and at the marks `nile:start` (static/main.py, before importing the app) and `nile:imported` "
    "(nile.web.app.main, after it).",
    "Returning player: one context plays a seeded 3-player game ~20 clicks through the UI and its localStorage "
    "(the game, and the app's kept last screen) is copied into each fresh profile by an init script before the "
    "first load. 'Board shown' = the first animation frame after a MutationObserver (injected before the page's "
    "scripts) sees `#app` holding a `.game` section or a `.board` (static/boot.js's inert last screen, else "
    "the app's first render).",
    "Bytes: the local server's count of response body bytes per request in the first cold game context; "
    "'until ready' = bodies completed before the ready mark; the gzip column gzips each body at level 6 "
    "(already-compressed .zip/.png as-is).",
    "Clicks (each game on its own): a fresh context (service worker blocked; no memory snapshot made: `window.nileSnapshotOff`, "
    "as a returning player's page, whose first visit made it), home → New → Start (3 players), then a seeded random "
    "player clicks until the game is over (at least 320 clicks; --quick: 40): bids when asked, and closes a pause on what just happened (Continue) or confirms ending a turn when asked; else End turn "
    "with probability 0.3 (or when nothing else moves the game); else a commit (`g.act`, boat chips, other "
    "`[data-i=act]` buttons) with probability 0.8; else a selection (`g.sel`, supply chips, piles). Each click: "
    "`t = performance.now(); el.click(); await rAF + setTimeout(0); performance.now() - t` inside `page.evaluate` "
    "(SVG `<g>` gets a dispatched MouseEvent), split at the end of the click's handlers (here, inside `page.evaluate`, the microtasks after them, static/motion.js's settle that lays the page out, run after that mark) and at the rAF callback. "
    "The app's own time is split where nile.web.app marks it (`data-last-split`: the handler, rendering the HTML "
    "in Python, motion.js's look before the redraw, the morph, keeping the screen, the rest after it). "
    "Set-up clicks and clicks that did not redraw are not counted. Nearest-rank percentiles. `crypto.getRandomValues` "
    "is replaced by a seeded generator in this context, so every run plays the same game with the same clicks.",
    "Bots: decision points of one seeded 3-player game of easy bots per game (every k-th decision with a choice), "
    "sent in game order to `static/bot-worker.js` started by the built page (no memory snapshot made, as for the clicks), as the app sends them; `ms` is "
    "`nile.bots.worker.decide` timed in the worker, the round trip adds posting and rebuilding the state from the "
    "save. The first answer (worker start) is not counted. Targets are for the round trip's p95.",
]


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
        res["cpython"] = bench_cpython(cfg)
    if "pyodide" in parts:
        res["pyodide"] = bench_pyodide(cfg)
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
                    res["browser"] = bench_browser(pw, served, cfg)
                if "bots" in parts:
                    res["bots"] = bench_bots_part(pw, served, cfg)
                if "memory" in parts:
                    res["memory"] = bench_memory_part(pw, served, cfg)
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
