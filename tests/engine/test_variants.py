"""N10–N13, each switched on at set-up."""

from saying import refused

from nile.banks import data
from nile.banks.options import Options
from nile.banks.state import ACTIONS, AUCTION, EXTRA_TURN, SETUP_WATER, START_BID, BanksState
from nile.core.actions import IllegalActionError

from .builders import (
    begin_tide,
    blank,
    log_keys,
    play,
    put_boat,
    put_market,
    set_jokers,
    set_row_water,
    texts,
    water_card,
)


# ---------------------------------------------------------------- N10
def test_n10_hoarding_another_players_seed_costs_2_ap_and_protects_it_from_the_boat():
    s = blank(3, variants=("N10",))
    m = put_boat(s, 1, "grain")
    put_boat(s, 0, "flax")
    assert "hoard p2 grain" in texts(s.legal_actions())
    assert not any(a.startswith("hoard p1") for a in texts(s.legal_actions()))
    play(s, "hoard p2 grain")
    assert s.hoard[0] == [m] and s.ap == 1
    assert "hoard" not in {a.kind for a in s.legal_actions()}  # 2 AP needed
    # at the next scoring the hoarded marker is not lost
    put_market(s, "M1", (2, "flax", "ripe"), (2, "grain", "ripe"), (2, "grapes", "ripe"))
    while s.round == 1:
        s.apply_text("end")
    assert s.lost == [1, 0, 0] and s.obelisk == 29 and s.hoard[0] == [m]
    assert s.view(None)["players"][0]["hoard"] == [[1, "grain"]]


def test_n10_off_means_no_hoarding():
    s = blank(3)
    put_boat(s, 1, "grain")
    assert "hoard" not in {a.kind for a in s.legal_actions()}
    with refused(IllegalActionError, "N10"):
        s.apply_text("hoard p2 grain")


# ---------------------------------------------------------------- N11
def hippo_ebb(s, arrow=False):
    set_row_water(s, "W4", [water_card("single", None, "hippo", arrow=arrow)])
    begin_tide(s, start=0, tide=data.EBB1)
    s.apply_text("ebb W4")


def test_n11_hippo_auction_secret_bids_then_extra_turn_for_the_winner():
    s = blank(3, variants=("N11",))
    put_boat(s, 2, "flax")  # player 3 has one marker on the boat already
    hippo_ebb(s)
    assert s.phase == AUCTION and set(s.to_act()) == {0, 1, 2}
    with refused(IllegalActionError, "several players act at once"):
        s.apply_text("bid none")
    s.apply_text("bid flax flax", player=0)
    # sealed: nobody else sees the size or the crops of that bid
    assert "bid" not in s.view(1)["players"][0] and s.view(1)["players"][0]["bid_status"] == "made"
    assert s.view(0)["players"][0]["bid"] == ["flax", "flax"]
    assert s.to_act() == (1, 2)
    with refused(IllegalActionError, "not p1's turn"):
        s.apply_text("bid none", player=0)
    s.apply_text("p2 bid grain")
    s.apply_text("p3 bid grain")  # 1 in hand + 1 on boat = 2: ties with p1, fewer in hand
    assert s.phase == EXTRA_TURN and s.to_act() == (0,) and s.ap == 3
    assert len(s.supply[0]) == 13 and sum(1 for m in s.boat if m // 15 == 0) == 2
    assert len(s.supply[1]) == 15 and len(s.supply[2]) == 14  # losers keep their markers
    revealed = next(e for e in s.log if e.key == "auction.revealed")
    assert revealed.params["totals"] == {"0": 2, "1": 1, "2": 2}
    # the extra turn: no joker may be discarded, normal actions allowed
    assert "joker" not in texts(s.legal_actions())
    play(s, "sow grain W5-1", "end")
    # back to phase 1 (only one card was on the board, so it ends), then the actions
    assert s.phase == ACTIONS and s.to_act() == (0,)
    assert "grow W5-1" not in texts(s.legal_actions())  # the sown marker was used this round


def test_n11_full_tie_means_nobody_wins():
    s = blank(2, variants=("N11",))
    hippo_ebb(s)
    s.apply_text("p1 bid flax")
    s.apply_text("p2 bid grain")
    assert "auction.no_winner" in log_keys(s) and s.phase == ACTIONS
    assert len(s.supply[0]) == 15 and len(s.supply[1]) == 15


def test_n11_players_with_empty_supply_bid_nothing_without_being_asked():
    s = blank(3, variants=("N11",))
    s.out.extend(s.supply[1])
    s.supply[1] = []
    hippo_ebb(s)
    assert set(s.to_act()) == {0, 2}


def test_n11_off_hippo_has_no_effect():
    s = blank(3)
    hippo_ebb(s)
    assert s.phase == ACTIONS and "hippo.nothing" in log_keys(s)


# ---------------------------------------------------------------- N12
def test_n12_secret_bids_decide_the_start_player_and_all_bids_go_to_the_boat():
    s = BanksState(Options.default(3, variants={"N12"}), 5)
    assert s.phase == START_BID and set(s.to_act()) == {0, 1, 2}
    assert "bid aubergine" in texts(s.legal_actions(1))
    s.apply_text("p1 bid flax")
    s.apply_text("p3 bid flax grain")
    s.apply_text("p2 bid none")
    assert s.start_player == 2 and len(s.boat) == 3
    assert s.phase == SETUP_WATER and s.to_act() == (2,)  # no N2.6 boat step


def test_n12_tied_players_bid_again_then_a_seeded_draw_decides():
    s = BanksState(Options.default(3, variants={"N12"}), 5)
    s.apply_text("p1 bid flax")
    s.apply_text("p2 bid grain")
    s.apply_text("p3 bid none")
    assert s.phase == START_BID and set(s.to_act()) == {0, 1}
    s.apply_text("p1 bid flax")
    s.apply_text("p2 bid grain")
    assert s.phase == SETUP_WATER and s.start_player in (0, 1)
    assert "bid.tie_draw" in log_keys(s) and len(s.boat) == 4
    # the draw is part of the seeded game: same seed, same bids, same start player
    t = BanksState(Options.default(3, variants={"N12"}), 5)
    for line in ("p1 bid flax", "p2 bid grain", "p3 bid none", "p1 bid flax", "p2 bid grain"):
        t.apply_text(line)
    assert t.start_player == s.start_player


# ---------------------------------------------------------------- N13
def test_n13_a_joker_refreshes_a_spoiled_fruit_not_a_rotten_one():
    s = blank(3, variants=("N13",))
    set_jokers(s, 0, 1)
    put_market(s, "M2", (1, "flax", "spoiled"), (2, "grain", "rotten"))
    legal = texts(s.legal_actions())
    assert "refresh M2 1" in legal and "refresh M2 2" not in legal
    play(s, "refresh M2 1")
    assert s.condition[s.market[1][0]] == data.RIPE and s.jokers[0] == [] and s.ap == 3


def test_n13_off_means_no_refresh():
    s = blank(3)
    set_jokers(s, 0, 1)
    put_market(s, "M2", (1, "flax", "spoiled"))
    assert "refresh" not in {a.kind for a in s.legal_actions()}
