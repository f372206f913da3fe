"""A table that fits (issue 21), the controller's part: the head line's menu (its other controls
behind one button on a narrow screen) and the board's zoom on a phone. How it looks at each size is
tested in the browser (tests/browser/test_fit.py)."""

import re

from nile.games import load_save
from nile.web.controller import Controller
from nile.web.render import render_app
from nile.web.rooms.secret import DRAFT_KEY
from nile.web.storage import Library

from .test_bots_flow import start
from .test_controller import started, to_actions_phase


def menu(html: str) -> str:
    return re.search(r'<button[^>]*data-i="menu"[^>]*>', html).group(0)


def test_the_menu_opens_and_closes_and_a_control_chosen_closes_it():
    c = started()
    to_actions_phase(c)
    assert 'aria-expanded="false"' in menu(render_app(c)) and '<div class="more">' in render_app(c)
    c.handle("menu")
    html = render_app(c)
    assert c.settings.menu_open and 'aria-expanded="true"' in menu(html) and '<div class="more open">' in html
    items = re.search(r'<div class="more-items" id="more-items">(.*?)</div></div>', html, re.S).group(1)
    for intent in ("lang", "hints", "rules", "replay", "export"):
        assert f'data-i="{intent}"' in items, intent
    c.handle("layout", "portrait")  # the page turned: the menu stays open
    assert c.settings.menu_open
    c.handle("escape")  # Escape closes the menu first, and only the menu
    assert not c.settings.menu_open
    crop = next(k for k in c.table.interaction().targets if k.startswith("supply:"))
    c.handle("pick", crop)
    c.handle("menu")
    c.handle("escape")
    assert not c.settings.menu_open and c.table.selection is not None
    c.handle("menu")
    c.handle("rules")  # a control in the menu did its work: the menu has closed
    assert not c.settings.menu_open and c.helpdesk.help is not None


def test_the_board_zooms_in_three_steps_and_back():
    c = started()
    to_actions_phase(c)
    html = render_app(c)
    assert 'class="board-frame zoom-1" data-roving="places">' in html  # at the screen's width it does not scroll: no tab stop
    assert re.search(r'data-i="zoom" data-v="out"[^>]*disabled', html)
    for expected in (2, 3, 3):
        c.handle("zoom", "in")
        assert c.settings.board_zoom == expected
    html = render_app(c)
    assert 'class="board-frame zoom-3" data-roving="places" tabindex="0" role="region"' in html and "200 %" in html
    assert re.search(r'data-i="zoom" data-v="in"[^>]*disabled', html)
    for expected in (2, 1, 1):
        c.handle("zoom", "out")
        assert c.settings.board_zoom == expected
    c.handle("zoom", "sideways")
    assert c.settings.board_zoom == 1


def test_a_kap_bid_being_chosen_comes_back_after_a_reload_until_it_is_placed():
    """Issue 53: a tablet's browser reloads a page left in the background, and a Kap bid's amount (K3) was lost. The
    amount being chosen is kept; a reload gives it back to the person alone with bots at once, and to one of several
    persons only when they come to the device again (the hand-over screen first); placed, nothing is kept."""
    c = start("cape", ["", "easy"])
    for step in ("+10", "+1", "+1"):
        c.handle("bid-change", step)
    assert c.secret.bid_draft == {"amount": 12}
    reloaded = Controller(Library(c.library.store, load_save), lambda: 1)
    reloaded.resume()
    assert reloaded.secret.bid_draft == {"amount": 12} and '<output aria-label="Your bid">12</output>' in render_app(reloaded)
    reloaded.handle("bid-submit")
    assert c.library.store.get(DRAFT_KEY) is None and str(reloaded.state.history[-1][1]) == "bid 12"

    c = start("cape", ["", ""])  # two persons passing the device: the hand-over first, then the person's own amount
    c.handle("reveal-bidder", "1")
    c.handle("bid-change", "+10")
    reloaded = Controller(Library(c.library.store, load_save), lambda: 1)
    reloaded.resume()
    assert reloaded.secret.bidder is None and reloaded.secret.bid_draft == {}  # the hand-over screen, nobody's amount
    reloaded.handle("reveal-bidder", "0")
    assert reloaded.secret.bid_draft == {}  # another person: not theirs
    reloaded.handle("bid-hide")
    reloaded.handle("reveal-bidder", "1")
    assert reloaded.secret.bid_draft == {"amount": 10}
