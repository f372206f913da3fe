"""Where the browser's time goes on each click of the clicks bench: read from a Chromium trace.

    .venv/bin/python tools/bench.py --parts clicks --trace /tmp/clicks.json --out /tmp/b
    .venv/bin/python tools/bench/trace_clicks.py /tmp/clicks.json [--results /tmp/b/results.json]

The trace holds the page's main thread. Each click of the game (a ``click`` EventDispatch) opens a
window that lasts until the next click; in it, the time of each kind of work is summed: running our
scripts (the Python handler and the redraw are inside the click's dispatch; motion.js's work and the
timers after it), recalculating style (``UpdateLayoutTree``), layout, pre-paint, paint, layerizing and
the commit to the compositor. It prints each kind's p50 / p95 / mean over the clicks, and the same for
the slowest twentieth of clicks by the main thread's busy time. With ``--results`` (the bench's JSON of the
same run) the clicks are also split by what was clicked (commit, select, end, bid).

Style, layout and paint forced by a script (reading a box in the middle of a handler) are counted
under their own name too, and also as part of the script: the "forced" line says how much of it.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from typing import Any

#: the kinds of work summed per click (trace event names)
KINDS = ("EventDispatch", "FunctionCall", "TimerFire", "FireAnimationFrame", "ResizeObserver",
         "UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "Commit", "ParseHTML",
         "HitTest", "UpdateLayer", "IntersectionObserverController::computeIntersections",
         "MajorGC", "MinorGC", "V8.GC_SCAVENGER", "BlinkGC.AtomicPhase")
SCRIPT = ("EventDispatch", "FunctionCall", "TimerFire", "FireAnimationFrame", "ResizeObserver")


def percentile(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    if not xs:
        return 0.0
    k = max(0, min(len(xs) - 1, int(round(p / 100 * len(xs) + 0.5)) - 1))
    return xs[k]


def main_thread(events: list[dict[str, Any]]) -> tuple[int, int]:
    """The renderer main thread that handled the clicks (pid, tid)."""
    counts: dict[tuple[int, int], int] = defaultdict(int)
    for e in events:
        if e.get("name") == "EventDispatch" and (e.get("args", {}).get("data", {}) or {}).get("type") == "click":
            counts[(e["pid"], e["tid"])] += 1
    if not counts:
        raise SystemExit("no click in the trace")
    return max(counts, key=lambda k: counts[k])


def spans(events: list[dict[str, Any]], pid: int, tid: int) -> list[tuple[str, float, float, int, bool, bool]]:
    """(name, start µs, duration µs, depth, inside a script?, a click?) of the thread's events."""
    out: list[tuple[str, float, float, bool]] = []
    open_: dict[str, list[float]] = defaultdict(list)
    for e in events:
        if e.get("pid") != pid or e.get("tid") != tid:
            continue
        ph = e.get("ph")
        click = e.get("name") == "EventDispatch" and (e.get("args", {}).get("data", {}) or {}).get("type") == "click"
        if ph == "X":
            out.append((e["name"], e["ts"], e.get("dur", 0.0), click))
        elif ph == "B":
            open_[e["name"]].append(e["ts"])
        elif ph == "E" and open_[e["name"]]:
            ts = open_[e["name"]].pop()
            out.append((e["name"], ts, e["ts"] - ts, False))
    out.sort(key=lambda s: (s[1], -s[2]))
    stack: list[tuple[float, bool]] = []  # (end, is a script) of the spans containing this one
    result = []
    for name, ts, dur, click in out:
        while stack and stack[-1][0] <= ts:
            stack.pop()
        in_script = any(script for _, script in stack)
        result.append((name, ts, dur, len(stack), in_script, click))
        stack.append((ts + dur, name in SCRIPT))
    return result


def per_click(events: list[dict[str, Any]]) -> list[dict[str, float]]:
    pid, tid = main_thread(events)
    ss = spans(events, pid, tid)
    clicks = sorted(ts for name, ts, dur, depth, in_script, click in ss if click)
    result: list[dict[str, float]] = []
    j = 0
    for i, start in enumerate(clicks):
        end = clicks[i + 1] if i + 1 < len(clicks) else float("inf")
        sums: dict[str, float] = defaultdict(float)
        while j < len(ss) and ss[j][1] < start:
            j += 1
        k = j
        while k < len(ss) and ss[k][1] < end:
            name, ts, dur, depth, in_script, click = ss[k]
            if click:
                sums["the click's handlers"] += dur / 1000
            if name in SCRIPT and not in_script:
                sums["script"] += dur / 1000
            elif name in KINDS and name not in SCRIPT:
                sums[name] += dur / 1000
                if in_script:
                    sums["forced (inside a script)"] += dur / 1000
            if depth == 0:
                sums["main thread busy"] += dur / 1000
            k += 1
        result.append(dict(sums))
    return result


def table(rows: list[dict[str, float]], title: str) -> str:
    names = sorted({k for r in rows for k in r}, key=lambda k: -statistics.fmean([r.get(k, 0.0) for r in rows]))
    total = [r.get("main thread busy", 0.0) for r in rows]
    cut = percentile(total, 95)
    slow = [r for r, t in zip(rows, total, strict=True) if t >= cut]
    lines = [f"### {title}: {len(rows)} clicks", "", "| work | p50 | p95 | mean | mean, slowest 5 % |", "|---|---|---|---|---|"]
    for k in names:
        xs = [r.get(k, 0.0) for r in rows]
        lines.append(f"| {k} | {percentile(xs, 50):.2f} | {percentile(xs, 95):.2f} | {statistics.fmean(xs):.2f} | "
                     f"{statistics.fmean([r.get(k, 0.0) for r in slow]) if slow else 0:.2f} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trace")
    ap.add_argument("--results", help="the bench's results.json of the same run: split the clicks by kind")
    args = ap.parse_args()
    with open(args.trace, encoding="utf-8") as f:
        data = json.load(f)
    events = data["traceEvents"] if isinstance(data, dict) else data
    rows = per_click(events)
    print(table(rows, "all clicks (ms)"))
    if args.results:
        with open(args.results, encoding="utf-8") as f:
            results = json.load(f)
        part = next(results[k] for k in results if k.startswith("clicks"))  # clicks, clicks_cape
        samples = part["samples"]
        clicked = part["samples_columns"].index("clicked")
        for label, column in (("kind", 0), ("what was clicked", clicked)):
            kinds = [s[column] for s in samples]
            kinds = kinds[len(kinds) - len(rows):] if len(kinds) >= len(rows) else ["?"] * (len(rows) - len(kinds)) + kinds
            for kind in sorted(set(kinds), key=kinds.count, reverse=True):
                sub = [r for r, k in zip(rows, kinds, strict=True) if k == kind]
                if len(sub) >= 10 and kind not in ("?", "new-game"):
                    print()
                    print(table(sub, f"{label} {kind} (ms)"))


if __name__ == "__main__":
    main()
