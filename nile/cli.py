"""The command line: ``simulate`` (random games, invariants, speed), ``replay`` (check a save),
``tournament`` (bots against bots) and ``review`` (one seat's decisions against the strong bot).

    python -m nile simulate --game banks|cape --players 4 --games 200 --seed 1 [--variants all|none|mix|N10,N11] [--json]
    python -m nile replay SAVE.json
    python -m nile tournament --game banks|cape --seats strong,normal --games 200 --seed 1 [--jobs N] [--json]
    python -m nile tournament --game cape --seats strong:1600,strong:400 --games 200   (iterations per seat)
    python -m nile tournament --game banks --seats strong,normal --games 200 --record run.jsonl   (resumable)
    python -m nile review SAVE.json --seat N [--iterations K] [--json]

Both work for every registered game (``nile.games``): the game's description
says its player range, variants, default options and invariants.
``--players`` takes one count or a list (``2,3,4``), spread over the games;
``--variants mix`` cycles through every combination of the game's variants.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from .core.save import SaveError
from .core.simulate import simulate
from .games import GAMES, load_save
from .kit.spec import GameEntry
from .messages import say


def _variant_sets(spec: GameEntry, text: str) -> list[frozenset[str]]:
    known = spec.variants
    if text == "none":
        return [frozenset()]
    if text == "all":
        return [frozenset(known)]
    if text == "mix":
        return [frozenset(c) for k in range(len(known) + 1) for c in combinations(sorted(known), k)]
    chosen = frozenset(v.strip().upper() for v in text.split(",") if v.strip())
    unknown = chosen - set(known)
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown variant(s) {', '.join(sorted(unknown))} for {spec.name}; known: {', '.join(known) or 'none'}"
        )
    return [chosen]


def _player_counts(spec: GameEntry, text: str) -> list[int]:
    try:
        counts = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"--players takes numbers like 4 or 2,3,4, not {text!r}") from None
    if not counts or any(not spec.min_players <= c <= spec.max_players for c in counts):
        raise argparse.ArgumentTypeError(f"{spec.name} is for {spec.min_players} to {spec.max_players} players")
    return counts


def cmd_simulate(args: argparse.Namespace) -> int:
    spec = GAMES[args.game]
    counts = _player_counts(spec, args.players)
    variant_sets = _variant_sets(spec, args.variants)

    def setting(i: int) -> tuple[int, frozenset[str]]:
        return counts[i % len(counts)], variant_sets[(i // len(counts)) % len(variant_sets)]

    def make(i: int) -> Any:
        players, variants = setting(i)
        return spec.new_state(spec.default_options(players, variants), args.seed + i)

    def describe(i: int) -> dict[str, Any]:
        players, variants = setting(i)
        return {"players": players, "variants": sorted(variants), "seed": args.seed + i}

    check = None if args.no_invariants else spec.invariants
    summary = simulate(make, args.games, args.seed, check=check, describe=describe)
    summary.update(game=args.game, players=counts, variants=args.variants, invariants_checked=check is not None)
    if args.json:
        print(json.dumps(summary))
    else:
        print(
            f"{summary['games']} games of {args.game} ({args.players} players, variants {args.variants}): "
            f"{summary['finished']} finished, {summary['errors']} errors, "
            f"{summary['invariant_violations']} invariant violations"
        )
        print(
            f"mean {summary['rounds_mean']} rounds, {summary['actions_mean']} actions (longest {summary['actions_max']}); "
            f"end reasons {summary['end_reasons']}"
        )
        print(
            f"{summary['seconds']} s: {summary['games_per_second']} games/s, {summary['actions_per_second']} actions/s"
            + ("" if check else " (invariants not checked)")
        )
        for p in summary["problems"]:
            print("  problem:", json.dumps(p))
    return 0 if summary["finished"] == summary["games"] else 1


def cmd_review(args: argparse.Namespace) -> int:
    """Each decision of one seat: the move played, the strong bot's best, the chance to win after each."""
    from .bots.coach import review, worst

    state = _read_save(args.save)
    if not 0 <= args.seat < state.num_players:
        print(f"seat {args.seat} is not in this game (seats 0 to {state.num_players - 1})", file=sys.stderr)
        return 2
    decisions = review(state, args.seat, iterations=args.iterations)
    if args.json:
        print(json.dumps({"game": state.GAME, "seat": args.seat, "decisions": [d.to_json() for d in decisions],
                          "worst": [d.index for d in worst(decisions)]}))
        return 0
    names = [p["name"] for p in state.options_json()["players"]]
    print(f"review of {names[args.seat]} (seat {args.seat}) in a game of {state.GAME}: {len(decisions)} decisions")
    for d in decisions:
        mark = "  " if d.played == d.best else ("!!" if d in worst(decisions) else " ?")
        print(f"{mark} action {d.index:>4}: played {d.played.text():<24} {100 * d.played_chance:5.1f}%   "
              f"best {d.best.text():<24} {100 * d.best_chance:5.1f}%")
    return 0


