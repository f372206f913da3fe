"""The ``tablet`` part of ``tools/bench.py``: the family's old tablet, a CPU 4× slower (and, beside it, 1×).

The CPU is slowed with CDP ``Emulation.setCPUThrottlingRate`` (rate 4) on the page. It slows the page's own
thread (its JavaScript, Python in Pyodide, style, layout, paint); not the browser's other threads (network,
decoding, compiling the wasm in the background, the GPU process), so a real slow tablet is slower still.

- **Home shown**: first visits (new profile, ``dist/`` served gzip-encoded as Netlify serves it), navigation
  start → the home screen visible in ``#app`` (``first_visit.HOME_PROBE``: a ``.home`` in ``#app``, rendered,
  the loading screen gone; boot.js's prerendered or kept home counts, ready or not), timed at the task right
  after the first animation frame that follows it (that frame's style, layout and paint done); and ready.
  Targets: ≤ 0.5 s at 1×, ≤ 1.5 s at 4×.
- **Click → next frame, measured in the page**: a fresh page (booted at 1×; service worker blocked, no memory
  snapshot, as the clicks part) starts a 3-player game of *An den Ufern des Nils* with the seeded random of
  ``clicks.py``, then the CPU is set to the rate and ``clicks.py``'s player chooses the clicks
  (``CANDIDATES_JS``, ``_choose_click``). Each is a real mouse click (Playwright ``page.mouse.click`` at a
  point of the element that ``elementFromPoint`` says is the element; else, rarely, ``el.click()``). An init
  script (``CLICK_PROBE``) notes the ``click`` event's ``timeStamp`` in a capture listener on ``window`` (the
  app acts on click; ``pointerdown``'s is kept too), the first mutation in ``#app`` after it
  (MutationObserver), then the next ``requestAnimationFrame`` callback and a MessageChannel task posted from
  it, and the second rAF callback: that task runs once the frame's style, layout and paint are done on the
  main thread, unless the browser ran the next frame first (it does, when the CPU is slow: rendering is
  prioritised), and the second callback starts the frame after, so the rendering is done by whichever comes
  first: **click → the first of the two** is the headline, "the next frame painted" (on the main thread; the
  compositor shows it a little later). The rAF callback alone comes before that frame's rendering (too early);
  a double rAF alone adds a wait for the next vsync (up to a frame of idling, not ours): both are kept in the
  results as well. Playwright's round trips are outside every number. Target: p95 ≤ 60 ms at 4×.
- **The browser's floor for a click**, on the same page and CPU after the game's clicks: a capture listener
  (``FLOOR_CLICK``) takes the click before the app (no Python) and changes one line of text in the head line;
  timed as above. What a click costs here that is not the app's: input, dispatch, the frame's wait and its
  rendering of a small change on this page.
- **Both at rest, a moment apart** (``AT_REST_JS``, ``PAUSE_MS``): each of the game's clicks, as each of the floor's,
  comes once nothing moves on the page and the last click's work is done, after a pause, as a person's taps come.
  Before 2026-12-05 (issue 51) the game's came straight after the last one's frame, while its motion still ran.
"""

from __future__ import annotations

import random
from typing import Any

from clicks import CANDIDATES_JS, CLICK_JS, SEEDED_RANDOM_JS, _choose_click
from common import BOOT_TIMEOUT_MS, NO_SNAPSHOT_JS, SEED, TARGETS, Served, fmt, log, median, percentile, verdict
from first_visit import fresh_page, load_once

RATES = (1.0, 4.0)
#: a first visit with the CPU 4× slower takes several times as long to be ready
SLOW_BOOT_TIMEOUT_MS = 4 * BOOT_TIMEOUT_MS

