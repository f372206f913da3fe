"""The ``bots`` part of ``tools/bench.py``: how long each computer player takes per decision in the browser.

Positions come from seeded games of easy bots played here in CPython (every ``stride``-th decision,
both games, 3 players). Each position is sent, in game order, as the page sends it (a save, the
seat, the strength, a salt), to the real ``static/bot-worker.js`` started from the built page in
Chromium; the worker reports the time ``nile.bots.worker.decide`` took (``ms``), and the page
measures the round trip (``rtt``: posting, rebuilding the state, deciding, answering). The first
answer (which includes the worker's Pyodide start) is a warm-up and is not counted.
Targets (issue 10): strong ≤ 1500 ms, normal ≤ 100 ms, easy ≤ 20 ms per decision.
"""

from __future__ import annotations

from typing import Any

from common import BOOT_TIMEOUT_MS, NO_SNAPSHOT_JS, READY, Served, launch_kwargs, log, median, percentile, watch

from nile.bots import protocol
from nile.bots.players import make_bot
from nile.core import save
from nile.core.rng import Rng
from nile.games import spec_of

STRENGTHS = ("easy", "normal", "strong")
TARGET_MS = {"easy": 20.0, "normal": 100.0, "strong": 1500.0}

ASK_JS = """async (jobs) => {
  const worker = new Worker("./static/bot-worker.js", {type: "module"});
  const next = () => new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); });
  const started = performance.now();
  const first = await next();
  if (first.kind !== "ready") throw new Error(first.error || JSON.stringify(first));
  const boot = performance.now() - started;
  const out = [];
  for (const job of jobs) {
    const t0 = performance.now();
    const answer = next();
    worker.postMessage(job.message);
    const r = await answer;
    out.push({game: job.game, strength: job.message.strength, ms: r.ms, rtt: performance.now() - t0, error: r.error || null});
  }
  worker.terminate();
  return {boot, out};
}"""


TURN_JS = """async (message) => {
  if (!window.__turnWorker) {
    const w = new Worker("./static/bot-worker.js", {type: "module"});
    await new Promise((resolve) => { w.onmessage = () => resolve(); });
    window.__turnWorker = w;
  }
  const w = window.__turnWorker;
  const t0 = performance.now();
  const answer = new Promise((resolve) => { w.onmessage = (e) => resolve(e.data); });
  w.postMessage(message);
  const r = await answer;
  return {text: r.text || null, error: r.error || null, ms: r.ms, rtt: performance.now() - t0};
}"""
#: a strong bot's whole Nile turn, thinking included (issue 22)
TURN_TARGET_MS = 2500.0


def bench_turns(page: Any, turns: int, seed: int, median: Any) -> dict[str, Any]:
    """Whole Nile turns of the strong bot through one bot worker (which keeps its search between the
    decisions of a turn, as in the page): from ``turns`` turn starts of a seeded 3-player easy game,
    the strong bot plays the turn out; the sum of its round trips is the turn's thinking time."""
    spec = spec_of("banks")
    state = spec.new_state(spec.default_options(3, frozenset()), seed)
    easy, rng = make_bot("easy"), Rng(seed)
    totals: list[float] = []
    lengths: list[int] = []
    errors: list[str] = []
    k = 0
    while not state.is_terminal() and len(totals) < turns:
        seat = state.to_act()[0]
        starts = state.phase == "actions" and getattr(state, "ap", 0) == 3 and state.to_act() == (seat,)
        if starts and k % 4 == 0:
            total, count = 0.0, 0
            while state.to_act() == (seat,) and state.phase in ("actions", "extra_turn") and not state.is_terminal():
                r = page.evaluate(TURN_JS, protocol.decide(f"turn/{k}/{count}", save.dumps(state), seat, "strong", seed + k))
                if r["error"]:
                    errors.append(r["error"])
                    break
                total += r["rtt"]
                count += 1
                state.apply_text(r["text"], seat)
            totals.append(total)
            lengths.append(count)
            k += 1
            continue
        k += starts
        state.apply(easy.choose(state, seat, rng), seat)
    return {"turns": len(totals), "decisions": lengths, "median_ms": median(totals),
            "max_ms": round(max(totals), 1) if totals else None, "target_ms": TURN_TARGET_MS,
            "ok": bool(totals) and max(totals) <= TURN_TARGET_MS, "errors": errors[:3]}


