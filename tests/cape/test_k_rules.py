"""Scenario tests of Vom Kap bis Kairo, one rule of ``shared/rules/kap.md`` at a time (K1–K6).

Each test sets up a position with ``builders``, applies an action, and checks the exact outcome.
"""

from __future__ import annotations

import pytest

from nile.cape import actions as act
from nile.cape.data import CARD_INDEX, CARDS, NEED
from nile.cape.invariants import violations
from nile.cape.options import Options
from nile.cape.state import BID, BUILD, CHOOSE, OVER, CapeState
from nile.core.actions import ActionError, IllegalActionError
from nile.messages import say

from .builders import bidding, blank, building, ids, on_top, put


def test_k1_fifty_cards_ten_of_each_landscape_with_the_decided_rails_and_incomes():
    assert len(CARDS) == 50
    for land in NEED:
        cards = [c for c in CARDS if c.landscape == land]
        assert len(cards) == 10
        assert [c.rails for c in cards] == [3, 3, 2, 2, 2, 1, 1, 1, 0, 0]
    river = [c.income for c in CARDS if c.landscape == "river"]
    assert river == [6, 6, 7, 7, 8, 8, 9, 9, 10, 10]
    assert NEED == {"river": 10, "mountains": 9, "desert": 8, "village": 7, "savanna": 6}


def test_k2_k3_a_new_game_turns_up_one_card_per_player_and_everyone_bids_in_secret():
    s = CapeState(Options.default(3), 5)
    assert s.phase == BID and s.to_act() == (0, 1, 2) and len(s.offer) == 3
    assert s.money == [100, 100, 100] and len(s.draw) == 47
    assert s.legal_actions(0)[0] == act.bid(0) and s.legal_actions(0)[-1] == act.bid(100)
    assert not violations(s)


def test_k3_everyone_pays_their_own_bid_and_the_highest_bid_chooses_first():
    s = blank(3)
    bidding(s, ("S1", "S2", "S3"))
    s.apply(act.bid(30), 0)
    s.apply(act.bid(10), 1)
    assert s.money == [100, 100, 100]  # nothing is paid before all bids are in
    s.apply(act.bid(0), 2)
    assert s.money == [70, 90, 100]
    assert s.order == [0, 1, 2] and s.phase == CHOOSE and s.to_act() == (0,)
    assert s.revealed == {0: 30, 1: 10, 2: 0}


def test_k3_a_tie_goes_first_to_the_player_with_less_money_left():
    s = blank(3)
    s.money = [100, 80, 100]
    bidding(s, ("S1", "S2", "S3"))
    for p, amount in enumerate((20, 20, 10)):
        s.apply(act.bid(amount), p)
    assert s.money == [80, 60, 90]
    assert s.order == [1, 0, 2]
    assert "cape.tie.money" in [e.key for e in s.log]


def test_k3_still_tied_each_turns_up_a_card_and_the_highest_income_chooses_first():
    s = blank(2)
    bidding(s, ("S1", "S2"))
    on_top(s, "S3", "R10")  # player 1 turns up S3 (income 2), player 2 R10 (income 10)
    s.apply(act.bid(5), 0)
    s.apply(act.bid(5), 1)
    assert s.order == [1, 0]
    assert sorted(ids(s.discard)) == ["R10", "S3"]  # the drawn cards are discarded


def test_k3_the_card_draw_repeats_while_still_tied():
    s = blank(2)
    bidding(s, ("S1", "S2"))
    on_top(s, "S3", "S4", "R10", "S5")  # 2 vs 2 (tied), then 10 vs 3
    s.apply(act.bid(0), 0)
    s.apply(act.bid(0), 1)
    assert s.order == [0, 1]
    assert sorted(ids(s.discard)) == ["R10", "S3", "S4", "S5"]


def test_k3_choosing_in_order_puts_the_card_at_the_far_end_of_the_route_and_the_first_chooser_builds():
    s = blank(2)
    put(s, s.routes[1], "M1")
    bidding(s, ("S1", "R1"))
    s.apply(act.bid(0), 0)
    s.apply(act.bid(7), 1)
    assert s.to_act() == (1,)
    with pytest.raises(IllegalActionError):
        s.apply(act.take("V1"), 1)  # not on offer
    s.apply(act.take("R1"), 1)
    assert ids(s.routes[1]) == ["M1", "R1"]
    s.apply(act.take("S1"), 0)
    assert s.phase == BUILD and s.to_act() == (1,)  # K4: the first chooser begins
    assert len(s.common) == 1  # the builder's turn begins by turning up a card