CLICK_PROBE = """(() => {
  const st = window.__benchClicks = {done: [], pending: null, down: null, waiter: null};
  // both marks of "the frame after the mutation is rendered" are in: tell the bench's waiter
  const finish = (rec) => {
    if (rec.painted === null || rec.raf2 === null) return;
    if (st.waiter && st.waiter.rec === rec) { const w = st.waiter; st.waiter = null; w.resolve(); }
  };
  addEventListener("pointerdown", (e) => { st.down = e.timeStamp; }, {capture: true, passive: true});
  addEventListener("click", (e) => {
    const rec = {down: st.down, click: e.timeStamp, handler: performance.now(), trusted: e.isTrusted,
                 mutation: null, raf: null, painted: null, raf2: null,
                 renders: Number(document.body.dataset.renders || 0)};
    st.down = null;
    st.pending = rec;
    st.done.push(rec);
  }, {capture: true});
  const seen = (records) => {
    const rec = st.pending, app = document.getElementById("app");
    if (!rec || !app || !records.some((r) => app.contains(r.target))) return;
    st.pending = null;
    rec.mutation = performance.now();
    requestAnimationFrame(() => {
      rec.raf = performance.now();
      const ch = new MessageChannel();
      ch.port1.onmessage = () => { rec.painted = performance.now(); finish(rec); };
      ch.port2.postMessage(0);
      requestAnimationFrame(() => { rec.raf2 = performance.now(); finish(rec); });
    });
  };
  new MutationObserver(seen).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})();"""
# the floor's clicks (``floor_clicks``): while ``window.__benchFloor`` is set, a click is taken before the app sees it
# and changes one line of text (the round's name in the head line), as little as a click can change
FLOOR_CLICK = """(() => {
  addEventListener("click", (e) => {
    if (!window.__benchFloor) return;
    e.stopImmediatePropagation();
    e.preventDefault();
    const line = document.querySelector("#app .status .round");
    if (line) line.textContent = line.textContent.endsWith("·") ? line.textContent.slice(0, -1) : line.textContent + "·";
  }, {capture: true});
})();"""
#: how long the bench waits before each click, the game's and the floor's alike: a person's taps come a moment apart
PAUSE_MS = 100
#: the page at rest before a game's click, as it is before the floor's (which come after a pause, with nothing
#: moving): no piece flying or fading (static/motion.js), no finite animation running, and the work after the last
#: redraw's frame done (a move's save: data-done). Without it a click came while the last one's motion still ran:
#: its time had that motion's frames in it, and the floor's had none (issue 51)
AT_REST_JS = """() => new Promise((resolve) => {
  const until = performance.now() + 3000;
  const check = () => {
    const d = document.body.dataset;
    const rest = !document.querySelector('[data-ghost], [data-flying]') && d.done === d.renders && document.getAnimations().every(
      (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
    if (rest || performance.now() > until) resolve(rest);
    else requestAnimationFrame(check);
  };
  check();
})"""
# a point inside the element that hits the element itself (or one of its children), scrolled into view
POINT_JS = """([sel, idx]) => {
  const el = document.querySelectorAll(sel)[idx];
  if (!el) return null;
  el.scrollIntoView({block: "nearest", inline: "nearest"});
  const r = el.getBoundingClientRect();
  for (const [fx, fy] of [[0.5, 0.5], [0.3, 0.5], [0.7, 0.5], [0.5, 0.3], [0.5, 0.7], [0.25, 0.25], [0.75, 0.75]]) {
    const x = r.left + r.width * fx, y = r.top + r.height * fy;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) return {x, y};
  }
  return null;
}"""
# the record of click n, once both marks after its frame came (or 3 s passed: no mutation)
WAIT_JS = """(n) => new Promise((resolve) => {
  const st = window.__benchClicks;
  const done = () => {
    const rec = st.done[n];
    // what the redraw sent (characters of markup), parsed (elements) and kept (parts, as holes): nile/web/app/paint.py,
    // static/morph.js
    const d = document.body.dataset;
    resolve(rec ? {...rec, renders_after: Number(d.renders || 0), sent: d.sent ? Number(d.sent) : null,
                   parsed: d.parsed ? Number(d.parsed) : null, kept: d.kept ? Number(d.kept) : null, split: d.lastSplit || "", paint: d.paint || "",
                   early: window.nileAnswer ? {...window.nileAnswer.last} : null} : null);
  };
  const rec = st.done[n];
  if (rec && rec.raf2 !== null && rec.painted !== null) { done(); return; }
  const timer = setTimeout(done, 3000);
  const wait = () => {
    const r = st.done[n];
    if (!r) { setTimeout(wait, 50); return; }
    if (r.raf2 !== null && r.painted !== null) { clearTimeout(timer); done(); return; }
    st.waiter = {rec: r, resolve: () => { clearTimeout(timer); setTimeout(done, 0); }};
  };
  wait();
})"""


