"""The evaluation terms the normal and strong bots rely on (docs/bots.md)."""

from nile.banks import bot as eval_banks
from nile.banks.data import EBB1, FLOOD
from nile.banks.state import owner_of
from nile.bots.players import make_bot
from nile.cape import bot as eval_cape
from nile.cape.data import CARDS, RAIL_PRICE
from nile.core.rng import Rng
from nile.games import GAMES


def _banks_positions(seed=3, limit=400):
    spec = GAMES["banks"]
    state = spec.new_state(spec.default_options(2, frozenset()), seed)
    easy = make_bot("easy")
    rng = Rng(seed)
    for _ in range(limit):
        if state.is_terminal():
            return
        yield state
        seat = state.to_act()[0]
        state.apply(easy.choose(state, seat, rng), seat)


def test_nile_markers_where_the_next_flood_reaches_count_less():
    checked = 0
    for state in _banks_positions():
        exposed = [
            (slot[0], m) for row in range(len(state.row_water))
            if (slot := state.water_slot(row)) is not None for m in state.field_markers[slot[0]]
        ]
        if not exposed:
            continue
        flood, ebb = state.clone(), state.clone()
        flood.tide, ebb.tide = FLOOD, EBB1
        owners = {owner_of(m) for _, m in exposed}
        for p in owners:
            assert eval_banks.heuristic(flood)[p] < eval_banks.heuristic(ebb)[p]
        checked += 1
    assert checked > 5


def test_kap_crossing_pays_when_nothing_must_be_bought_but_not_always_when_rails_must_be():
    spec = GAMES["cape"]
    waits_for_some = False
    for card in range(len(CARDS)):
        state = spec.new_state(spec.default_options(2, frozenset()), 4)
        state.routes[0] = [card]
        waiting = eval_cape.heuristic(state)[0]
        state.routes[0] = []
        state.crossed[0].append(card)
        state.money[0] += CARDS[card].income
        crossed = eval_cape.heuristic(state)[0]
        assert crossed > waiting
        waits_for_some |= crossed - 3 * RAIL_PRICE < waiting
    assert waits_for_some