def test_k3_with_fewer_cards_than_players_the_last_choosers_get_none():
    s = blank(3)
    moved = [c for c in s.draw if CARDS[c].id not in ("S1", "S2")]
    s.draw = [c for c in s.draw if c not in moved]
    for p, c in enumerate(moved):
        s.routes[p % 3].append(c)  # out of reach for this test
    s.phase = ""
    s._begin_auction()
    assert len(s.offer) == 2
    for p in range(3):
        s.apply(act.bid(p), p)
    assert s.order == [2, 1, 0]
    s.apply(s.legal_actions(2)[0], 2)
    s.apply(s.legal_actions(1)[0], 1)
    assert any(e.key == "cape.take.none" and e.params["player"] == 0 for e in s.log)
    assert s.phase == BUILD and s.actor == 2


def test_k4_building_counts_common_row_route_bonus_and_bought_rails_and_only_the_shortfall_is_bought():
    s = blank(2)
    put(s, s.routes[0], "V9")  # village: needs 7, the card itself has 0 rails
    put(s, s.common, "S1")  # 3 rails
    put(s, s.bonus[0], "D1", "D2")
    s.money = [25, 100]
    auctions = s.round
    building(s, 0)
    assert s.shortfall(0) == 4
    # 4 missing: 0 bonus → 40 Pond, 1 → 30 Pond (too much for 25), 2 → 20 Pond; never more bonus than missing
    assert s.legal_actions(0) == (act.build(2), act.PASS)
    assert s.cost(act.build(2)) == 20
    refusal = s.refusal(act.build(1), 0)
    assert refusal.params["why"].key == "cape.why.too_poor"
    s.apply(act.build(2), 0)
    assert s.money[0] == 25 - 20 + 7  # paid the 2 bought rails, gained the village's income
    assert ids(s.crossed[0]) == ["V9"]
    assert sorted(ids(s.discard)) == ["D1", "D2", "S1"]  # common row and used bonus rails
    assert s.phase == BID and s.round == auctions + 1  # the route is empty: a new auction (K4)


def test_k4_route_rails_stay_and_the_builder_goes_again():
    s = blank(2)
    put(s, s.routes[0], "S9", "M1")  # savanna needs 6: S9 has 0 rails, M1 behind it has 3
    put(s, s.common, "D1")  # 3 rails
    building(s, 0)
    assert s.legal_actions(0) == (act.build(0), act.PASS) and s.cost(act.build(0)) == 0
    on_top(s, "V1")
    s.apply(act.build(0), 0)
    assert ids(s.routes[0]) == ["M1"] and ids(s.crossed[0]) == ["S9"]
    assert s.money[0] == 105 and ids(s.discard) == ["D1"]
    assert s.to_act() == (0,) and ids(s.common) == ["V1"]  # the builder turns up another card


def test_k4_river_bonus_goes_to_everyone_before_a_river_builder_first_at_most_five():
    s = blank(3)
    put(s, s.routes[1], "S1", "R1")  # the builder: after crossing S1, a river is next
    put(s, s.routes[0], "R2")
    put(s, s.routes[2], "R3")
    put(s, s.bonus[2], "V1", "V2", "V3", "V4", "V5")  # already 5: capped
    put(s, s.discard, "M1")  # one card only: the builder is served first
    building(s, 1)
    s.apply(act.build(0), 1)
    assert ids(s.bonus[1]) == ["M1"] and s.bonus[0] == [] and len(s.bonus[2]) == 5


def test_k4_river_bonus_goes_clockwise_after_the_builder():
    s = blank(3)
    put(s, s.routes[1], "S1", "R1")
    put(s, s.routes[0], "R2")
    put(s, s.routes[2], "R3")
    put(s, s.bonus[2], "V1", "V2", "V3", "V4", "V5")
    put(s, s.discard, "M1", "M2")
    building(s, 1)
    s.apply(act.build(0), 1)
    assert len(s.bonus[1]) == 1 and len(s.bonus[0]) == 1 and len(s.bonus[2]) == 5 and s.discard == []


def test_k4_pass_hands_the_turn_to_the_left_neighbour_who_turns_up_a_card():
    s = blank(3)
    put(s, s.routes[0], "R9")
    building(s, 0)
    on_top(s, "S5")
    s.apply(act.PASS, 0)
    assert s.to_act() == (1,) and ids(s.common) == ["S5"] and s.phase == BUILD


