"""Markup: every board target is reachable by keyboard and named; colours come with letters; no raw text."""

import random
import re
from html import escape

from nile.banks.state import ACTIONS
from nile.messages import catalog
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


def rules_sections(html):
    """rule id -> (heading text, bullet count) of the rules help in ``html``."""
    found = {}
    for rid, body in re.findall(r'<section id="rule-([NK]\d+)"[^>]*>(.*?)</section>', html, re.S):
        heading = re.sub(r"<[^>]+>", "", re.search(r"<h3[^>]*>(.*?)</h3>", body, re.S).group(1))
        found[rid] = (heading, body.count("<li>"))
    return found


def test_rules_help_covers_every_rule_id_from_the_home_screen():
    c = controller()
    assert "rules-help" not in render_app(c)
    c.handle("rules")
    html = render_app(c)
    sections = rules_sections(html)
    # from home: both games' rules, each rule id with its points (N1–N13, then K1–K6)
    assert list(sections) == [f"N{i}" for i in range(1, 14)] + [f"K{i}" for i in range(1, 7)]
    assert all(bullets >= 1 for _, bullets in sections.values())
    assert "Building" in sections["K4"][0]
    assert "Flood" in sections["N4"][0] and "Scoring" in sections["N7"][0]
    assert "in this game" not in html  # no game open: variants are not marked on or off
    assert "How this app settles" in html and "Escape" in html
    c.handle("escape")
    assert "rules-help" not in render_app(c)


def test_rules_help_marks_the_variants_of_the_game_being_played():
    c = started(variants=["N10", "N13"])
    c.handle("rules")
    sections = rules_sections(render_app(c))
    for rid, on in (("N10", True), ("N11", False), ("N12", False), ("N13", True)):
        assert sections[rid][0].endswith("on in this game" if on else "off in this game"), sections[rid]
    assert "in this game" not in sections["N6"][0]


def test_every_rules_help_text_in_the_catalog_is_shown():
    """A numbered point left out by a gap in the numbering (N4.1, N4.3) would silently vanish."""
    c = controller()
    c.handle("rules")
    html = render_app(c)
    for key, sentence in catalog("en").items():
        if key.startswith("rules.") and not key.startswith("rules.variant_"):  # those two: in a game
            assert escape(sentence) in html, key


def test_escape_drops_a_choice_when_no_dialog_is_open():
    c = started()
    to_actions_phase(c)
    crop = next(k for k in c.interaction().targets if k.startswith("supply:"))
    c.handle("pick", crop)
    assert c.selection is not None
    c.handle("escape")
    assert c.selection is None and c.state.phase == ACTIONS
