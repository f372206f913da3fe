"""More scenarios of ``shared/rules/kap.md``: the edges of K3–K5 and the decisions kap.md leaves to us
(docs/rules.md): which bonus choices are legal, the card being crossed counts its own rails, empty
routes, empty piles, ties that no card can break, shared wins after a stall, and every refusal's key.
"""

from __future__ import annotations

import pytest

from nile.cape import actions as act
from nile.cape.invariants import violations
from nile.cape.state import BID, BUILD, CHOOSE, OVER
from nile.core.actions import IllegalActionError

from .builders import bidding, blank, building, ids, on_top, park, put


def why(s, action, player):
    """The specific reason key of a refusal (``cape.why.not_allowed`` wraps it)."""
    error = s.refusal(action, player)
    return error.params["why"].key if error.key == "cape.why.not_allowed" else error.key


# ---------------------------------------------------------------- K3 auction
def test_k3_a_tie_no_card_can_break_is_settled_by_the_seeded_draw_and_the_drawn_card_is_discarded():
    s = blank(2, seed=9)
    bidding(s, ("S1", "S2"))
    park(s, 0, keep=1)  # one card left: player 1 could turn one up, player 2 none
    last = ids(s.draw)
    s.apply(act.bid(4), 0)
    s.apply(act.bid(4), 1)
    keys = [e.key for e in s.log]
    assert "cape.tie.random" in keys and "cape.tie.draw" not in keys
    assert sorted(s.order) == [0, 1] and s.actor == s.order[0] == s.first_builder
    assert ids(s.discard) == last and s.draw == []
    again = blank(2, seed=9)  # the same seed decides the same way
    bidding(again, ("S1", "S2"))
    park(again, 0, keep=1)
    again.apply(act.bid(4), 0)
    again.apply(act.bid(4), 1)
    assert again.order == s.order


def test_k3_a_tie_draw_refills_an_empty_draw_pile_from_the_discard_pile():
    s = blank(2)
    bidding(s, ("S1", "S2"))
    park(s, 0)
    put(s, s.discard, "R10", "S3")
    s.apply(act.bid(0), 0)
    s.apply(act.bid(0), 1)
    assert "cape.reshuffle" in [e.key for e in s.log]
    drawn = next(e for e in s.log if e.key == "cape.tie.draw").params["cards"]
    assert sorted(drawn.values()) == ["R10", "S3"]
    winner = 0 if drawn["0"] == "R10" else 1
    assert s.order == [winner, 1 - winner] and sorted(ids(s.discard)) == ["R10", "S3"]


def test_k3_three_tied_players_two_still_tied_after_the_draw_draw_again_among_themselves():
    s = blank(3)
    bidding(s, ("S1", "S2", "S3"))
    on_top(s, "S3", "V6", "S4", "R10", "M9")  # incomes 2, 5, 2 → players 1 and 3 tied again: 10 vs 9
    for p in range(3):
        s.apply(act.bid(10), p)
    assert s.order == [1, 0, 2]
    assert sorted(ids(s.discard)) == ["M9", "R10", "S3", "S4", "V6"]
    draws = [e.params["cards"] for e in s.log if e.key == "cape.tie.draw"]
    assert draws == [{"0": "S3", "1": "V6", "2": "S4"}, {"0": "R10", "2": "M9"}]


def test_k3_bids_are_ordered_by_amount_before_any_tie_break():
    s = blank(4)
    s.money = [100, 100, 30, 100]
    bidding(s, ("S1", "S2", "S3", "S4"))
    for p, amount in enumerate((10, 50, 10, 0)):
        s.apply(act.bid(amount), p)
    assert s.money == [90, 50, 20, 100]
    assert s.order == [1, 2, 0, 3]  # 50; then 10 and 10, the poorer first; then 0


