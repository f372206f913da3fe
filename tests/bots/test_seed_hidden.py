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


def test_cape_knowledge_after_a_reshuffle():
    from nile.bots.players import make_bot

    spec = GAMES["cape"]
    state = spec.new_state(spec.default_options(2, frozenset()), 8)
    rng = Rng(8)
    easy = make_bot("easy")
    checked = 0
    while not state.is_terminal() and checked < 6:
        seat = state.to_act()[0]
        if any(e.key == "cape.reshuffle" for e in state.log):
            a = spec.resample_hidden(state, seat, Rng(1))
            b = spec.resample_hidden(state, seat, Rng(2))
            assert canonical(a, seat) == canonical(b, seat) == canonical(state, seat)
            checked += 1
        state.apply(easy.choose(state, seat, rng), seat)
    assert checked
