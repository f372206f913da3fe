"""Dutch as a native reader writes it (issue 53): what the testers read wrong in the Dutch games, checked.

The general reader (``reading.slips``) catches what holds in every language; these are the Dutch
sentences the testers found that a rule of thumb can hold to: one name per thing across set-up,
rules help and refusals; no variable letters in running text; revealed bids are *onthuld*; a bid, an
income or a score does not choose or win, the player does; a desert does not wash anything away.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from nile.messages import catalog
from nile.messages import text as msg

from .test_wording import _read_game, _table

ROOT = Path(__file__).resolve().parents[2]
DOMAINS = ("words", "banks", "cape")


def _dutch() -> dict[str, str]:
    """Every Dutch sentence (each plural form on its own, ``key[i]``) by catalog key, as the app reads them."""
    return catalog("nl")


DUTCH = _dutch()


@pytest.mark.parametrize("variant", ["N10", "N11", "N12", "N13"])
def test_a_variant_has_the_same_dutch_name_in_set_up_and_in_the_rules_help(variant):
    name = msg(f"variant_name.{variant}", "nl")
    assert name.lower() in msg(f"rules.{variant}.title", "nl").lower()


@pytest.mark.parametrize("key", ["why.n10_off", "why.n13_off"])
def test_a_refusal_names_the_variant_as_the_set_up_does(key):
    variant = key[4:7].upper()
    assert msg(f"variant_name.{variant}", "nl").lower() in msg(key, "nl").lower()


def test_no_dutch_sentence_reasons_with_variable_letters():
    found = {k: s for k, s in DUTCH.items() if re.search(r"\b[pqnx]\b", re.sub(r"\{[^}]*\}", "0", s))}
    assert not found, found


def test_the_computer_player_has_one_dutch_name():
    """'computer (makkelijk)' in set-up, 'computerspeler' in sentences: never 'bot' besides."""
    found = {k: s for k, s in DUTCH.items() if re.search(r"\bbots?\b", re.sub(r"\{[^}]*\}", "", s), re.IGNORECASE)}
    assert not found, found


@pytest.mark.parametrize(("pattern", "why"), [
    (r"\bzijn open\b", "revealed bids are 'onthuld': 'open' reads as 'bidding is open'"),
    (r"(?<!wie )\bhet hoogste (?:bod|inkomen|totaal)\b[^.;,]*\b(?:kiest|wint)\b|\bkiest het hoogste inkomen\b", "a bid or an income does not choose: the player does"),
    (r"\bde hoogste score wint\b|\bwint de latere vrucht\b|\bgewonnen door de latere vrucht\b", "a score or a fruit does not win"),
    (r"\bnaast de marker\b", "N6: 2 AP on a field where another player's marker lies, not next to it"),
    (r"\bstartscherm\b", "the home screen is the 'beginscherm' (ui.home)"),
    (r"\b(?:steek|stak) je\b|\boversteek\b", "a landscape is 'doorkruist' (cape.n.crossed), not crossed over"),
    (r"\bboden\b", "the plural of 'bod' is 'biedingen' everywhere else"),
    (r"\bgeef\w* (?:in je beurt )?een joker af\b", "a joker is 'ingezet' everywhere else"),
])
def test_no_dutch_sentence_says_what_the_testers_read_wrong(pattern, why):
    found = {k: s for k, s in DUTCH.items() if re.search(pattern, s, re.IGNORECASE)}
    assert not found, f"{why}: {found}"


@pytest.mark.parametrize("game", ["banks", "cape"])
def test_a_whole_dutch_game_reads_right(game):
    """An ordinary table (Nile with the secret-bid variants) played to its end in Dutch."""
    lines, _ = _read_game(_table(game, "nl"), seed=random.Random(53).randrange(100))
    wrong = [
        line for line in lines
        if re.search(r"\bwoestijn\)?:? .*\bgespoeld\b", line, re.IGNORECASE)  # a desert does not wash
        or re.search(r"\blegt 0 markers?\b|\bmaar 0\b|\bhebt er maar\b", line)  # "0" or a doubled 'er' in a sentence
        or re.search(r"\(bot\)|\bzijn open\b|\bkiest eerst\b.*\bhoogste inkomen\b|\bhoogste (?:bod|inkomen) kiest\b", line)
    ]
    assert not wrong, wrong
