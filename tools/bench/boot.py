"""The ``browser`` part of ``tools/bench.py``: the page's boot, the bytes of a first visit, a returning player.

Chromium (Playwright) against ``dist/`` served by ``tools/serve.py`` (production headers): navigation start
→ ``body[data-app-state=ready]``, cold and warm, for the game page and for a bare page that only boots the
same vendored Pyodide (``tools/bench/bench-bare.*``), the game's boot split at PyScript's and the app's
marks; the bytes of a first visit (gzip as Netlify would send them); whether warm loads started from the
memory snapshot the first visit made; and a returning player (a game in progress stored): navigation start
→ first frame showing the board (the last screen boot.js shows before Python is ready, else the app's
first render) and → ready. ``tools/bench/boot_paired.py`` boots built sites in turn with the same probes.
"""

from __future__ import annotations

import gzip
import json
import random
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from clicks import CANDIDATES_JS, CLICK_JS, SEEDED_RANDOM_JS
from common import (
    BOOT_TIMEOUT_MS,
    READY,
    SEED,
    TARGETS,
    Served,
    fmt,
    launch_kwargs,
    log,
    mb,
    median,
    ratio,
    verdict,
    watch,
)

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


def snapshot_lines(br: dict[str, Any]) -> list[str]:
    """How many warm loads started from the memory snapshot their first visit made (static/pyodide-boot.js)."""
    made = [(rec or [""])[0] for rec in br.get("snapshot") or []]
    warm = [x for rec in br.get("snapshot") or [] for x in (rec or [])[1:]]
    if not warm:
        return []
    used = sum(1 for x in warm if x == "used")
    return [f"A returning player's start from the memory snapshot its first visit made: {used} of {len(warm)} warm loads "
            f"(after the first visits: {', '.join(str(x) for x in made)}).", ""]


def report_lines(res: dict[str, Any], cfg: dict[str, Any]) -> list[str]:
    """The browser's sections of the table: boot times, the returning player, bytes (nothing when it did not run)."""
    lines: list[str] = []
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
    return lines
