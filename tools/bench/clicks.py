"""The ``clicks`` and ``clicks-cape`` parts of ``tools/bench.py``: click → updated board, over a whole game.

A seeded player clicks a 3-player game through the UI until it is over (at least ``clicks`` clicks): each
click timed from ``el.click()`` to the next frame, split at the end of the click's handlers and at the rAF
callback, and the app's own time split where ``nile.web.app`` marks it (``data-last-split``). ``clicks``
plays *An den Ufern des Nils* (the issue's target is this game's p95), ``clicks-cape`` *Vom Kap bis Kairo*.
``--trace`` writes a Chromium trace (``tools/bench/trace_clicks.py`` reads it), ``--profile`` a CPU profile;
``NILE_BENCH_CPU=4`` in the environment slows the page's CPU that many times once it is ready (CDP
``Emulation.setCPUThrottlingRate``: where a click's time goes on the ``tablet`` part's old tablet);
``tools/bench/paired.py`` runs these parts for two builds in turn.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from common import (
    BOOT_TIMEOUT_MS,
    NO_SNAPSHOT_JS,
    READY,
    SEED,
    TARGETS,
    Served,
    fmt,
    launch_kwargs,
    log,
    percentile,
    verdict,
    watch,
)

#: the game each clicks part plays (its value of the New game button) and the result's key
CLICK_GAMES = {"clicks": ("banks", "clicks"), "clicks-cape": ("cape", "clicks_cape")}
#: the games' names in the report
GAME_TITLES = {"banks": "An den Ufern des Nils", "cape": "Vom Kap bis Kairo"}

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


#: the parts of the app's own time on an event (nile.web.app, data-last-split), in order ("voice" only in builds before
#: the save and the voice came after the frame: data-after-ms, not part of the click's time)
SPLIT_PARTS = ("handle", "render", "motion", "diff", "patch", "morph", "keep", "focus", "voice", "rest")


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


def _slow_cpu(context: Any, page: Any) -> None:
    """The page's CPU slowed ``NILE_BENCH_CPU`` times (4: the tablet part's old tablet), when that is set."""
    rate = float(os.environ.get("NILE_BENCH_CPU", "1"))
    if rate != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


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
    _slow_cpu(context, page)
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


def split_lines(split: dict[str, Any]) -> list[str]:
    """The app's time on a click part by part, then the browser's frame: p50 / p95 over all board clicks and
    by kind, and the mean over the slowest twentieth of clicks (what makes the p95)."""
    if not split:
        return []
    names = {"handle": "handler", "render": "render (Python, HTML)", "motion": "motion before", "diff": "what changed (Python)",
             "patch": "patch (morph.js)", "morph": "morph (rest)",
             "keep": "kept screen", "focus": "focus, pop-ups", "voice": "voice",
             "rest": "after (effects, bots…)", "to_raf": "motion's layout + wait for frame", "frame": "style+layout+paint"}
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