def home_loads(pw: Any, served: Served, n: int) -> dict[str, Any]:
    """``n`` first visits at each rate (rates alternating): home shown and ready."""
    out: dict[str, Any] = {}
    samples: dict[float, list[dict[str, Any]]] = {r: [] for r in RATES}
    for _ in range(n):
        for rate in RATES:
            rec = load_once(pw, served.url, cpu_rate=rate, timeout_ms=SLOW_BOOT_TIMEOUT_MS if rate > 1 else BOOT_TIMEOUT_MS)
            home = rec["home"] or {}
            samples[rate].append({"ready": rec["ready"], "home_painted": home.get("painted"), "home_frame": home.get("frame"),
                                  "home_dom": home.get("dom"), "home_before_ready": bool(home) and not home.get("ready"),
                                  "home_inert": bool(home.get("inert")), "errors": rec["errors"]})
            log(f"  {rate:.0f}× CPU: home shown {fmt(home.get('painted'), 0)} ms, ready {rec['ready']:.0f} ms")
    for rate, ss in samples.items():
        shown = [s["home_painted"] for s in ss if s["home_painted"] is not None]
        out[f"{rate:.0f}x"] = {"home_shown_ms": median(shown), "home_shown_range_ms": [min(shown), max(shown)] if shown else None,
                               "ready_ms": median([s["ready"] for s in ss]),
                               "home_before_ready": sum(s["home_before_ready"] for s in ss), "loads": len(ss), "samples": ss}
    return out