def test_k3_bidding_everything_is_allowed_and_leaves_zero_money():
    s = blank(2)
    bidding(s, ("S1", "S2"))
    assert s.legal_actions(0)[-1] == act.bid(100) and len(s.legal_actions(0)) == 101
    s.apply(act.bid(100), 0)
    s.apply(act.bid(0), 1)
    assert s.money == [0, 100] and s.order == [0, 1]


def test_k3_an_auction_after_an_emptied_draw_pile_turns_up_the_reshuffled_discards():
    s = blank(3)
    put(s, s.routes[0], "S1")
    put(s, s.common, "S2")
    park(s, 1)
    put(s, s.discard, "V1")  # after the build: the discard holds V1 and S2, two cards for three players
    building(s, 0)
    s.apply(act.build(0), 0)
    assert s.phase == BID and sorted(ids(s.offer)) == ["S2", "V1"] and s.discard == [] and s.draw == []
    for p in range(3):
        s.apply(act.bid(2 - p), p)
    s.apply(s.legal_actions(0)[0], 0)
    s.apply(s.legal_actions(1)[0], 1)
    assert [e.params["player"] for e in s.log if e.key == "cape.take.none"] == [2]
    assert s.phase == BUILD and s.to_act() == (0,) and s.common == []  # nothing left to turn up
    assert s.log[-1].key == "cape.turn.no_card"


def test_k3_no_card_at_all_to_auction_means_building_goes_on():
    s = blank(2)
    put(s, s.routes[0], "S1")
    put(s, s.common, "S2")
    park(s, 1)
    building(s, 0)
    s.first_builder = 1
    s.apply(act.build(0), 0)  # the discard pile holds S2 only: an auction of 1 card
    assert s.phase == BID and ids(s.offer) == ["S2"]
    s.apply(act.bid(0), 0)
    s.apply(act.bid(1), 1)
    s.apply(act.take("S2"), 1)
    assert s.phase == BUILD and s.actor == 1 and ids(s.routes[1])[-1] == "S2"


# ---------------------------------------------------------------- K4 building arithmetic
def test_k4_the_card_being_crossed_counts_its_own_rails():
    s = blank(2)
    put(s, s.routes[0], "S1")  # savanna: needs 6; S1 shows 3 rails itself
    put(s, s.common, "D1")  # 3 rails
    put(s, s.bonus[0], "V1")
    building(s, 0)
    assert s.shortfall(0) == 0
    assert s.legal_actions(0) == (act.build(0), act.PASS)  # nothing missing: no bonus rail may be used
    assert why(s, act.build(1), 0) == "cape.why.bonus_waste"


def test_k4_rails_of_every_later_route_card_count_too():
    s = blank(2)
    put(s, s.routes[0], "R9", "M1", "D1", "V1")  # river 10: 0 + 3 + 3 + 3 = 9 on the route
    put(s, s.common, "S10")  # 0 rails
    s.money = [5, 100]
    building(s, 0)
    assert s.rails_in_hand(0) == 9 and s.shortfall(0) == 1
    assert s.legal_actions(0) == (act.PASS,)  # the 1 missing rail costs 10 Pond: not affordable
    assert why(s, act.build(0), 0) == "cape.why.too_poor"
    s.money = [10, 100]
    s._legal.clear()
    assert s.legal_actions(0) == (act.build(0), act.PASS) and s.cost(act.build(0)) == 10
    s.apply(act.build(0), 0)
    assert s.money[0] == 10 - 10 + 10  # paid 10, river R9 income 10
    assert ids(s.routes[0]) == ["M1", "D1", "V1"] and ids(s.discard) == ["S10"]


def test_k4_every_bonus_choice_up_to_the_shortfall_is_legal_when_affordable():
    s = blank(2)
    put(s, s.routes[0], "R9")  # needs 10, nothing on the route
    put(s, s.common, "S1", "S2")  # 6 rails: 4 missing
    put(s, s.bonus[0], "V1", "V2", "V3", "V4", "V5")
    building(s, 0)
    assert s.legal_actions(0) == (*(act.build(b) for b in range(5)), act.PASS)
    assert [s.cost(act.build(b)) for b in range(5)] == [40, 30, 20, 10, 0]
    assert why(s, act.build(5), 0) == "cape.why.bonus_waste"
    s.apply(act.build(3), 0)
    assert s.money[0] == 100 - 10 + 10 and len(s.bonus[0]) == 2
    assert len(s.discard) == 5  # the common row (2) and the 3 bonus rails used


