"""Which of the page's functions a click's time goes to: read from the CPU profile of the clicks bench.

    NILE_BENCH_CPU=4 .venv/bin/python tools/bench.py --parts clicks --profile /tmp/clicks.cpuprofile --out /tmp/b
    .venv/bin/python tools/bench/profile_clicks.py /tmp/clicks.cpuprofile --results /tmp/b/results.json

The profile (Chromium's sampling profiler, every 0.1 ms) holds the page's scripts, Pyodide's WebAssembly and the
browser's calls they make (``getScreenCTM``, ``querySelectorAll``: a forced style and layout shows up in the call
that forced it). It prints the functions with the most time of their own, then, for each of the page's entry
points named in ``ROOTS``, its time with what it calls and where that goes. With ``--results`` (the bench's JSON of
the same run) times are per click, else totals. Work outside scripts (the frame's style, layout and paint) is
``(program)``: tools/bench/trace_clicks.py splits that from a trace.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from typing import Any

#: the page's entry points looked at whole: the redraw's patch, motion's read after it, and the rest of a redraw
ROOTS = ("patch@morph.js", "morph@morph.js", "settle@motion.js", "look@motion.js", "settle@roving.js", "fit@fit.js")


def name(node: dict[str, Any]) -> str:
    frame = node["callFrame"]
    return f"{frame['functionName'] or '(anonymous)'}@{frame['url'].rsplit('/', 1)[-1]}"


def times(profile: dict[str, Any]) -> tuple[dict[int, dict[str, Any]], dict[int, int], Counter[int]]:
    """The profile's nodes by id, each node's parent, and each node's own time (µs)."""
    nodes = {n["id"]: n for n in profile["nodes"]}
    parent = {child: n["id"] for n in profile["nodes"] for child in n.get("children", [])}
    own: Counter[int] = Counter()
    deltas = [*profile["timeDeltas"][1:], 0]  # a sample's time is until the next one
    for node, dt in zip(profile["samples"], deltas):
        own[node] += dt
    return nodes, parent, own


def clicks_of(results: str | None) -> int | None:
    """How many clicks the bench timed in the run (its results.json), to give times per click."""
    if not results:
        return None
    res = json.loads(Path(results).read_text(encoding="utf-8"))
    clicks = res.get("clicks", {})
    count = clicks.get("clicks") or clicks.get("count") or len(clicks.get("samples", []))
    return int(count) or None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("profile", help="a .cpuprofile written by tools/bench.py --parts clicks --profile")
    ap.add_argument("--results", help="the bench's results.json of the same run: times per click")
    ap.add_argument("--top", type=int, default=25)
    args = ap.parse_args()
    nodes, parent, own = times(json.loads(Path(args.profile).read_text(encoding="utf-8")))
    clicks = clicks_of(args.results)
    unit = "ms per click" if clicks else "ms in all"

    def ms(us: float) -> str:
        return f"{us / 1000 / (clicks or 1):8.2f}"

    by_name: Counter[str] = Counter()
    for node, us in own.items():
        by_name[name(nodes[node])] += us
    total = sum(by_name.values())
    print(f"### time of their own ({unit}; {total / 1000:.0f} ms profiled{f', {clicks} clicks' if clicks else ''})")
    for fn, us in by_name.most_common(args.top):
        print(f"{ms(us)}  {100 * us / total:5.1f} %  {fn}")
    for root in ROOTS:
        under: Counter[str] = Counter()
        for node, us in own.items():
            at: int | None = node
            while at is not None and name(nodes[at]) != root:
                at = parent.get(at)
            if at is not None:
                under[name(nodes[node])] += us
        if under:
            print(f"\n### {root}: {ms(sum(under.values())).strip()} {unit} with what it calls")
            for fn, us in under.most_common(8):
                print(f"{ms(us)}  {fn}")


if __name__ == "__main__":
    main()
