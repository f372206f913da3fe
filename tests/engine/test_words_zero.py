"""Counts of none and lists of names as a native reader says them (issue 53): "no rails", not "0 rails";
"Anna, Bastet and Horus", not "Anna, Bastet, Horus"."""

from __future__ import annotations

import re

import pytest

from nile.messages import LANGUAGES, describe, listed, plural, text

NONE = {"en": r"\bno\b|\bnothing\b", "de": r"\bkeine?\b|\bohne\b|\bnichts\b", "nl": r"\bgeen\b|\bzonder\b|\bniets\b",
        "fr": r"\baucune?\b|\bsans\b|\brien\b"}
AND = {"en": " and ", "de": " und ", "nl": " en ", "fr": " et "}
ZERO_KEYS = ["moment.markers", "ui.ap_left", "standing.ap", "auction.won", "cape.n.bonus_rails", "cape.n.crossed",
             "cape.ui.common"]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("key", ZERO_KEYS)
def test_a_count_of_none_is_said_in_words(lang, key):
    said = plural(key, 0, lang, player="Anna", markers=0, crops="")
    assert not re.search(r"(?<![\d,.])0(?![\d,.])", said), said
    assert re.search(NONE[lang], said, re.IGNORECASE), said
    assert plural(key, 2, lang, player="Anna", markers=2, crops="x") != said


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_list_of_names_ends_with_and(lang):
    assert listed(["Anna", "Bastet", "Horus"], lang) == f"Anna{text('list.sep', lang)}Bastet{AND[lang]}Horus"
    assert listed(["Anna", "Bastet"], lang) == f"Anna{AND[lang]}Bastet"
    assert listed(["Anna"], lang) == "Anna"


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_tie_in_the_log_names_its_players_as_a_list(lang):
    said = describe({"key": "cape.tie.money", "params": {"players": [0, 1, 2]}}, ["Anna", "Bastet", "Horus"], lang)
    assert f"Bastet{AND[lang]}Horus" in said, said


@pytest.mark.parametrize(("lang", "said"), [("en", "Bid nothing"), ("de", "Biete nichts"), ("nl", "Bied niets"),
                                            ("fr", "Ne misez rien")])
def test_advice_to_bid_nothing_is_a_whole_sentence(lang, said):
    from nile.banks.catalog import move_words  # (the review says a sealed bid this way once the game is over)

    assert move_words("bid none", lang, [], "advice") == said  # French needs its "ne": not "Misez rien"
    assert move_words("bid flax", lang, [], "advice") != said
