"""Random play: many seeded games with uniformly random legal actions, checked as they go.

Used by ``python -m nile simulate``, the property tests and the benchmark. Each
game is made by ``make_state(index)``; the player picked to act (when several
act at once) and the action are drawn from a separate seeded ``Rng``. After
every action the game's invariants are checked (unless told not to). A game
that reaches the safety cap is an error, never a finish.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from .game import GameState
from .rng import Rng

MAX_ACTIONS_PER_GAME = 20_000


class Stuck(list[str]):
    """Problems that stopped a game from being played on (safety cap, nobody or no action to
    play): an error of the engine, not a broken invariant. A plain list means invariants broke."""


def play_random(
    state: GameState,
    rng: Rng,
    check: Callable[[GameState], list[str]] | None = None,
    max_actions: int = MAX_ACTIONS_PER_GAME,
) -> tuple[int, list[str]]:
    """Play ``state`` to the end at random; returns (actions played, problems found).

    The problems are a ``Stuck`` list when the game could not go on (an error) and a plain
    list of broken invariants otherwise.
    """
    count = 0
    while not state.is_terminal():
        if count >= max_actions:
            return count, Stuck([f"safety cap: not over after {max_actions} actions"])
        seats = state.to_act()
        if not seats:
            return count, Stuck(["nobody can act but the game is not over"])
        player = seats[rng.below(len(seats))] if len(seats) > 1 else seats[0]
        legal = state.legal_actions(player)
        if not legal:
            return count, Stuck([f"player {player + 1} must act but has no legal action"])
        state.apply(legal[rng.below(len(legal))], player)
        count += 1
        if check is not None:
            problems = check(state)
            if problems:
                return count, problems
    return count, []


def simulate(
    make_state: Callable[[int], GameState],
    games: int,
    seed: int,
    check: Callable[[GameState], list[str]] | None = None,
    describe: Callable[[int], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Play ``games`` random games; a JSON-ready summary with speed and every problem found."""
    started = time.perf_counter()
    finished = actions = rounds = longest = 0
    errors: list[dict[str, Any]] = []
    violations = 0
    reasons: Counter[str] = Counter()
    for i in range(games):
        try:
            state = make_state(i)
            n, problems = play_random(state, Rng((seed * 1_000_003 + i) & ((1 << 64) - 1)), check)
        except Exception as e:  # a crash is reported with its game, never hidden
            errors.append(dict(describe(i) if describe else {}, game=i, error=f"{type(e).__name__}: {e}"))
            continue
        actions += n
        longest = max(longest, n)
        rounds += getattr(state, "round", 0)
        if problems:
            if isinstance(problems, Stuck):
                errors.append(dict(describe(i) if describe else {}, game=i, error=problems[0]))
            else:
                violations += 1
                errors.append(dict(describe(i) if describe else {}, game=i, invariant=problems, after_actions=n))
            continue
        finished += 1
        result = getattr(state, "final", None) or {}
        reasons[result.get("reason", "over")] += 1
    seconds = time.perf_counter() - started
    return {
        "games": games,
        "finished": finished,
        "errors": len(errors) - violations,
        "invariant_violations": violations,
        "problems": errors[:20],
        "rounds_mean": round(rounds / max(1, games), 2),
        "actions_mean": round(actions / max(1, games), 1),
        "actions": actions,
        "actions_max": longest,
        "end_reasons": dict(sorted(reasons.items())),
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "actions_per_second": round(actions / seconds, 1) if seconds else None,
    }
