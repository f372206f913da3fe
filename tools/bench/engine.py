"""The ``engine`` and ``pyodide`` parts of ``tools/bench.py``: complete random games per second and loading a
long save, in CPython and in Pyodide under Node.

Both run the same body, ``tools/bench/engine_bench.py`` (same seeds): imported here for CPython, and run by
``tools/bench/pyodide_engine.mjs`` in the npm ``pyodide`` for Pyodide. ``report_lines`` writes their
sections of the table.
"""

from __future__ import annotations

import json
import os
import subprocess
from typing import Any

from common import HERE, ROOT, TARGETS, fmt, log, ratio, verdict


def engine_config(cfg: dict[str, Any]) -> dict[str, Any]:
    return {k: cfg[k] for k in ("players", "games", "repeats", "seed", "load_runs")}


def bench_cpython(cfg: dict[str, Any]) -> dict[str, Any]:
    import engine_bench  # tools/bench/engine_bench.py

    log(f"engine (CPython): {cfg['games']} games x {cfg['repeats']} runs per player count ...")
    return engine_bench.run(engine_config(cfg))


def bench_pyodide(cfg: dict[str, Any]) -> dict[str, Any]:
    log(f"engine (Pyodide under Node): {cfg['games']} games x {cfg['repeats']} runs per player count ...")
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run(["node", str(HERE / "pyodide_engine.mjs"), json.dumps(engine_config(cfg))],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=1200)
    if proc.returncode != 0:
        raise RuntimeError(f"Pyodide engine run failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def spread(speed: dict[str, Any] | None) -> str:
    r = (speed or {}).get("games_per_second_range")
    return f" ({r[0]:.0f}–{r[1]:.0f})" if r else ""


def report_lines(res: dict[str, Any], cfg: dict[str, Any]) -> list[str]:
    """The engine's and the long save's sections of the table (nothing when neither part ran)."""
    lines: list[str] = []
    cp, pyo = res.get("cpython"), res.get("pyodide")
    if cp or pyo:
        lines += [f"## Engine: complete random games, base game ({cfg['games']} games × {cfg['repeats']} runs per count, medians)", "",
                  "| players | actions/game | CPython games/s (min–max) | CPython actions/s | Pyodide games/s (min–max) | Pyodide actions/s | Pyodide/CPython speed |",
                  "|---|---|---|---|---|---|---|"]
        rows = {s["players"]: [s, None] for s in (cp or {}).get("speed", [])}
        for s in (pyo or {}).get("speed", []):
            rows.setdefault(s["players"], [None, None])[1] = s
        for p, (a, b) in sorted(rows.items()):
            apg = (a or b)["actions_per_game"]
            lines.append(f"| {p} | {apg} | {fmt(a and a['games_per_second'])}{spread(a)} | {fmt(a and a['actions_per_second'], 0)} | "
                         f"{fmt(b and b['games_per_second'])}{spread(b)} | {fmt(b and b['actions_per_second'], 0)} | "
                         f"{fmt(ratio(b and b['games_per_second'], a and a['games_per_second']), 2)} |")
        four = next((s["games_per_second"] for s in (cp or {}).get("speed", []) if s["players"] == 4), None)
        lines += ["", f"Target: ≥ {TARGETS['engine_4p_games_per_second']:.0f} random 4-player games/s in CPython → "
                  f"{fmt(four)} games/s, {verdict(None if four is None else four >= TARGETS['engine_4p_games_per_second'])}", ""]
        ld = (cp or pyo)["load"]
        lines += [f"## Loading a long save: finished 5-player game, all variants ({ld['actions']} actions, "
                  f"{ld['save_chars']:,} chars), median of {ld['runs']}", "",
                  "| | CPython | Pyodide | Pyodide/CPython time |", "|---|---|---|---|",
                  f"| load_save | {fmt(cp and cp['load']['ms'], 1, ' ms')} | {fmt(pyo and pyo['load']['ms'], 1, ' ms')} | "
                  f"{fmt(ratio(pyo and pyo['load']['ms'], cp and cp['load']['ms']), 2)} |", ""]
        if cp and pyo and cp["load"]["save_sha256"] != pyo["load"]["save_sha256"]:
            lines += ["**Warning: the two interpreters generated different saves.**", ""]
    return lines
