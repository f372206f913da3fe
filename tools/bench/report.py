"""The table ``tools/bench.py`` prints and writes to ``bench/results.md``: the machine line, each part's section
(written by the part's own module) in the order the parts are listed, and "How measured".
"""

from __future__ import annotations

from typing import Any

import boot
import engine
import first_visit
import tablet
from clicks import CLICK_GAMES, clicks_lines
from common import fmt, verdict


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
        f"(other work on the machine skews every number). Wall time {res.get('wall_seconds', '?')} s"
        + (" (" + ", ".join(f"{k} {v:.0f} s" for k, v in res["part_seconds"].items()) + ")" if res.get("part_seconds") else "") + ".",
        "",
    ]
    lines += engine.report_lines(res, cfg)
    lines += boot.report_lines(res, cfg)
    for ck in filter(None, (res.get(key) for _, key in CLICK_GAMES.values())):
        lines += clicks_lines(ck)
    if res.get("bots"):
        import bots_bench  # (it imports the bots: only when they ran)

        lines += bots_bench.report_lines(res["bots"], fmt, verdict)
    if res.get("memory"):
        import memory_bench

        lines += memory_bench.report_lines(res["memory"], fmt, verdict) + [""]
    lines += first_visit.report_lines(res)
    lines += tablet.report_lines(res)
    if res.get("engines"):
        import engines_bench  # (it imports the cross-browser suite's driver: only when the part ran)

        lines += engines_bench.report_lines(res)
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
    "First visits (network, tablet, floor): a new persistent Chromium profile per load (empty HTTP cache, no service "
    "worker, nothing stored; the cache is not switched off, so a preloaded file is fetched once, as a player's browser "
    "does), `dist/` served by `tools/serve.py` with `compress` on: gzip level 6 for text, JavaScript, JSON, SVG and wasm "
    "(Netlify compresses wasm too; it would send brotli, a little smaller, which the standard library cannot make), "
    ".zip/.gz/.png as they are; every file compressed before the first load. The local server speaks HTTP/1.0 (six "
    "connections at a time), Netlify HTTP/2: the game's ~35 requests queue a little more here than they would. "
    "Ready as in Browser (the in-page MutationObserver, ms since navigation start).",
    "Network: CDP `Network.emulateNetworkConditions` on the page before it navigates: 10 Mbit/s down and up with 40 ms "
    "latency, and 1.6 Mbit/s down, 0.75 up with 150 ms (Chromium adds the latency to each request: TCP's handshakes "
    "are not emulated). Game and bare pages in turn, the order reversed each round; 'transferred until ready' = "
    "Resource Timing's transferSize (headers + encoded body, 0 for what a cache gave) of the document and every "
    "resource that had arrived by ready; 'home shown' as in Tablet.",
    "Tablet: CDP `Emulation.setCPUThrottlingRate` (4; 1 beside it) slows the page's main thread only. 'Home shown' = "
    "the task right after the first animation frame that follows the moment `#app` holds a visible `.home` and the "
    "loading screen is gone (boot.js's prerendered or kept home counts, ready or not). Clicks: a seeded 3-player "
    "game (clicks.py's player), real mouse clicks (`page.mouse.click` at a point `elementFromPoint` confirms), the "
    "CPU rate set after the game started; each click timed in the page from the click event's `timeStamp` (capture "
    "listener on window, installed by an init script) to the first of: the MessageChannel task posted from the rAF "
    "callback after `#app`'s first mutation, and the second rAF callback (the frame after the mutation has then been "
    "styled, laid out and painted on the main thread). Clicks that changed nothing in #app within 3 s are not counted.",
    "Floor: the same site with a static/main.py that only marks itself ready (`boot_paired.FLOOR_MAIN`), first "
    "visits of game and floor in turn (order reversed each round), no emulation; the verdict is on the median of the "
    "rounds' ratios. The memory guard is the memory part's: the page with its bot worker against the bare page "
    "with the bare worker, RSS of the renderer (the workers are its threads).",
    "Bots: decision points of one seeded 3-player game of easy bots per game (every k-th decision with a choice), "
    "sent in game order to `static/bot-worker.js` started by the built page (no memory snapshot made, as for the clicks), as the app sends them; `ms` is "
    "`nile.bots.worker.decide` timed in the worker, the round trip adds posting and rebuilding the state from the "
    "save. The first answer (worker start) is not counted. Targets are for the round trip's p95.",
    "Engines (issue 52): each engine through tests/engines/driver.py (Chromium through its Playwright adapter, launched "
    "as above), one at a time, `dist/` served gzip-encoded with `index.html` loading `bench-probe.js` first (the ready "
    "and board probes, the clicks' probe, the seeded random) and no `/sw.js`. Bytes: what the server sent from navigation "
    "until ready and a second's quiet, per path, less the icons each browser asks for by its own rules. Returning board: "
    "the storage of a game in progress (made in Chromium) written from a blank page of the origin, then the game's "
    "first load and one reload. Clicks: real pointer clicks (WebDriver actions) on a seeded 3-player game, timed as "
    "Tablet's. Memory: the engine's processes read from /proc every 0.25 s; the page's is the largest content process "
    "(renderer, web content, WebKitWebProcess: the page and its workers); the memory snapshot off.",
]
