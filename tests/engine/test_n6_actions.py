"""N6 phase 2 actions: costs, the one-action-per-marker rule, the market's quality and crop rules."""

from saying import refused

from nile.banks import data
from nile.banks.state import ACTIONS
from nile.core.actions import IllegalActionError

from .builders import (
    F,
    M,
    blank,
    desert_card,
    log_keys,
    play,
    put_boat,
    put_field,
    put_market,
    set_jokers,
    set_row_desert,
    set_row_water,
    set_turn,
    texts,
    water_card,
)


def test_n6_sow_costs_1_on_an_empty_field_and_2_beside_another_players_marker():
    s = blank(4)
    put_field(s, "W4-2", 1, "grain")
    play(s, "sow flax W4-1")
    assert s.ap == 2
    play(s, "sow grain W4-2")
    assert s.ap == 0
    assert [m // 15 for m in s.field_markers[F["W4-2"]]] == [1, 0]
    assert "action.sow" in log_keys(s)


def test_n6_sowing_rule_no_cards_at_most_two_never_two_of_one_player():
    s = blank(4)
    set_row_water(s, "W4", [water_card("single", "single")])
    set_row_desert(s, "E5", [desert_card("hippo")])
    put_field(s, "W5-1", 1, "flax")
    put_field(s, "W5-1", 2, "flax")
    put_field(s, "E4-1", 0, "grain")
    fields = {a.args[1] for a in s.legal_actions() if a.kind == "sow"}
    assert "W4-1" not in fields  # water
    assert "E5-5" not in fields  # desert
    assert "W5-1" not in fields  # full
    assert "E4-1" not in fields  # already mine
    assert "W2-1" not in fields  # out of play with 4 players
    assert {"W4-2", "E5-4", "W5-2"} <= fields
    with refused(IllegalActionError, "water or desert card"):
        s.apply_text("sow flax W4-1")
    with refused(IllegalActionError, "at most 2 markers"):
        s.apply_text("sow flax W5-1")
    with refused(IllegalActionError, "already have a marker"):
        s.apply_text("sow flax E4-1")


def test_n6_grow_and_harvest_cost_2_when_a_second_marker_shares_the_field():
    s = blank(4)
    put_field(s, "W4-1", 0, "flax")
    put_field(s, "W4-1", 1, "grain")
    put_field(s, "W5-1", 0, "grain", ripe=True)
    play(s, "grow W4-1")
    assert s.ap == 1
    with refused(IllegalActionError, "already used this round"):
        s.apply_text("harvest W4-1 M1")
    play(s, "harvest W5-1 M1")
    assert s.ap == 0
    assert [data.CROPS[data.CROP_OF_SLOT[m % 15]] for m in s.market[M["M1"]]] == ["grain"]


def test_n6_each_marker_does_one_action_per_round():
    s = blank(4)
    play(s, "sow aubergine W4-1")
    assert "grow W4-1" not in texts(s.legal_actions())
    with refused(IllegalActionError, "already used"):
        s.apply_text("grow W4-1")


def test_n6_decision_a_marker_bought_this_round_cannot_be_sown_this_round():
    s = blank(4)
    for m in list(s.supply[0]):
        if data.CROP_OF_SLOT[m % 15] == data.CROP_INDEX["aubergine"]:
            s.supply[0].remove(m)
            s.boat.append(m)
    s._legal.clear()
    play(s, "buy aubergine")
    assert not any(a.kind == "sow" and a.args[0] == "aubergine" for a in s.legal_actions())
    with refused(IllegalActionError, "already used this round"):
        s.apply_text("sow aubergine W4-1")


def test_n6_harvest_goes_to_rows_the_fields_palms_allow():
    s = blank(4)
    put_field(s, "W5-1", 0, "flax", ripe=True)  # 4 palms
    put_field(s, "W5-4", 0, "grain", ripe=True)  # 2 palms
    put_field(s, "W5-5", 0, "grapes", ripe=True)  # 1 palm
    legal = texts(s.legal_actions())
    assert {a for a in legal if a.startswith("harvest W5-1")} == {f"harvest W5-1 M{i}" for i in range(1, 5)}
    assert {a for a in legal if a.startswith("harvest W5-4")} == {"harvest W5-4 M3", "harvest W5-4 M4"}
    assert {a for a in legal if a.startswith("harvest W5-5")} == {"harvest W5-5 M4"}
    with refused(IllegalActionError, "needs a field with 3 palms"):
        s.apply_text("harvest W5-4 M2")


def test_n6_crop_rule_differs_from_the_last_two_fruits_whatever_their_condition():
    s = blank(4)
    # the printed example: grain and aubergine are the last two; flax, onion, grapes (3 back) may go
    put_market(s, "M4", (1, "grapes", "ripe"), (2, "grain", "rotten"), (3, "aubergine", "spoiled"))
    for crop, field in (("grain", "W5-5"), ("aubergine", "E5-5"), ("grapes", "W4-4"), ("flax", "E4-4")):
        put_field(s, field, 0, crop, ripe=True)
    legal = texts(s.legal_actions())
    assert "harvest W5-5 M4" not in legal and "harvest E5-5 M4" not in legal
    assert "harvest W4-4 M4" in legal and "harvest E4-4 M4" in legal
    with refused(IllegalActionError, "crop rule"):
        s.apply_text("harvest W5-5 M4")
    play(s, "harvest W4-4 M4")
    assert len(s.market[M["M4"]]) == 4  # the free stall nearest the house wall


def test_n6_a_full_market_row_takes_nothing_more():
    s = blank(4)
    put_market(s, "M1", (1, "flax", "ripe"), (1, "grain", "ripe"), (1, "grapes", "ripe"))
    put_field(s, "W5-1", 0, "onion", ripe=True)
    assert "harvest W5-1 M1" not in texts(s.legal_actions())
    with refused(IllegalActionError, "M1 is full"):
        s.apply_text("harvest W5-1 M1")


def test_n6_buy_a_seed_from_the_boat_back_to_supply():
    s = blank(4)
    m = put_boat(s, 0, "onion")
    put_boat(s, 1, "onion")
    assert [a for a in texts(s.legal_actions()) if a.startswith("buy ") and a != "buy joker"] == ["buy onion"]
    play(s, "buy onion")
    assert m in s.supply[0] and s.ap == 2 and len(s.boat) == 1


def test_n6_buy_a_joker_at_most_once_per_round_and_discard_jokers_for_ap():
    s = blank(4)
    set_jokers(s, 0, 0)
    assert "joker" not in texts(s.legal_actions())
    play(s, "buy joker")
    assert len(s.jokers[0]) == 1 and s.ap == 2
    assert "buy joker" not in texts(s.legal_actions())
    with refused(IllegalActionError, "one joker per round"):
        s.apply_text("buy joker")
    play(s, "joker")
    assert s.ap == 3 and s.jokers[0] == [] and len(s.desert_discard) == 1


def test_n6_jokers_can_be_discarded_with_no_ap_left_and_any_number():
    s = blank(4)
    set_jokers(s, 0, 3)
    set_turn(s, 0, ap=0)
    assert texts(s.legal_actions()) == ["end", "joker"]
    play(s, "joker", "joker", "joker")
    assert s.ap == 3


def test_n6_no_ap_left_leaves_only_end_and_jokers():
    s = blank(4)
    set_jokers(s, 0, 0)
    set_turn(s, 0, ap=0)
    assert texts(s.legal_actions()) == ["end"]
    with refused(IllegalActionError, "no action points left"):
        s.apply_text("buy joker")


def test_n6_turns_go_clockwise_from_the_start_player_and_ap_does_not_carry_over():
    s = blank(4, start=2)
    set_turn(s, 2, ap=3)
    play(s, "sow flax W4-1", "end")
    assert s.to_act() == (3,) and s.ap == 3
    with refused(IllegalActionError, "not p3's turn"):
        s.apply_text("end", player=2)
    play(s, "end", "end")
    assert s.to_act() == (1,)
    play(s, "end")
    # phase 3: the pillar passes left, then round 2 begins with the new start player
    assert s.round == 2 and s.start_player == 3
    assert s.phase in ("tide", ACTIONS)
