"""The ``memory`` part of ``tools/bench.py``: how much memory the page's renderer holds, with and without the bot worker.

A fresh Chromium context opens the built page and waits until the app is ready on its home screen;
the renderer process that holds the page is found through the browser's DevTools protocol
(``SystemInfo.getProcessInfo``: the renderer whose resident memory grows when the page starts
its worker is ours) and its memory read from Linux's ``/proc/<pid>/smaps_rollup`` (RSS, and PSS:
RSS with shared pages divided among the processes sharing them). Then the page starts
``static/bot-worker.js`` exactly as the app does (a module Worker; its own Pyodide, the package,
``nile.bots.protocol``), waits for its ``ready`` answer and one decision, and the renderer is read
again. The app starts its worker only at the first bot decision (``nile/web/app/workers.py``), so a game of
people only never pays for it. Linux only (``/proc``); elsewhere the part reports nothing.
Target (issue 23): the page with its worker under 280 MB (RSS). The floor is measured beside it, in turn: the
bench's bare page (Pyodide booted, nothing else) and then a worker that only boots Pyodide
(``tools/bench/bench-bare-worker.js``): what any page with a Pyodide and a Pyodide worker holds. A dedicated
worker is a thread of its page's renderer process, so both readings hold the page and its worker together.
The guard (issue 42): the page with its bot worker within 1.10× the bare page with the bare worker (RSS, the
medians' ratio; PSS's beside it) -- a verdict in the report, not a timed test.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import bots_bench
from common import BOOT_TIMEOUT_MS, READY, TARGETS, Served, launch_kwargs, log, rss_pss

TARGET_WITH_WORKER_MB = 280.0
#: after ready (or the worker's answer), let the page settle before reading its memory
SETTLE_S = 2.0

#: a first visit makes its memory snapshot a few seconds after it is ready, in a worker of its own
#: (static/pyodide-boot.js): the page is read once that is done (made, or off, or failed), not during it
SNAPSHOT_DONE_JS = """() => new Promise((resolve) => {
  const started = performance.now();
  const check = () => {
    const now = window.nileSnapshot || "";
    if ((now && now !== "none") || performance.now() - started > 90000) resolve(now);
    else setTimeout(check, 250);
  };
  check();
})"""

START_WORKER_JS = """async ([url, job]) => {
  const worker = new Worker(url, {type: "module"});
  const next = () => new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); });
  const first = await next();
  if (first.kind !== "ready") throw new Error(first.error || JSON.stringify(first));
  if (job) { const answer = next(); worker.postMessage(job); await answer; }
  window.__benchWorker = worker;  // keep it alive while memory is read
  return true;
}"""


def _renderers(browser: Any) -> dict[int, tuple[float, float]]:
    session = browser.new_browser_cdp_session()
    try:
        info = session.send("SystemInfo.getProcessInfo")
    finally:
        session.detach()
    out = {}
    for proc in info.get("processInfo", []):
        if proc.get("type") == "renderer":
            mem = rss_pss(int(proc["id"]))
            if mem is not None:
                out[int(proc["id"])] = mem
    return out


#: the floor: the bench's bare page (Pyodide booted, nothing else) and a worker that only boots Pyodide
BARE_PAGE, BARE_WORKER = "bench-bare.html", "./bench-bare-worker.js"


def one_run(browser: Any, url: str, ready: str, timeout_ms: int, job: dict[str, Any] | None,
            bare: bool = False) -> dict[str, Any] | None:
    """One fresh context: the page's renderer memory at home, then with the bot worker started (``bare``:
    the bare page, then with a worker that only boots Pyodide)."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(url + (BARE_PAGE if bare else ""), timeout=timeout_ms)
        page.wait_for_selector(ready, state="attached", timeout=timeout_ms)
        if not bare:
            page.evaluate(SNAPSHOT_DONE_JS)
        time.sleep(SETTLE_S)
        home = _renderers(browser)
        page.evaluate(START_WORKER_JS, [BARE_WORKER, None] if bare else ["./static/bot-worker.js", job])
        time.sleep(SETTLE_S)
        worker = _renderers(browser)
    finally:
        context.close()
    # ours is the renderer that grew most when the page started its worker
    common = [pid for pid in home if pid in worker]
    if not common:
        return None
    pid = max(common, key=lambda p: worker[p][0] - home[p][0])
    return {"pid": pid, "home_rss_mb": home[pid][0], "home_pss_mb": home[pid][1],
            "worker_rss_mb": worker[pid][0], "worker_pss_mb": worker[pid][1]}