def play_clicks(pw: Any, served: Served, rate: float, n: int) -> dict[str, Any]:
    """A fresh page, a seeded 3-player game started, the CPU set to ``rate``, then ``n`` board clicks timed in the page."""
    with fresh_page(pw, served.url, init_scripts=(SEEDED_RANDOM_JS, NO_SNAPSHOT_JS, CLICK_PROBE, FLOOR_CLICK),
                    block_service_workers=True) as (page, _):
        page.evaluate(CLICK_JS, ['[data-i="new"][data-v="banks"]', 0])
        r = page.evaluate(CLICK_JS, ['[data-i="start-game"]', 0])
        if r["screen"] != "game":
            raise RuntimeError(f"tablet: could not start a game: {r}")
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        rng = random.Random(SEED)
        samples: list[dict[str, Any]] = []
        synthetic = stuck = since_progress = 0
        last_actions = -1
        while len(samples) < n:
            c = page.evaluate(CANDIDATES_JS)
            g, found = c["groups"], c["found"]
            since_progress = since_progress + 1 if c["actions"] == last_actions else 0
            last_actions = c["actions"]
            if found["over"]:  # a new game (not counted)
                page.evaluate(CLICK_JS, [g["over"], found["over"][0]])
                page.evaluate(CLICK_JS, [g["start"], 0])
                continue
            chosen = _choose_click(g, found, rng, since_progress)
            if chosen is None:
                stuck += 1
                if stuck > 3:
                    raise RuntimeError(f"tablet: nothing to click on screen {c['screen']!r}")
                page.wait_for_timeout(200)
                continue
            stuck = 0
            kind, sel, idx = chosen
            page.evaluate(AT_REST_JS)  # the last click's motion and after-work done, then a pause, as the floor's
            page.wait_for_timeout(PAUSE_MS)
            before = page.evaluate("() => window.__benchClicks.done.length")
            point = page.evaluate(POINT_JS, [sel, idx])
            if point:
                page.mouse.click(point["x"], point["y"])
            else:
                synthetic += 1
                page.evaluate(CLICK_JS, [sel, idx])
            rec = page.evaluate(WAIT_JS, before)
            if rec:
                rec["kind"] = kind
                samples.append(rec)
        floor = floor_clicks(page, max(10, n // 2))
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    for s in samples:  # the frame after the mutation is rendered once either mark is there (see the docstring)
        s["shown"] = min((x for x in (s["painted"], s["raf2"]) if x is not None), default=None)
    timed = [s for s in samples if s["shown"] is not None]

    def stats(key: str) -> dict[str, Any]:
        xs = [s[key] - s["click"] for s in timed if s[key] is not None]
        return {"p50_ms": percentile(xs, 50), "p95_ms": percentile(xs, 95), "max_ms": round(max(xs), 1) if xs else None}

    return {"rate": rate, "clicks": len(samples), "timed": len(timed), "without_mutation": len(samples) - len(timed),
            "redrawn": sum(1 for s in timed if s["renders_after"] > s["renders"]), "synthetic_clicks": synthetic,
            "painted": stats("shown"), "after_raf_task": stats("painted"), "raf": stats("raf"), "double_raf": stats("raf2"),
            "input_delay": stats("handler"), "floor": floor,
            "mutation": stats("mutation"),
            # per redrawn click: the characters of markup sent and the elements parsed (absent before issue 51's counters)
            "sent_chars": _sizes([s["sent"] for s in timed if s["renders_after"] > s["renders"]]),
            "parsed_elements": _sizes([s["parsed"] for s in timed if s["renders_after"] > s["renders"]]),
            "samples_columns": ["kind", "click_ts", "pointerdown_ts", "handler", "mutation", "raf", "painted", "raf2", "trusted",
                                "split", "paint", "early", "sent", "parsed", "kept"],
            "samples": [[s["kind"], *(round(s[k], 2) if s[k] is not None else None
                                      for k in ("click", "down", "handler", "mutation", "raf", "painted", "raf2")), s["trusted"],
                         s.get("split", ""), s.get("paint", ""), s.get("early"), s.get("sent"), s.get("parsed"), s.get("kept")]
                        for s in samples]}


def _sizes(xs: list[Any]) -> dict[str, Any]:
    found = [x for x in xs if x is not None]
    return {"p50": percentile(found, 50), "p95": percentile(found, 95), "n": len(found)}


def floor_clicks(page: Any, n: int) -> dict[str, Any]:
    """``n`` real mouse clicks on the board that the app never sees (``FLOOR_CLICK``), timed as the game's clicks:
    click → the frame that shows one changed line painted. Each after a pause, as a person's taps come."""
    page.evaluate("() => { window.__benchFloor = true; }")
    shown: list[float] = []
    try:
        for i in range(n):
            if i == 0:  # (the game's last click may still move something)
                page.evaluate(AT_REST_JS)
                page.wait_for_timeout(PAUSE_MS)
            before = page.evaluate("() => window.__benchClicks.done.length")
            point = page.evaluate(POINT_JS, [".board-frame", 0])
            if not point:
                break
            page.mouse.click(point["x"] + (i % 5) * 3, point["y"])
            rec = page.evaluate(WAIT_JS, before)
            marks = [x for x in (rec["painted"], rec["raf2"]) if x is not None] if rec else []
            if marks:  # (as the game's clicks: whichever mark of the rendered frame came first)
                shown.append(min(marks) - rec["click"])
            page.wait_for_timeout(PAUSE_MS)
    finally:
        page.evaluate("() => { window.__benchFloor = false; }")
    return {"clicks": len(shown), "p50_ms": percentile(shown, 50), "p95_ms": percentile(shown, 95)}


def bench_tablet(pw: Any, served: Served, cfg: dict[str, Any]) -> dict[str, Any]:
    n = cfg["tablet_loads"]
    log(f"tablet: {n} first visit(s) at each of {', '.join(f'{r:.0f}×' for r in RATES)} CPU (home shown, ready) ...")
    out: dict[str, Any] = {"home": home_loads(pw, served, n), "clicks": {}}
    for rate in RATES:
        log(f"tablet: {cfg['tablet_clicks']} board clicks at {rate:.0f}× CPU, timed in the page ...")
        ck = play_clicks(pw, served, rate, cfg["tablet_clicks"])
        out["clicks"][f"{rate:.0f}x"] = ck
        log(f"  click → next frame painted p50 {fmt(ck['painted']['p50_ms'])} ms, p95 {fmt(ck['painted']['p95_ms'])} ms "
            f"({ck['timed']} of {ck['clicks']} clicks changed #app; {ck['synthetic_clicks']} dispatched, not real); "
            f"the browser's floor p50 {fmt(ck['floor']['p50_ms'])} ms, p95 {fmt(ck['floor']['p95_ms'])} ms")
    return out


def report_lines(res: dict[str, Any]) -> list[str]:
    tb = res.get("tablet")
    if not tb:
        return []
    t1, t4 = TARGETS["home_shown_ms_1x"], TARGETS["home_shown_ms_4x"]
    lines = [f"## The old tablet: the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), beside 1× "
             f"({tb['home']['1x']['loads']} first visits per rate, medians)", "",
             "| CPU | home shown in #app (min–max) | ready | home shown before ready | target: home shown |", "|---|---|---|---|---|"]
    for key, target in (("1x", t1), ("4x", t4)):
        h = tb["home"].get(key)
        if h:
            rg = h["home_shown_range_ms"]
            lines.append(f"| {key[:-1]}× | {fmt(h['home_shown_ms'], 0, ' ms')}" + (f" ({rg[0]:,.0f}–{rg[1]:,.0f})" if rg else "")
                         + f" | {fmt(h['ready_ms'], 0, ' ms')} | {h['home_before_ready']} of {h['loads']} | ≤ {target:,.0f} ms: "
                         f"{verdict(None if h['home_shown_ms'] is None else h['home_shown_ms'] <= target)} |")
    tc = TARGETS["tablet_click_p95_ms_4x"]
    lines += ["", "Click → next frame, timed in the page (the click event's timeStamp → the frame after #app's first mutation "
              "rendered on the main thread; real mouse clicks on a game in play):", "",
              "| CPU | clicks timed | p50 | p95 | max | p95 at the rAF callback / double rAF | input delay p95 | the browser's floor p50 / p95 | target: p95 |",
              "|---|---|---|---|---|---|---|---|---|"]
    for key, ck in tb["clicks"].items():
        shown = ck["painted"]
        verdict_4x = f"≤ {tc:.0f} ms: {verdict(None if shown['p95_ms'] is None else shown['p95_ms'] <= tc)}" if key == "4x" else "–"
        lines.append(f"| {key[:-1]}× | {ck['timed']} of {ck['clicks']} | {fmt(shown['p50_ms'], 1, ' ms')} | {fmt(shown['p95_ms'], 1, ' ms')} | "
                     f"{fmt(shown['max_ms'], 1, ' ms')} | {fmt(ck['raf']['p95_ms'], 1)} / {fmt(ck['double_raf']['p95_ms'], 1)} ms | "
                     f"{fmt(ck['input_delay']['p95_ms'], 1, ' ms')} | {_floor(ck)} | {verdict_4x} |")
    lines += ["", "The browser's floor: the same page and CPU, a click the app never sees that changes one line of text "
              "(no Python, no redraw): what no work of the app's can take away.", ""]
    return lines


def _floor(ck: dict[str, Any]) -> str:
    floor = ck.get("floor") or {}
    return f"{fmt(floor.get('p50_ms'), 1)} / {fmt(floor.get('p95_ms'), 1, ' ms')}" if floor.get("clicks") else "–"
