"""Fit the numbers the bots learn from self-play (issue 22), printed for pasting into a game's ``bot.py``.

- Kap's bid model ``BID_SHARES`` (``nile/cape/bot.py``): seeded games of the normal bot against
  the strong bot; every sealed bid is recorded as a share of the bidder's money, and 20 evenly
  spaced quantiles of those shares are printed. The strong bot guesses a rival's hidden bid by
  drawing one of them.
- The calibration of the evaluation: for each game, a one-variable logistic regression of the final
  result (won or not) on the evaluation's squashed lead at every round's end, fitted by Newton's
  method in pure Python; prints the fitted slope (1.0 means ``SCALE`` already gives calibrated
  chances) and the log-loss against always saying 1/2 — how much the evaluation knows.

- A game's search evaluation ``OUTLOOK`` (``--outlook``; Kap's and Nile's ``bot.py``): seeded games of
  the normal bot against itself, a share ``--eps`` of the moves random so that more kinds of positions
  are seen; at every decision point the difference of the two seats' ``outlook_features``, and whether
  the first seat went on to win. A logistic regression (Newton's method, a small ridge) fits one
  weight per feature; printed in the game's unit (``OUTLOOK_UNIT``: Kap's Pond, Nile's points, whose
  weight is 1) with ``OUTLOOK_SCALE`` = 1 / that weight, and the log-loss on held-out games (other
  seeds) beside that of today's ``OUTLOOK`` (and the greedy bot's ``heuristic``, where the
  features are its parts). ``--players 3,4,5``: tables of those sizes in turn, each seat's features
  minus those of its strongest rival (by ``heuristic``, the rival ``values`` measures a lead against);
  ``--every N`` keeps every N-th decision point, ``--jobs`` plays the games in parallel.

    python tools/fit_bots.py --games 40 --seed 2026 [--iterations 200]
    python tools/fit_bots.py --game cape --outlook --games 300 --seed 2026 --eps 10
    python tools/fit_bots.py --game banks --outlook --games 300 --seed 2026 --eps 10
    python tools/fit_bots.py --game banks --outlook --players 3,4,5 --games 180 --seed 2026 --eps 10 --every 2 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

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


def _fitted(game: str) -> Any:
    """The bot module of a game whose search evaluation is fitted (``OUTLOOK_FEATURES``, ``outlook_features``,
    ``OUTLOOK``, ``OUTLOOK_SCALE`` and the feature ``OUTLOOK_UNIT`` the weights are counted in)."""
    from nile.banks import bot as banks_bot
    from nile.cape import bot as cape_bot

    return {"banks": banks_bot, "cape": cape_bot}[game]


def _rival(state: Any, seat: int) -> int:
    """The seat's strongest rival by the greedy bot's ``heuristic`` (the one ``values`` measures a lead against)."""
    raw = knowledge(state).heuristic(state)
    return max((q for q in range(state.num_players) if q != seat), key=lambda q: (raw[q], -q))


def _game_points(args: tuple[str, int, int, int, int, int]) -> list[tuple[list[float], float]]:
    """One self-play game's points (``outlook_points``): at every ``every``-th decision point, for each
    seat, its features minus its strongest rival's, and whether it went on to win."""
    game, g, seed, eps, players, every = args
    spec = spec_of(game)
    features = _fitted(game).outlook_features
    bots = [make_bot("normal") for _ in range(players)]
    rngs = [Rng(seed * 1000 + g * 10 + s) for s in range(players)]
    mix = Rng(seed * 7 + g)
    state = spec.new_state(spec.default_options(players, frozenset()), seed + g)
    seen: list[tuple[int, list[float]]] = []
    count = 0
    while not state.is_terminal():
        seat = state.to_act()[0]
        if mix.below(100) < eps:
            action = mix.choice(state.legal_actions(seat))
        else:
            action = bots[seat].choose(state, seat, rngs[seat])
        state.apply(action, seat)
        if not state.is_terminal() and not state.secret_decision():
            count += 1
            if count % every:
                continue
            own = [features(state, p) for p in range(players)]
            for p in range(players):
                rival = own[_rival(state, p)]
                seen.append((p, [a - b for a, b in zip(own[p], rival, strict=True)]))
    won = state.returns()
    return [(diff, won[p]) for p, diff in seen]


