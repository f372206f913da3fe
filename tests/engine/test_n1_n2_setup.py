"""N1 components and N2 set-up, as a player at the table would check them."""

from collections import Counter

import pytest
from saying import refused

from nile.banks import data
from nile.banks.invariants import violations
from nile.banks.options import Options, OptionsError
from nile.banks.state import BOAT, SETUP_SOW, SETUP_WATER, TIDE, BanksState

from .builders import play, texts


def test_n1_board_has_eight_rows_with_the_decided_palms_and_waves():
    assert [r.name for r in data.ROWS] == ["W2", "W3", "W4", "W5", "E2", "E3", "E4", "E5"]
    assert data.NUM_FIELDS == 28
    palms = {f.name: f.palms for f in data.FIELDS}
    assert [palms[f"W5-{k}"] for k in range(1, 6)] == [4, 3, 3, 2, 1]
    assert [palms[f"E2-{k}"] for k in range(1, 3)] == [4, 2]
    # the last field of every row touches the desert with 1 or 2 palms
    assert all(palms[f"{r.name}-{r.length}"] in (1, 2) for r in data.ROWS)
    waves = {r.name: data.WAVE_NAMES[r.nile_wave] for r in data.ROWS}
    assert waves == {
        "W2": "single", "W3": "double", "W4": "single", "W5": "double",
        "E2": "double", "E3": "single", "E4": "double", "E5": "single",
    }


def test_n1_decks_have_the_decided_composition():
    water = Counter((data.WAVE_NAMES[c.wave_in], data.WAVE_NAMES[c.wave_out]) for c in data.WATER_CARDS)
    assert water == {
        ("single", "single"): 7, ("single", "double"): 6, ("single", "none"): 9,
        ("double", "double"): 7, ("double", "single"): 7, ("double", "none"): 9,
    }
    assert Counter(c.event.key for c in data.WATER_CARDS) == {
        "rot1": 5, "rot2": 5, "rot3": 5, "rot4": 5, "desert": 9, "hippo": 16,
    }
    arrows = Counter(c.event.key for c in data.WATER_CARDS if c.event.arrow)
    assert arrows == {"rot1": 1, "rot2": 1, "rot3": 1, "rot4": 1, "desert": 4, "hippo": 4}
    assert Counter(c.event.key for c in data.DESERT_CARDS) == {
        "rot1": 3, "rot2": 3, "rot3": 3, "rot4": 3, "desert": 9, "hippo": 9,
    }
    arrows = Counter(c.event.key for c in data.DESERT_CARDS if c.event.arrow)
    assert arrows == {"rot1": 1, "rot2": 1, "rot3": 1, "rot4": 1, "desert": 3, "hippo": 3}
    assert Counter(data.CROPS[c] for c in data.CROP_OF_SLOT) == {
        "flax": 5, "grain": 4, "grapes": 3, "onion": 2, "aubergine": 1,
    }


@pytest.mark.parametrize(
    "players,out", [(2, {"W2", "E2", "W3"}), (3, {"W2", "E2"}), (4, {"W2"}), (5, set())]
)
def test_n2_1_rows_out_of_play_by_player_count(players, out):
    s = BanksState(Options.default(players), 3)
    assert {r.name for r in data.ROWS if not s.row_in_play[r.index]} == out
    view = s.view(None)
    assert {r["name"] for r in view["rows"] if not r["in_play"]} == out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_n2_deals_jokers_desert_fields_and_even_water_piles(players):
    s = BanksState(Options.default(players), 11)
    assert [len(j) for j in s.jokers] == [2] * players
    deserts = [r for r in range(8) if s.row_desert[r]]
    assert len(deserts) == 3 and all(len(s.row_desert[r]) == 1 and s.row_in_play[r] for r in deserts)
    each = 45 // players
    for piles in s.piles:
        assert sum(map(len, piles)) == each
        assert abs(len(piles[0]) - len(piles[1])) <= 1
    assert len(s.water_unused) == 45 % players
    assert len(s.desert_draw) == 30 - 3 - 2 * players
    assert s.obelisk == 30 and s.score == [0] * players and s.tide == data.FLOOD
    assert not violations(s)


