"""The command line: ``simulate`` (random games, invariants, speed) and ``replay`` (check a save).

    python -m nile simulate --game banks --players 4 --games 200 --seed 1 [--variants all|none|mix|N10,N11] [--json]
    python -m nile replay SAVE.json

``--players`` takes one count or a list (``2,3,4,5``), spread over the games;
``--variants mix`` cycles through all 16 combinations of N10–N13.
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import combinations
from typing import Any, Sequence

from .banks.invariants import violations
from .banks.options import VARIANTS, Options
from .banks.state import BanksState
from .core.save import SaveError
from .core.simulate import simulate
from .games import GAMES, load_save
from .messages import text

ALL_COMBINATIONS = [frozenset(c) for k in range(len(VARIANTS) + 1) for c in combinations(sorted(VARIANTS), k)]


def _variant_sets(spec: str) -> list[frozenset[str]]:
    if spec == "none":
        return [frozenset()]
    if spec == "all":
        return [frozenset(VARIANTS)]
    if spec == "mix":
        return ALL_COMBINATIONS
    chosen = frozenset(v.strip().upper() for v in spec.split(",") if v.strip())
    unknown = chosen - set(VARIANTS)
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown variant(s) {', '.join(sorted(unknown))}; known: {', '.join(VARIANTS)}")
    return [chosen]


def _player_counts(spec: str) -> list[int]:
    try:
        counts = [int(x) for x in spec.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"--players takes numbers like 4 or 2,3,4,5, not {spec!r}") from None
    if not counts or any(not 2 <= c <= 5 for c in counts):
        raise argparse.ArgumentTypeError("player counts are 2 to 5")
    return counts


def cmd_simulate(args: argparse.Namespace) -> int:
    counts = _player_counts(args.players)
    variant_sets = _variant_sets(args.variants)

    def setting(i: int) -> tuple[int, frozenset[str]]:
        return counts[i % len(counts)], variant_sets[(i // len(counts)) % len(variant_sets)]

    def make(i: int) -> BanksState:
        players, variants = setting(i)
        return BanksState(Options.default(players, variants=variants, start="random"), args.seed + i)

    def describe(i: int) -> dict[str, Any]:
        players, variants = setting(i)
        return {"players": players, "variants": sorted(variants), "seed": args.seed + i}

    check = None if args.no_invariants else violations
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
            f"mean {summary['rounds_mean']} rounds, {summary['actions_mean']} actions; end reasons {summary['end_reasons']}"
        )
        print(
            f"{summary['seconds']} s: {summary['games_per_second']} games/s, {summary['actions_per_second']} actions/s"
            + ("" if check else " (invariants not checked)")
        )
        for p in summary["problems"]:
            print("  problem:", json.dumps(p))
    return 0 if summary["finished"] == summary["games"] else 1


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        with open(args.save, encoding="utf-8") as f:
            data = f.read()
        state = load_save(data)
    except (OSError, UnicodeDecodeError) as e:
        print(f"cannot read {args.save}: {e}", file=sys.stderr)
        return 2
    except SaveError as e:
        print(f"invalid save: {e}", file=sys.stderr)
        return 1
    names = [p.name for p in state.options.players]
    print(f"valid save: {len(state.history)} actions, round {state.round}")
    if state.is_terminal():
        final = state.result()
        print(f"game over: {text('reason.' + final['reason'])}; {text('tie_break.' + final['tie_break'])}")
        for r in final["ranking"]:
            print(f"  {r['place']}. {names[r['player']]}: {r['score']} points, {r['lost']} markers lost")
    else:
        print(f"in progress: {text('phase.' + state.phase)}")
        order = sorted(range(state.num_players), key=lambda p: -state.score[p])
        for p in order:
            print(f"  {names[p]}: {state.score[p]} points, {state.lost[p]} markers lost")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nile", description="Nile: rules engine tools")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random games, check invariants, measure speed")
    sim.add_argument("--game", choices=sorted(GAMES), default="banks")
    sim.add_argument("--players", default="4", help="a count or a list: 4 or 2,3,4,5")
    sim.add_argument("--games", type=int, default=200)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--variants", default="none", help="none, all, mix (every combination) or a list N10,N11")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--no-invariants", action="store_true", help="skip the invariant checks (pure speed)")
    sim.set_defaults(func=cmd_simulate)
    rep = sub.add_parser("replay", help="validate a save file and print the standings")
    rep.add_argument("save")
    rep.set_defaults(func=cmd_replay)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except argparse.ArgumentTypeError as e:
        parser.error(str(e))
        return 2
