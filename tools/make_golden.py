"""Write the golden saves under tests/golden/<game>/ (see tests/engine/test_golden.py).

    .venv/bin/python tools/make_golden.py            # write the files that do not exist yet
    .venv/bin/python tools/make_golden.py --force    # rewrite them all (a deliberate, explained commit!)
    .venv/bin/python tools/make_golden.py --list     # what each file pins, nothing written

Each wanted save is found by seeded random play (``nile.core.rng.Rng``): for seed
``first_seed``, ``first_seed + 1``, … a game is played with uniformly random legal actions
(drawn from an Rng of its own, ``policy_seed``)
until the wanted condition holds (mid-bid, a rot choice, a finished game with a given
end reason…); that position is saved. Everything is deterministic, so running this
again writes the same files. A file's name starts with the rules version it was written
under (``r1-…``): after a rules version bump, new files join the old ones, which stay as
they are to pin what older saves replay to.

Another game adds its own list to ``WANTED`` (conditions read its state's attributes).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nile.core import save  # noqa: E402
from nile.core.rng import MAX_SEED, Rng  # noqa: E402
from nile.games import GAMES  # noqa: E402
from tests.engine.test_golden import GOLDEN, facts  # noqa: E402

REMINDER = """\
Reminder: a golden save pins what players' stored games replay to. Adding files is fine;
changing or deleting one is a deliberate commit that explains why (and a change to the
rules or to the order of random draws bumps the game's RULES_VERSION instead: see
tests/engine/test_golden.py)."""

SEEDS_TO_TRY = 3000


@dataclass(frozen=True)
class Wanted:
    """One golden save: a game set up so, played at random until ``condition`` holds."""

    slug: str
    about: str
    players: int
    variants: tuple[str, ...]
    condition: Callable[[Any], bool]
    first_seed: int = 1
    #: 1: written as the first release wrote saves (no rules field)
    format: int = save.FORMAT_VERSION
    #: players' names instead of the defaults (the options' JSON form, as players type them)
    names: tuple[str, ...] = ()


def _last_kind(s: Any) -> str | None:
    return s.history[-1][1].kind if s.history else None


def _mid_turn(s: Any) -> bool:
    """Phase 2, the player on turn has already done something and not yet ended the turn."""
    return s.phase == "actions" and len(s.history) > s.turn_mark and s.ap > 0


def _over(reason: str) -> Callable[[Any], bool]:
    return lambda s: s.phase == "over" and s.final["reason"] == reason


BANKS = [
    Wanted("2p-setup-boat", "2 players, set-up: the start player put one marker on the boat (N2.6), one to go",
           2, (), lambda s: s.phase == "boat" and len(s.setup_placed) == 1),
    Wanted("3p-setup-water", "3 players, set-up: water cards being placed (N2.7), the first player done",
           3, (), lambda s: s.phase == "setup_water" and s.turn_index >= 1),
    Wanted("4p-n13-setup-sow", "4 players with N13, set-up sowing (N2.8): the player placed one of two markers",
           4, ("N13",), lambda s: s.phase == "setup_sow" and len(s.setup_placed) == 1 and s.turn_index >= 2),
    Wanted("5p-mid-turn", "5 players, round 3 or later, a player in the middle of their turn (N6) with AP left",
           5, (), lambda s: s.round >= 3 and _mid_turn(s)),
    Wanted("2p-n10-after-hoard", "2 players with N10: a player just hoarded a rival's marker from the boat, turn goes on",
           2, ("N10",), lambda s: _last_kind(s) == "hoard" and s.phase == "actions"),
    Wanted("3p-n11-auction-sealed", "3 players with N11: hippo auction with some bids sealed and others not yet placed",
           3, ("N11",), lambda s: s.phase == "auction" and s.bids and s.bidders and s.round >= 2),
    Wanted("4p-n11-extra-turn", "4 players with N11: the auction winner's extra turn, one action taken",
           4, ("N11",), lambda s: s.phase == "extra_turn" and len(s.history) > s.turn_mark),
    Wanted("5p-n12-start-bid-sealed", "5 players with N12: start-player bid with some bids sealed, others not",
           5, ("N12",), lambda s: s.phase == "start_bid" and len(s.bids) >= 2 and len(s.bidders) >= 2),
    Wanted("2p-n12-rebid", "2 players with N12: the start-player bid tied and is bid again (second bid round)",
           2, ("N12",), lambda s: s.phase == "start_bid" and s.bid_round == 2),
    Wanted("4p-n13-after-refresh", "4 players with N13: a player just refreshed a spoiled fruit with a joker",
           4, ("N13",), lambda s: _last_kind(s) == "refresh"),
    Wanted("3p-rot-choice", "3 players: a rot card turned, the start player chooses which fruits rot (phase rot)",
           3, (), lambda s: s.phase == "rot"),
    Wanted("5p-n10-n11-rot-choice", "5 players with N10 and N11: a rot choice later in the game",
           5, ("N10", "N11"), lambda s: s.phase == "rot" and s.round >= 4),
    Wanted("4p-flood-between-cards", "4 players: flood, the start player placed one water card and places another",
           4, (), lambda s: s.phase == "tide" and s.tide_mode == "flood" and s.tide_done == 1),
    Wanted("2p-ebb", "2 players: the ebb, the start player removing water cards",
           2, (), lambda s: s.phase == "tide" and s.tide_mode == "ebb"),
    Wanted("4p-all-variants-after-scorings", "4 players with N10–N13: mid-game after two scorings, a turn under way",
           4, ("N10", "N11", "N12", "N13"), lambda s: len(s.scorings) >= 2 and _mid_turn(s)),
    Wanted("5p-n10-n12-mid-turn", "5 players with N10 and N12 (and names with accents): a turn under way",
           5, ("N10", "N12"), lambda s: s.round >= 2 and _mid_turn(s),
           names=("Zoë", "Jürgen", "Ana María", "Søren", "李雷")),
    Wanted("2p-over-obelisk", "2 players: finished, a pawn reached the obelisk (N7)",
           2, (), _over("obelisk")),
    Wanted("3p-n10-over-no-markers", "3 players with N10: finished because no marker could be used again",
           3, ("N10",), _over("no_markers")),
    Wanted("4p-n10-n11-over-idle", "4 players with N10 and N11: finished after rounds in which nothing happened",
           4, ("N10", "N11"), _over("idle")),
    Wanted("5p-all-variants-over-obelisk", "5 players with N10–N13: finished at the obelisk",
           5, ("N10", "N11", "N12", "N13"), _over("obelisk")),
    Wanted("2p-n13-over-idle", "2 players with N13: finished after idle rounds",
           2, ("N13",), _over("idle")),
    Wanted("5p-n10-n12-over-no-markers", "5 players with N10 and N12: finished because no marker could be used again",
           5, ("N10", "N12"), _over("no_markers")),
    Wanted("2p-all-variants-auction", "2 players with N10–N13: hippo auction, one bid sealed",
           2, ("N10", "N11", "N12", "N13"), lambda s: s.phase == "auction" and len(s.bids) == 1 and s.bidders),
    Wanted("3p-mid-turn-format1", "format 1 (no rules field, as the first release saved): 3 players, a turn under way",
           3, (), lambda s: s.round >= 2 and _mid_turn(s), format=1),
    Wanted("4p-n11-over-format1", "format 1 (no rules field, as the first release saved): 4 players with N11, finished",
           4, ("N11",), lambda s: s.phase == "over", format=1),
    Wanted("2p-n12-start-bid-format1", "format 1: 2 players with N12, the start bid with one bid sealed",
           2, ("N12",), lambda s: s.phase == "start_bid" and len(s.bids) == 1 and s.bidders, format=1),
]

def _logged(key: str) -> Callable[[Any], bool]:
    return lambda s: any(e.key == key for e in s.log)


CAPE = [
    Wanted("2p-bid-sealed", "Kap, 2 players, second auction or later: one bid sealed, one to come (K3, K6)",
           2, (), lambda s: s.phase == "bid" and len(s.bids) == 1 and s.round >= 2),
    Wanted("3p-choosing", "Kap, 3 players: bids revealed, the second chooser to take a card (K3)",
           3, (), lambda s: s.phase == "choose" and s.choosing == 1),
    Wanted("2p-tie-draw", "Kap, 2 players: tied bids broken by turning up cards, choosing under way (K3)",
           2, (), lambda s: s.phase == "choose" and _logged("cape.tie.draw")(s)),
    Wanted("4p-build-bonus", "Kap, 4 players, round 3 or later: building, someone holds bonus rails (K4)",
           4, (), lambda s: s.phase == "build" and s.round >= 3 and any(s.bonus)),
    Wanted("3p-after-reshuffle", "Kap, 3 players: building after the discard pile was shuffled into a new draw pile (K4)",
           3, (), lambda s: s.phase == "build" and _logged("cape.reshuffle")(s)),
    Wanted("2p-over-crossings", "Kap, 2 players: finished by an 8th crossing (K5)", 2, (), _over("crossings")),
    Wanted("4p-over-crossings", "Kap, 4 players: finished by an 8th crossing (K5)", 4, (), _over("crossings")),
    Wanted("4p-over-stall", "Kap, 4 players: finished by the stall rule (K4 decision)", 4, (), _over("stall")),
]

WANTED: dict[str, list[Wanted]] = {"banks": BANKS, "cape": CAPE}


def options_for(spec: Any, wanted: Wanted) -> Any:
    options = spec.default_options(wanted.players, frozenset(wanted.variants))
    if wanted.names:
        data = options.to_json() if hasattr(options, "to_json") else None
        assert data is not None, "names need options with a JSON form"
        for seat, name in zip(data["players"], wanted.names, strict=True):
            seat["name"] = name
        options = spec.options_from_json(data)
    return options


def policy_seed(seed: int) -> int:
    """The seed of the random player, apart from the game's own (the same number in both would
    draw the same sequence twice: the players' choices would follow the deal)."""
    return (seed * 1_000_003 + 0x5BD1E995) % (MAX_SEED + 1)


