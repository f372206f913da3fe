"""Random-play properties of Vom Kap bis Kairo over many seeded games (2, 3 and 4 players).

After every action: the invariants hold (all 50 cards in one place each, money never
negative, at most 5 bonus rails, at most 8 crossings); undo never reaches behind the last
action (every Kap decision ends a turn or reveals something). Every few actions: every
legal action's text parses back to it and costs no more than its player has;
``view(p)`` is the same on a copy whose hidden facts were redrawn (nothing hidden leaks,
K6). Every game ends before the safety cap, and its save replays to an identical state.
``NILE_PROPERTY_GAMES`` sets the games per player count (default 32).
"""

from __future__ import annotations

import os

import pytest

from nile.cape.determinize import resample_hidden
from nile.cape.invariants import violations
from nile.cape.options import Options
from nile.cape.state import CapeState
from nile.core import save
from nile.core.rng import Rng
from nile.core.simulate import MAX_ACTIONS_PER_GAME, simulate
from nile.games import load_save

GAMES = int(os.environ.get("NILE_PROPERTY_GAMES", "32"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant_hide_what_is_hidden_and_replay(players):
    for game in range(GAMES):
        seed = 10_000 * players + game
        s = CapeState(Options.default(players), seed)
        rng = Rng(seed ^ 0xCAFE)
        count = 0
        while not s.is_terminal():
            assert count < MAX_ACTIONS_PER_GAME, f"seed {seed}: not over after {count} actions"
            seats = s.to_act()
            player = seats[rng.below(len(seats))]
            legal = s.legal_actions(player)
            assert legal, f"seed {seed}: player {player + 1} must act but has no legal action"
            assert isinstance(legal, tuple) and s.undo_floor() == len(s.history)
            if count % 7 == 0:
                for a in legal:
                    assert s.parse_action(a.text()) == a
                    assert 0 <= s.cost(a, player) <= s.money[player]
                for p in (player, None):
                    assert resample_hidden(s, p, Rng(count)).view(p) == s.view(p), (seed, count, p)
            s.apply(legal[rng.below(len(legal))], player)
            count += 1
            problems = violations(s)
            assert not problems, (seed, count, problems)
        assert s.final and s.final["winners"]
        assert load_save(save.dumps(s)) == s


def test_a_clone_plays_on_without_touching_the_original():
    s = CapeState(Options.default(3), 77)
    rng = Rng(1)
    for _ in range(40):
        seats = s.to_act()
        p = seats[0]
        s.apply(s.legal_actions(p)[rng.below(len(s.legal_actions(p)))], p)
    before = save.dumps(s), s.view(None)
    copy = s.clone()
    while not copy.is_terminal():
        p = copy.to_act()[0]
        copy.apply(copy.legal_actions(p)[0], p)
    assert (save.dumps(s), s.view(None)) == before


def test_simulate_finishes_every_game_with_every_invariant_checked():
    summary = simulate(lambda i: CapeState(Options.default(2 + i % 3), 500 + i), 12, 7, check=violations)
    assert summary["finished"] == 12 and summary["errors"] == 0 and summary["invariant_violations"] == 0
    assert set(summary["end_reasons"]) <= {"crossings", "stall"} and summary["rounds_mean"] >= 8
