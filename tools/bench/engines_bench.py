"""The ``engines`` part of ``tools/bench.py``: Chromium, Firefox and WebKit side by side (issue 52).

Every engine is driven through the cross-browser suite's driver (``tests/engines/driver.py``: Debian's Firefox ESR
over WebDriver BiDi, WebKitGTK's MiniBrowser behind WebKitWebDriver on Xvfb), and Chromium through the same verbs
(the driver's Playwright adapter, launched as the other parts launch Debian's Chromium), so each number is taken the
same way in each engine:

- **Bytes of a first visit**, counted at the server (``common.Served``: every response body it sends, gzip-encoded
  as Netlify sends them): every request from navigation until the page is ready (and a second's quiet), per path;
  a path sent twice is flagged (WebKit once downloaded the boot's preloads a second time). The service worker is
  not served here (``/sw.js`` answers 404): its install fetches the whole site again after ready, on purpose, and
  it would run through the other measures.
- **navigation → ready**: ``performance.now()`` when ``body[data-app-state=ready]`` appears, noted by a probe
  (``boot.READY_PROBE``) that the served ``index.html`` loads first (``bench-probe.js``: a classic script at the
  top of ``<head>``, allowed by the CSP's ``script-src 'self'``; WebDriver classic has no init scripts).
- **The returning board**: a fresh context whose storage holds a 3-player game in progress (made once, in
  Chromium, as the ``browser`` part makes it), written from a blank page of the same origin: navigation → the
  frame that first shows the board (the probe's rAF after ``#app`` shows ``.game``/``.board``), and → ready; then
  one reload (the HTTP cache warm).
- **Clicks during a Nile game**: a seeded 3-player game (``clicks.py``'s player chooses the clicks), each a real
  pointer click (WebDriver actions) timed in the page as ``tablet.py``'s ``CLICK_PROBE`` times it: the click event's
  ``timeStamp`` → the frame after ``#app``'s first mutation rendered. At 1×, no throttling. The driver's round trips
  are outside every number.
- **Peak memory with the bot worker running**: a fresh context, the app ready on home (read), then a 3-seat game
  with two computer players (the app starts its bot worker, its own Pyodide, for their first decision) played
  for a while by a person who ends every turn at once (``tests/engines/play.py``'s player); the engine's
  processes read from ``/proc/<pid>/smaps_rollup`` (RSS and PSS) every quarter second throughout. What is counted:
  **the page's content process** (Chromium's renderer, Firefox's web content process, WebKit's
  ``WebKitWebProcess``; the largest of the engine's content processes, which is the page's): the process that
  runs the page's JavaScript, its Pyodide, and its dedicated workers (a Web Worker is a thread of its page's
  process in all three), so the page and its bot worker together. The engine's helper processes (network, GPU,
  the UI process) are reported beside it, not in it: they hold the engine's own caches and the window, not the
  page, and differ in kind between engines (WebKitGTK's MiniBrowser has no GPU process here; Chromium's renders
  in software). The memory snapshot (static/pyodide-boot.js) is switched off for these visits: it is a third
  Pyodide for a few seconds, made once after a first visit. Beside the peak: how much the page's process grew
  per 100 actions of the game once the worker was up (WebKit's does, and keeps it; Chromium's and Firefox's
  level off), and the engine's floor, what Pyodide alone holds (``memory_bench``'s bare page, then with a worker
  that only boots Pyodide).

Targets (issue 52): bytes equal across engines (nothing fetched twice); WebKit's page memory ≤ 1.25 × Chromium's;
WebKit's clicks p95 ≤ 1.5 × Chromium's. Linux only for memory (``/proc``). An engine that is not installed is
reported as such (``make engines`` installs Firefox ESR, WebKitGTK's driver and Xvfb).
"""

from __future__ import annotations

import contextlib
import os
import random
import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from boot import READY_PROBE, returning_storage
from clicks import CANDIDATES_JS, SEEDED_RANDOM_JS, _choose_click
from common import SEED, Served, fmt, launch_kwargs, log, mb, percentile, ratio, rss_pss, verdict
from memory_bench import BARE_PAGE, BARE_WORKER, START_WORKER_JS
from tablet import CLICK_PROBE, POINT_JS, WAIT_JS

