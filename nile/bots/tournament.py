"""Seeded bot-against-bot games with the seats rotated: win rates, game length and thinking time.

Used by ``python -m nile tournament``. Game ``i`` is the game's default set-up with seed
``seed + i``; seat ``s`` plays the strength ``seats[(s + i) % n]``, so every strength sits in
every place equally often. A shared win counts as a share (a draw of two: half each).
A seat may carry its own search budget, ``strong:1200`` (iterations), so that two strong
bots with different budgets can meet (does strength grow with search?).

A long run (a Nile game of two strong bots takes a minute of one core) may keep a record: each
finished game is appended to a JSON-lines file as soon as it ends, and a run started again with
the same record, game, seats, seed and budget plays only the games not yet in it, so an
interrupted tournament loses at most the games under way, and its partial result can be counted.
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
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


def _run_key(game: str, seats: Sequence[str], seed: int, iterations: int | None,
             budget_ms: float | None) -> dict[str, Any]:
    """What makes two records' games the same games (a record line carries it)."""
    return {"game": game, "seats": list(seats), "seed": seed, "iterations": iterations, "budget_ms": budget_ms}


def read_record(path: str, key: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The games of this run already in the record at ``path``, by index (none if no file)."""
    done: dict[int, dict[str, Any]] = {}
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
    except FileNotFoundError:
        return done
    for line in lines:
        try:
            entry = json.loads(line)
        except ValueError:  # a line cut short by an interruption: its game is played again
            continue
        if isinstance(entry, dict) and {k: entry.get(k) for k in key} == key:
            done[int(entry["index"])] = entry["result"]
    return done


def _played(work: list[tuple[Any, ...]], jobs: int) -> Iterator[tuple[int, dict[str, Any]]]:
    if jobs > 1 and sys.platform != "emscripten":
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            yield from pool.imap_unordered(_indexed_star, work, chunksize=1)
    else:
        yield from map(_indexed_star, work)


def _end_last_line(path: str) -> None:
    """A record's last line cut short by an interruption is ended, so the next game starts a line."""
    try:
        with open(path, "rb") as f:
            f.seek(0, 2)
            if not f.tell():
                return
            f.seek(-1, 2)
            if f.read(1) == b"\n":
                return
    except FileNotFoundError:
        return
    with open(path, "a", encoding="utf-8") as f:
        f.write("\n")


def _indexed_star(args: tuple[Any, ...]) -> tuple[int, dict[str, Any]]:
    return args[2], play_game(*args)


def tournament(
    game: str, seats: Sequence[str], games: int, seed: int = 1, jobs: int = 1, iterations: int | None = None,
    budget_ms: float | None = None, record: str | None = None,
) -> dict[str, Any]:
    """Play ``games`` games; a JSON-ready summary (see module docstring).

    With ``record`` (a file path), games already recorded for this run are not played again and
    each new game is appended to the record as it ends."""
    spec = spec_of(game)
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise ValueError(f"{game} is for {spec.min_players} to {spec.max_players} players, not {len(seats)}")
    for name in seats:
        seat_bot(name)  # unknown names fail before any game
    started = time.perf_counter()
    key = _run_key(game, seats, seed, iterations, budget_ms)
    done = read_record(record, key) if record else {}
    results = {i: r for i, r in done.items() if i < games}
    work = [(game, tuple(seats), i, seed, iterations, budget_ms) for i in range(games) if i not in results]
    if record and work:
        _end_last_line(record)
    for index, result in _played(work, jobs):
        results[index] = result
        if record:
            with open(record, "a", encoding="utf-8") as f:
                f.write(json.dumps({**key, "index": index, "result": result}) + "\n")
    return summarise(game, seats, [results[i] for i in range(games)], seed, iterations, budget_ms,
                     time.perf_counter() - started)


def summarise(
    game: str, seats: Sequence[str], results: Iterable[dict[str, Any]], seed: int, iterations: int | None,
    budget_ms: float | None, seconds_taken: float,
) -> dict[str, Any]:
    """Win rates (a shared win counted as a share) with 95 % intervals, length and time per decision."""
    results = list(results)
    games = len(results)
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
        "seconds": round(seconds_taken, 2),
    }
