"""Seeded bot-against-bot games with the seats rotated: win rates, game length and thinking time.

Used by ``python -m nile tournament``. Game ``i`` is the game's default set-up with seed
``seed + i``; seat ``s`` plays the strength ``seats[(s + i) % n]``, so every strength sits in
every place equally often. A shared win counts as a share (a draw of two: half each).
A seat may carry its own search budget, ``strong:1200`` (iterations), so that two strong
bots with different budgets can meet (does strength grow with search?).
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Sequence
from typing import Any

from ..core.rng import Rng
from ..games import spec_of
from .players import make_bot

_MASK = (1 << 64) - 1
MAX_ACTIONS = 20_000


def seat_bot(label: str, iterations: int | None = None, budget_ms: float | None = None) -> Any:
    """The bot a seat label names: a strength, optionally with ``:iterations`` (``strong:1200``)."""
    name, sep, budget = label.partition(":")
    if sep:
        if not budget.isdigit() or int(budget) <= 0:
            raise ValueError(f"{label!r}: the budget after ':' is a number of iterations")
        return make_bot(name, iterations=int(budget))
    return make_bot(name, iterations=iterations, budget_ms=budget_ms)


def play_game(
    game: str, seats: Sequence[str], index: int, seed: int, iterations: int | None = None,
    budget_ms: float | None = None,
) -> dict[str, Any]:
    """One game: strengths by seat (rotated by ``index``), each seat with its own seeded Rng."""
    spec = spec_of(game)
    n = len(seats)
    names = [seats[(s + index) % n] for s in range(n)]
    bots = {name: seat_bot(name, iterations, budget_ms) for name in set(names)}
    rngs = [Rng((seed * 1_000_003 + index * 7919 + s * 104_729 + 1) & _MASK) for s in range(n)]
    state = spec.new_state(spec.default_options(n, frozenset()), (seed + index) & _MASK)
    decisions = dict.fromkeys(bots, 0)
    seconds = dict.fromkeys(bots, 0.0)
    actions = 0
    while not state.is_terminal():
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"game {index} not over after {MAX_ACTIONS} actions")
        seat = state.to_act()[0]
        name = names[seat]
        started = time.perf_counter()
        action = bots[name].choose(state, seat, rngs[seat])
        seconds[name] += time.perf_counter() - started
        decisions[name] += 1
        state.apply(action, seat)
        actions += 1
    return {"names": names, "returns": state.returns(), "actions": actions, "decisions": decisions,
            "seconds": seconds}


def _play_star(args: tuple[Any, ...]) -> dict[str, Any]:
    return play_game(*args)


def tournament(
    game: str, seats: Sequence[str], games: int, seed: int = 1, jobs: int = 1, iterations: int | None = None,
    budget_ms: float | None = None,
) -> dict[str, Any]:
    """Play ``games`` games; a JSON-ready summary (see module docstring)."""
    spec = spec_of(game)
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise ValueError(f"{game} is for {spec.min_players} to {spec.max_players} players, not {len(seats)}")
    for name in seats:
        seat_bot(name)  # unknown names fail before any game
    started = time.perf_counter()
    work = [(game, tuple(seats), i, seed, iterations, budget_ms) for i in range(games)]
    if jobs > 1 and sys.platform != "emscripten":
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_play_star, work, chunksize=1)
    else:
        results = [_play_star(w) for w in work]
    strengths = list(dict.fromkeys(seats))
    points = dict.fromkeys(strengths, 0.0)
    played = dict.fromkeys(strengths, 0)
    decisions = dict.fromkeys(strengths, 0)
    seconds = dict.fromkeys(strengths, 0.0)
    actions = 0
    for r in results:
        actions += r["actions"]
        for name, value in zip(r["names"], r["returns"], strict=True):
            points[name] += value
            played[name] += 1
        for name in r["decisions"]:
            decisions[name] += r["decisions"][name]
            seconds[name] += r["seconds"][name]
    win_rates = {k: round(points[k] / played[k], 4) if played[k] else 0.0 for k in strengths}
    ci95 = {}
    for k in strengths:
        p, m = points[k] / max(1, played[k]), max(1, played[k])
        half = 1.96 * math.sqrt(max(p * (1 - p), 0.0) / m)
        ci95[k] = [round(max(0.0, p - half), 4), round(min(1.0, p + half), 4)]
    return {
        "game": game,
        "seats": list(seats),
        "games": games,
        "seed": seed,
        "iterations": iterations,
        "budget_ms": budget_ms,
        "win_rates": win_rates,
        "ci95": ci95,
        "mean_actions": round(actions / max(1, games), 1),
        "ms_per_decision": {k: round(1000 * seconds[k] / decisions[k], 2) if decisions[k] else 0.0 for k in strengths},
        "decisions": decisions,
        "seconds": round(time.perf_counter() - started, 2),
    }