def test_k4_more_bonus_rails_than_held_are_refused():
    s = blank(2)
    put(s, s.routes[0], "R9")
    put(s, s.bonus[0], "V1")
    building(s, 0)
    assert why(s, act.build(2), 0) == "cape.why.bonus_held"
    before = s.clone()
    with pytest.raises(IllegalActionError) as info:
        s.apply(act.build(2), 0)
    assert info.value.params["why"].key == "cape.why.bonus_held" and s == before


def test_k4_with_an_empty_route_a_player_turns_up_a_card_and_can_only_pass():
    s = blank(2)
    put(s, s.routes[0], "R9")
    building(s, 0)
    on_top(s, "S1")
    s.apply(act.PASS, 0)
    assert s.to_act() == (1,) and ids(s.common) == ["S1"]
    assert s.legal_actions(1) == (act.PASS,) and why(s, act.build(0), 1) == "cape.why.route_empty"


def test_k4_with_both_piles_empty_the_player_decides_without_turning_up_a_card():
    s = blank(2)
    put(s, s.routes[1], "S1")
    put(s, s.common, "D1")
    put(s, s.routes[0], "R9")
    park(s, 0)
    building(s, 0)
    s.apply(act.PASS, 0)
    assert s.log[-1].key == "cape.turn.no_card" and s.to_act() == (1,) and ids(s.common) == ["D1"]
    assert s.legal_actions(1) == (act.build(0), act.PASS)  # 3 + 3 rails: the savanna can be crossed


def test_k4_crossed_cards_stay_behind_the_locomotive_even_through_a_reshuffle():
    s = blank(2)
    put(s, s.crossed[0], "R1", "R2")
    put(s, s.routes[0], "S9", "M1")
    put(s, s.common, "D1")
    park(s, 1)
    building(s, 0)
    s.apply(act.build(0), 0)  # crosses S9; D1 to the discard pile, then reshuffled to turn up a card
    assert ids(s.crossed[0]) == ["R1", "R2", "S9"]
    assert "cape.reshuffle" in [e.key for e in s.log] and ids(s.common) == ["D1"]
    assert not violations(s)


def test_k4_the_river_bonus_also_reaches_others_when_the_builders_route_empties():
    s = blank(2)
    put(s, s.routes[0], "S1")
    put(s, s.common, "S2")
    put(s, s.routes[1], "R1")
    building(s, 0)
    s.apply(act.build(0), 0)
    assert len(s.bonus[1]) == 1 and s.bonus[0] == []
    assert [e.key for e in s.log][-3:] == ["cape.build", "cape.bonus", "cape.auction.open"]
    assert s.phase == BID


def test_k4_no_river_bonus_when_the_discard_pile_is_empty():
    s = blank(2)
    put(s, s.routes[0], "S1", "R1")  # after S1 the builder stands before a river
    building(s, 0)  # nothing on the common row: the discard pile stays empty after the build
    s.apply(act.build(0), 0)
    assert s.bonus[0] == [] and "cape.bonus" not in [e.key for e in s.log]


def test_k4_after_a_build_the_builder_turns_up_the_next_card_and_the_stall_count_restarts():
    s = blank(2)
    put(s, s.routes[0], "S1", "M9")
    put(s, s.common, "S2")
    s.idle_turns = 1
    building(s, 0)
    s.apply(act.build(0), 0)
    assert s.idle_turns == 0 and s.to_act() == (0,) and len(s.common) == 1