def find(spec: Any, wanted: Wanted) -> Any:
    """The first position, over seeds from ``first_seed``, where ``wanted.condition`` holds."""
    for seed in range(wanted.first_seed, wanted.first_seed + SEEDS_TO_TRY):
        state = spec.new_state(options_for(spec, wanted), seed)
        rng = Rng(policy_seed(seed))
        while True:
            if wanted.condition(state):
                return state
            if state.is_terminal():
                break
            seats = state.to_act()
            player = seats[rng.below(len(seats))]
            legal = state.legal_actions(player)
            state.apply(legal[rng.below(len(legal))], player)
    raise SystemExit(f"{spec.name}/{wanted.slug}: no seed from {wanted.first_seed} reached the condition")


def save_of(state: Any, format: int) -> dict[str, Any]:
    data = save.to_json(state)
    if format == 1:  # as the first release wrote it: no rules field
        assert state.RULES_VERSION == save.FORMAT_1_RULES
        data = {k: data[k] for k in save.FIELDS_1}
        data["format"] = 1
    return data


def document(state: Any, wanted: Wanted) -> dict[str, Any]:
    return {"about": wanted.about, "save": save_of(state, wanted.format), "expect": facts(state)}


def file_name(spec: Any, index: int, wanted: Wanted) -> str:
    return f"r{spec.rules_version}-{index:02d}-{wanted.slug}.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="rewrite existing files (explain why in the commit)")
    parser.add_argument("--list", action="store_true", help="only say what each file pins")
    parser.add_argument("--game", choices=sorted(WANTED), help="only this game")
    args = parser.parse_args(argv)
    written = kept = 0
    for game, wanted_list in sorted(WANTED.items()):
        if args.game and game != args.game:
            continue
        spec = GAMES[game]
        folder = GOLDEN / game
        for index, wanted in enumerate(wanted_list, 1):
            path = folder / file_name(spec, index, wanted)
            rel = path.relative_to(ROOT)
            if args.list:
                print(f"{rel}: {wanted.about}")
                continue
            if path.exists() and not args.force:
                kept += 1
                continue
            state = find(spec, wanted)
            text = json.dumps(document(state, wanted), indent=1, ensure_ascii=False) + "\n"
            old = path.read_text(encoding="utf-8") if path.exists() else None
            if old == text:
                kept += 1
                continue
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written += 1
            print(f"{'rewrote' if old is not None else 'wrote'} {rel}: {wanted.about}")
    if not args.list:
        print(f"{written} written, {kept} kept as they were (--force rewrites)")
        print(REMINDER)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