def outlook_points(
    game: str, games: int, seed: int, eps: int, players: tuple[int, ...] = (2,), jobs: int = 1, every: int = 1
) -> list[tuple[list[float], float]]:
    """(a seat's features minus its strongest rival's, did the seat win) for every seat at every
    ``every``-th decision point of ``games`` games of the normal bot against itself (``eps`` % of the
    moves random), the tables' sizes taken in turn from ``players``; ``jobs`` processes."""
    tasks = [(game, g, seed, eps, players[g % len(players)], every) for g in range(games)]
    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:
            parts = pool.map(_game_points, tasks, chunksize=1)
    else:
        parts = [_game_points(t) for t in tasks]
    return [point for part in parts for point in part]


def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small, well-conditioned system)."""
    k = len(rhs)
    a = [row[:] + [rhs[i]] for i, row in enumerate(matrix)]
    for c in range(k):
        pivot = max(range(c, k), key=lambda r: abs(a[r][c]))
        a[c], a[pivot] = a[pivot], a[c]
        for r in range(k):
            if r != c and a[c][c]:
                f = a[r][c] / a[c][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c], strict=True)]
    return [a[i][k] / a[i][i] for i in range(k)]


def fit_logistic(points: list[tuple[list[float], float]], ridge: float = 1e-3) -> list[float]:
    """Weights w of result ~ sigmoid(w · x), by Newton's method with a small ridge penalty."""
    k = len(points[0][0])
    w = [0.0] * k
    for _ in range(30):
        grad = [-ridge * x for x in w]
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in points:
            p = _sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))
            e, s = y - p, p * (1 - p)
            for i in range(k):
                grad[i] += e * x[i]
                if x[i]:
                    row, si = hess[i], s * x[i]
                    for j in range(k):
                        row[j] += si * x[j]
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(x) for x in step) < 1e-9:
            break
    return w


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def log_loss(points: list[tuple[list[float], float]], w: list[float]) -> float:
    total = 0.0
    for x, y in points:
        p = min(1 - 1e-9, max(1e-9, _sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / max(1, len(points))


def fit_outlook(game: str, games: int, seed: int, eps: int, players: tuple[int, ...] = (2,), jobs: int = 1, every: int = 1) -> None:
    bots = _fitted(game)
    names = bots.OUTLOOK_FEATURES
    held_games = max(1, games // 3)
    train = outlook_points(game, games, seed, eps, players, jobs, every)
    held = outlook_points(game, held_games, seed + 100_000, eps, players, jobs, every)
    w = fit_logistic(train)
    money = w[names.index(bots.OUTLOOK_UNIT)]
    sizes = "/".join(str(n) for n in players)
    print(f"{game} outlook, tables of {sizes}: {games} games (seed {seed}, {eps} % random moves), {len(train)} points; "
          f"held out: {len(held)} from {held_games} games (seed {seed + 100_000})")
    print("{" + ", ".join(f'"{n}": {x / money:.2f}' for n, x in zip(names, w, strict=True)) + "}")
    print(f"scale = {1 / money:.1f}")
    today = [bots.OUTLOOK[n] / bots.OUTLOOK_SCALE for n in names]
    print(f"log-loss held out: today's OUTLOOK {log_loss(held, today):.4f}")
    spec = spec_of(game)
    fresh = spec.new_state(spec.default_options(players[0], frozenset()), seed)
    if set(bots.terms(fresh)) == set(names):  # the greedy bot's heuristic: every part at weight 1
        print(f"log-loss held out: the heuristic {log_loss(held, [1 / bots.SCALE] * len(names)):.4f}")
    print(f"log-loss held out: fitted {log_loss(held, w):.4f}, a coin {math.log(2):.4f} (train {log_loss(train, w):.4f}); "
          f"a seat wins {100 * sum(y for _, y in held) / len(held):.1f} % of the held-out points")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--game", action="append", choices=("banks", "cape"))
    parser.add_argument("--outlook", action="store_true", help="fit the search evaluation (OUTLOOK) of each --game (default: cape)")
    parser.add_argument("--eps", type=int, default=10, help="with --outlook: the share of random moves, in %%")
    parser.add_argument("--players", default="2", help="with --outlook: tables' sizes, taken in turn (e.g. 3,4,5)")
    parser.add_argument("--every", type=int, default=1, help="with --outlook: keep every N-th decision point")
    parser.add_argument("--jobs", type=int, default=1, help="with --outlook: processes")
    args = parser.parse_args()
    if args.outlook:
        for game in args.game or ["cape"]:
            sizes = tuple(int(n) for n in args.players.split(","))
            fit_outlook(game, args.games, args.seed, args.eps, sizes, args.jobs, args.every)
        return 0
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
