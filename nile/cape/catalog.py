"""How *Vom Kap bis Kairo* speaks: its gettext domain and the log parameters only it has.

The sentences are in ``nile/cape/locale`` (``cape.pot`` English, one PO file per
language). This module says the parameters that are more than one word — card
lists, bids per player, cards turned up per player — and every number that varies
together with its noun in the language's own plural form (``1 rail``, ``2 rails``:
the counted ``cape.n.*`` entries, see ``COUNTED``), so the word layer can say any
Kap log entry or refusal in any language.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from ..words import Domain, Word, plural, text
from .data import CARD_INDEX, CARDS

__all__ = ["COUNTED", "PARAM_WORDS", "WORDS", "card_words", "describe_param"]

#: numbers said with their noun (a counted ``cape.n.*`` entry): (entry key, param) → key
COUNTED: dict[tuple[str, str], str] = {
    ("cape.setup", "count"): "cape.n.players",
    ("cape.reshuffle", "count"): "cape.n.cards",
    ("cape.turn.card", "rails"): "cape.n.rails",
    ("cape.build", "bonus"): "cape.n.bonus_rails",
    ("cape.build", "bought"): "cape.n.rails",
    ("cape.build", "crossed"): "cape.n.landscapes",
    ("cape.bonus", "count"): "cape.n.bonus_rails",
    ("cape.why.bonus_held", "bonus"): "cape.n.bonus_rails",
    ("cape.why.bonus_held", "held"): "cape.n.bonus_rails",
    ("cape.why.bonus_waste", "short"): "cape.n.missing",
    ("cape.why.too_poor", "buy"): "cape.n.rails",
}

#: parameters whose value is one catalog word: name → key prefix
PARAM_WORDS = {"landscape": "cape.landscape", "reason": "cape.reason", "stage": "cape.stage"}


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def card_words(card_id: str, lang: str) -> str:
    card = CARDS[CARD_INDEX[card_id]] if card_id in CARD_INDEX else None
    if card is None:
        return str(card_id)
    return text("cape.card_words", lang, card=card_id, landscape=Word("cape.landscape." + card.landscape),
                rails=card.rails, income=card.income)


def describe_param(key: str, name: str, value: Any, lang: str, names: Sequence[str]) -> str | None:
    """A Kap parameter in words, or None for the shared rules (seats, errors, plain words)."""
    counted = COUNTED.get((key, name))
    if counted is not None and isinstance(value, int):
        return plural(counted, value, lang)
    sep = text("list.sep", lang)
    if name == "cards" and isinstance(value, list):
        return sep.join(card_words(c, lang) for c in value)
    if name == "cards" and isinstance(value, dict):
        return sep.join(text("cape.part.card_of", lang, player=_name(names, int(p)), card=card_words(c, lang))
                        for p, c in value.items())
    if name == "bids" and isinstance(value, dict):
        return sep.join(text("cape.part.bid", lang, player=_name(names, int(p)), amount=a) for p, a in value.items())
    return None


WORDS = Domain("cape", os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale"),
               param_words=PARAM_WORDS, describe_param=describe_param, counted={"cape.over": "winners"})
