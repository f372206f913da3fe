"""The ``network`` and ``floor`` parts of ``tools/bench.py``: a first visit, side by side with what it is held to.

Every load is a first visit: a new Chromium profile (empty HTTP cache, no service worker, nothing stored)
against ``dist/`` served as Netlify serves it (``tools/serve.py``'s ``compress``: gzip for text, JavaScript,
JSON, SVG and wasm; .zip, .gz, .png as they are), loaded once, then closed.

- ``network``: the game page and the bench's bare page (``bench-bare.html``: the same vendored Pyodide booted,
  nothing else) over two emulated networks (CDP ``Network.emulateNetworkConditions`` on the page before it
  navigates): navigation start → ``body[data-app-state=ready]``, and the bytes transferred until then
  (Resource Timing's ``transferSize``: headers plus the encoded body of the document and every resource that
  had arrived by ready). Target: the game ready no later than bare Pyodide on both networks.
- ``floor``: the game page and the PyScript floor (the same site whose static/main.py does nothing but mark
  itself ready, ``boot_paired.FLOOR_MAIN``: what PyScript and Pyodide cost without any of our Python), no
  emulation, paired: both loaded in each round, the order reversed every round. Target: the game's ready
  ≤ 1.10 × the floor's (the median of each round's ratio).

``fresh_load`` (one such visit, optionally with the network and the CPU emulated) and the probes are shared
with ``tools/bench/tablet.py``.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
import time
from collections.abc import Iterator
from typing import Any

from boot import READY_PROBE
from common import BOOT_TIMEOUT_MS, READY, TARGETS, Served, fmt, launch_kwargs, log, mb, median, ratio, verdict

#: the emulated networks: (name, download Mbit/s, upload Mbit/s, round trip ms). The issue's two; uploads as
#: Lighthouse's matching profiles (desktop "dense 4G" 10 Mbit/s 40 ms; mobile "slow 4G" 1.6 Mbit/s 150 ms, 0.75 up)
NETWORKS = (("10 Mbit/s, 40 ms", 10.0, 10.0, 40.0), ("1.6 Mbit/s, 150 ms", 1.6, 0.75, 150.0))

# Run in every document before its own scripts: when #app first shows the home screen visibly (a `.home`
# in #app, #app not hidden, the home rendered -- checkVisibility -- and the loading screen gone or hidden),
# whether boot.js's kept or prerendered screen (inert, before Python is ready) or the app's own render: the
# time of that DOM change, of the next animation frame's callback, and of the task right after that frame
# (its style, layout and paint done on the main thread), and whether the app was ready by then.
HOME_PROBE = """(() => {
  const check = () => {
    if (window.__benchHome) return;
    const app = document.getElementById("app");
    const home = app && app.querySelector(".home");
    if (!home || app.hidden || !home.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) return;
    const loading = document.getElementById("loading");
    if (loading && loading.checkVisibility()) return;
    const seen = {dom: performance.now(), ready: !!(document.body && document.body.dataset.appState === "ready"),
                  inert: !!app.inert, frame: null, painted: null};
    window.__benchHome = seen;
    requestAnimationFrame(() => {
      seen.frame = performance.now();
      const ch = new MessageChannel();
      ch.port1.onmessage = () => { seen.painted = performance.now(); };
      ch.port2.postMessage(0);
    });
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true,
                                                 attributeFilter: ["hidden", "class", "style", "inert"]});
})();"""
HOME_JS = """async () => {
  const h = window.__benchHome;
  if (h && h.painted === null) await new Promise(r => requestAnimationFrame(() => setTimeout(r, 50)));
  return h || null;
}"""
# The bytes transferred until ready: Resource Timing's transferSize (response headers + encoded body; 0 for
# what came from a cache) of the navigation and of every resource whose response ended by then.
BYTES_JS = """(ready) => {
  const nav = performance.getEntriesByType("navigation")[0];
  const res = performance.getEntriesByType("resource");
  const until = res.filter(e => e.responseEnd <= ready);
  const sum = (xs, k) => xs.reduce((a, e) => a + (e[k] || 0), 0);
  return {requests: 1 + until.length, transfer: (nav ? nav.transferSize : 0) + sum(until, "transferSize"),
          body: (nav ? nav.encodedBodySize : 0) + sum(until, "encodedBodySize"),
          decoded: (nav ? nav.decodedBodySize : 0) + sum(until, "decodedBodySize"),
          all_requests: 1 + res.length, all_transfer: (nav ? nav.transferSize : 0) + sum(res, "transferSize")};
}"""


@contextlib.contextmanager
def fresh_page(pw: Any, url: str, network: tuple[str, float, float, float] | None = None, cpu_rate: float = 1.0,
               init_scripts: tuple[str, ...] = (), timeout_ms: int = BOOT_TIMEOUT_MS,
               block_service_workers: bool = False) -> Iterator[tuple[Any, dict[str, Any]]]:
    """One first visit of ``url`` in a new profile, kept open inside the ``with``: (the page, its numbers) --
    ready (ms since navigation start, in-page clock), when the home was first visible (``HOME_PROBE``), the
    bytes transferred until ready; with ``network`` and ``cpu_rate`` emulated on the page from before it
    navigates (both stay on for what the caller does next); ``block_service_workers`` for a page that is used
    after it is ready (a first visit's service worker precaches the whole site then)."""
    profile = tempfile.mkdtemp(prefix="nile-bench-profile-")
    try:
        context = pw.chromium.launch_persistent_context(
            profile, **launch_kwargs(), **({"service_workers": "block"} if block_service_workers else {}))
        try:
            for script in (READY_PROBE, HOME_PROBE, *init_scripts):
                context.add_init_script(script)
            page = context.pages[0] if context.pages else context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            cdp = context.new_cdp_session(page)
            if network:
                _, down, up, rtt = network
                cdp.send("Network.enable")
                cdp.send("Network.emulateNetworkConditions", {
                    "offline": False, "latency": rtt,
                    "downloadThroughput": down * 1e6 / 8, "uploadThroughput": up * 1e6 / 8})
            if cpu_rate != 1:
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu_rate})
            started = time.monotonic()
            page.goto(url, wait_until="commit", timeout=timeout_ms)
            page.wait_for_selector(READY, state="attached", timeout=timeout_ms)
            outer = (time.monotonic() - started) * 1000
            ready = page.evaluate("() => window.__benchReadyAt || null") or outer
            home = page.evaluate(HOME_JS)
            rec = {"ready": round(ready, 1),
                   "home": home and {k: (round(v, 1) if isinstance(v, float) else v) for k, v in home.items()},
                   "bytes": page.evaluate(BYTES_JS, ready), "errors": errors}
            yield page, rec
        finally:
            context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def load_once(pw: Any, url: str, **kw: Any) -> dict[str, Any]:
    """``fresh_page``'s numbers, the browser closed."""
    with fresh_page(pw, url, **kw) as (_, rec):
        rec["errors"] = rec["errors"][:3]
        return rec


