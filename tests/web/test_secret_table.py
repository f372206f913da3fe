"""A sealed decision is made at the table (issue 21): the person deciding a bid (Kap's auction K3,
Nile's start-player bid N12 and hippo auction N11) sees every public fact of the table — the board,
the offer, money, routes, the common row, the boat, scores, the log — drawn from their own view,
beside the private input; nothing another seat decided in secret shows (N9, K6), and in
pass-and-play the hand-over screen still shows nothing of the table until the right person says so."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nile.cape.ui import stats_words
from nile.messages import text as msg
from nile.web.controller import Controller
from nile.web.render import render_app, render_screen, sprite

from .test_bots_flow import controller, start

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def started(game: str, kinds: tuple[str, ...], variants: tuple[str, ...] = (), seed: int = 11) -> Controller:
    return start(game, list(kinds), variants=variants, seed=seed)


def table(c: Controller) -> str:
    """The game screen without the page's artwork (the same on every screen)."""
    return render_app(c).replace(sprite(), "")


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_alone_with_bots_a_kap_bid_is_made_beside_the_whole_table():
    c = started("cape", ("", "easy", "easy"))
    assert c.secret.solo_bidder() == 0
    html = table(c)
    view = c.state.view(0)
    assert '<div class="board cape routes-' in html  # the terrain card, the offer, the common row, every route
    assert 'class="offer"' in html and 'class="common"' in html and html.count('class="route-line') == 3
    assert html.count('<article class="player') == 3  # every player's money, crossings and bonus rails
    for p in view["players"]:
        assert stats_words(p, "en") in words(html)
    assert 'class="log"' in html
    # the private input stands where the action panel stands on a normal turn, with the person's own money
    panel = re.search(r'<section class="actions bid-private".*?</section>', html, re.S)
    assert panel is not None and "of your 100 Pond" in panel.group(0) and 'data-i="bid-submit"' in panel.group(0)
    # the board is to look at: nothing on it commits anything, and a tap on it says why not (issue 53)
    for target in set(re.findall(r'data-i="pick" data-v="([^"]+)"', html)):
        c.notice = None
        c.handle("pick", target)
        assert not c.state.secret_decided() and c.notice is not None and "K3" in c.notice[1], (target, c.notice)
    # nothing on the head line that would show the game's secrets or leave the decision half made
    for intent in ("export", "replay", "hints", "bot-skip"):
        assert f'data-i="{intent}"' not in html
    assert 'data-i="home"' in html and 'data-i="bid-hide"' not in html  # nobody to hide it from
    screen = render_screen(c)
    assert screen.secret and not screen.keep


def _kap_with_a_rival_bid(amount: int, anna_looks: bool = True) -> str:
    """Three persons share the device; Bram bids ``amount``, then Anna opens her own bid screen (or the
    page stays on the hand-over screen)."""
    c = started("cape", ("", "", ""))
    c.handle("reveal-bidder", "1")
    c.handle("bid-change", str(amount))
    c.handle("bid-submit")
    assert c.state.bids[1] == amount
    if anna_looks:
        c.handle("reveal-bidder", "0")
    return table(c)


def test_a_rivals_sealed_bid_never_shows_on_the_bid_screen():
    """The screen of the person deciding is a function of what that person may know (K6): Bram's bid
    of 7 or of 63 draws exactly the same screen for Anna."""
    low, high = _kap_with_a_rival_bid(7), _kap_with_a_rival_bid(63)
    assert '<div class="board cape routes-' in low and 'data-i="bid-hide"' in low  # at the table, and she can hide it
    assert low == high


COVER = re.compile(r'<div class="handover-cover"[^>]*>.*?</section></div>', re.S)


def test_pass_and_play_hands_over_before_anything_of_the_table_shows():
    """The hand-over screen covers the whole window (static/app.css ``.handover-cover``; the browser tests
    check that nothing of the table shows or takes the keyboard): a modal dialog naming who still bids. The
    table under it is drawn from nobody's view, with an empty panel: what every player may see anyway (K6), nothing private."""
    c = started("cape", ("", "", ""))
    html = table(c)
    cover = COVER.search(html)
    assert cover is not None and 'class="handover"' in cover.group(0) and 'data-i="reveal-bidder"' in cover.group(0)
    assert 'class="board' not in cover.group(0) and 'class="players"' not in cover.group(0)
    under = html[cover.end():]
    assert cover.group(0).startswith('<div class="handover-cover" role="dialog" aria-modal="true"')  # screen readers keep to it
    assert under.startswith('<section class="game game-cape deciding fit">')
    assert '<section class="actions"></section>' in under and "bid-private" not in under
    assert not render_screen(c).secret
    c.handle("reveal-bidder", "2")
    assert "handover" not in table(c) and '<div class="board cape routes-' in table(c) and render_screen(c).secret
    c.handle("bid-hide")
    assert COVER.search(table(c)) and "bid-private" not in table(c)


def test_the_hand_over_after_a_sealed_bid_is_the_same_whatever_was_bid():
    """Bram bids 7 or 63: the next hand-over screen, and the table it covers, are the very same page (K6)."""
    low, high = _kap_with_a_rival_bid(7, anna_looks=False), _kap_with_a_rival_bid(63, anna_looks=False)
    assert COVER.search(low) and low == high


def test_a_nile_start_bid_is_made_beside_the_board_from_the_bidders_own_view():
    c = started("banks", ("", "easy", "easy"), variants=("N12",))
    assert c.state.secret_decision() and c.secret.solo_bidder() == 0
    html = table(c)
    assert '<div class="board">' in html and html.count('<article class="player') == 3
    panel = re.search(r'<section class="actions bid-private".*?</section>', html, re.S)
    assert panel is not None and msg("ui.bid_start") in panel.group(0)
    assert 'data-i="bid-change"' in panel.group(0) and 'data-i="bid-submit"' in panel.group(0)
    assert render_screen(c).secret


@pytest.mark.parametrize("bid", ["", "+"])
def test_a_nile_hippo_bid_shows_the_boat_and_the_players_but_no_rivals_bid(bid):
    data = json.loads((GOLDEN / "banks" / "r1-06-3p-n11-auction-sealed.json").read_text())["save"]
    c = controller(seed=5)
    c.shelf.import_text(json.dumps(data))
    s = c.state
    first, second = s.to_act()[0], s.to_act()[1]
    c.handle("reveal-bidder", str(first))
    crop = next(iter(s.view(first)["players"][first]["supply"]), None)
    if bid and crop:
        c.handle("bid-change", f"{crop}:+")
    c.handle("bid-submit")
    c.handle("reveal-bidder", str(second))
    html = table(c)
    assert '<div class="board">' in html and html.count('<article class="player') == 3
    assert "on the boat" in html
    # what the first bidder bid is nowhere on the second one's screen: bidding one marker or none draws the same
    if bid:
        c2 = controller(seed=5)
        c2.shelf.import_text(json.dumps(data))
        c2.handle("reveal-bidder", str(first))
        c2.handle("bid-submit")
        c2.handle("reveal-bidder", str(second))
        assert table(c2) == html
