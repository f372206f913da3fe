"""French as a native reader writes it (issue 53): one name per thing, no algebra, who does what.

The testers read a French guided Kap game and found the computer player called three ways
("l'ordinateur", "joueur-ordinateur", "joueurs de l'ordinateur"), a bid that was an "offre" in the
shared secret-bid screens and Kap but a "mise" in Nile, and "La plus haute offre choisit en premier"
(an offer cannot choose). These checks read every French sentence of the three catalogs.
"""

from __future__ import annotations

import re

import pytest

from nile.messages import catalog

FR = catalog("fr")


def _saying(pattern: str) -> list[str]:
    found = re.compile(pattern, re.IGNORECASE)
    return [f"{k}: {v}" for k, v in FR.items() if found.search(v)]


def test_a_bid_is_a_mise_in_both_games_and_the_screens_they_share():
    """The French Nile rules say "on refait la mise", "les plantes mises"; Kap and the secret-bid
    screens follow them, so one game never says "offre" on one screen and "mise" on the next."""
    assert not _saying(r"(?<!\w)(offres?|offr(ir|ez|ent|e)|a offert)(?!\w)")
    assert "mise" in FR["ui.bid_of"].lower() and "mise" in FR["cape.moment.bid"].lower()
    assert "mise" in FR["moment.bid"].lower()


def test_the_computer_player_has_one_name():
    """"joueur virtuel" everywhere: set-up, the home page, lessons, the thinking line."""
    assert not _saying(r"ordinateur")
    for kind in ("easy", "normal", "strong"):
        assert FR[f"ui.kind_{kind}"].startswith("un joueur virtuel")
    assert "joueur virtuel" in FR["ui.learn_intro"] and "joueur virtuel" in FR["ui.bot_thinking"]


@pytest.mark.parametrize("variant", ["N10", "N11", "N12", "N13"])
def test_a_variant_has_the_same_name_in_set_up_and_in_the_rules_help(variant):
    """The rules help's title is "Variante : " and the name set-up shows (it was "Hippopotame" in
    set-up, as in the French rules, but "enchère de l'hippopotame" in the help)."""
    title = re.sub(r"\s", " ", FR[f"rules.{variant}.title"]).lower()
    assert title == "variante : " + FR[f"variant_name.{variant}"].lower()


def test_no_variable_letters_in_running_text():
    """"Pourriture à p palmiers … l'une des p rangées", "un champ à q palmiers": said in words."""
    assert not _saying(r"(?<![\w{'’-])[pq](?![\w{}'’-])")


def test_a_person_chooses_and_wins_not_a_bid_a_score_or_an_income():
    assert not _saying(r"(plus haute|plus grosse) (offre|mise) (choisit|commence|l'emporte|gagne)")
    assert not _saying(r"le plus haut revenu (choisit|passe)")
    assert not _saying(r"(^|[,:;] )le plus de points l'emporte")


def test_sowing_costs_2_ap_on_a_field_where_another_players_plant_lies():
    """N6: on such a field, not "à côté" of another player's plant (the round summary said so)."""
    assert not _saying(r"à côté de la plante d'un autre joueur")
    assert "sur un champ où se trouve" in FR["summary.actions.1"]
