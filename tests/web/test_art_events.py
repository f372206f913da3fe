"""The rest of *An den Ufern des Nils*' pieces (issue 21): the hippo, the jokers and the tide are drawn,
not only said — wherever they show — and each drawing has its words (a label, a title) from the catalogs.

- the tide dial in the status bar: its three areas, the needle on the marker's area (turned by its
  angle, ``data-kr``), an arrow up while the water rises (Flood) and down while it recedes (Ebb), the
  area's name beside it, and all of it in words for a screen reader;
- the cards turned over this round (N8) as pictures beside the dial: a hippo, a desert, a rotten fruit
  with its palms, and a corner arrow where the card has one, each named by its log line;
- the hippo beside the hippo auction's bid (N11), over its opened bids, and beside the extra turn;
- a player's jokers as the cards they are, one per joker, on their card beside their name;
- both in the legend of the marks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nile.banks import art, board, moments
from nile.banks import ui as banks_ui
from nile.banks.data import EBB1, EBB2, FLOOD, TIDE_NAMES
from nile.games import load_save
from nile.kit import Frame
from nile.messages import describe
from nile.messages import text as msg

from .test_controller import started, to_actions_phase

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "banks"


def golden(name: str):  # noqa: ANN201 - a BanksState
    return load_save(json.loads((GOLDEN / name).read_text())["save"])


def frame(s, seat: int | None = None) -> Frame:  # noqa: ANN001
    names = [p.name for p in s.options.players]
    return Frame(s, s.view(seat), banks_ui.interaction(s, {}, "en", names), {}, "en", names, "landscape")


def used(markup: str) -> list[str]:
    return re.findall(r'<use href="#([^"]+)"', markup)


def test_the_new_pieces_are_symbols_of_the_sprite():
    ids = re.findall(r'<symbol id="([^"]+)"', art.SYMBOLS)
    for piece in ("hippo", "joker", "rot", "arrow", "dial", "needle"):
        assert f"banks-{piece}" in ids
    assert "<image" not in art.SYMBOLS and "style=" not in art.SYMBOLS


@pytest.mark.parametrize("tide", [FLOOD, EBB1, EBB2])
def test_the_tide_is_a_dial_with_its_needle_its_way_and_its_words(tide):
    c = started()
    to_actions_phase(c)
    s = c.state
    s.tide = tide
    name = TIDE_NAMES[tide]
    status = banks_ui.status(frame(s))
    dial = status[status.index('<span class="tide"'):status.index("</svg>") + 6]
    assert used(dial) == ["banks-dial", "banks-needle"]
    turn = art.NEEDLE_TURN[name]
    assert f'data-k="tide" data-kr="{turn}"' in dial and f"rotate({turn} " in dial
    way = "rises" if tide == FLOOD else "recedes"
    label = msg(f"ui.tide_{way}", tide=msg("tide." + name))
    assert f'role="img" aria-label="{label}" title="{label}"' in status
    assert ('fill="#bfe3ff"' in dial) == (way == "rises") and ('fill="#f0cf8a"' in dial) == (way == "recedes")
    assert f'<span class="tide-name" aria-hidden="true">{msg("tide." + name)}</span>' in status
    assert len(set(art.NEEDLE_TURN.values())) == 3  # three areas, three places for the needle
    # in every language the words are the catalog's
    assert msg(f"ui.tide_{way}", "de", tide=msg("tide." + name, "de")) in banks_ui.status(
        Frame(s, s.view(None), frame(s).interaction, {}, "de", ["a", "b", "c"], "landscape"))


def test_the_hippo_turned_this_round_shows_beside_the_dial_and_the_extra_turn_says_it():
    s = golden("r1-07-4p-n11-extra-turn.json")
    f = frame(s)
    assert f.view["phase"] == "extra_turn"
    log = f.view["log"]
    start = max(i for i, e in enumerate(log) if e["key"] == "round.start")
    turned = [(i, e) for i, e in enumerate(log) if i > start and e["key"] == "event.revealed"]
    assert turned and turned[-1][1]["params"]["event"] == "hippo"
    status = banks_ui.status(f)
    events = status[status.index('<span class="events">'):]
    assert "banks-hippo" in used(events)
    i, e = turned[-1]
    words = describe(e, f.names, "en")
    assert f'aria-label="{words}"' in events and f"<title>{words}</title>" in events and f'data-k="ev{i}"' in events
    # the extra turn, in the action panel: the hippo and why this turn
    panel = banks_ui.panel(f)
    assert 'class="hippo-turn"' in panel and "banks-hippo" in used(panel) and msg("ui.hippo_turn") in panel


@pytest.mark.parametrize("event, arrow, pictures", [
    ("hippo", True, ["banks-hippo", "banks-arrow"]), ("desert", False, ["banks-desert"]),
    ("rot3", True, ["banks-rot", "banks-palm", "banks-palm", "banks-palm", "banks-arrow"]),
    ("rot1", False, ["banks-rot", "banks-palm"]),
])
def test_each_card_turned_has_its_picture(event, arrow, pictures):
    view = {"players": [{"name": "Ann"}], "log": [
        {"key": "round.start", "params": {"round": 2, "player": 0, "tide": "ebb1"}},
        {"key": "event.revealed", "params": {"source": "water", "event": event, "arrow": arrow, "row": "E3"}}]}
    drawn = board.event_pictures(view, "en")
    assert used(drawn) == pictures
    assert f'aria-label="{describe(view["log"][1], ["Ann"], "en")}"' in drawn


def test_cards_turned_in_an_earlier_round_are_not_shown():
    view = {"players": [{"name": "Ann"}], "log": [
        {"key": "event.revealed", "params": {"source": "water", "event": "hippo", "arrow": False, "row": "E3"}},
        {"key": "round.start", "params": {"round": 3, "player": 0, "tide": "flood"}}]}
    assert board.event_pictures(view, "en") == ""


def test_the_hippo_auction_is_bid_and_opened_under_the_hippo():
    s = golden("r1-06-3p-n11-auction-sealed.json")
    assert s.view(None)["phase"] == "auction"
    seat = s.to_act()[0]
    names = [p.name for p in s.options.players]
    form = banks_ui.private_input(s, seat, {}, "en", names)
    assert form.startswith('<p class="bid-hippo">') and "banks-hippo" in used(form)
    assert 'aria-hidden="true"' in form.split("</p>")[0]  # the title beside it names it
    for p in list(s.to_act()):  # every bid in: the bids open under the hippo
        s.apply_text("bid none", p)
    entries = s.view(None)["log"]
    opened = next(i for i, e in enumerate(entries) if e["key"] == "auction.revealed")
    drawn = moments.moment(frame(s), entries[opened:])
    assert drawn is not None and drawn[0] == msg("moment.hippo_title") and "banks-hippo" in used(drawn[1])


def test_a_start_bid_has_no_hippo():
    s = golden("r1-08-5p-n12-start-bid-sealed.json")
    names = [p.name for p in s.options.players]
    assert "banks-hippo" not in banks_ui.private_input(s, s.to_act()[0], {}, "en", names)


def test_jokers_are_drawn_as_cards_one_per_joker_on_each_players_card():
    c = started()
    to_actions_phase(c)
    f = frame(c.state)
    side = banks_ui.side(f)
    for p in f.view["players"]:
        card = side[side.index(f'<span class="swatch">{p["letter"]}'):]
        card = card[:card.index("</h3>")]
        assert used(card).count("banks-joker") == p["jokers"] > 0
        assert all(f'data-k="j{p["seat"]}.{k}"' in card for k in range(p["jokers"]))
        assert 'aria-hidden="true"' in card  # the words beside say how many
    assert board.joker_fan(0, 0) == ""


def test_the_legend_shows_the_hippo_and_the_joker():
    legend = board.legend("en")
    for piece, key in (("hippo", "legend.hippo"), ("joker", "legend.joker")):
        item = legend[legend.index(f"banks-{piece}"):]
        assert item.index(msg(key)) < item.index("</li>")
    for lang in ("de", "nl", "fr"):
        assert msg("legend.hippo", lang) != msg("legend.hippo") and msg("legend.joker", lang) in board.legend(lang)
