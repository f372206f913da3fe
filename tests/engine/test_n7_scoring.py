"""N7: the pillar passes, full market rows score, the boat empties, the obelisk comes closer, the end."""

import pytest

from nile.banks import data
from nile.banks.scoring import Fruit, score_phase
from nile.banks.state import OVER

from .builders import blank, put_boat, put_market, set_turn

R, B, G, Y, W = 0, 1, 2, 3, 4  # seats of red, blue, green, yellow, white in a 5-player game


def fruits(*spec):
    return [Fruit(owner, data.CROP_INDEX[crop], data.CONDITION_NAMES.index(cond)) for owner, crop, cond in spec]


def test_n7_example_1_tie_goes_to_the_fruit_further_from_the_house_wall():
    row = fruits((R, "flax", "ripe"), (B, "grain", "spoiled"), (R, "grapes", "ripe"), (B, "onion", "spoiled"), (G, "aubergine", "ripe"))
    result = score_phase([(3, row)], 5)
    assert result["points"] == [2, 3, 1, 0, 0]  # blue 3, red 2, green 1
    ranking = result["rows"][0]["ranking"]
    assert [(e["player"], e["award"], e["tie_broken_by_last_stall"]) for e in ranking] == [
        (B, 3, True), (R, 2, True), (G, 1, False)]


def test_n7_example_2_rotten_fruit_counts_for_nobody_and_costs_a_point_floored_at_zero():
    row = fruits((R, "flax", "ripe"), (G, "grain", "spoiled"), (Y, "grapes", "rotten"), (B, "onion", "spoiled"), (W, "aubergine", "ripe"))
    result = score_phase([(3, row)], 5)
    assert result["points"] == [0, 2, 1, 0, 3]  # white 3, blue 2, green 1, red 0, yellow 0
    assert result["rotten"][Y] == 1 and result["awards"][Y] == 0
    assert [e["player"] for e in result["rows"][0]["ranking"]] == [W, B, G, R]


def test_n7_example_3_only_rotten_fruit_leaves_the_row_to_the_other_player():
    row = fruits((B, "flax", "rotten"), (B, "grain", "rotten"), (R, "grapes", "ripe"))
    result = score_phase([(0, row)], 5)
    assert result["points"][R] == 6 and result["points"][B] == 0


def test_n7_two_players_in_a_row_get_4_and_2_and_penalties_sum_over_the_phase():
    m1 = fruits((0, "flax", "ripe"), (1, "grain", "ripe"), (0, "grapes", "ripe"))
    m4 = fruits((1, "flax", "rotten"), (2, "grain", "ripe"), (1, "grapes", "rotten"), (2, "onion", "ripe"), (3, "flax", "ripe"))
    result = score_phase([(0, m1), (3, m4)], 4)
    # player 1: 2 (M1) - 2 rotten = 0; player 2: 4 (alone... with player 3: 4 and 2)
    assert result["awards"] == [4, 2, 4, 2] and result["rotten"] == [0, 2, 0, 0]
    assert result["points"] == [4, 0, 4, 2]


def finish_round(s):
    """Every remaining player ends their turn."""
    while s.phase == "actions" and s.round == 1:
        s.apply_text("end")


def test_n7_phase_4_boat_leaves_obelisk_moves_per_colour_rows_score_fruit_to_boat():
    s = blank(4, start=0)
    for crop in ("flax", "flax", "grain"):
        put_boat(s, 1, crop)
    put_boat(s, 2, "onion")
    put_market(s, "M1", (0, "flax", "ripe"), (3, "grain", "spoiled"), (0, "grapes", "ripe"))
    put_market(s, "M2", (3, "flax", "ripe"))  # not full: stays
    scored = s.market[0][:]
    finish_round(s)
    assert s.start_player == 1  # phase 3 before phase 4
    assert s.obelisk == 28  # two colours on the boat
    assert s.lost == [0, 3, 1, 0]
    assert s.score == [4, 0, 0, 2]
    assert sorted(s.boat) == sorted(scored) and not any(s.ripe_side[m] for m in scored)
    assert s.market[0] == [] and len(s.market[1]) == 1
    detail = s.scorings[-1]
    assert detail["colours_lost"] == 2 and detail["obelisk_before"] == 30 and detail["boat_lost"] == [0, 3, 1, 0]
    assert detail["rows"][0]["market"] == "M1"