from tests.engines import driver, play

ENGINES = ("chromium", "firefox", "webkit")
#: issue 52's targets, against Chromium's
TARGET_MEMORY_VS_CHROMIUM = 1.25
TARGET_CLICK_P95_VS_CHROMIUM = 1.5
WIDTH, HEIGHT = 1280, 800

PROBE = "bench-probe.js"
BLANK = "bench-blank.html"
#: the probe: ready and the board's first frame (boot.READY_PROBE), the clicks' timing (tablet.CLICK_PROBE), and
#: the clicks' seeded random when the page's storage asks for it (the game's seed is drawn from crypto)
PROBE_JS = "\n".join([
    READY_PROBE, CLICK_PROBE,
    "if (localStorage.getItem('bench:seeded') === '1') " + SEEDED_RANDOM_JS,
])
READY = play.READY
BOARD_JS = """async () => {
  const b = window.__benchBoard;
  if (b && b.frame === null) await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return {ready: window.__benchReadyAt || null, board: b ? {dom: b.dom, frame: b.frame, ready: b.ready} : null};
}"""
#: the page's icons (index.html's link rel=icon and apple-touch-icon, and the default favicon): each browser asks
#: for them by its own rules (Firefox the touch icon too, WebKit the icon apart from the loading screen's use of the
#: same file), not the page's to share: counted apart from the first visit's bytes
BROWSERS_OWN = ("/favicon.ico", "/static/icons/icon.svg", "/static/icons/icon-192.png")
#: memory sampling period (s)
PERIOD_S = 0.25


# ====================================================================== the site, with the probe
def serve_site() -> Served:
    """dist/ as Netlify sends it (gzip), with the probe loaded first by index.html, a blank page of the same origin,
    and no service worker (see the docstring)."""
    served = Served(compress=True)
    index = served.dir / "index.html"
    html = index.read_text()
    index.unlink()  # a symlink into dist/: replaced, dist/ untouched
    if "<head>" not in html:
        raise SystemExit("engines: dist/index.html has no <head>")
    index.write_text(html.replace("<head>", f'<head>\n  <script src="./{PROBE}"></script>', 1))
    (served.dir / PROBE).write_text(PROBE_JS)
    (served.dir / BLANK).write_text("<!doctype html><title>bench</title>")
    (served.dir / "sw.js").unlink(missing_ok=True)
    return served


# ====================================================================== the engines
class Chromium(driver.Playwright):
    """Debian's Chromium (as every other part launches it) behind the driver's verbs."""

    def __init__(self) -> None:  # (driver.Playwright's own launches Playwright's build, headless, no arguments)
        from playwright.sync_api import sync_playwright

        self.name = "chromium"
        self.pw = sync_playwright().start()
        self.browser = self.pw.chromium.launch(**{k: v for k, v in launch_kwargs().items() if k != "viewport"})


def launch(name: str) -> driver.Engine:
    return Chromium() if name == "chromium" else driver.launch(name)


def why_not(name: str) -> str:
    if name == "chromium":
        return ""
    if os.environ.get("NILE_ENGINES", "") == "playwright":
        return "NILE_ENGINES=playwright: the bench measures Debian's engines only"
    return driver.available(name)


def version(engine: driver.Engine) -> str:
    if isinstance(engine, Chromium):
        return f"Chromium {engine.browser.version}"
    if isinstance(engine, driver.Firefox):
        return "Firefox " + _run([driver.FIREFOX, "--version"]).split()[-1]
    return "WebKitGTK " + _webkit_version()


def _run(cmd: list[str]) -> str:
    import subprocess

    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=30).stdout.strip() or "?"
    except (OSError, subprocess.SubprocessError):
        return "?"


def _webkit_version() -> str:
    out = _run(["dpkg-query", "-W", "-f=${Version}", "libwebkit2gtk-4.1-0"])
    return out.split("-")[0] if out != "?" else "?"


@contextlib.contextmanager
def tab_of(engine: driver.Engine) -> Iterator[driver.Tab]:
    """A tab in a new context (own storage, HTTP cache), closed afterwards."""
    context = engine.context()
    try:
        yield context.tab(WIDTH, HEIGHT)
    finally:
        context.close()


