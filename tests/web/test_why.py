"""Say why (issue 9): a click on something that cannot be done now changes nothing and says why in
one line, from the engine's refusal — a field with a desert or water card, a seed sown this round,
a joker already bought this round, a full market row, the crop rule, too few palms (N6)."""

from __future__ import annotations

import pytest

from nile.games import load_save
from nile.web.controller import Controller
from nile.web.render import render_app
from nile.web.storage import Library, MemoryStore

from .why_cases import WANTED, find_cases

#: a few words of each rule's sentence (nile/banks/lang_en.py, why.*)
SAYS = {
    "why.card_on_field": "a field with a water or desert card takes no markers",
    "why.marker_used": "that marker was already used this round",
    "why.one_joker": "one joker per round",
    "why.market_full": "is full",
    "why.crop_rule": "crop rule",
    "why.market_palms": "palms or more",
}


def test_every_wanted_rule_has_a_case():
    assert set(find_cases()) == set(WANTED) == set(SAYS)


@pytest.mark.parametrize("key", WANTED)
def test_an_impossible_click_changes_nothing_and_says_why(key):
    text, clicks = find_cases()[key]
    c = Controller(Library(MemoryStore(), load_save), lambda: 1)
    c.shelf.import_text(text)
    n = len(c.state.history)
    for intent, value in clicks:
        c.handle(intent, value)
    assert len(c.state.history) == n
    assert c.notice is not None and SAYS[key] in c.notice[1], c.notice
    html = render_app(c)
    assert SAYS[key] in html and 'class="notice' in html