def test_n7_no_full_row_no_scoring_and_the_boat_stays():
    s = blank(4)
    put_boat(s, 1, "flax")
    put_market(s, "M1", (0, "flax", "ripe"))
    finish_round(s)
    assert s.scorings == [] and len(s.boat) == 1 and s.obelisk == 30


def test_n7_game_ends_when_a_pawn_reaches_the_obelisk_highest_score_wins():
    s = blank(4)
    s.score = [20, 25, 3, 0]
    s.obelisk = 28
    put_boat(s, 2, "flax")
    put_market(s, "M1", (0, "flax", "ripe"), (1, "grain", "ripe"), (0, "grapes", "ripe"))
    finish_round(s)
    # obelisk 27; player 1 scored 2 → 27 points, pawn on 28 ≥ 27
    assert s.phase == OVER and s.is_terminal() and s.to_act() == ()
    assert s.result()["reason"] == "obelisk"
    assert s.result()["winners"] == [1] and s.result()["tie_break"] == "score"
    assert [r["player"] for r in s.result()["ranking"]] == [1, 0, 2, 3]
    assert s.legal_actions(0) == ()


def test_n7_tie_on_points_goes_to_fewest_markers_lost_then_shared():
    s = blank(3)
    s.score = [10, 10, 10]
    s.lost = [4, 2, 2]
    s.obelisk = 3
    put_market(s, "M1", (0, "flax", "rotten"), (1, "grain", "rotten"), (2, "grapes", "rotten"))
    while s.round == 1 and not s.is_terminal():
        s.apply_text("end")
    result = s.result()
    assert result["tie_break"] == "shared" and result["winners"] == [1, 2]
    assert [(r["player"], r["place"]) for r in result["ranking"]] == [(1, 1), (2, 1), (0, 3)]
    assert s.returns() == [0.0, 0.5, 0.5]

    s = blank(3)
    s.score = [10, 10, 9]
    s.lost = [4, 2, 0]
    s.obelisk = 3
    put_market(s, "M1", (0, "flax", "rotten"), (1, "grain", "rotten"), (2, "grapes", "rotten"))
    while s.round == 1 and not s.is_terminal():
        s.apply_text("end")
    assert s.result()["tie_break"] == "lost_markers" and s.result()["winners"] == [1]


def test_n7_decision_three_idle_rounds_end_the_game():
    s = blank(2)
    for p in range(2):  # no water to place, nothing to do but end turns
        s.piles[p] = [[], []]
    s.water_unused = list(range(45))
    s._legal.clear()
    while not s.is_terminal():
        assert s.round <= 4
        s.apply_text("end")
    assert s.result()["reason"] == "idle" and s.round == 3


def test_n7_decision_game_ends_when_no_marker_can_be_used_again():
    s = blank(2)
    for p in range(2):
        s.out.extend(s.supply[p])
        s.supply[p] = []
    s._legal.clear()
    s.apply_text("end")
    s.apply_text("end")
    assert s.is_terminal() and s.result()["reason"] == "no_markers"


@pytest.mark.parametrize("score,obelisk,over", [(28, 30, False), (29, 30, True), (40, 30, True)])
def test_n7_pawn_on_or_beyond_the_obelisk_space_ends(score, obelisk, over):
    s = blank(2)
    s.score = [score, 0]
    s.obelisk = obelisk
    put_market(s, "M1", (1, "flax", "rotten"), (1, "grain", "rotten"), (1, "grapes", "rotten"))
    set_turn(s, 0)
    s.apply_text("end")
    s.apply_text("end")
    assert s.is_terminal() == over


def test_the_engine_says_who_won_or_lost_a_tie_by_the_later_fruit():
    """N7: the end screen and the scoring's moment draw this; they never work it out themselves."""
    from nile.banks.scoring import Fruit, score_row, tie_outcome

    red, blue, green = 0, 1, 2
    row = score_row(3, [Fruit(red, 0, 0), Fruit(blue, 1, 1), Fruit(red, 2, 0), Fruit(blue, 3, 1), Fruit(green, 4, 0)])
    assert [tie_outcome(row["ranking"], p) for p in (blue, red, green)] == ["won", "lost", None]
