"""German as a native reader writes it (issue 53): the slips the testers found in the German catalogs, each
checked where a rule of thumb can say it — one name per variant and per thing, no algebra letters in running
text, a marker that is one fruit in the log, bids that are revealed (not "open"), no bid, income or score that
chooses or wins (whoever bid or scored does), and the set-up's "who plays" box in whole German.
"""

from __future__ import annotations

import re

import pytest

from nile.banks.options import VARIANTS
from nile.messages import catalog
from nile.words import describe, text

DE = catalog("de")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_each_nile_variant_has_one_name_in_set_up_in_the_rules_help_and_in_refusals(variant):
    """DE said "Startspieler ersteigern" in set-up and "um den Startspieler bieten" in the rules help."""
    name = text(f"variant_name.{variant}", "de")
    assert text(f"rules.{variant}.title", "de") == f"Variante: {name}"
    for key in ("why.n10_off", "why.n13_off"):
        if variant in text(key, "de"):
            assert f"{variant} ({name})" in text(key, "de")


def test_no_sentence_says_a_rule_with_variable_letters():
    """'Fäulnis mit p Palmen trifft eine der p rechten Marktreihen' is algebra, not German."""
    found = {k: t for k, t in DE.items() if re.search(r"(?<![\w{])[pq](?![\w{}])", t)}  # not "p1 bis p{players}"
    assert not found, found


@pytest.mark.parametrize(("word", "instead"), [
    (r"\bBots?\b", "Computerspieler"), (r"\bComputer \(", "Computerspieler ("), (r"\bSpielstein", "Wertungsstein"),
    (r"\bStartsäule", "Startspielersäule"), (r"\bAblage\b", "Ablagestapel"), (r"\bAuslage\b", "Angebot"),
    (r"\bPerson in der Ferne", "Mitspieler in der Ferne"), (r"\bStand \{stall\}", "Marktstand {stall}"),
    (r"\b(?:ins|im|aus dem) Boot\b", "aufs / auf dem / vom Boot"),
])
def test_one_name_per_thing(word, instead):
    found = {k: t for k, t in DE.items() if re.search(word, t)}
    assert not found, f"say {instead!r}: {found}"


def test_bids_are_revealed_not_open():
    """'Die Gebote der Nilpferd-Versteigerung sind offen' reads as 'the bidding is open'."""
    found = {k: t for k, t in DE.items() if re.search(r"Gebote\b.*\bsind offen|Gebote sind jetzt offen", t)}
    assert not found, found
    assert text("moment.hippo_title", "de") == "Die Gebote der Nilpferd-Versteigerung sind aufgedeckt"


def test_only_a_person_chooses_or_wins():
    """'Das höchste Gebot wählt zuerst': a bid does not choose, whoever bid most does; nor does a score win."""
    things = r"(?:das|die|ein) (?:höchste|größere|spätere) (?:Gebot|Einkommen|Punktzahl|Wertung|Frucht)"
    found = {k: t for k, t in DE.items() if re.search(things + r"\s+(?:wählt|gewinnt)", t, re.I)}
    assert not found, found


def test_sowing_beside_another_marker_is_said_as_on_its_field():
    """N6: 2 AP on a field where another player's marker lies, not 'neben' it."""
    assert "neben" not in text("summary.actions.1", "de")
    assert "auf einem Feld, auf dem schon ein fremder Marker liegt" in text("summary.actions.1", "de")


@pytest.mark.parametrize(("crop", "said"), [("onion", "sät eine Zwiebel auf W4-2"),
                                             ("aubergine", "sät eine Aubergine auf W4-2"),
                                             ("flax", "sät Flachs auf W4-2")])
def test_one_marker_sown_is_one_fruit(crop, said):
    """'Max sät Auberginen auf W4-2' for one marker."""
    line = describe({"key": "action.sow", "params": {"player": 0, "crop": crop, "field": "W4-2", "ap": 1}}, ["Max"], "de")
    assert line == f"Max {said} (1 AP)."


def test_the_auction_winner_never_lays_0_markers():
    """'Bastet gewinnt die Versteigerung, legt 0 Marker aufs Boot'."""
    line = describe({"key": "auction.won", "params": {"player": 0, "markers": 0}}, ["Bastet"], "de")
    assert "legt 0" not in line and line.startswith("Bastet gewinnt die Versteigerung")


def test_who_plays_a_seat_is_asked_in_whole_german():
    """'Gespielt von' + 'Eine Person in der Ferne (per Link)': the label asks, each choice answers in the nominative."""
    assert text("ui.played_by", "de") == "Wer spielt?"
    kinds = [text(f"ui.kind_{k}", "de") for k in ("person", "easy", "normal", "strong", "far")]
    assert not [k for k in kinds if re.match(r"(?:einem|einer|dem|der)\b", k)], kinds
    assert all(k.startswith(("Mitspieler", "Computerspieler")) for k in kinds), kinds