def positions(game: str, count: int, seed: int, players: int = 3) -> list[tuple[str, int]]:
    """``count`` (save, seat) decision points of one seeded game of easy bots, evenly spread."""
    spec = spec_of(game)
    state = spec.new_state(spec.default_options(players, frozenset()), seed)
    bot, rng = make_bot("easy"), Rng(seed)
    points: list[tuple[str, int]] = []
    while not state.is_terminal():
        seat = state.to_act()[0]
        if len(state.legal_actions(seat)) > 1:
            points.append((save.dumps(state), seat))
        state.apply(bot.choose(state, seat, rng), seat)
    stride = max(1, len(points) // count)
    return points[::stride][:count]


def jobs(count: int, seed: int) -> list[dict[str, Any]]:
    out = []
    for game in ("banks", "cape"):
        points = positions(game, count, seed)
        for strength in STRENGTHS:
            for i, (text, seat) in enumerate(points):
                out.append({"game": game, "message": protocol.decide(f"{game}/{strength}/{i}", text, seat, strength, seed + i)})
    return out


def bench_bots(page: Any, cfg: dict[str, Any], median: Any, percentile: Any) -> dict[str, Any]:
    """Run the jobs through the page's bot worker; medians and p95 per game and strength."""
    work = jobs(cfg["bot_positions"], cfg["seed"])
    warm = {"game": work[0]["game"], "message": dict(work[0]["message"], key="warm-up")}
    result = page.evaluate(ASK_JS, [warm, *work])
    samples = result["out"][1:]
    errors = [s for s in samples if s["error"]]
    table = []
    for game in ("banks", "cape"):
        for strength in STRENGTHS:
            got = [s for s in samples if s["game"] == game and s["strength"] == strength and not s["error"]]
            ms = [s["ms"] for s in got]
            rtt = [s["rtt"] for s in got]
            table.append({"game": game, "strength": strength, "decisions": len(got),
                          "median_ms": median(ms), "p95_ms": percentile(ms, 95), "max_ms": round(max(ms), 1) if ms else None,
                          "median_rtt_ms": median(rtt), "p95_rtt_ms": percentile(rtt, 95),
                          "target_ms": TARGET_MS[strength],
                          "ok": bool(rtt) and (percentile(rtt, 95) or 0) <= TARGET_MS[strength]})
    turns = bench_turns(page, cfg.get("bot_turns", 8), cfg["seed"], median)
    return {"worker_boot_ms": round(result["boot"], 1), "errors": errors[:5], "table": table, "samples": samples,
            "turns": turns}


def bench_bots_part(pw: Any, served: Served, cfg: dict[str, Any]) -> dict[str, Any]:
    """The part: the built page in a fresh context (no service worker, no memory snapshot), then ``bench_bots``."""
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
        out = bench_bots(page, cfg, median, percentile)
    finally:
        browser.close()
    out["foreign_requests"] = sorted(set(foreign))
    return out


def report_lines(res: dict[str, Any], fmt: Any, verdict: Any) -> list[str]:
    lines = [f"## Computer players in the browser (bot worker; first start {fmt(res['worker_boot_ms'], 0)} ms)", "",
             "| game | strength | decisions | median ms | p95 ms | max ms | round trip median | round trip p95 | target p95 | |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for r in res["table"]:
        lines.append(f"| {r['game']} | {r['strength']} | {r['decisions']} | {fmt(r['median_ms'])} | {fmt(r['p95_ms'])} | "
                     f"{fmt(r['max_ms'])} | {fmt(r['median_rtt_ms'])} | {fmt(r['p95_rtt_ms'])} | ≤ {fmt(r['target_ms'], 0)} | "
                     f"{verdict(r['ok'])} |")
    t = res.get("turns")
    if t:
        lines.append(f"\nA strong bot's whole Nile turn (3 players, {t['turns']} turns of {t['decisions']} decisions, "
                     f"the worker keeping its search within the turn): median {fmt(t['median_ms'])} ms, "
                     f"longest {fmt(t['max_ms'])} ms, target ≤ {fmt(t['target_ms'], 0)} ms {verdict(t['ok'])}")
    if res["errors"]:
        lines.append(f"\nErrors: {res['errors']}")
    return lines + [""]