def bench_memory(browser: Any, url: str, ready: str, timeout_ms: int, runs: int, job: dict[str, Any] | None) -> dict[str, Any]:
    """Medians over ``runs`` fresh contexts of the page, and of the bare page with a bare worker (the floor:
    what Pyodide in a page and Pyodide in a worker cost by themselves), taken in turn."""
    samples, floor = [], []
    for _ in range(runs):
        samples.append(one_run(browser, url, ready, timeout_ms, job))
        floor.append(one_run(browser, url, ready, timeout_ms, None, bare=True))
    samples = [s for s in samples if s]
    floor = [s for s in floor if s]
    if not samples:
        return {"samples": [], "note": "no renderer memory readable (not Linux?)"}
    med = {k: statistics.median(s[k] for s in samples) for k in samples[0] if k != "pid"}
    if floor:
        med.update({f"bare_{k}": statistics.median(s[k] for s in floor) for k in floor[0] if k != "pid"})
        med["vs_bare_rss_ratio"] = round(med["worker_rss_mb"] / med["bare_worker_rss_mb"], 3)
        med["vs_bare_pss_ratio"] = round(med["worker_pss_mb"] / med["bare_worker_pss_mb"], 3)
    return {"samples": samples, "bare_samples": floor, **med, "target_with_worker_mb": TARGET_WITH_WORKER_MB}


def bench_memory_part(pw: Any, served: Served, cfg: dict[str, Any]) -> dict[str, Any]:
    """The part: ``bench_memory`` in a browser of its own, the worker asked one easy decision as the app asks it."""
    log(f"memory: the page's renderer at home and with its bot worker, {cfg['memory_runs']} fresh context(s) ...")
    browser = pw.chromium.launch(**{k: v for k, v in launch_kwargs().items() if k != "viewport"})
    try:
        job = bots_bench.jobs(1, cfg["seed"])[0]["message"]  # one easy decision, as the app asks it
        return bench_memory(browser, served.url, READY, BOOT_TIMEOUT_MS, cfg["memory_runs"], job)
    finally:
        browser.close()


def report_lines(mem: dict[str, Any], fmt: Any, verdict: Any) -> list[str]:
    if not mem.get("samples"):
        return ["", "## Memory", "", mem.get("note", "not measured")]
    with_worker = mem["worker_rss_mb"]
    return [
        "",
        f"## Memory of the page's renderer ({len(mem['samples'])} fresh contexts, medians)",
        "",
        "| | RSS | PSS |",
        "|---|---|---|",
        f"| home, app ready, no bot worker | {fmt(mem['home_rss_mb'], 0, ' MB')} | {fmt(mem['home_pss_mb'], 0, ' MB')} |",
        f"| with the bot worker started (one decision made) | {fmt(with_worker, 0, ' MB')} | {fmt(mem['worker_pss_mb'], 0, ' MB')} |",
        f"| the worker's share | {fmt(with_worker - mem['home_rss_mb'], 0, ' MB')} | "
        f"{fmt(mem['worker_pss_mb'] - mem['home_pss_mb'], 0, ' MB')} |",
        *([f"| the floor: a bare Pyodide page (the bench's bare page) | {fmt(mem['bare_home_rss_mb'], 0, ' MB')} | "
           f"{fmt(mem['bare_home_pss_mb'], 0, ' MB')} |",
           f"| ... with a worker that only boots Pyodide | {fmt(mem['bare_worker_rss_mb'], 0, ' MB')} | "
           f"{fmt(mem['bare_worker_pss_mb'], 0, ' MB')} |"] if "bare_home_rss_mb" in mem else []),
        "",
        f"Target: the page with its worker under {fmt(TARGET_WITH_WORKER_MB, 0, ' MB')} (RSS): "
        f"{verdict(with_worker < TARGET_WITH_WORKER_MB)}."
        + (f" Pyodide alone in a page and in a worker holds {fmt(mem['bare_worker_rss_mb'], 0, ' MB')}: Nile's own share "
           f"is {fmt(with_worker - mem['bare_worker_rss_mb'], 0, ' MB')}." if "bare_worker_rss_mb" in mem else ""),
        *(["", f"Guard (issue 42): the page with its bot worker ≤ {TARGETS['memory_vs_bare']:.2f}× the bare page with a bare "
           f"worker (RSS): {fmt(mem['vs_bare_rss_ratio'], 2)}× (PSS {fmt(mem['vs_bare_pss_ratio'], 2)}×), "
           f"{verdict(mem['vs_bare_rss_ratio'] <= TARGETS['memory_vs_bare'])}."] if "vs_bare_rss_ratio" in mem else []),
    ]
