"""N4 flood, N5 ebb and N8 events: positions, one action, the exact outcome."""

import pytest

from nile.banks import data
from nile.banks.state import ACTIONS, ROT_CHOICE, TIDE

from .builders import (
    F,
    begin_tide,
    blank,
    desert_card,
    empty_piles,
    log_keys,
    play,
    put_field,
    put_market,
    set_desert_draw_top,
    set_pile,
    set_row_desert,
    set_row_water,
    texts,
    water_card,
)


def quiet(wave_in, wave_out, exclude=()):
    """A water card whose event does nothing in these tests (hippo, no arrow)."""
    return water_card(wave_in, wave_out, "hippo", arrow=False, exclude=exclude)


# ---------------------------------------------------------------- N4 flood
def test_n4_start_player_chooses_pile_and_row_where_waves_match():
    s = blank(4)
    a_top, a_under, b_top = quiet("single", "single"), quiet("double", "none"), quiet("double", "double")
    set_pile(s, 0, 0, [a_under, a_top])
    set_pile(s, 0, 1, [b_top])
    begin_tide(s, start=0)
    assert s.phase == TIDE and s.to_act() == (0,)
    # W2 is out of play with 4 players; single Nile waves: W4 E3 E5; double: W3 W5 E2 E4
    assert sorted(texts(s.legal_actions())) == sorted(
        ["water a W4-1", "water a E3-1", "water a E5-1",
         "water b W3-1", "water b W5-1", "water b E2-1", "water b E4-1"]
    )
    play(s, "water a W4-1")
    # the card it uncovered is now a choice too; W4-2 needs a single in-wave
    assert sorted(texts(s.legal_actions())) == sorted(
        ["water a W3-1", "water a W5-1", "water a E2-1", "water a E4-1",
         "water b W3-1", "water b W5-1", "water b E2-1", "water b E4-1"]
    )
    play(s, "water a W5-1")
    # exactly two cards: the flood goes on next round, the actions start
    assert s.phase == ACTIONS and s.tide == data.FLOOD and s.to_act() == (0,)
    assert s.row_water[data.ROW_INDEX["W5"]] == [a_under]


def test_n4_next_card_goes_after_the_outermost_and_a_none_wave_closes_the_row():
    s = blank(4)
    first, closing, fits = quiet("single", "double"), quiet("double", "none"), quiet("double", "single")
    set_row_water(s, "W4", [first])
    set_pile(s, 0, 0, [closing])
    set_pile(s, 0, 1, [fits])
    begin_tide(s)
    legal = texts(s.legal_actions())
    assert "water a W4-2" in legal and "water b W4-2" in legal
    assert "water a W4-1" not in legal and "water a W4-3" not in legal
    play(s, "water a W4-2")
    # W4's outer edge now has no wave: nothing more can go there
    assert not [a for a in texts(s.legal_actions()) if "W4-" in a]


def test_n4_flooded_markers_go_to_the_boat_seed_side_up():
    s = blank(4)
    set_pile(s, 0, 0, [quiet("single", "single")])
    set_pile(s, 0, 1, [quiet("single", "none")])
    ripe = put_field(s, "W4-1", 1, "grain", ripe=True)
    seed = put_field(s, "W4-1", 2, "flax")
    begin_tide(s)
    play(s, "water a W4-1")
    assert s.field_markers[F["W4-1"]] == []
    assert sorted(s.boat) == sorted([ripe, seed])
    assert not s.ripe_side[ripe]
    assert "field.to_boat" in log_keys(s)


def test_n4_flooding_a_desert_card_turns_it_over_and_the_start_player_keeps_it():
    s = blank(4)
    c1, c2 = quiet("single", "single"), quiet("single", "double")
    set_row_water(s, "E3", [c1, c2])
    hippo = desert_card("hippo")
    set_row_desert(s, "E3", [hippo])
    set_pile(s, 2, 0, [quiet("double", "none", exclude=(c1, c2))])
    set_pile(s, 2, 1, [])
    jokers = len(s.jokers[2])
    begin_tide(s, start=2)
    assert "water a E3-3" in texts(s.legal_actions())
    play(s, "water a E3-3")
    assert s.row_desert[data.ROW_INDEX["E3"]] == []
    assert s.jokers[2][-1] == hippo and len(s.jokers[2]) == jokers + 1
    revealed = [e for e in s.log if e.key == "event.revealed"]
    assert revealed[-1].params == {"source": "desert", "event": "hippo", "arrow": False, "row": "E3"}


def test_n8_desert_event_of_a_flooded_desert_card_is_blocked_by_the_water():
    s = blank(4)
    c1, c2 = quiet("single", "single"), quiet("single", "double")
    set_row_water(s, "E3", [c1, c2])
    set_row_desert(s, "E3", [desert_card("desert")])
    set_pile(s, 0, 0, [quiet("double", "none", exclude=(c1, c2))])
    set_pile(s, 0, 1, [])
    draw = len(s.desert_draw)
    begin_tide(s)
    play(s, "water a E3-3")
    assert s.row_desert[data.ROW_INDEX["E3"]] == [] and len(s.desert_draw) == draw
    assert "desert.blocked" in log_keys(s)


