"""How Vom Kap bis Kairo speaks to a player (docs/rules.md, "How a card is named on screen"): a card by its
landscape, its rails and its income in words, never by its id (K1); every count with its noun in the
language's plural form; a crossing (K4) says what happened and lists no zero; a refused build says the
engine's reason in a whole sentence."""

from __future__ import annotations

import re

import pytest

from nile.cape import actions as act
from nile.cape.options import Options
from nile.cape.state import CapeState
from nile.core.rng import Rng
from nile.core.simulate import play_random
from nile.messages import LANGUAGES, describe
from nile.messages import say as say_error

from .builders import blank, building, put

NAMES = ["Anna", "Bo", "Cem", "Dana"]
#: a card's id (R1 … S10) or the old "rails/income" shorthand: neither may reach a sentence
CARD_ID = re.compile(r"\b[RMDVS](?:10|[1-9])\b|\b\d/\d+\b")


def said(key: str, lang: str = "en", **params) -> str:
    return describe({"key": key, "params": params}, NAMES, lang)


@pytest.mark.parametrize("lang,taken", [
    ("en", "Anna takes the river (2 rails, 7 Pond income)."),
    ("de", "Anna nimmt den Fluss (2 Schienen, 7 Pfund Einkommen)."),
    ("nl", "Anna neemt de rivier (2 rails, 7 Pond inkomen)."),
    ("fr", "Anna prend la rivière (2 rails, 7 livres de revenu)."),
])
def test_a_card_is_said_by_its_landscape_rails_and_income(lang, taken):
    assert said("cape.take", lang, player=0, card="R3", landscape="river") == taken


def test_a_card_without_rails_and_an_income_of_one_read_right_in_each_language():
    assert "savanna (no rails, 5 Pond income)" in said("cape.turn.card", player=0, card="S9", landscape="savanna", rails=0)
    assert "Savanne (keine Schienen, 5 Pfund Einkommen)" in said("cape.turn.card", "de", player=0, card="S9",
                                                                  landscape="savanna", rails=0)
    assert "savane (3 rails, 1 livre de revenu)" in said("cape.turn.card", "fr", player=0, card="S1",
                                                          landscape="savanna", rails=3)
    assert "savane (3 rails, 2 livres de revenu)" not in said("cape.turn.card", "fr", player=0, card="S1",
                                                               landscape="savanna", rails=3)


def test_the_cards_on_offer_and_a_tie_draw_are_listed_in_words():
    opened = said("cape.auction.open", "de", round=2, cards=["R1", "M3"])
    assert opened == ("Versteigerung 2, im Angebot: Fluss (3 Schienen, 6 Pfund Einkommen); "
                      "Gebirge (2 Schienen, 6 Pfund Einkommen).")
    drawn = said("cape.tie.draw", "en", cards={"0": "D9", "1": "S3"})
    assert "Anna: desert (no rails, 8 Pond income); Bo: savanna (2 rails, 2 Pond income)" in drawn


@pytest.mark.parametrize("bonus,bought,en,de", [
    (0, 0, "Bo crosses the river; income 7 Pond, 1 landscape crossed so far.",
     "Bo durchquert den Fluss; Einkommen 7 Pfund, bisher 1 Landschaft durchquert."),
    (0, 4, "Bo crosses the river and buys 4 rails for 40 Pond; income 7 Pond, 1 landscape crossed so far.",
     "Bo durchquert den Fluss und kauft 4 Schienen für 40 Pfund; Einkommen 7 Pfund, bisher 1 Landschaft durchquert."),
    (1, 0, "Bo crosses the river using 1 bonus rail; income 7 Pond, 1 landscape crossed so far.",
     "Bo durchquert den Fluss mit 1 Bonusschiene; Einkommen 7 Pfund, bisher 1 Landschaft durchquert."),
    (2, 3, "Bo crosses the river using 2 bonus rails and buying 3 rails for 30 Pond; income 7 Pond, "
           "1 landscape crossed so far.",
     "Bo durchquert den Fluss mit 2 Bonusschienen und kauft 3 Schienen für 30 Pfund; Einkommen 7 Pfund, "
     "bisher 1 Landschaft durchquert."),
])
def test_a_crossing_says_what_happened_and_lists_no_zero(bonus, bought, en, de):
    params = dict(player=1, card="R3", landscape="river", bonus=bonus, bought=bought, paid=10 * bought, income=7, crossed=1)
    assert said("cape.build", "en", **params) == en
    assert said("cape.build", "de", **params) == de
    for lang in LANGUAGES:
        assert not re.search(r"\b0\b", said("cape.build", lang, **params)), lang


def test_french_counts_take_their_plural_forms():
    one = said("cape.build", "fr", player=0, card="S1", landscape="savanna", bonus=0, bought=1, paid=10, income=1, crossed=1)
    assert "1 rail pour 10 livres" in one and "1 livre" in one and "1 paysage traversé jusqu'ici" in one
    more = said("cape.build", "fr", player=0, card="R3", landscape="river", bonus=0, bought=0, paid=0, income=7, crossed=3)
    assert "7 livres" in more and "3 paysages traversés" in more


@pytest.mark.parametrize("seed", range(4))
def test_no_sentence_of_a_whole_game_names_a_card_by_its_id(seed):
    s = CapeState(Options.default(2 + seed % 3), seed)
    play_random(s, Rng(seed))
    for entry in s.view(None)["log"]:
        for lang in LANGUAGES:
            line = describe(entry, NAMES, lang)
            assert not CARD_ID.search(line), (lang, line)


def test_a_refused_build_says_the_engines_reason_with_the_bonus_rails_counted():
    s = blank(2)
    put(s, s.routes[0], "R9")  # a river: 10 rails, none at hand
    put(s, s.bonus[0], "V1")
    s.money = [48, 100]
    building(s, 0)
    assert s.legal_actions(0) == (act.PASS,)
    error = s.refusal(act.build(1), 0)
    assert say_error(error, "en") == ("You cannot build now: even with 1 bonus rail, the 9 rails still missing cost "
                                      "90 Pond, and you have 48 Pond (K4)")
    assert say_error(s.refusal(act.build(0), 0), "de") == ("Du kannst jetzt nicht bauen: 10 Schienen fehlen noch "
                                                           "und kosten 100 Pfund, du hast aber nur 48 Pfund (K4)")
    for lang in LANGUAGES:
        assert "build 1" not in say_error(error, lang)
