"""Choose the seed of each game's guided first game ("Learn to play").

For every seed in a range it plays the guided set-up (the game's ``tutorial``: a
learner and an easy computer player) with the learner played by a stand-in — the
normal bot, or for Kap a newcomer following the coach (``Newcomer``) — and, over
``--draws`` games with other random choices, notes the latest round in which each
situation a newcomer must meet first happens. The best seeds are those where all of
them come early and the game stays short; the one chosen is written into the game's
``teach.TUTORIAL_SEED`` by hand, with this command's output in the commit message.

    python tools/tutorial_seed.py --game banks --seeds 300
    python tools/tutorial_seed.py --game cape --seeds 2000 --draws 8 --learner newcomer
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nile.bots.players import make_bot  # noqa: E402
from nile.core.players import Player  # noqa: E402
from nile.core.rng import Rng  # noqa: E402
from nile.games import spec_of  # noqa: E402

#: per game: (situation, its log key, whose entry counts, a test on its parameters). Whose: "learner", "any",
#: "learner first" (the learner's, and only when nobody else's came before it) or "learner before <key>" (the
#: learner's, and only when no entry of that other key came before it)
SITUATIONS: dict[str, list[tuple[str, str, str, Any]]] = {
    "banks": [
        ("sow", "action.sow", "learner", None),
        ("grow", "action.grow", "learner", None),
        ("harvest", "action.harvest", "learner", None),
        ("flood", "water.placed", "any", None),
        ("ebb", "water.removed", "any", None),
        ("rot", "rot.applied", "any", None),
        ("desert", "desert.placed", "any", None),
        ("scoring", "scoring.done", "any", None),
    ],
    "cape": [
        ("auction", "cape.bid.revealed", "any", None),
        ("choose", "cape.take", "learner", None),
        ("turn", "cape.turn.card", "learner before cape.build", None),  # a turn to build before anyone crosses
        ("build", "cape.build", "learner first", None),
        ("bought", "cape.build", "learner", lambda p: 0 < p.get("bought", 0) <= 3),  # a few rails bought, not half the money
        ("bonus", "cape.bonus", "any", None),
    ],
}
NEVER = 99


class Newcomer:
    """A newcomer in Kap's guided game, as "Learn to play" meets one: bids little (the bid screen starts at 0),
    takes the card a sensible player would, and builds whenever the coach says a build is possible (its
    cheapest one) unless it takes more than ``SPEND`` of their money, else passes."""

    SPEND = 0.6

    def __init__(self) -> None:
        self.sensible = make_bot("normal")

    def choose(self, state: Any, seat: int, rng: Rng) -> Any:
        legal = state.legal_actions(seat)
        if legal[0].kind == "bid":
            return legal[min(len(legal) - 1, rng.below(12))]
        builds = [a for a in legal if a.kind == "build"]
        if builds:
            cheapest = min(builds, key=lambda a: (state.cost(a), -int(a.args[0])))
            if state.cost(cheapest) <= self.SPEND * state.money[seat]:
                return cheapest
        if legal[0].kind == "take":
            return self.sensible.choose(state, seat, rng)
        return legal[-1]


def play(game: str, seed: int, learner: str = "normal", draw: int = 0) -> dict[str, int]:
    """Rounds at which each situation first happened, and the game's length in rounds; ``draw`` picks the
    players' own random choices (the app's computer player draws its own each game)."""
    spec = spec_of(game)
    players = [Player("Learner", spec.colours[0]), Player("Bot", spec.colours[1], "easy")]
    options, _ = spec_of(game).ui.tutorial(players)
    state = spec.new_state(options, seed)
    bots = [Newcomer() if learner == "newcomer" else make_bot(learner), make_bot("easy")]
    rngs = [Rng(seed * 31 + 1 + draw * 1_000_003), Rng(seed * 31 + 2 + draw * 1_000_003)]
    first: dict[str, int] = {}
    seen = 0
    while not state.is_terminal() and len(state.history) < 5000:
        seat = state.to_act()[0]
        state.apply(bots[seat].choose(state, seat, rngs[seat]), seat)
        for entry in state.log[seen:]:
            for name, key, who, test in SITUATIONS[game]:
                if name in first:
                    continue
                if who.startswith("learner before ") and entry.key == who.split()[-1]:
                    first[name] = NEVER  # the other entry came first: never for this game
                    continue
                if entry.key != key:
                    continue
                if who != "any" and entry.params.get("player") != 0:
                    if who == "learner first":  # another player's came first: never for this game
                        first[name] = NEVER
                    continue
                if test is not None and not test(entry.params):
                    continue
                first[name] = state.round
        seen = len(state.log)
    out = {name: first.get(name, NEVER) for name, *_ in SITUATIONS[game]}
    out["rounds"] = state.round
    return out


def worst(results: list[dict[str, int]]) -> dict[str, int]:
    """Each situation's latest round over several games of one seed (the game's length too)."""
    return {name: max(r[name] for r in results) for name in results[0]}


def score(result: dict[str, int]) -> int:
    """Lower is better: every situation early, and a game short enough for a first sitting."""
    return sum(v for k, v in result.items() if k != "rounds") + result["rounds"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=("banks", "cape"), required=True)
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--learner", default="normal", choices=("normal", "strong", "easy", "newcomer"),
                        help="who stands in for the learner (newcomer: Kap's coach follower, see Newcomer)")
    parser.add_argument("--draws", type=int, default=1,
                        help="games per seed, each with other random choices of the players: a seed counts by its worst")
    args = parser.parse_args(argv)
    results = [(seed, worst([play(args.game, seed, args.learner, d) for d in range(args.draws)]))
               for seed in range(args.first, args.first + args.seeds)]
    results.sort(key=lambda sr: (score(sr[1]), sr[0]))
    names = [name for name, *_ in SITUATIONS[args.game]] + ["rounds"]
    print("seed  score  " + "  ".join(f"{n:>8}" for n in names))
    for seed, result in results[: args.top]:
        print(f"{seed:>4}  {score(result):>5}  " + "  ".join(f"{result[n]:>8}" for n in names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
