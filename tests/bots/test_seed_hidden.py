"""The bots' knowledge drops the game's seed: it fixes every hidden card."""

import pytest

from nile.bots.base import canonical
from nile.core.rng import Rng
from nile.games import GAMES


@pytest.mark.parametrize("game", sorted(GAMES))
def test_games_differing_only_in_seed_look_alike_to_a_bot_after_resampling(game):
    spec = GAMES[game]
    state = spec.new_state(spec.default_options(2, frozenset()), 123)
    other = spec.resample_hidden(state, 0, Rng(5))
    other.seed = 999
    assert canonical(other, 0) == canonical(state, 0)