# ---------------------------------------------------------------- K4 stall rule and K5
def test_k4_a_stall_with_equal_crossings_and_money_is_a_shared_win():
    s = blank(3)
    put(s, s.crossed[0], "R1")
    put(s, s.crossed[2], "R2")
    s.money = [50, 70, 50]
    park(s, 1)
    building(s, 0)
    for p in range(3):
        s.apply(act.PASS, p)
    assert s.phase == OVER and s.final["reason"] == "stall" and s.final["winners"] == [0, 2]
    assert [(r["place"], r["player"]) for r in s.final["ranking"]] == [(1, 0), (1, 2), (3, 1)]
    assert s.returns() == [0.5, 0.0, 0.5]


def test_k5_the_eighth_crossing_ends_the_game_before_any_river_bonus_or_auction():
    s = blank(2)
    put(s, s.crossed[1], "R1", "R2", "R3", "R4", "R5", "R6", "R7")
    put(s, s.routes[1], "S1")
    put(s, s.routes[0], "R8")
    put(s, s.common, "S2")
    building(s, 1)
    s.apply(act.build(0), 1)
    assert s.phase == OVER and s.final["winners"] == [1] and s.bonus[0] == []
    assert [r["player"] for r in s.final["ranking"]] == [1, 0] and s.log[-1].key == "cape.over"
    assert s.legal_actions(0) == s.legal_actions(1) == ()
    assert why(s, act.PASS, 0) == "cape.why.game_over"


# ---------------------------------------------------------------- refusals and costs
def test_refusals_name_the_rule_broken():
    s = blank(3)
    bidding(s, ("S1", "S2", "S3"))
    assert why(s, act.bid(101), 0) == "cape.why.bid_too_high"
    assert why(s, act.take("S1"), 0) == "cape.why.not_now"
    s.apply(act.bid(5), 0)
    assert why(s, act.bid(6), 0) == "cape.why.already_bid"
    with pytest.raises(IllegalActionError) as info:
        s.apply(act.bid(6), 0)
    assert info.value.key == "why.not_your_turn"  # the shared protocol answers first
    s.apply(act.bid(3), 1)
    s.apply(act.bid(1), 2)
    assert s.phase == CHOOSE and s.to_act() == (0,)
    assert why(s, act.take("V1"), 0) == "cape.why.not_on_offer"
    assert why(s, act.take("S1"), 1) == "cape.why.not_your_turn"
    assert s.refusal(act.take("S1"), 1).params["players"] == [0]
    assert why(s, act.bid(1), 0) == "cape.why.not_now"


def test_cost_is_the_bid_or_the_bought_rails_and_kap_has_no_undo():
    s = blank(2)
    bidding(s, ("S1", "S2"))
    assert s.cost(act.bid(35), 0) == 35 and s.cost(act.take("S1"), 0) == 0 and s.cost(act.PASS, 0) == 0
    s.apply(act.bid(35), 0)
    assert s.undo_floor() == len(s.history) == 1
    s.apply(act.bid(0), 1)
    s.apply(act.take("S1"), 0)
    assert s.undo_floor() == len(s.history) == 3
    s.apply(act.take("S2"), 1)
    assert s.undo_floor() == len(s.history) == 4
    assert s.phase == BUILD and s.to_act() == (0,) and len(s.common) == 1  # …which also turned up a card


def test_the_view_tells_the_builder_what_they_have_need_and_would_pay():
    s = blank(2)
    put(s, s.routes[0], "R9", "M1")  # needs 10: route 3 rails
    put(s, s.common, "S6", "D3")  # 1 + 2 rails
    put(s, s.bonus[0], "V1")
    building(s, 0)
    b = s.view(0)["build"]
    assert b == {"need": 10, "common": 3, "route": 3, "available": 6, "bonus_held": 1, "short": 4, "cost": 40}
    assert s.view(1)["build"] == b and s.view(1)["legal"] == []
    assert s.view(0)["legal"] == ["build 0", "build 1", "pass"]
    assert s.view(0)["players"][0]["bonus"] == 1 and "V1" not in str(s.view(0)["players"])
