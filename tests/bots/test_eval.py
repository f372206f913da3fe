"""The evaluation terms the normal and strong bots rely on (docs/bots.md)."""

import pytest

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


# Each evaluation term on its own (issue 22): a position, one change a player would see, and the
# term that says it moves the seat's standing the right way while every other term stays put.

def _banks_term_change(change):
    from nile.banks import positions as P
    from nile.banks.data import FIELDS

    before = P.blank(2)
    after = P.blank(2)
    safe = [f for f in after.fields_in_play if not eval_banks._field_risk(after).get(f)]
    field = FIELDS[safe[0]].name
    if change == "score":
        after.score[0] += 2
    elif change == "market0":
        P.put_market(after, "M1", (0, "flax", "ripe"), (0, "grain", "ripe"))
    elif change == "fields":
        P.put_field(after, field, 0, "onion", ripe=True)
        P.take_marker(before, 0, "onion")  # the marker has left the supply on both sides
    elif change == "jokers":
        P.set_jokers(before, 0, 1)
        P.set_jokers(after, 0, 2)
    elif change == "lost":
        after.lost[0] += 1
    elif change == "ap":
        P.set_turn(after, 0, ap=3)
        P.set_turn(before, 0, ap=1)
    elif change == "boat":
        P.put_boat(after, 0, "grapes")
        P.take_marker(before, 0, "grapes")
    return before, after


BANKS_TERMS = {"score": +1, "market0": +1, "fields": +1, "jokers": +1, "lost": -1, "ap": +1, "boat": +1}


@pytest.mark.parametrize("term", sorted(BANKS_TERMS))
def test_each_nile_evaluation_term_moves_the_standing_its_way(term):
    before, after = _banks_term_change(term)
    t0, t1 = eval_banks.terms(before), eval_banks.terms(after)
    assert (t1[term][0] - t0[term][0]) * BANKS_TERMS[term] > 0
    assert (eval_banks.heuristic(after)[0] - eval_banks.heuristic(before)[0]) * BANKS_TERMS[term] > 0
    moved = {k for k in t0 if k != "supply" and any(abs(a - b) > 1e-9 for a, b in zip(t0[k], t1[k], strict=True))}
    assert moved == {term}


def test_a_marker_at_hand_counts_for_its_owner():
    from nile.banks import positions as P

    state = P.blank(2)
    full = eval_banks.terms(state)["supply"]
    P.take_marker(state, 1, "flax")
    after = eval_banks.terms(state)["supply"]
    assert after[0] == full[0] and after[1] < full[1]


def _cape_term_change(term):
    spec = GAMES["cape"]
    before = spec.new_state(spec.default_options(2, frozenset()), 4)
    after = before.clone()
    if term == "crossings":
        after.crossed[0].append(before.routes[1][0] if before.routes[1] else 0)
    elif term == "money":
        after.money[0] += RAIL_PRICE
    elif term == "bonus":
        after.bonus[0].append(after.draw.pop())
    elif term == "route":
        after.routes[0].append(after.draw.pop())
    return before, after


@pytest.mark.parametrize("term", ["crossings", "money", "bonus", "route"])
def test_each_kap_evaluation_term_moves_the_standing_its_way(term):
    before, after = _cape_term_change(term)
    t0, t1 = eval_cape.terms(before), eval_cape.terms(after)
    assert t1[term][0] > t0[term][0]
    assert eval_cape.heuristic(after)[0] > eval_cape.heuristic(before)[0]
    moved = {k for k in t0 if any(abs(a - b) > 1e-9 for a, b in zip(t0[k], t1[k], strict=True))}
    assert moved == {term}


def test_kap_the_card_still_on_offer_counts_for_the_seat_that_chooses_first():
    spec = GAMES["cape"]
    state = spec.new_state(spec.default_options(2, frozenset()), 4)
    bot = make_bot("easy")
    rng = Rng(1)
    while state.phase != "choose":
        seat = state.to_act()[0]
        state.apply(bot.choose(state, seat, rng), seat)
    offer = eval_cape.terms(state)["offer"]
    first = state.order[state.choosing]
    best = max(eval_cape.card_value(c) for c in state.offer)
    assert offer[first] == pytest.approx(max(0.0, best))
    assert offer[first] >= offer[1 - first]


