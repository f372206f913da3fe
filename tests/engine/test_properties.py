"""Property tests over many seeded random games: every player count, every variant combination.

After every action the invariants hold (``nile.banks.invariants``); every game ends
without the safety cap; at sampled moments each legal action's text round-trips,
``view()`` leaks nothing (resampling every hidden fact leaves every view as it
was) and a clone equals its original; at the end, save → load rebuilds an
identical state. ``NILE_PROPERTY_GAMES`` sets the games per setting (default 32:
2,048 games in CPython; the Pyodide run uses fewer).
"""

import os
from itertools import combinations

import pytest

from nile.banks import actions as act
from nile.banks.determinize import resample_hidden
from nile.banks.invariants import violations
from nile.banks.options import VARIANTS, Options
from nile.banks.state import BanksState
from nile.core import save
from nile.core.rng import Rng
from nile.core.simulate import MAX_ACTIONS_PER_GAME
from nile.games import load_save

GAMES = int(os.environ.get("NILE_PROPERTY_GAMES", "32"))
SETTINGS = [
    (players, frozenset(combo))
    for players in (2, 3, 4, 5)
    for k in range(len(VARIANTS) + 1)
    for combo in combinations(sorted(VARIANTS), k)
]


def check_views(state: BanksState, rng: Rng) -> None:
    for viewer in [None, *range(state.num_players)]:
        other = resample_hidden(state, viewer, rng)
        assert not violations(other)
        assert other.view(viewer) == state.view(viewer), f"view({viewer}) depends on hidden facts"


def check_actions(state: BanksState) -> None:
    for player in state.to_act():
        legal = state.legal_actions(player)
        assert legal, "a player to act must have a legal action"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        for a in legal:
            assert act.parse(a.text()) == a


@pytest.mark.parametrize("players,variants", SETTINGS, ids=lambda v: "-".join(sorted(v)) if isinstance(v, frozenset) else str(v))
def test_random_games_keep_every_invariant_and_end(players, variants):
    for game in range(GAMES):
        seed = 1_000 * SETTINGS.index((players, variants)) + game
        state = BanksState(Options.default(players, variants=variants, start="random"), seed)
        rng = Rng(seed)
        samples = {rng.below(400) for _ in range(3)}
        count = 0
        while not state.is_terminal():
            assert count < MAX_ACTIONS_PER_GAME, "game hit the safety cap"
            if count in samples:
                check_actions(state)
                check_views(state, rng)
                assert state.clone() == state
            seats = state.to_act()
            player = seats[rng.below(len(seats))]
            legal = state.legal_actions(player)
            state.apply(legal[rng.below(len(legal))], player)
            count += 1
            problems = violations(state)
            assert not problems, f"seed {seed} after {count} actions: {problems}"
        assert state.result() is not None and state.to_act() == ()
        if game % 4 == 0:
            assert load_save(save.dumps(state)) == state