def test_n4_only_one_card_placed_ends_the_flood_for_the_next_start_player():
    s = blank(4)
    set_pile(s, 0, 0, [quiet("single", "single")])
    set_pile(s, 0, 1, [])
    begin_tide(s)
    play(s, "water a W4-1")
    assert s.tide == data.EBB1 and s.phase == ACTIONS
    assert "tide.switch_next" in log_keys(s)


def test_n4_no_card_at_the_start_means_ebb_at_once():
    s = blank(4)
    empty_piles(s, 0)
    on_board = quiet("single", "single")
    set_row_water(s, "E5", [on_board])
    begin_tide(s)
    assert s.tide == data.EBB1 and s.phase == TIDE
    assert texts(s.legal_actions()) == ["ebb E5"]


def test_n5_decision_neither_flood_nor_ebb_possible_ends_phase_1():
    s = blank(4)
    empty_piles(s, 0)
    begin_tide(s)
    assert s.phase == ACTIONS and s.tide == data.EBB1
    assert log_keys(s)[-2:] == ["tide.nothing", "turn.start"]


# ---------------------------------------------------------------- N5 ebb
def test_n5_ebb_removes_outermost_cards_turns_them_over_and_discards_them():
    s = blank(4)
    inner, outer = quiet("single", "single"), quiet("single", "double")
    other = quiet("double", "double")
    set_row_water(s, "W4", [inner, outer])
    set_row_water(s, "W5", [other])
    begin_tide(s, tide=data.EBB1)
    assert sorted(texts(s.legal_actions())) == ["ebb W4", "ebb W5"]
    play(s, "ebb W4")
    assert s.row_water[data.ROW_INDEX["W4"]] == [inner] and s.water_discard == [outer]
    removed = [e for e in s.log if e.key == "water.removed"]
    assert removed[-1].params["field"] == "W4-2"
    play(s, "ebb W4")
    assert s.phase == ACTIONS and s.tide == data.EBB1  # two removed: the ebb goes on next round
    view = s.view(None)
    assert [c["event"] for c in view["water"]["discard"]] == ["hippo", "hippo"]


def test_n5_only_one_card_removed_means_flood_next_round():
    s = blank(4)
    set_row_water(s, "W4", [quiet("single", "single")])
    begin_tide(s, tide=data.EBB2)
    play(s, "ebb W4")
    assert s.tide == data.FLOOD and s.phase == ACTIONS


def test_n5_no_card_to_remove_means_flood_at_once():
    s = blank(4)
    set_pile(s, 0, 0, [quiet("single", "single")])
    begin_tide(s, tide=data.EBB1)
    assert s.tide == data.FLOOD and s.phase == TIDE
    assert all(a.kind == "water" for a in s.legal_actions())


# ---------------------------------------------------------------- N8 arrows
def test_n8_arrow_from_ebb1_to_ebb2_does_not_end_the_ebb():
    s = blank(4)
    arrow = water_card("single", "single", "hippo", arrow=True)
    set_row_water(s, "W4", [arrow])
    set_row_water(s, "W5", [quiet("double", "double")])
    begin_tide(s, tide=data.EBB1)
    play(s, "ebb W4")
    assert s.tide == data.EBB2 and s.phase == TIDE
    play(s, "ebb W5")
    assert s.phase == ACTIONS and s.tide == data.EBB2


def test_n8_arrow_from_ebb2_to_flood_ends_the_phase_after_its_event():
    s = blank(4)
    arrow = water_card("single", "single", "hippo", arrow=True)
    set_row_water(s, "W4", [arrow])
    set_row_water(s, "W5", [quiet("double", "double")])
    begin_tide(s, tide=data.EBB2)
    play(s, "ebb W4")
    assert s.tide == data.FLOOD and s.phase == ACTIONS
    assert len(s.row_water[data.ROW_INDEX["W5"]]) == 1


def test_n8_arrow_on_a_flooded_desert_card_switches_to_ebb_and_ends_the_flood():
    s = blank(4)
    c1 = quiet("single", "single")
    set_row_water(s, "E3", [c1, quiet("single", "double", exclude=(c1,))])
    set_row_desert(s, "E3", [desert_card("hippo", arrow=True)])
    set_pile(s, 0, 0, [quiet("double", "none")])
    set_pile(s, 0, 1, [quiet("double", "double")])
    begin_tide(s)
    play(s, "water a E3-3")
    assert s.tide == data.EBB1 and s.phase == ACTIONS and s.tide_done == 1