def test_kap_search_evaluation_counts_each_fitted_feature_once_per_seat():
    """The strong bot's ``outlook`` (fitted by tools/fit_bots.py --outlook): a bonus rail, money and a
    card on the route move the seat's outlook by their fitted weights, and nobody else's."""
    spec = GAMES["cape"]
    state = spec.new_state(spec.default_options(3, frozenset()), 4)
    base = eval_cape.outlook(state)
    state.bonus[1].append(state.draw.pop())
    state.money[1] += 10
    card = state.draw.pop()
    state.routes[1].append(card)
    after = eval_cape.outlook(state)
    w = eval_cape.OUTLOOK
    c = CARDS[card]
    from nile.cape.data import NEED

    expected = w["bonus"] + 10 * w["money"] + w["income"] * c.income + w["rails"] * c.rails + w["need"] * NEED[c.landscape]
    assert after[1] - base[1] == pytest.approx(expected)
    assert after[0] == base[0] and after[2] == base[2]


def test_kap_search_evaluation_finds_a_crossing_near_the_goal_worth_more_than_one_early():
    spec = GAMES["cape"]
    early, late = (spec.new_state(spec.default_options(2, frozenset()), 4) for _ in range(2))
    late.crossed[0] = list(range(5))
    late.crossed[1] = list(range(5, 10))
    gain = []
    for state in (early, late):
        before = eval_cape.outlook(state)[0]
        state.crossed[0].append(40)
        gain.append(eval_cape.outlook(state)[0] - before)
    assert gain[1] > gain[0]


def test_kap_search_evaluation_is_the_fitted_weights_times_the_features_everywhere_in_a_game():
    spec = GAMES["cape"]
    state = spec.new_state(spec.default_options(3, frozenset()), 11)
    bot, rng, seen = make_bot("easy"), Rng(3), 0
    names = eval_cape.OUTLOOK_FEATURES
    while not state.is_terminal():
        want = [sum(eval_cape.OUTLOOK[n] * f for n, f in zip(names, eval_cape.outlook_features(state, p), strict=True))
                for p in range(3)]
        assert eval_cape.outlook(state) == pytest.approx(want)
        seen += state.phase == "choose"
        seat = state.to_act()[0]
        state.apply(bot.choose(state, seat, rng), seat)
    assert seen > 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_nile_search_evaluation_is_the_fitted_weights_times_the_features_and_rewards_what_wins(players):
    """Nile's ``outlook`` (issue 22) is the fitted weights times ``outlook_features`` at every position of
    a game — ``OUTLOOK`` at a table of two, ``OUTLOOK_MORE`` (fitted on tables of three to five, counted
    so that ``OUTLOOK_SCALE`` gives its odds) at a bigger one — and a point scored raises a seat's
    outlook by the score's weight."""
    spec = GAMES["banks"]
    state = spec.new_state(spec.default_options(players, frozenset()), 11)
    bot, rng, seen = make_bot("easy"), Rng(3), 0
    names = eval_banks.OUTLOOK_FEATURES
    weights, scale = (eval_banks.OUTLOOK, eval_banks.OUTLOOK_SCALE) if players == 2 else (
        eval_banks.OUTLOOK_MORE, eval_banks.OUTLOOK_MORE_SCALE)
    unit = eval_banks.OUTLOOK_SCALE / scale
    while not state.is_terminal() and seen < 400:
        want = [unit * sum(weights[n] * f for n, f in zip(names, eval_banks.outlook_features(state, p), strict=True))
                for p in range(players)]
        assert eval_banks.outlook(state) == pytest.approx(want)
        seen += 1
        seat = state.to_act()[0]
        state.apply(bot.choose(state, seat, rng), seat)
    before = eval_banks.outlook(state)[0]
    state.score[0] += 1
    assert eval_banks.outlook(state)[0] == pytest.approx(before + unit * weights["score"])
