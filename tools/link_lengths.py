"""How long the links of games played from afar get (issue 44, 50): whole addresses, as a person sends them.

    python tools/link_lengths.py [--games 200] [--seed 1]

Plays seeded random games by links alone (``nile.core.correspondence.Far`` records, each seat on a device of its
own, every device signing its moves), as ``tests/engine/test_correspondence.py`` does, and prints per game and seat
count the median and the longest link: at any point of the game, at the end, and in the middle of an auction (some
bids sealed, none revealed yet: the commitments travel). The address counted is the page's (30 characters) +
``#far=`` + the link's text.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nile.core.correspondence import Far  # noqa: E402
from nile.core.game import GameState  # noqa: E402
from nile.core.rng import Rng  # noqa: E402
from nile.core.sign import SigningKey  # noqa: E402
from nile.games import GAMES, load_all  # noqa: E402

ADDRESS = len("https://nile-game.netlify.app/") + len("#far=")
TABLES = [("banks", 3, frozenset()), ("banks", 3, frozenset({"N11", "N12"})),
          ("banks", 5, frozenset({"N10", "N11", "N12", "N13"})), ("cape", 3, frozenset()), ("cape", 4, frozenset())]


def _hex(rng: Rng, n: int) -> str:
    return "".join(f"{rng.below(256):02x}" for _ in range(n))


class Table:
    """One game, every seat a device of its own, and the longest link seen: anywhere, at the end, mid-auction."""

    def __init__(self, game: str, players: int, variants: frozenset[str], seed: int) -> None:
        self.rng = rng = Rng(seed)
        gid = f"lengths-{seed:08d}"
        options = GAMES[game].default_options(players, variants).to_json()
        hands = [[s] for s in range(players)]
        self.devices = [Far.made(gid, game, options, hands, _hex(rng, 32), GAMES, self.key())]
        for hand in range(1, players):
            self.devices.append(Far.opened(self.devices[0].link(GAMES), GAMES, hand=hand, secret=_hex(rng, 32),
                                           key=self.key()))
            self.devices[0].receive(self.devices[-1].link(GAMES), GAMES)
        self.longest = {"any": 0, "end": 0, "auction": 0}

    def key(self) -> str:
        return SigningKey.from_seed(bytes(self.rng.below(256) for _ in range(32))).seed_text

    def send(self, d: Far, to: list[Far], kind: str = "any") -> None:
        text = d.link(GAMES)
        size = ADDRESS + len(text)
        self.longest["any"] = max(self.longest["any"], size)
        if kind != "any":
            self.longest[kind] = max(self.longest[kind], size)
        for other in to:
            if other is not d:
                other.receive(text, GAMES)

    def auction(self, state: GameState) -> None:
        """Each bidder seals its bid and sends its link to the next bidder (the last link before the reveals
        carries every seal); then every device's link to every other: the reveals, the bids played."""
        bidders = [d for d in self.devices if set(d.seats) & set(state.to_act())]
        for i, d in enumerate(bidders):
            for seat in set(d.seats) & set(state.to_act()):
                legal = state.legal_actions(seat)
                d.bid(legal[self.rng.below(len(legal))], seat, _hex(self.rng, 16), GAMES)
            self.send(d, [bidders[(i + 1) % len(bidders)]], "auction" if i < len(bidders) - 1 else "any")
        for _ in range(2):
            for d in self.devices:
                self.send(d, self.devices)

    def turn(self, state: GameState) -> None:
        """The device to act catches up, plays its turn, and sends its link to every other device."""
        latest = max(self.devices, key=lambda d: len(d.actions))
        mover = next(d for d in self.devices if state.to_act()[0] in d.seats)
        if len(mover.actions) < len(latest.actions):
            mover.receive(latest.link(GAMES), GAMES)
        now = mover.state(GAMES)
        while not now.is_terminal() and not now.secret_decision() and now.to_act()[0] in mover.seats:
            seat = now.to_act()[0]
            legal = now.legal_actions(seat)
            mover.play(legal[self.rng.below(len(legal))], seat, GAMES)
            now = mover.state(GAMES)
        self.send(mover, self.devices, "end" if now.is_terminal() else "any")

    def play(self) -> dict[str, int]:
        for _ in range(3):  # promises, secrets: every device learns the seed
            for d in self.devices:
                self.send(d, self.devices)
        for _ in range(5000):
            latest = max(self.devices, key=lambda d: len(d.actions))
            state = latest.state(GAMES)
            if state.is_terminal():
                break
            if state.secret_decision():
                self.auction(state)
            else:
                self.turn(state)
        return self.longest


def one_game(game: str, players: int, variants: frozenset[str], seed: int) -> dict[str, int]:
    return Table(game, players, variants, seed).play()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    load_all()
    print(f"{'game':6} {'seats':>5} {'variants':16} {'any: median / longest':>22} {'end':>14} {'mid-auction':>14}")
    for game, players, variants in TABLES:
        runs = [one_game(game, players, variants, args.seed * 100_000 + i) for i in range(args.games)]
        cols = []
        for kind in ("any", "end", "auction"):
            values = [r[kind] for r in runs if r[kind]]
            cols.append(f"{statistics.median(values):,.0f} / {max(values):,}" if values else "—")
        print(f"{game:6} {players:>5} {'+'.join(sorted(variants)) or 'none':16} {cols[0]:>22} {cols[1]:>14} {cols[2]:>14}",
              flush=True)


if __name__ == "__main__":
    main()