def test_n2_desert_fields_and_deal_depend_only_on_the_seed():
    a, b = BanksState(Options.default(4), 5), BanksState(Options.default(4), 5)
    c = BanksState(Options.default(4), 6)
    assert a == b
    assert (a.row_desert, a.piles) != (c.row_desert, c.piles)


def test_n2_6_to_8_set_up_steps_in_order_from_the_start_player():
    s = BanksState(Options.default(3, start=1), 2)
    assert s.phase == BOAT and s.to_act() == (1,)
    assert texts(s.legal_actions()) == ["boat flax", "boat grain", "boat grapes", "boat onion", "boat aubergine"]
    play(s, "boat flax", "boat aubergine")
    assert s.to_act() == (2,)
    play(s, "p3 boat grain", "p3 boat grain", "p1 boat onion", "p1 boat flax")
    assert len(s.boat) == 6 and s.phase == SETUP_WATER and s.to_act() == (1,)
    # N2.7: one water card onto a free field by the placement rule
    legal = s.legal_actions()
    assert legal and all(a.kind == "water" for a in legal)
    for a in legal:
        field = data.FIELD_INDEX[a.args[1]]
        assert data.FIELDS[field].position == 0  # the board is dry: only first fields
        assert not s.field_has_desert(field)
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    assert s.phase == SETUP_SOW and s.to_act() == (1,)
    kinds = {a.kind for a in s.legal_actions()}
    assert kinds == {"seed", "ripe"}
    seed_action = next(a for a in s.legal_actions() if a.kind == "seed")
    s.apply(seed_action)
    # the second marker must be the ripe one, on another field
    rest = s.legal_actions()
    assert {a.kind for a in rest} == {"ripe"}
    assert all(a.args[1] != seed_action.args[1] for a in rest)
    for _ in range(5):
        s.apply(s.legal_actions()[0])
    assert s.round == 1 and s.phase == TIDE and s.to_act() == (1,)
    assert sum(len(m) for m in s.field_markers) == 6
    assert not violations(s)


def test_n2_8_a_field_may_take_another_players_set_up_marker():
    s = BanksState(Options.default(2, start=0), 4)
    while s.phase != SETUP_SOW:
        s.apply(s.legal_actions()[0])
    first = s.legal_actions()[0]
    s.apply(first)
    s.apply(next(a for a in s.legal_actions() if a.kind == "ripe"))
    field = first.args[1]
    assert any(a.args[1] == field for a in s.legal_actions())


def test_n2_7_a_player_who_cannot_place_water_is_skipped():
    s = BanksState(Options.default(3, start=0), 2)
    for _ in range(6):
        s.apply(s.legal_actions()[0])
    # player 2 (seat 1) has no cards at all
    s.water_unused.extend(s.piles[1][0] + s.piles[1][1])
    s.piles[1] = [[], []]
    s._legal.clear()
    s.apply(s.legal_actions()[0])  # seat 0 places
    assert s.to_act() == (2,)
    assert any(e.key == "setup.skip" and e.params["player"] == 1 for e in s.log)


def test_options_refuse_bad_set_ups_with_clear_messages():
    with refused(OptionsError, "2 to 5 players"):
        Options.default(6)
    with refused(OptionsError, "same colour"):
        Options.from_json({"players": [{"name": "A", "colour": "red"}, {"name": "B", "colour": "red"}]})
    with refused(OptionsError, "needs a name"):
        Options.from_json({"players": [{"name": "  ", "colour": "red"}, {"name": "B", "colour": "blue"}]})
    with refused(OptionsError, "control characters"):
        Options.from_json({"players": [{"name": "A\u0000", "colour": "red"}, {"name": "B", "colour": "blue"}]})
    with refused(OptionsError, "variants this version of Nile does not know"):
        Options.from_json({"players": [{"name": "A", "colour": "red"}, {"name": "B", "colour": "blue"}], "variants": ["N99"]})
    # markup is only text: it is kept as typed
    o = Options.from_json({"players": [{"name": "<img src=x onerror=alert(1)>", "colour": "red"}, {"name": "B", "colour": "blue"}]})
    assert o.players[0].name == "<img src=x onerror=alert(1)>"


def test_n2_5_random_start_player_is_drawn_from_the_seed():
    starts = {BanksState(Options.default(4, start="random"), seed).start_player for seed in range(40)}
    assert starts == {0, 1, 2, 3}