def prepare(tab: driver.Tab, url: str, items: dict[str, str]) -> None:
    """The context's storage set from a blank page of the site's origin, before the app's first load."""
    tab.goto(url + BLANK)
    tab.js("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)


def wait_ready(tab: driver.Tab) -> dict[str, Any]:
    tab.wait(READY, timeout=play.BOOT_S, what="the app ready")
    return dict(tab.js(BOARD_JS))


# ====================================================================== processes and their memory
def _proc_table() -> dict[int, tuple[int, list[str]]]:
    """pid -> (parent pid, argv) of every process."""
    out = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        out[int(entry.name)] = (ppid, [a.decode(errors="replace") for a in argv if a])
    return out


def _descendants(root: int) -> dict[int, list[str]]:
    table = _proc_table()
    kids: dict[int, list[int]] = {}
    for pid, (ppid, _) in table.items():
        kids.setdefault(ppid, []).append(pid)
    out, todo = {}, [root]
    while todo:
        for kid in kids.get(todo.pop(), []):
            out[kid] = table[kid][1]
            todo.append(kid)
    return out


def kind_of(argv: list[str]) -> str:
    """'content' (a process that runs pages), 'helper' (network, GPU, utility, the UI/browser process) or ''."""
    if len(argv) == 1:  # (Firefox's forked content processes rewrite their command line as one string)
        argv = argv[0].split()
    if not argv:
        return ""
    exe = Path(argv[0]).name
    joined = " ".join(argv)
    if "chromium" in exe or "chrome" in exe:
        if "--type=renderer" in joined:
            return "" if "--extension-process" in joined else "content"
        return "helper"
    if exe.startswith("firefox"):
        if "-contentproc" in argv:
            return "content" if argv[-1] == "tab" else "helper"
        return "helper"
    if exe == "WebKitWebProcess":
        return "content"
    if exe.startswith("WebKit") and exe != "WebKitWebDriver" or exe == "MiniBrowser":
        return "helper"
    return ""


def reading(root: int) -> dict[str, Any]:
    """The engine's processes now: the page's (the largest content process) and the helpers' sum, RSS and PSS."""
    content, helpers = [], []
    for pid, argv in _descendants(root).items():
        kind = kind_of(argv)
        if kind:
            mem = rss_pss(pid)
            if mem:
                (content if kind == "content" else helpers).append((pid, Path(argv[0].split()[0]).name, *mem))
    page = max(content, key=lambda p: p[2], default=None)
    return {"page_pid": page and page[0], "page_rss": page and round(page[2], 1), "page_pss": page and round(page[3], 1),
            "content_rss": round(sum(p[2] for p in content), 1), "content_processes": len(content),
            "helpers_rss": round(sum(p[2] for p in helpers), 1), "helpers_pss": round(sum(p[3] for p in helpers), 1),
            "helpers": sorted({p[1] for p in helpers})}


class Sampler:
    """Reads the engine's processes every ``PERIOD_S`` in a thread; the peaks of the page's RSS and PSS."""

    def __init__(self, root: int) -> None:
        self.root, self.samples = root, []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="bench-memory", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stop.is_set():
            self.samples.append(reading(self.root))
            self.stop.wait(PERIOD_S)

    def close(self) -> dict[str, Any]:
        self.stop.set()
        self.thread.join(10)
        ok = [s for s in self.samples if s["page_rss"]]
        top = max(ok, key=lambda s: s["page_rss"], default={})
        return {"peak_page_rss_mb": top.get("page_rss"), "peak_page_pss_mb": max((s["page_pss"] for s in ok), default=None),
                "helpers_rss_mb_at_peak": top.get("helpers_rss"), "helpers_at_peak": top.get("helpers"),
                "content_processes_at_peak": top.get("content_processes"), "readings": len(ok)}


def root_pid(engine: driver.Engine) -> int:
    """The process every process of this engine descends from."""
    if isinstance(engine, driver.Firefox):
        return engine.proc.pid
    return os.getpid()  # Chromium (Playwright's driver, then the browser) and WebKit (WebKitWebDriver, MiniBrowser)


# ====================================================================== the measures
def first_visit(engine: driver.Engine, served: Served) -> dict[str, Any]:
    """One first visit in a new context: the bytes and requests per path the server sent until ready, and ready."""
    with tab_of(engine) as tab:
        start = len(served.log)
        tab.goto(served.url)
        marks = wait_ready(tab)
        _quiet(served)
        sent = served.log[start:]
    per_path: Counter[str] = Counter()
    times: Counter[str] = Counter()
    icons: Counter[str] = Counter()
    for _, path, n in sent:
        if path in BROWSERS_OWN:
            icons[path] += 1
            continue
        per_path[path] += n
        times[path] += 1
    twice = {p: k for p, k in times.items() if k > 1}
    return {"ready_ms": marks["ready"] and round(marks["ready"], 1), "bytes": sum(per_path.values()),
            "requests": sum(times.values()), "paths": len(times), "fetched_twice": twice,
            "icons": dict(icons), "per_path": dict(sorted(per_path.items()))}


def _quiet(served: Served, quiet_s: float = 1.0, limit_s: float = 15.0) -> None:
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        if time.monotonic() - (served.log[-1][0] if served.log else 0.0) >= quiet_s:
            return
        time.sleep(0.1)


def returning(engine: driver.Engine, served: Served, stored: dict[str, str]) -> dict[str, Any]:
    """A game in progress stored in a new context: its first load (board shown, ready), then one reload."""
    with tab_of(engine) as tab:
        prepare(tab, served.url, {**stored, "nile:no-snapshot": "1"})
        tab.goto(served.url)
        cold = wait_ready(tab)
        time.sleep(1.0)
        tab.reload()
        warm = wait_ready(tab)
        shown = tab.js("() => !!document.querySelector('#app .board')")

    def board(marks: dict[str, Any]) -> float | None:
        b = marks.get("board")
        return round(b["frame"], 1) if b and b.get("frame") else None

    return {"board_ms": board(cold), "ready_ms": cold["ready"] and round(cold["ready"], 1),
            "board_before_ready": bool(cold.get("board") and not cold["board"]["ready"]),
            "reload_board_ms": board(warm), "reload_ready_ms": warm["ready"] and round(warm["ready"], 1),
            "board_shown_at_end": shown}


def clicks(engine: driver.Engine, served: Served, n: int) -> dict[str, Any]:
    """A seeded 3-player game of Nile, ``n`` real clicks on the board timed in the page (tablet.py's measure)."""
    samples: list[dict[str, Any]] = []
    with tab_of(engine) as tab:
        prepare(tab, served.url, {"bench:seeded": "1", "nile:no-snapshot": "1"})
        tab.goto(served.url)
        wait_ready(tab)
        play.click(tab, '[data-i="new"][data-v="banks"]')
        if tab.js("() => document.querySelector('[data-i=setup-count]').value") != "3":
            play.choose(tab, "[data-i=setup-count]", "3")
        play.click(tab, '[data-i="start-game"]')
        if play.screen(tab) != "game":
            raise RuntimeError(f"engines ({engine.name}): could not start a game")
        rng = random.Random(SEED)
        stuck = since_progress = 0
        last_actions = -1
        while len(samples) < n:
            c = tab.js(CANDIDATES_JS)
            g, found = c["groups"], c["found"]
            since_progress = since_progress + 1 if c["actions"] == last_actions else 0
            last_actions = c["actions"]
            if found["over"]:  # a new game (not counted)
                play.click(tab, g["over"], found["over"][0])
                play.click(tab, g["start"])
                continue
            chosen = _choose_click(g, found, rng, since_progress)
            if chosen is None:
                stuck += 1
                if stuck > 10:
                    raise RuntimeError(f"engines ({engine.name}): nothing to click on screen {c['screen']!r}")
                time.sleep(0.2)
                continue
            stuck = 0
            kind, sel, idx = chosen
            before = tab.js("() => window.__benchClicks.done.length")
            point = tab.js(POINT_JS, [sel, idx])
            if not point:
                stuck += 1
                time.sleep(0.1)
                continue
            tab._actions([{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": [
                {"type": "pointerMove", "x": round(point["x"]), "y": round(point["y"]), "origin": "viewport", "duration": 0},
                {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}])
            rec = tab.js(WAIT_JS, before)
            if rec:
                rec["kind"] = kind
                samples.append(rec)
    for s in samples:
        s["shown"] = min((x for x in (s["painted"], s["raf2"]) if x is not None), default=None)
    timed = [s["shown"] - s["click"] for s in samples if s["shown"] is not None]
    return {"clicks": len(samples), "timed": len(timed), "trusted": sum(1 for s in samples if s.get("trusted")),
            "p50_ms": percentile(timed, 50), "p95_ms": percentile(timed, 95), "max_ms": round(max(timed), 1) if timed else None,
            "samples_ms": [round(x, 1) for x in timed]}


def memory(engine: driver.Engine, served: Served, seconds: float) -> dict[str, Any]:
    """The page's process at home (ready, 2 s settled), then its peak through ``seconds`` of a game with two bots."""
    root = root_pid(engine)
    with tab_of(engine) as tab:
        prepare(tab, served.url, {"nile:no-snapshot": "1", "nile:bot-speed": "fast"})
        sampler = Sampler(root)
        try:
            tab.goto(served.url)
            wait_ready(tab)
            time.sleep(2.0)
            home = reading(root)
            play.start_game(tab, names=("Me", "Amun", "Bastet"), kinds=("", "easy", "easy"))
            _play_for(tab, min(5.0, seconds / 3))  # (the worker started, its first decisions made)
            early, early_actions = reading(root), play.actions(tab)
            moves = _play_for(tab, seconds)
            time.sleep(1.0)
            worker = reading(root)
        finally:
            peak = sampler.close()
    grew = (worker["page_rss"] - early["page_rss"]) if worker["page_rss"] and early["page_rss"] else None
    return {"home_rss_mb": home["page_rss"], "home_pss_mb": home["page_pss"],
            "with_worker_rss_mb": worker["page_rss"], "with_worker_pss_mb": worker["page_pss"],
            "actions": moves, "growth_mb_per_100_actions": round(grew * 100 / (moves - early_actions), 1)
            if grew is not None and moves > early_actions else None, **peak}


def floor(engine: driver.Engine, served: Served) -> dict[str, Any]:
    """What Pyodide alone holds in this engine: the bench's bare page (Pyodide booted, nothing else), then with a
    worker that only boots Pyodide (memory_bench's floor), the page's process read 2 s after each."""
    root = root_pid(engine)
    with tab_of(engine) as tab:
        tab.goto(served.url + BARE_PAGE)
        tab.wait(READY, timeout=play.BOOT_S, what="the bare page ready")
        time.sleep(2.0)
        page = reading(root)
        tab.js("(a) => (" + START_WORKER_JS + ")(a)", [BARE_WORKER, None])
        time.sleep(2.0)
        both = reading(root)
    return {"bare_page_rss_mb": page["page_rss"], "bare_with_worker_rss_mb": both["page_rss"],
            "bare_with_worker_pss_mb": both["page_pss"]}


def _play_for(tab: driver.Tab, seconds: float) -> int:
    """The person ends every turn at once, the bots play theirs, for ``seconds`` (or until the game is over)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if tab.count(".end"):
            break
        hit = play.find(tab, play.NILE_PERSON)
        if hit:
            with contextlib.suppress(driver.EngineError, TimeoutError):
                play.click(tab, play.intent(hit["i"], hit["v"]) if hit["v"] is not None else play.intent(hit["i"]), timeout=5.0)
            continue
        with contextlib.suppress(TimeoutError):
            before = play.renders(tab)
            play.after_renders(tab, before, timeout=5.0)
    return play.actions(tab)


# ====================================================================== the part
def bench_engines(cfg: dict[str, Any]) -> dict[str, Any]:
    """Each engine in turn (one at a time: the machine's cores are the engines' to share)."""
    served = serve_site()
    out: dict[str, Any] = {"engines": {}}
    try:
        log("engines: a game in progress for the returning board (made in Chromium) ...")
        from playwright.sync_api import sync_playwright

        with sync_playwright() as pw:
            stored = returning_storage(pw, served)
        stored.pop("nile:no-snapshot", None)
        for name in ENGINES:
            why = why_not(name)
            if why:
                log(f"engines: {name} skipped: {why}")
                out["engines"][name] = {"skipped": why}
                continue
            t0 = time.monotonic()
            engine = launch(name)
            res: dict[str, Any] = {"version": version(engine)}
            try:
                res["first_visits"] = [first_visit(engine, served) for _ in range(cfg["engine_loads"])]
                log(f"engines: {name} first visit ready {', '.join(fmt(v['ready_ms'], 0) for v in res['first_visits'])} ms, "
                    f"{mb(res['first_visits'][0]['bytes'])} in {res['first_visits'][0]['requests']} requests")
                res["returning"] = [returning(engine, served, stored) for _ in range(cfg["engine_loads"])]
                log(f"engines: {name} returning board {', '.join(fmt(r['board_ms'], 0) for r in res['returning'])} ms")
                res["clicks"] = clicks(engine, served, cfg["engine_clicks"])
                log(f"engines: {name} clicks p50 {fmt(res['clicks']['p50_ms'])} p95 {fmt(res['clicks']['p95_ms'])} ms")
                res["memory"] = {**memory(engine, served, cfg["engine_bot_seconds"]), **floor(engine, served)}
                log(f"engines: {name} page peak {fmt(res['memory']['peak_page_rss_mb'], 0)} MiB RSS "
                    f"(home {fmt(res['memory']['home_rss_mb'], 0)})")
            except Exception as error:  # noqa: BLE001 - one engine's failure is reported, the others still run
                log(f"engines: {name} failed: {error!r}")
                res["error"] = repr(error)[:500]
            finally:
                engine.quit()
            res["seconds"] = round(time.monotonic() - t0, 1)
            out["engines"][name] = res
    finally:
        served.close()
    out["summary"] = summary(out["engines"])
    return out


def _med(xs: list[Any]) -> float | None:
    xs = [x for x in xs if x is not None]
    return round(statistics.median(xs), 1) if xs else None


def summary(engines: dict[str, Any]) -> dict[str, Any]:
    rows: dict[str, Any] = {}
    for name, r in engines.items():
        if "first_visits" not in r:
            continue
        fv, rt = r["first_visits"], r.get("returning", [])
        rows[name] = {"bytes": fv[0]["bytes"], "requests": fv[0]["requests"],
                      "fetched_twice": sorted({p for v in fv for p in v["fetched_twice"]}),
                      "ready_ms": _med([v["ready_ms"] for v in fv]),
                      "board_ms": _med([x["board_ms"] for x in rt]), "returning_ready_ms": _med([x["ready_ms"] for x in rt]),
                      "reload_board_ms": _med([x["reload_board_ms"] for x in rt]),
                      "reload_ready_ms": _med([x["reload_ready_ms"] for x in rt]),
                      **{f"click_{k}": r.get("clicks", {}).get(k) for k in ("p50_ms", "p95_ms", "max_ms", "timed")},
                      **{k: r.get("memory", {}).get(k) for k in ("home_rss_mb", "with_worker_rss_mb", "peak_page_rss_mb",
                                                                  "peak_page_pss_mb", "helpers_rss_mb_at_peak",
                                                                  "growth_mb_per_100_actions", "bare_page_rss_mb",
                                                                  "bare_with_worker_rss_mb")}}
    c, w = rows.get("chromium", {}), rows.get("webkit", {})
    byte_counts = {r["bytes"] for r in rows.values()}
    verdicts = {
        "bytes_equal": (len(byte_counts) == 1 and not any(r["fetched_twice"] for r in rows.values())) if rows else None,
        "webkit_memory_vs_chromium": ratio(w.get("peak_page_rss_mb"), c.get("peak_page_rss_mb")),
        "webkit_click_p95_vs_chromium": ratio(w.get("click_p95_ms"), c.get("click_p95_ms")),
        "webkit_floor_vs_chromium": ratio(w.get("bare_with_worker_rss_mb"), c.get("bare_with_worker_rss_mb")),
    }
    return {"rows": rows, "verdicts": verdicts}


def report_lines(res: dict[str, Any]) -> list[str]:
    part = res.get("engines")
    if not part:
        return []
    rows, v = part["summary"]["rows"], part["summary"]["verdicts"]
    names = [n for n in ENGINES if n in rows]
    skipped = [f"{n}: {r.get('skipped') or r.get('error')}" for n, r in part["engines"].items() if n not in rows]
    ver = {n: part["engines"][n]["version"] for n in names}

    def line(label: str, cell: Callable[[dict[str, Any]], str]) -> str:
        return f"| {label} | " + " | ".join(cell(rows[n]) for n in names) + " |"

    lines = [f"## Per engine (issue 52): {', '.join(ver[n] for n in names)}", "",
             "| | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|",
             line("first visit: bytes sent (gzip) / requests", lambda r: f"{mb(r['bytes'])} / {r['requests']}"),
             line("first visit: a path sent twice", lambda r: ", ".join(r["fetched_twice"]) or "none"),
             line("first visit: navigation → ready", lambda r: fmt(r["ready_ms"], 0, " ms")),
             line("returning (game stored): → board shown / → ready", lambda r: f"{fmt(r['board_ms'], 0)} / {fmt(r['returning_ready_ms'], 0, ' ms')}"),
             line("... reloaded (HTTP cache): → board / → ready", lambda r: f"{fmt(r['reload_board_ms'], 0)} / {fmt(r['reload_ready_ms'], 0, ' ms')}"),
             line("clicks in a Nile game: p50 / p95 (max)", lambda r: f"{fmt(r['click_p50_ms'])} / {fmt(r['click_p95_ms'])} ({fmt(r['click_max_ms'], 0)}) ms"),
             line("page process at home, app ready (RSS)", lambda r: fmt(r["home_rss_mb"], 0, " MiB")),
             line("page process with the bot worker: peak RSS / PSS", lambda r: f"{fmt(r['peak_page_rss_mb'], 0)} / {fmt(r['peak_page_pss_mb'], 0, ' MiB')}"),
             line("... its growth while the game goes on (RSS per 100 actions)", lambda r: fmt(r["growth_mb_per_100_actions"], 0, " MiB")),
             line("... the engine's helper processes beside it (RSS)", lambda r: fmt(r["helpers_rss_mb_at_peak"], 0, " MiB")),
             line("Pyodide alone: a bare page / with a bare worker (RSS)", lambda r: f"{fmt(r['bare_page_rss_mb'], 0)} / {fmt(r['bare_with_worker_rss_mb'], 0, ' MiB')}"),
             "",
             "Targets: bytes equal across engines, nothing sent twice: " + verdict(v["bytes_equal"])
             + f"; WebKit's page memory ≤ {TARGET_MEMORY_VS_CHROMIUM}× Chromium's: {fmt(v['webkit_memory_vs_chromium'], 2)}× "
             + verdict(None if v["webkit_memory_vs_chromium"] is None else v["webkit_memory_vs_chromium"] <= TARGET_MEMORY_VS_CHROMIUM)
             + f"; WebKit's click p95 ≤ {TARGET_CLICK_P95_VS_CHROMIUM}× Chromium's: {fmt(v['webkit_click_p95_vs_chromium'], 2)}× "
             + verdict(None if v["webkit_click_p95_vs_chromium"] is None else v["webkit_click_p95_vs_chromium"] <= TARGET_CLICK_P95_VS_CHROMIUM)
             + f". (Pyodide alone, a bare page with a bare worker, holds {fmt(v['webkit_floor_vs_chromium'], 2)}× as much in "
             "WebKit as in Chromium: the engine's floor.)", ""]
    if skipped:
        lines += ["Not measured: " + "; ".join(skipped), ""]
    return lines


if __name__ == "__main__":  # a quick look: .venv/bin/python tools/bench/engines_bench.py
    import json
    import sys

    quick = {"engine_loads": 1, "engine_clicks": 12, "engine_bot_seconds": 8}
    result = bench_engines(quick)
    json.dump(result, sys.stdout, indent=1)
    print("\n".join(report_lines({"engines": result})), file=sys.stderr)
