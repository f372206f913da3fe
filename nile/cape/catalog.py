"""How *Vom Kap bis Kairo* speaks: its gettext domain and the log parameters only it has.

The sentences are in ``nile/cape/locale`` (``cape.pot`` English, one PO file per
language). This module says the parameters that are more than one word — cards,
card lists, bids per player, cards turned up per player — and every number that
varies together with its noun in the language's own plural form (``1 rail``,
``2 rails``: the counted ``cape.n.*`` entries, see ``COUNTED``), so the word layer
can say any Kap log entry or refusal in any language; and which sentence says a
log entry whose parameters tell different stories (``sentence_of``: a crossing
that bought rails, used bonus rails, both or neither is said without a zero).

A card is said the way a player reads it (docs/rules.md, "How a card is named on
screen"): its landscape, then its rails and its income in words — "river (2 rails,
7 Pond income)". Its id (``R3``) belongs to action texts and saves only.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from ..words import Domain, Word, plural, text
from .data import CARD_INDEX, CARDS

__all__ = ["COUNTED", "PARAM_WORDS", "WORDS", "card_details", "card_said", "describe_param", "rails_words",
           "sentence_of"]

#: numbers said with their noun (a counted ``cape.n.*`` entry): (entry key, param) → key
COUNTED: dict[tuple[str, str], str] = {
    ("cape.setup", "count"): "cape.n.players",
    ("cape.setup", "money"): "cape.n.pond",
    ("cape.reshuffle", "count"): "cape.n.cards",
    ("cape.build", "bonus"): "cape.n.bonus_rails",
    ("cape.build", "bought"): "cape.n.rails",
    ("cape.build", "paid"): "cape.n.pond",
    ("cape.build", "income"): "cape.n.pond",
    ("cape.build", "crossed"): "cape.n.crossed",
    ("cape.bonus", "count"): "cape.n.bonus_rails",
    ("cape.why.bid_too_high", "amount"): "cape.n.pond",
    ("cape.why.bid_too_high", "money"): "cape.n.pond",
    ("cape.why.bonus_held", "bonus"): "cape.n.bonus_rails",
    ("cape.why.bonus_held", "held"): "cape.n.bonus_rails",
    ("cape.why.bonus_waste", "short"): "cape.n.missing",
    ("cape.why.too_poor", "buy"): "cape.n.rails",
    ("cape.why.too_poor", "bonus"): "cape.n.bonus_rails",
    ("cape.why.too_poor", "cost"): "cape.n.pond",
    ("cape.why.too_poor", "money"): "cape.n.pond",
}

#: parameters whose value is one catalog word: name → key prefix
PARAM_WORDS = {"landscape": "cape.landscape", "reason": "cape.reason", "stage": "cape.stage"}

#: log entries whose sentence names the card's landscape itself ("takes the river (2 rails, 7 Pond income)"):
#: their ``card`` is said as its rails and income only
_CARD_DETAILS = frozenset({"cape.take"})


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def rails_words(count: int, lang: str) -> str:
    """A card's rails in words: "no rails", "1 rail", "3 rails"."""
    return plural("cape.n.rails", count, lang) if count else text("cape.n.no_rails", lang)


def card_details(rails: int, income: int, lang: str) -> str:
    """What a card shows besides its landscape: "2 rails, 7 Pond income"."""
    return text("cape.card.details", lang, rails=rails_words(rails, lang), income=plural("cape.n.income", income, lang))


def card_said(landscape: str, rails: int, income: int, lang: str) -> str:
    """A card as a player reads it: "river (2 rails, 7 Pond income)"."""
    return text("cape.card", lang, landscape=Word("cape.landscape." + landscape), details=card_details(rails, income, lang))


def _card_of_id(card_id: str, lang: str, details: bool = False) -> str:
    card = CARDS[CARD_INDEX[card_id]] if card_id in CARD_INDEX else None
    if card is None:
        return str(card_id)
    if details:
        return card_details(card.rails, card.income, lang)
    return card_said(card.landscape, card.rails, card.income, lang)


def advice_words(action_text: str, lang: str) -> str | None:
    """A move as the coach advises it ("Take the river (2 rails, 7 Pond income)", "Bid 12 Pond", "Pass"); None
    for a build, which the screen's own button says best (the bonus rails used and the rails bought)."""
    kind, _, arg = action_text.partition(" ")
    card = CARDS[CARD_INDEX[arg]] if kind == "take" and arg in CARD_INDEX else None
    if card is not None:
        said = text("advice.cape.take", lang, landscape=Word("cape.landscape." + card.landscape),
                    card=card_details(card.rails, card.income, lang))
    elif kind == "bid" and arg.isdigit():
        said = text("advice.cape.bid", lang, amount=plural("cape.n.pond", int(arg), lang))
    elif kind == "pass":
        said = text("advice.cape.pass", lang)
    else:
        return None
    return said[:1].upper() + said[1:]


def describe_param(key: str, name: str, value: Any, lang: str, names: Sequence[str]) -> str | None:
    """A Kap parameter in words, or None for the shared rules (seats, errors, plain words)."""
    counted = COUNTED.get((key, name))
    if counted is not None and isinstance(value, int):
        return plural(counted, value, lang)
    if name == "card" and isinstance(value, str):
        return _card_of_id(value, lang, details=key in _CARD_DETAILS)
    groups = text("list.sep_groups", lang)  # a card's words hold commas: cards are listed with ";"
    if name == "cards" and isinstance(value, list):
        return groups.join(_card_of_id(c, lang) for c in value)
    if name == "cards" and isinstance(value, dict):
        return groups.join(text("cape.part.card_of", lang, player=_name(names, int(p)), card=_card_of_id(c, lang))
                           for p, c in value.items())
    if name == "bids" and isinstance(value, dict):
        return text("list.sep", lang).join(
            text("cape.part.bid", lang, player=_name(names, int(p)), amount=plural("cape.n.pond", int(a), lang))
            for p, a in value.items())
    return None


#: what a refused action was, by its kind: the sentence that says "You cannot build now: …"
_NOT_ALLOWED = {"build": "cape.why.not_allowed.build", "take": "cape.why.not_allowed.take",
                "bid": "cape.why.not_allowed.bid"}


def sentence_of(key: str, params: Mapping[str, Any]) -> str:
    """The sentence of a log entry or refusal that says what happened, and nothing that did not: a crossing
    (K4) with rails bought, bonus rails used, both or neither; a refused build, card or bid; rails too dear
    even with bonus rails."""
    if key == "cape.build":
        bonus, bought = params.get("bonus", 0), params.get("bought", 0)
        return {(False, False): key, (False, True): "cape.build.bought", (True, False): "cape.build.bonus",
                (True, True): "cape.build.bonus_bought"}[(bool(bonus), bool(bought))]
    if key == "cape.why.not_allowed":
        kind = str(params.get("text", "")).partition(" ")[0]
        return _NOT_ALLOWED.get(kind, key)
    if key == "cape.why.too_poor" and params.get("bonus"):
        return "cape.why.too_poor.bonus"
    return key


WORDS = Domain("cape", os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale"),
               param_words=PARAM_WORDS, describe_param=describe_param, sentence_of=sentence_of,
               counted={"cape.over": "winners", "cape.why.too_poor": "buy", "cape.why.too_poor.bonus": "buy"})
