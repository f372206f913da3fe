"""How *An den Ufern des Nils* speaks: its catalog keys and the log parameters only it has.

The sentences themselves are in ``nile/banks/lang_en.py`` and ``lang_de.py``
(same keys); this module adds the words for parameters that are more than one
word (markers on the boat, bids, scores per player, fruits on the market) so
the shared ``nile.messages.describe`` can say any Nile log entry in any language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..messages import text
from . import lang_table
from .lang_de import DE
from .lang_en import EN

CATALOGS = {"en": {**EN, **lang_table.EN}, "de": {**DE, **lang_table.DE}}

#: parameters whose value is one catalog word: name → key prefix
PARAM_WORDS = {
    "phase": "why.phase",
    "crop": "crop",
    "side": "side",
    "tide": "tide",
    "event": "event",
    "reason": "reason",
    "cause": "word",
    "source": "word",
}


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def describe_param(key: str, name: str, value: Any, lang: str, names: Sequence[str]) -> str | None:
    """A Nile parameter in words, or None for the shared rules (seats, errors, plain words)."""
    sep = text("list.sep", lang)

    def crop(c: str) -> str:
        return text("crop." + c, lang)

    if name == "arrow":
        return text("word.arrow", lang) if value else ""
    if name in ("rows_out", "fields", "markets") and isinstance(value, list):
        return sep.join(value) or text("word.none", lang)
    if name == "markers" and isinstance(value, list):
        return sep.join(text("part.marker", lang, owner=_name(names, o), crop=crop(c)) for o, c in value)
    if name == "bids" and isinstance(value, dict):
        return text("list.sep_groups", lang).join(
            text("part.bid", lang, player=_name(names, int(p)), crops=sep.join(crop(c) for c in b) or text("word.nothing", lang))
            for p, b in value.items()
        )
    if name == "totals" and isinstance(value, dict):
        return sep.join(text("part.score", lang, player=_name(names, int(p)), number=t) for p, t in value.items())
    if name in ("points", "lost") and isinstance(value, list):
        return sep.join(text("part.score", lang, player=_name(names, p), number=n) for p, n in enumerate(value))
    if name == "fruits" and isinstance(value, list):
        return sep.join(
            text("part.fruit", lang, stall=s, owner=_name(names, o), crop=crop(c), condition=text("condition." + cond, lang))
            for s, o, c, cond in value
        ) or text("word.nothing", lang)
    return None
