"""How *Vom Kap bis Kairo* speaks: its catalog and the log parameters only it has.

Sentences are in ``lang_en.py`` and ``lang_de.py`` (same keys); ``EN`` and ``DE``
are importable from here. This module adds the words for parameters that are more
than one word — card lists, bids per player, cards turned up per player — and says
every number that varies together with its noun, in the right number form (``1 rail``,
``2 rails``: the ``cape.n.*_one``/``_other`` keys, see ``COUNTED``), so
``nile.messages.describe`` can say any Kap log entry or refusal in any language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..messages import plural, text
from . import lang_table
from .data import CARD_INDEX, CARDS
from .lang_de import DE
from .lang_en import EN

CATALOGS = {"en": {**EN, **lang_table.EN}, "de": {**DE, **lang_table.DE}}
__all__ = ["CATALOGS", "COUNTED", "DE", "EN", "PARAM_WORDS", "card_words", "describe_param"]

#: numbers said with their noun (a ``cape.n.*`` key with ``_one``/``_other`` forms): (entry key, param) → key
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
    return f"{card_id} ({text('cape.landscape.' + card.landscape, lang)}, {card.rails}/{card.income})"


def describe_param(key: str, name: str, value: Any, lang: str, names: Sequence[str]) -> str | None:
    """A Kap parameter in words, or None for the shared rules (seats, errors, plain words)."""
    counted = COUNTED.get((key, name))
    if counted is not None and isinstance(value, int):
        return plural(counted, value, lang)
    sep = text("list.sep", lang)
    if name == "cards" and isinstance(value, list):
        return sep.join(card_words(c, lang) for c in value)
    if name == "cards" and isinstance(value, dict):
        return sep.join(f"{_name(names, int(p))} {card_words(c, lang)}" for p, c in value.items())
    if name == "bids" and isinstance(value, dict):
        return sep.join(f"{_name(names, int(p))} {a}" for p, a in value.items())
    return None
