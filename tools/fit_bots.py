"""Fit the numbers the bots learn from self-play (issue 22), printed for pasting into a game's ``bot.py``.

- Kap's bid model ``BID_SHARES`` (``nile/cape/bot.py``): seeded games of the normal bot against
  the strong bot; every sealed bid is recorded as a share of the bidder's money, and 20 evenly
  spaced quantiles of those shares are printed. The strong bot guesses a rival's hidden bid by
  drawing one of them.
- The calibration of the evaluation: for each game, a one-variable logistic regression of the final
  result (won or not) on the evaluation's squashed lead at every round's end, fitted by Newton's
  method in pure Python; prints the fitted slope (1.0 means ``SCALE`` already gives calibrated
  chances) and the log-loss against always saying 1/2 — how much the evaluation knows.

    python tools/fit_bots.py --games 40 --seed 2026 [--iterations 200]
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nile.bots.base import canonical, knowledge  # noqa: E402
from nile.bots.players import make_bot  # noqa: E402
from nile.core.rng import Rng  # noqa: E402
from nile.games import spec_of  # noqa: E402


def self_play(game: str, games: int, seed: int, iterations: int) -> tuple[list[float], list[tuple[float, float]]]:
    """Bid shares (Kap) and (lead, won) pairs at every round's end, from normal-against-strong games."""
    spec = spec_of(game)
    shares: list[float] = []
    points: list[tuple[float, float]] = []
    for g in range(games):
        names = ("normal", "strong") if g % 2 == 0 else ("strong", "normal")
        bots = {name: make_bot(name, iterations=iterations) for name in names}
        rngs = [Rng(seed * 1000 + g * 10 + s) for s in range(2)]
        state = spec.new_state(spec.default_options(2, frozenset()), seed + g)
        leads: list[tuple[int, float]] = []
        round_of = state.round
        while not state.is_terminal():
            seat = state.to_act()[0]
            action = bots[names[seat]].choose(state, seat, rngs[seat])
            if game == "cape" and action.kind == "bid" and state.money[seat] > 0:
                shares.append(int(action.args[0]) / state.money[seat])
            state.apply(action, seat)
            if state.round != round_of and not state.is_terminal():
                round_of = state.round
                for p in range(2):
                    raw = knowledge(state).heuristic(canonical(state, p))
                    leads.append((p, (raw[p] - raw[1 - p]) / knowledge(state).SCALE))
        returns = state.returns()
        points.extend((lead, returns[p]) for p, lead in leads)
    return shares, points


def quantiles(values: list[float], count: int = 20) -> tuple[float, ...]:
    ordered = sorted(values)
    n = len(ordered)
    return tuple(round(ordered[min(n - 1, int((i + 0.5) / count * n))], 3) for i in range(count))


def fit_slope(points: list[tuple[float, float]]) -> tuple[float, float, float]:
    """Logistic regression result ~ sigmoid(slope · lead) by Newton's method: (slope, log-loss, log-loss at 1/2)."""
    slope = 1.0
    for _ in range(30):
        grad = hess = 0.0
        for x, y in points:
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, slope * x))))
            grad += (y - p) * x
            hess += p * (1 - p) * x * x
        if hess <= 1e-12:
            break
        step = grad / hess
        slope += step
        if abs(step) < 1e-9:
            break
    loss = 0.0
    for x, y in points:
        p = min(1 - 1e-9, max(1e-9, 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, slope * x))))))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return slope, loss / max(1, len(points)), math.log(2)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--game", action="append", choices=("banks", "cape"))
    args = parser.parse_args()
    for game in args.game or ["cape", "banks"]:
        shares, points = self_play(game, args.games, args.seed, args.iterations)
        slope, loss, base = fit_slope(points)
        print(f"{game}: {args.games} games (seed {args.seed}), {len(points)} round ends: lead slope {slope:.3f} "
              f"(1 = SCALE calibrated), log-loss {loss:.3f} against {base:.3f} for a coin")
        if shares:
            print(f"  BID_SHARES = {quantiles(shares)}  # from {len(shares)} bids, "
                  f"{100 * sum(1 for s in shares if s == 0) / len(shares):.0f} % of them 0")
    return 0


if __name__ == "__main__":
    sys.exit(main())
