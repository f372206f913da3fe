"""Paired click benchmarks: the site as it was at a git ref against the working tree, run back to back.

    .venv/bin/python tools/bench/paired.py HEAD~1            # 2 rounds: before, after, before, after
    .venv/bin/python tools/bench/paired.py c707355 --rounds 3
    .venv/bin/python tools/bench/paired.py HEAD --part clicks-cape   # Vom Kap bis Kairo's clicks
    .venv/bin/python tools/bench/paired.py HEAD --part tablet        # the old tablet: clicks at 1× and 4×, the floor beside
    NILE_BENCH_CPU=4 .venv/bin/python tools/bench/paired.py HEAD --quick   # the clicks part's split, the CPU 4× slower

On a shared or loaded machine a single run says little; runs taken one right after the other share the
machine's load. The "before" copy is this working tree with ``nile/``, ``static/``, ``index.html``,
``tools/build_site.py`` and ``tools/sw.template.js`` as at the ref (everything else, today's ``tools/bench.py`` included, as now), built
into its own ``dist/``; each side runs ``tools/bench.py --parts clicks`` (or ``--part``'s) in turn. Prints one line per run
(click → next frame, the app's own time, the browser's frame and the app's parts, p50 and p95) and writes
every run's results under ``--out`` (default ``bench/out/paired``). The sides take turns going first.

Both sides play the same game with the same clicks (the bench's seeded player), so at the end each click's
time is taken as its median over the rounds, and the percentiles of those medians are printed per side: on a
machine whose speed drifts from one run to the next (single runs' p95 of one build spread over 26–39 ms here)
that says more than any one run. Run an A/A first (``paired.py HEAD`` on a clean tree: the same code on both sides)
to see what the machine can tell apart: with ``--part tablet`` here two A/A runs of 2–3 rounds put the same code's
sides 9–11 ms apart at 4× p95 (issue 51), more than most single changes to the redraw. Read such changes by the
work they take away as well (the tablet part's elements parsed and characters sent per click).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

# tools/bench/ is this script's own folder, so on sys.path: the clicks parts (clicks.py) and the percentiles every
# bench number is taken with (common.py)
from clicks import CLICK_GAMES
from common import percentile

ROOT = Path(__file__).resolve().parents[2]

#: the site's sources: what the build reads (the service worker's template goes with the build that fills it)
AT_REF = ("nile", "static", "index.html", "tools/build_site.py", "tools/sw.template.js")
#: not copied (at the top of the tree; __pycache__ anywhere)
SKIP = {".git", "dist", "node_modules", "bench", ".venv"}


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def copy_at(ref: str, into: Path) -> None:
    """This working tree into ``into``, with the site's sources as at ``ref``."""
    shutil.copytree(ROOT, into, ignore=lambda d, names: [n for n in names if n == "__pycache__" or (Path(d) == ROOT and n in SKIP)])
    if (ROOT / "node_modules").exists():  # hard links, not a symlink: the build runs Pyodide in Node with the copy
        # mounted as its file system, where a link out of it leads nowhere (python_stdlib.zip not found)
        shutil.copytree(ROOT / "node_modules", into / "node_modules", symlinks=True, copy_function=os.link)
    changed = git("diff", "--name-only", ref, "--", *AT_REF).split()
    changed += git("ls-files", "--others", "--exclude-standard", "--", *AT_REF).split()
    for name in changed:
        blob = subprocess.run(["git", "show", f"{ref}:{name}"], cwd=ROOT, capture_output=True)
        target = into / name
        if blob.returncode == 0:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(blob.stdout)
        else:
            target.unlink(missing_ok=True)  # not there at ref


def line(label: str, path: Path, key: str = "clicks") -> str:
    d = json.loads((path / "results.json").read_text())[key]
    c, a, f = d["click_to_frame"], d["app_last_event"], d["segments"]["frame"]
    parts = d.get("split", {}).get("all", {})
    said = " ".join(f"{k} {parts[k]['p50_ms']}/{parts[k]['p95_ms']}" for k in ("handle", "render", "motion", "diff", "patch", "morph", "keep", "focus", "voice", "rest")
                    if k in parts)
    return (f"{label}: click→frame p50/p95 {c['p50_ms']}/{c['p95_ms']} ms · app {a['p50_ms']}/{a['p95_ms']} · "
            f"frame {f['p50_ms']}/{f['p95_ms']} · {said}")