def test_k4_an_empty_draw_pile_is_refilled_by_shuffling_the_discard_pile():
    s = blank(2)
    put(s, s.routes[0], "R9")
    put(s, s.discard, "S1", "S2", "S3")
    s.routes[1].extend(s.draw)  # out of reach for this test
    s.draw = []
    building(s, 0)
    s.apply(act.PASS, 0)
    assert any(e.key == "cape.reshuffle" and e.params["count"] == 3 for e in s.log)
    assert s.discard == [] and len(s.draw) == 2 and len(s.common) == 1


def test_k4_stall_rule_a_full_circle_of_passes_with_no_card_to_turn_up_ends_the_game():
    s = blank(2)
    put(s, s.crossed[1], "R1")  # player 2 has crossed more: they win the stalled game
    s.routes[1].extend(s.draw)  # every other card out of reach: nothing to turn up
    s.draw = []
    building(s, 0)
    s.apply(act.PASS, 0)  # no card was turned up at the start of this turn
    assert s.phase == BUILD and s.to_act() == (1,) and s.common == []
    s.apply(act.PASS, 1)
    assert s.phase == OVER and s.final["reason"] == "stall" and s.final["winners"] == [1]
    assert [r["player"] for r in s.final["ranking"]] == [1, 0]


def test_k4_a_pass_after_a_card_was_turned_up_does_not_count_toward_the_stall():
    s = blank(2)
    s.routes[1].extend(s.draw[1:])
    s.draw = s.draw[:1]
    building(s, 0)
    s.apply(act.PASS, 0)  # player 2 turns up the last card…
    s.apply(act.PASS, 1)  # …so their pass is not idle; player 1 finds no card
    assert s.idle_turns == 0 and s.to_act() == (0,)
    s.apply(act.PASS, 0)  # one idle turn: not yet a full circle
    assert s.phase == BUILD and s.idle_turns == 1


def test_k5_the_eighth_crossing_wins_at_once_whatever_the_money():
    s = blank(2)
    put(s, s.crossed[0], "R1", "R2", "R3", "R4", "R5", "R6", "R7")
    put(s, s.routes[0], "S9", "S10")
    put(s, s.common, "S1", "S2")
    s.money = [0, 500]
    building(s, 0)
    s.apply(act.build(0), 0)
    assert s.phase == OVER and s.is_terminal() and s.final["winners"] == [0]
    assert s.final["reason"] == "crossings" and s.returns() == [1.0, 0.0]
    assert s.to_act() == () and s.legal_actions(1) == ()


def test_k6_a_bid_is_seen_only_by_its_bidder_until_all_are_revealed():
    s = blank(2)
    bidding(s, ("S1", "S2"))
    s.apply(act.bid(42), 0)
    mine, theirs = s.view(0), s.view(1)
    assert mine["players"][0]["bid"] == 42
    assert "bid" not in theirs["players"][0] and theirs["players"][0]["bid_status"] == "made"
    assert "42" not in str(s.view(None)["log"])
    assert "draw" not in theirs and theirs["draw_size"] == len(s.draw)  # only its size, never its order
    s.apply(act.bid(3), 1)
    assert s.view(1)["bids_revealed"] == {"0": 42, "1": 3}


def test_illegal_actions_leave_the_state_untouched_and_say_which_rule():
    s = blank(2)
    bidding(s, ("S1", "S2"))
    before = s.clone()
    with pytest.raises(IllegalActionError) as info:
        s.apply(act.bid(101), 0)
    assert info.value.params["why"].key == "cape.why.bid_too_high" and "K3" in say(info.value)
    with pytest.raises(IllegalActionError) as info:
        s.apply(act.PASS, 0)
    assert info.value.key == "cape.why.not_now"
    assert s == before


@pytest.mark.parametrize("text", ["bid 35", "take R4", "build 2", "pass", "bid 0", "take S10"])
def test_action_text_round_trips(text):
    assert act.parse(text).text() == text


@pytest.mark.parametrize("text", ["", "bid", "bid -1", "bid 01", "bid x", "take X9", "take", "build", "pass 1",
                                  "fly 3", "bid 1 2", "bid ３"])
def test_malformed_action_text_is_refused_with_a_clear_error(text):
    with pytest.raises(ActionError):
        act.parse(text)


def test_card_ids_are_stable():
    assert CARDS[CARD_INDEX["R4"]].landscape == "river" and CARDS[CARD_INDEX["S10"]].income == 5
