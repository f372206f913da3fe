"""Markup: every board target is reachable by keyboard and named; colours come with letters; no raw text."""

import random
import re

from nile.banks.state import ACTIONS
from nile.web.render import render_app

from .test_controller import click_anything, controller, started, to_actions_phase


def test_board_targets_are_focusable_buttons_with_accessible_names():
    c = started()
    to_actions_phase(c)
    html = render_app(c)
    targets = re.findall(r'<g class="[^"]*(?:act|sel)[^"]*"([^>]*)>', html)
    assert targets
    for attrs in targets:
        assert 'tabindex="0"' in attrs and 'role="button"' in attrs
        label = re.search(r'aria-label="([^"]+)"', attrs).group(1)
        assert "palms" in label or "Market row" in label


def test_every_marker_shows_its_owners_letter_not_only_its_colour():
    c = started()
    rng = random.Random(5)
    for _ in range(40):
        click_anything(c, rng)
    html = render_app(c)
    markers = re.findall(r'<g class="marker p-(\w+)[^"]*">(.*?)</g>', html)
    assert markers
    letters = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "white": "W"}
    for colour, body in markers:
        assert f'class="owner">{letters[colour]}</text>' in body


def test_no_inline_styles_or_scripts_in_any_screen():
    c = started(variants=["N11"])
    rng = random.Random(8)
    for _ in range(200):
        html = render_app(c)
        assert "style=" not in html and "<script" not in html and "javascript:" not in html
        if c.state.is_terminal():
            break
        click_anything(c, rng)


def test_escape_drops_a_choice_when_no_dialog_is_open():
    c = started()
    to_actions_phase(c)
    crop = next(k for k in c.interaction().targets if k.startswith("supply:"))
    c.handle("pick", crop)
    assert c.selection is not None
    c.handle("escape")
    assert c.selection is None and c.state.phase == ACTIONS


def test_a_screen_says_of_itself_whether_it_is_secret_and_may_be_kept():
    """The page decides what it writes down from this data, never from the markup's words (issue 20)."""
    from nile.web.render import render_screen

    c = started(variants=["N12"])  # the start player is bid for in secret
    home = controller()
    assert (render_screen(home).name, render_screen(home).keep, render_screen(home).secret) == ("home", True, False)
    handover = render_screen(c)
    assert handover.name == "game" and handover.keep and not handover.secret  # nobody's bid shows yet
    c.handle("reveal-bidder", str(c.state.to_act()[0]))
    private = render_screen(c)
    assert private.secret and not private.keep
    c.handle("bid-hide")
    assert render_screen(c).keep
    c.handle("new")
    assert not render_screen(c).keep  # set-up is not kept either
