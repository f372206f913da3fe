"""Choose the seed of each game's guided first game ("Learn to play").

For every seed in a range it plays the guided set-up (the game's ``tutorial``: a
learner and an easy computer player) with the learner played by the normal bot —
a stand-in for a newcomer following the hints — and notes the round in which each
situation a newcomer must meet first happens. The best seeds are those where all of
them come early and the game stays short; the one chosen is written into the game's
``teach.TUTORIAL_SEED`` by hand, with this command's output in the commit message.

    python tools/tutorial_seed.py --game banks --seeds 300
    python tools/tutorial_seed.py --game cape --seeds 300
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

#: per game: (situation, its log key, whose entry counts: "learner" or "any", a test on its parameters)
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
        ("build", "cape.build", "learner", None),
        ("bought", "cape.build", "learner", lambda p: p.get("bought", 0) > 0),
        ("bonus", "cape.bonus", "any", None),
    ],
}
NEVER = 99


def play(game: str, seed: int, learner: str = "normal") -> dict[str, int]:
    """Rounds at which each situation first happened, and the game's length in rounds."""
    spec = spec_of(game)
    players = [Player("Learner", spec.colours[0]), Player("Bot", spec.colours[1], "easy")]
    options, _ = spec_of(game).ui.tutorial(players)
    state = spec.new_state(options, seed)
    bots = [make_bot(learner), make_bot("easy")]
    rngs = [Rng(seed * 31 + 1), Rng(seed * 31 + 2)]
    first: dict[str, int] = {}
    seen = 0
    while not state.is_terminal() and len(state.history) < 5000:
        seat = state.to_act()[0]
        state.apply(bots[seat].choose(state, seat, rngs[seat]), seat)
        for entry in state.log[seen:]:
            for name, key, who, test in SITUATIONS[game]:
                if name in first or entry.key != key:
                    continue
                if who == "learner" and entry.params.get("player") != 0:
                    continue
                if test is not None and not test(entry.params):
                    continue
                first[name] = state.round
        seen = len(state.log)
    out = {name: first.get(name, NEVER) for name, *_ in SITUATIONS[game]}
    out["rounds"] = state.round
    return out


def score(result: dict[str, int]) -> int:
    """Lower is better: every situation early, and a game short enough for a first sitting."""
    return sum(v for k, v in result.items() if k != "rounds") + result["rounds"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=("banks", "cape"), required=True)
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args(argv)
    results = [(seed, play(args.game, seed)) for seed in range(args.first, args.first + args.seeds)]
    results.sort(key=lambda sr: (score(sr[1]), sr[0]))
    names = [name for name, *_ in SITUATIONS[args.game]] + ["rounds"]
    print("seed  score  " + "  ".join(f"{n:>8}" for n in names))
    for seed, result in results[: args.top]:
        print(f"{seed:>4}  {score(result):>5}  " + "  ".join(f"{result[n]:>8}" for n in names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