def _standing(row: dict[str, Any], names: Sequence[str]) -> str:
    """One line of a ranking, whatever the game counts: ``1. Anna: score 12, lost 0``."""
    facts = ", ".join(f"{k} {v}" for k, v in row.items() if k not in ("place", "player"))
    return f"  {row.get('place', '-')}. {names[row['player']]}: {facts}"


def _read_save(path: str) -> Any:
    """The game of the save file at ``path``; a ``SystemExit`` code (2 unreadable, 1 invalid) when not."""
    try:
        with open(path, encoding="utf-8") as f:
            data = f.read()
        return load_save(data)
    except (OSError, UnicodeDecodeError) as e:
        print(f"cannot read {path}: {e}", file=sys.stderr)
        raise SystemExit(2) from None
    except SaveError as e:
        print(f"invalid save: {say(e)}", file=sys.stderr)
        raise SystemExit(1) from None


def cmd_replay(args: argparse.Namespace) -> int:
    state = _read_save(args.save)
    view = state.view(None)
    names = [p["name"] for p in state.options_json()["players"]]
    print(f"valid save of {state.GAME}: {len(state.history)} actions, round {view.get('round')}")
    result = view.get("result")
    if state.is_terminal() and result:
        winners = " & ".join(names[p] for p in result["winners"])
        print(f"game over ({result.get('reason')}): {winners}")
        for row in result.get("ranking", []):
            print(_standing(row, names))
    else:
        print(f"in progress: phase {view.get('phase')}, to act: {', '.join(names[p] for p in state.to_act())}")
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    """Bots against each other, seats rotated: win rates with 95% intervals, length, time per decision."""
    from .bots.players import BOT_NAMES
    from .bots.tournament import tournament

    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    unknown = [s for s in seats if s.partition(":")[0] not in BOT_NAMES]
    if unknown:
        print(f"unknown bot(s) {', '.join(unknown)}; known: {', '.join(BOT_NAMES)}", file=sys.stderr)
        return 2
    try:
        summary = tournament(args.game, seats, args.games, args.seed, jobs=args.jobs, iterations=args.iterations,
                             budget_ms=args.budget_ms, record=args.record)
    except (ValueError, KeyError) as e:
        print(say(e), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary))
        return 0
    print(f"{summary['games']} games of {args.game}, seats {','.join(seats)} (rotated), seed {args.seed}: "
          f"mean {summary['mean_actions']} actions, {summary['seconds']} s")
    for name, rate in summary["win_rates"].items():
        low, high = summary["ci95"][name]
        print(f"  {name:>7}: wins {100 * rate:5.1f}% (95% CI {100 * low:.1f}–{100 * high:.1f}%), "
              f"{summary['ms_per_decision'][name]} ms per decision")
    return 0


def _add_tournament(sub: Any) -> None:
    tour = sub.add_parser("tournament", help="bots against each other: win rates, game length, time per decision")
    tour.add_argument("--game", choices=sorted(GAMES), default="banks")
    tour.add_argument("--seats", default="strong,normal", help="strengths by seat: random, easy, normal, strong; strong:N searches N iterations")
    tour.add_argument("--games", type=int, default=200)
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--jobs", type=int, default=1, help="parallel processes (CPython only)")
    budget = tour.add_mutually_exclusive_group()
    budget.add_argument("--budget-ms", type=float, default=None, help="strong bot: milliseconds per decision")
    budget.add_argument("--iterations", type=int, default=None, help="strong bot: search iterations per decision")
    tour.add_argument("--record", metavar="FILE", default=None,
                      help="append each finished game to FILE (JSON lines); run again to play only the games not in it")
    tour.add_argument("--json", action="store_true", help="print one JSON object")
    tour.set_defaults(func=cmd_tournament)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nile", description="Nile: rules engine tools")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random games, check invariants, measure speed")
    sim.add_argument("--game", choices=sorted(GAMES), default="banks")
    sim.add_argument("--players", default=None, help="a count or a list: 4 or 2,3,4 (default: the game's maximum)")
    sim.add_argument("--games", type=int, default=200)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--variants", default="none", help="none, all, mix (every combination) or a list N10,N11")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--no-invariants", action="store_true", help="skip the invariant checks (pure speed)")
    sim.set_defaults(func=cmd_simulate)
    rep = sub.add_parser("replay", help="validate a save file (any game) and print the standings")
    rep.add_argument("save")
    rep.set_defaults(func=cmd_replay)
    rev = sub.add_parser("review", help="one seat's decisions against the strong bot's best, with chances to win")
    rev.add_argument("save")
    rev.add_argument("--seat", type=int, required=True, help="the seat reviewed (0 is the first player)")
    rev.add_argument("--iterations", type=int, default=None, help="search iterations per decision")
    rev.add_argument("--json", action="store_true", help="print one JSON object")
    rev.set_defaults(func=cmd_review)
    _add_tournament(sub)
    args = parser.parse_args(argv)
    if args.command == "simulate" and args.players is None:
        args.players = str(min(4, GAMES[args.game].max_players))
    try:
        return int(args.func(args))
    except SystemExit as e:
        return int(e.code or 0)
    except argparse.ArgumentTypeError as e:
        parser.error(str(e))
        return 2