# ---------------------------------------------------------------- N8 rot
def test_n8_rot_offers_pairs_of_non_rotten_fruit_in_the_rightmost_rows():
    s = blank(4)
    rot2 = water_card("single", None, "rot2", arrow=False)
    set_row_water(s, "W4", [rot2])
    put_market(s, "M2", (1, "flax", "ripe"))  # out of reach of 2 palms
    put_market(s, "M3", (0, "flax", "ripe"), (1, "grain", "rotten"), (2, "grapes", "spoiled"))
    put_market(s, "M4", (3, "onion", "ripe"))
    begin_tide(s, tide=data.EBB1)
    play(s, "ebb W4")
    assert s.phase == ROT_CHOICE and s.to_act() == (0,)
    # M3: stalls 1 and 3 (stall 2 is rotten); M4: its only fruit
    assert texts(s.legal_actions()) == ["rot M3 1 3", "rot M4 1"]
    play(s, "rot M3 1 3")
    conditions = [data.CONDITION_NAMES[s.condition[m]] for m in s.market[data.MARKET_INDEX["M3"]]]
    assert conditions == ["spoiled", "rotten", "rotten"]
    assert s.phase == ACTIONS  # only one card on the board: ebb over


def test_n8_rot_may_choose_an_empty_row_and_hits_all_when_fewer_than_two():
    s = blank(4)
    rot4 = water_card("single", None, "rot4", arrow=False)
    set_row_water(s, "W4", [rot4])
    put_market(s, "M1", (2, "flax", "spoiled"))
    begin_tide(s, tide=data.EBB1)
    play(s, "ebb W4")
    assert texts(s.legal_actions()) == ["rot M1 1", "rot M2", "rot M3", "rot M4"]
    play(s, "rot M1 1")
    assert s.condition[s.market[0][0]] == data.ROTTEN


def test_n8_rot_with_nothing_in_reach_needs_no_choice():
    s = blank(4)
    set_row_water(s, "W4", [water_card("single", None, "rot1", arrow=False)])
    put_market(s, "M3", (0, "flax", "ripe"))
    begin_tide(s, tide=data.EBB1)
    play(s, "ebb W4")
    assert s.phase == ACTIONS and "rot.nothing" in log_keys(s)
    assert s.condition[s.market[2][0]] == data.RIPE


# ---------------------------------------------------------------- N8 desert
def test_n8_desert_goes_on_the_outermost_free_field_and_washes_its_markers():
    s = blank(4)
    card = water_card("single", None, "desert", arrow=False)
    set_row_water(s, "W4", [quiet("single", "single", exclude=(card,)), card])
    set_row_desert(s, "W4", [desert_card("hippo")])  # W4-4 is desert already
    m = put_field(s, "W4-3", 1, "grapes", ripe=True)
    top = desert_card("rot3")
    set_desert_draw_top(s, top)
    begin_tide(s, tide=data.EBB1)
    play(s, "ebb W4")
    assert s.row_desert[data.ROW_INDEX["W4"]][-1] == top
    assert s.field_has_desert(F["W4-3"]) and s.boat == [m]
    assert [e.params for e in s.log if e.key == "desert.placed"] == [{"field": "W4-3"}]


def test_n1_desert_discard_is_reshuffled_when_the_draw_pile_is_empty():
    s = blank(4)
    set_row_water(s, "W4", [water_card("single", None, "desert", arrow=False)])
    s.desert_discard.extend(s.desert_draw)
    s.desert_draw.clear()
    begin_tide(s, tide=data.EBB1)
    discard = len(s.desert_discard)
    play(s, "ebb W4")
    assert "desert.reshuffled" in log_keys(s)
    assert len(s.desert_draw) == discard - 1 and s.desert_discard == []
    assert s.field_has_desert(F["W4-4"])


def test_n8_desert_with_no_card_left_does_nothing():
    s = blank(4)
    set_row_water(s, "W4", [water_card("single", None, "desert", arrow=False)])
    for p in range(4):
        s.jokers[p].extend(s.desert_draw[:6])
        del s.desert_draw[:6]
    s.jokers[0].extend(s.desert_draw)
    s.desert_draw.clear()
    begin_tide(s, tide=data.EBB1)
    play(s, "ebb W4")
    assert "desert.no_card" in log_keys(s) and not s.row_desert[data.ROW_INDEX["W4"]]


def test_n8_hippo_has_no_effect_in_the_base_game():
    s = blank(4)
    set_row_water(s, "W4", [quiet("single", "single")])
    begin_tide(s, tide=data.EBB1)
    play(s, "ebb W4")
    assert "hippo.nothing" in log_keys(s) and s.phase == ACTIONS


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_n4_never_places_on_a_row_out_of_play(players):
    s = blank(players)
    set_pile(s, 0, 0, [quiet("single", "single")])
    set_pile(s, 0, 1, [quiet("double", "double")])
    begin_tide(s)
    rows = {a.args[1].split("-")[0] for a in s.legal_actions()}
    assert rows == {r.name for r in data.ROWS if s.row_in_play[r.index]}