def tablet_line(label: str, path: Path) -> str:
    """The tablet part's clicks at each rate: click → next frame p50/p95, the browser's floor beside it, the ratio."""
    out = []
    for rate, ck in json.loads((path / "results.json").read_text())["tablet"]["clicks"].items():
        c, f = ck["painted"], ck["floor"]
        ratio = f" ({c['p95_ms'] / f['p95_ms']:.2f}× the floor's p95)" if c["p95_ms"] and f.get("p95_ms") else ""
        sent, parsed = ck.get("sent_chars") or {}, ck.get("parsed_elements") or {}
        sizes = f" · sent p50/p95 {sent['p50']}/{sent['p95']} chars, parsed {parsed['p50']}/{parsed['p95']} elements" if sent.get("n") else ""
        out.append(f"{rate} click→frame p50/p95 {c['p50_ms']}/{c['p95_ms']} ms · floor {f.get('p50_ms')}/{f.get('p95_ms')}{ratio}{sizes}")
    return f"{label}: " + " | ".join(out)


def tablet_per_click(paths: list[Path]) -> str:
    """As ``per_click``, for the tablet part's clicks at each rate (click → the first mark of the rendered frame)."""
    said = []
    for rate in ("1x", "4x"):
        runs = []
        for p in paths:
            ck = json.loads((p / "results.json").read_text())["tablet"]["clicks"][rate]
            runs.append([(s[0], min(x for x in (s[6], s[7]) if x is not None) - s[1]) for s in ck["samples"]
                         if s[6] is not None or s[7] is not None])
        n = min(len(r) for r in runs)
        if any([s[0] for s in r[:n]] != [s[0] for s in runs[0][:n]] for r in runs):
            said.append(f"{rate}: the runs played different clicks")
            continue
        medians = [statistics.median(r[i][1] for r in runs) for i in range(n)]
        said.append(f"{rate}: p50 {percentile(medians, 50):.1f} · p95 {percentile(medians, 95):.1f} ms")
    return f"each click's median over {len(paths)} runs: " + " | ".join(said)


def per_click(paths: list[Path], key: str = "clicks") -> str:
    """p50 / p90 / p95 over the game's clicks of each click's median time over the runs in ``paths`` (the same
    clicks in the same order in every run: the bench's seeded player)."""
    runs = [[s for s in json.loads((p / "results.json").read_text())[key]["samples"] if s[0] != "new-game"] for p in paths]
    n = min(len(r) for r in runs)
    if any([s[0] for s in r[:n]] != [s[0] for s in runs[0][:n]] for r in runs):
        return "the runs played different clicks: no per-click median"
    medians = [statistics.median(r[i][1] for r in runs) for i in range(n)]
    return (f"each click's median over {len(runs)} runs ({n} clicks): p50 {percentile(medians, 50):.1f} · "
            f"p90 {percentile(medians, 90):.1f} · p95 {percentile(medians, 95):.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ref", help="the git ref to compare the working tree with")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--out", default=str(ROOT / "bench" / "out" / "paired"))
    ap.add_argument("--part", choices=[*sorted(CLICK_GAMES), "tablet"], default="clicks",
                    help="the clicks part to run (which game), or the tablet's clicks")
    ap.add_argument("--quick", action="store_true", help="tools/bench.py --quick (fewer clicks)")
    args = ap.parse_args()
    tablet = args.part == "tablet"
    key = "tablet" if tablet else CLICK_GAMES[args.part][1]
    out = Path(args.out).resolve()  # (each side runs in its own tree)
    py = sys.executable
    with tempfile.TemporaryDirectory(prefix="nile-paired-") as tmp:
        before = Path(tmp) / "before"
        copy_at(args.ref, before)
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
        for tree in (before, ROOT):
            subprocess.run([py, "tools/build_site.py"], cwd=tree, check=True, capture_output=True, env=env)
        lines = []
        for r in range(1, args.rounds + 1):
            sides = (("before", before), ("after", ROOT))
            for label, tree in sides if r % 2 else sides[::-1]:
                where = out / f"{label}-{r}"
                for attempt in (1, 2):  # a run that fails (a timeout on a loaded machine) is run once more
                    done = subprocess.run([py, "tools/bench.py", "--parts", args.part, "--out", str(where),
                                           *(["--quick"] if args.quick else [])], cwd=tree,
                                          capture_output=True, text=True, env=env)
                    if done.returncode == 0:
                        break
                    print(f"round {r} {label}: run {attempt} failed:\n{done.stderr[-2000:]}", file=sys.stderr, flush=True)
                else:
                    raise SystemExit(f"round {r} {label}: tools/bench.py failed twice")
                lines.append(tablet_line(f"round {r} {label:6}", where) if tablet else line(f"round {r} {label:6}", where, key))
                print(lines[-1], flush=True)
        for label in ("before", "after"):
            runs = [out / f"{label}-{r}" for r in range(1, args.rounds + 1)]
            lines.append(f"{label:6}: " + (tablet_per_click(runs) if tablet else per_click(runs, key)))
            print(lines[-1], flush=True)
    (out / "summary.txt").write_text(f"{args.ref} vs the working tree ({git('rev-parse', '--short', 'HEAD').strip()}"
                                     f"{' + changes' if git('status', '--porcelain', '--untracked-files=no').strip() else ''})\n"
                                     + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
