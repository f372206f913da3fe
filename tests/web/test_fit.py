"""A table that fits (issue 21), the controller's part: the head line's menu (its other controls
behind one button on a narrow screen) and the board's zoom on a phone. How it looks at each size is
tested in the browser (tests/browser/test_fit.py)."""

import re

from nile.web.render import render_app

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
