"""How *Vom Kap bis Kairo* speaks: its catalog and the log parameters only it has.

Sentences are in ``lang_en.py`` and ``lang_de.py`` (same keys). This module adds
the words for parameters that are more than one word — card lists, bids per
player, cards turned up per player — so ``nile.messages.describe`` can say any
Kap log entry in any language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..messages import text
from .data import CARD_INDEX, CARDS
from .lang_de import DE
from .lang_en import EN

CATALOGS = {"en": EN, "de": DE}

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
    sep = text("list.sep", lang)
    if name == "cards" and isinstance(value, list):
        return sep.join(card_words(c, lang) for c in value)
    if name == "cards" and isinstance(value, dict):
        return sep.join(f"{_name(names, int(p))} {card_words(c, lang)}" for p, c in value.items())
    if name == "bids" and isinstance(value, dict):
        return sep.join(f"{_name(names, int(p))} {a}" for p, a in value.items())
    return None