def _paired(name_a: str, name_b: str, a: list[float], b: list[float]) -> dict[str, Any]:
    """Medians of two pages' samples taken in turn, their ratio, and the median of the rounds' own ratios."""
    ma, mb_ = median(a), median(b)
    return {f"{name_a}_ms": ma, f"{name_b}_ms": mb_, "ratio": ratio(ma, mb_),
            "paired_ratio_median": median([x / y for x, y in zip(a, b) if x and y]),
            f"{name_a}_range_ms": [min(a), max(a)] if a else None, f"{name_b}_range_ms": [min(b), max(b)] if b else None}


def _rounds(n: int, pages: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The order of each round: the pages in turn, reversed every other round (the machine's drift hits both)."""
    return [pages if i % 2 == 0 else pages[::-1] for i in range(n)]


def bench_network(pw: Any, served: Served, cfg: dict[str, Any]) -> dict[str, Any]:
    """The game and the bare page, first visits over each emulated network, in turn (``cfg["network_loads"]``: the
    rounds per network, in NETWORKS' order: over the slow one a load takes ~40 s, bound by the bytes, and varies little)."""
    out: dict[str, Any] = {"networks": {}, "compressed": True}
    for net, n in zip(NETWORKS, cfg["network_loads"]):
        if not n:
            continue
        label = net[0]
        log(f"network: first visits over {label}, {n} round(s) of game + bare (fresh profiles, gzip as Netlify) ...")
        samples: dict[str, list[dict[str, Any]]] = {"game": [], "bare": []}
        for order in _rounds(n, ("game", "bare")):
            for page_name in order:
                url = served.url + ("bench-bare.html" if page_name == "bare" else "")
                rec = load_once(pw, url, network=net)
                samples[page_name].append({"ready": rec["ready"], "bytes": rec["bytes"], "errors": rec["errors"],
                                           "home_painted": (rec["home"] or {}).get("painted")})
                log(f"  {page_name:4} ready {rec['ready']:7.0f} ms   {mb(rec['bytes']['transfer'])} transferred until ready "
                    f"({rec['bytes']['requests']} requests)")
        g, b = [s["ready"] for s in samples["game"]], [s["ready"] for s in samples["bare"]]
        out["networks"][label] = {
            "download_mbit_s": net[1], "upload_mbit_s": net[2], "rtt_ms": net[3], **_paired("game", "bare", g, b),
            "game_transfer_bytes": median([s["bytes"]["transfer"] for s in samples["game"]]),
            "bare_transfer_bytes": median([s["bytes"]["transfer"] for s in samples["bare"]]),
            "game_requests": median([s["bytes"]["requests"] for s in samples["game"]]),
            "bare_requests": median([s["bytes"]["requests"] for s in samples["bare"]]),
            "game_home_painted_ms": median([s["home_painted"] for s in samples["game"] if s["home_painted"]]),
            "samples": samples,
        }
    return out


def bench_floor(pw: Any, served: Served, floor: Served, stock_floor: Served, cfg: dict[str, Any]) -> dict[str, Any]:
    """The game page and the PyScript floor page, first visits (no emulation), paired; the floor twice: as the
    site ships Pyodide (its cut standard library, tools/stdlib.py) and as Pyodide comes (its own library)."""
    n = cfg["floor_rounds"]
    log(f"floor: {n} round(s) of first visits, game + PyScript floor (main.py does nothing; cut and stock library), in turn ...")
    sites = {"game": served, "floor": floor, "stock_floor": stock_floor}
    samples: dict[str, list[float]] = {name: [] for name in sites}
    errors: list[str] = []
    for order in _rounds(n, tuple(sites)):
        for page_name in order:
            rec = load_once(pw, sites[page_name].url)
            samples[page_name].append(rec["ready"])
            errors += rec["errors"]
        log("  " + "   ".join(f"{name} {samples[name][-1]:7.0f} ms" for name in sites))
    stock = _paired("game", "stock_floor", samples["game"], samples["stock_floor"])
    return {**_paired("game", "floor", samples["game"], samples["floor"]), "target": TARGETS["floor_ratio"],
            "stock": stock, "samples_ms": samples, "errors": errors[:5]}


def report_lines(res: dict[str, Any]) -> list[str]:
    """The network and floor sections of the table (nothing for a part that did not run)."""
    lines: list[str] = []
    nw = res.get("network")
    if nw:
        n = "/".join(str(len(r["samples"]["game"])) for r in nw["networks"].values())
        lines += [f"## First visit over an emulated network (fresh profiles, gzip as Netlify serves; medians of {n} per page, in turn)", "",
                  "| network | game ready (min–max) | bare Pyodide ready (min–max) | game/bare (paired) | transferred until ready: game / bare "
                  "| game's home shown | target: game ≤ bare |", "|---|---|---|---|---|---|---|"]
        for label, r in nw["networks"].items():
            gr, br = r["game_range_ms"], r["bare_range_ms"]
            lines.append(f"| {label} | {fmt(r['game_ms'], 0, ' ms')} ({gr[0]:,.0f}–{gr[1]:,.0f}) | {fmt(r['bare_ms'], 0, ' ms')} "
                         f"({br[0]:,.0f}–{br[1]:,.0f}) | {fmt(r['ratio'], 2)} ({fmt(r['paired_ratio_median'], 2)}) | "
                         f"{mb(r['game_transfer_bytes'])} in {r['game_requests']:.0f} / {mb(r['bare_transfer_bytes'])} in {r['bare_requests']:.0f} | "
                         f"{fmt(r['game_home_painted_ms'], 0, ' ms')} | "
                         f"{verdict(None if r['ratio'] is None else r['ratio'] <= TARGETS['network_ready_vs_bare'])} |")
        lines.append("")
    fl = res.get("floor")
    if fl:
        t = fl["target"]
        lines += [f"## The decided cold ratio: first visit ready, game vs the PyScript floor ({len(fl['samples_ms']['game'])} rounds, paired, "
                  "order reversed each round)", "",
                  f"Game {fmt(fl['game_ms'], 0, ' ms')} ({fl['game_range_ms'][0]:,.0f}–{fl['game_range_ms'][1]:,.0f}), floor (main.py does nothing) "
                  f"{fmt(fl['floor_ms'], 0, ' ms')} ({fl['floor_range_ms'][0]:,.0f}–{fl['floor_range_ms'][1]:,.0f}): ratio of medians "
                  f"{fmt(fl['ratio'], 2)}, median of the rounds' ratios {fmt(fl['paired_ratio_median'], 2)}. "
                  f"Target ≤ {t:.2f}× (the rounds' ratio): "
                  f"{verdict(None if fl['paired_ratio_median'] is None else fl['paired_ratio_median'] <= t)}.", ""]
        st = fl.get("stock")
        if st:
            lines += [f"Against the floor on Pyodide's own standard library (as Pyodide comes; the site ships a cut one, "
                      f"tools/stdlib.py): floor {fmt(st['stock_floor_ms'], 0, ' ms')}, ratio of medians {fmt(st['ratio'], 2)}, "
                      f"median of the rounds' ratios {fmt(st['paired_ratio_median'], 2)}: "
                      f"{verdict(None if st['paired_ratio_median'] is None else st['paired_ratio_median'] <= t)}.", ""]
    return lines
