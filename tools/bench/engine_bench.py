"""Engine benchmark body: the same code runs in CPython (imported by tools/bench.py) and in
Pyodide under Node (tools/bench/pyodide_engine.mjs), with the same seeds.

``run(config)`` returns a JSON-ready dict:

- ``speed``: for each player count, ``repeats`` runs of ``nile.core.simulate.simulate`` over
  ``games`` random base games (``Options.default(players, start="random")``, seed ``seed + i``,
  no invariant checks); each run's games/s and actions/s and their medians. One short
  warm-up run (not counted) comes first.
- ``load``: a finished 5-player game with every variant on, played at random to the end and
  saved with ``nile.core.save.dumps``; ``nile.games.load_save`` timed ``load_runs`` times.
  The save's SHA-256 is reported so both interpreters can be shown to load the same text.

Standard library and ``nile`` only.
"""

from __future__ import annotations

import hashlib
import platform
import statistics
import sys
import time
from typing import Any


def _speed(players: int, games: int, repeats: int, seed: int) -> dict[str, Any]:
    from nile.banks.options import Options
    from nile.banks.state import BanksState
    from nile.core.simulate import simulate

    def make_state(i: int) -> BanksState:
        return BanksState(Options.default(players, start="random"), seed + i)

    simulate(make_state, max(1, games // 8), seed)  # warm-up, not counted
    runs = []
    for _ in range(repeats):
        s = simulate(make_state, games, seed, check=None)
        if s["finished"] != games:
            raise RuntimeError(f"{players} players: only {s['finished']} of {games} games finished: {s['problems'][:3]}")
        runs.append({"seconds": s["seconds"], "games_per_second": s["games_per_second"],
                     "actions_per_second": s["actions_per_second"], "actions": s["actions"]})
    return {
        "players": players,
        "games": games,
        "repeats": repeats,
        "actions_per_game": round(runs[0]["actions"] / games, 1),
        "games_per_second": round(statistics.median(r["games_per_second"] for r in runs), 2),
        "games_per_second_range": [min(r["games_per_second"] for r in runs), max(r["games_per_second"] for r in runs)],
        "actions_per_second": round(statistics.median(r["actions_per_second"] for r in runs), 1),
        "runs": runs,
    }


def long_save(seed: int) -> str:
    """A finished 5-player game with every variant on, played at random, as a save file."""
    from nile.banks.options import VARIANTS, Options
    from nile.banks.state import BanksState
    from nile.core.rng import Rng
    from nile.core.save import dumps
    from nile.core.simulate import play_random

    state = BanksState(Options.default(5, variants=frozenset(VARIANTS), start="random"), seed)
    n, problems = play_random(state, Rng(seed))
    if problems or not state.is_terminal():
        raise RuntimeError(f"the long game did not finish: {problems[:3]}")
    return dumps(state)


def _load(seed: int, runs: int) -> dict[str, Any]:
    from nile.games import load_save

    text = long_save(seed)
    load_save(text)  # warm-up, not counted
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        state = load_save(text)
        times.append((time.perf_counter() - t) * 1000)
    assert state.is_terminal()
    return {
        "players": 5,
        "variants": sorted(state.options.variants),
        "actions": len(state.history),
        "save_chars": len(text),
        "save_sha256": hashlib.sha256(text.encode()).hexdigest(),
        "runs": runs,
        "ms": round(statistics.median(times), 2),
        "ms_min": round(min(times), 2),
        "ms_max": round(max(times), 2),
        "all_ms": [round(x, 2) for x in times],
    }


def run(config: dict[str, Any]) -> dict[str, Any]:
    started = time.perf_counter()
    out: dict[str, Any] = {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": sys.platform,
        "speed": [_speed(p, config["games"], config["repeats"], config["seed"]) for p in config["players"]],
        "load": _load(config["seed"], config["load_runs"]),
    }
    out["seconds"] = round(time.perf_counter() - started, 2)
    return out


if __name__ == "__main__":  # python tools/bench/engine_bench.py  (a quick look, from the repo root)
    import json
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    print(json.dumps(run({"players": [2, 3, 4, 5], "games": 8, "repeats": 2, "seed": 1, "load_runs": 3}), indent=1))
