"""How *An den Ufern des Nils* speaks: its gettext domain and the log parameters only it has.

The sentences are in ``nile/banks/locale`` (``banks.pot`` English, one PO file per
language); this module says how the game's log parameters read — markers on the
boat, bids, scores per player, fruits on the market — so the word layer can say
any Nile log entry in any language, and which parameter a counted entry counts.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from ..core.actions import ActionError
from ..words import Domain, Word, text
from .actions import parse

#: parameters whose value is one catalog word: name → key prefix
PARAM_WORDS = {
    "phase": "why.phase",
    "crop": "crop",
    "side": "side",
    "tide": "tide",
    "event": "event",
    "reason": "reason",
    "cause": "cause",
    "source": "source",
}
#: counted log sentences whose number is not ``count``: key → the parameter counted
COUNTED = {"game.over": "winners", "auction.won": "markers", "rot.applied": "palms", "rot.nothing": "palms",
           "why.rot": "palms", "why.market_palms": "palms"}


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def describe_param(key: str, name: str, value: Any, lang: str, names: Sequence[str]) -> str | None:
    """A Nile parameter in words, or None for the shared rules (seats, errors, plain words)."""
    sep = text("list.sep", lang)

    def crop(c: str) -> Word:
        return Word("crop." + c)

    if name == "text" and key.startswith("why.") and isinstance(value, str):
        return move_words(value, lang, names)
    if name == "arrow":
        return text("word.arrow", lang) if value else ""
    if name in ("rows_out", "fields", "markets") and isinstance(value, list):
        return sep.join(value) or text("word.none", lang)
    if name == "markers" and isinstance(value, list):
        return sep.join(text("part.marker", lang, owner=_name(names, o), crop=crop(c)) for o, c in value)
    if name == "bids" and isinstance(value, dict):
        return text("list.sep_groups", lang).join(
            text("part.bid", lang, player=_name(names, int(p)), crops=bid_words(b, lang) or text("word.nothing", lang))
            for p, b in value.items()
        )
    if name == "totals" and isinstance(value, dict):
        return sep.join(text("part.score", lang, player=_name(names, int(p)), number=t) for p, t in value.items())
    if name in ("points", "lost") and isinstance(value, list):
        return sep.join(text("part.score", lang, player=_name(names, p), number=n) for p, n in enumerate(value))
    if name == "fruits" and isinstance(value, list):
        return sep.join(
            text("part.fruit", lang, stall=s, owner=_name(names, o), crop=crop(c), condition=Word("condition." + cond))
            for s, o, c, cond in value
        ) or text("rot.none_there", lang)
    return None


def bid_words(crops: Sequence[str], lang: str) -> str:
    """A sealed bid's markers in words (N11, N12), each crop once with how many there are, as the supply's chips count
    them: "grain ×2, grapes", not "grain, grain, grapes"; "" for none."""
    counts: dict[str, int] = {}
    for c in crops:
        counts[c] = counts.get(c, 0) + 1
    return text("list.sep", lang).join(
        text("part.crop_times", lang, crop=Word("crop." + c), count=n) if n > 1 else Word("crop." + c).said(lang)
        for c, n in counts.items())


def move_words(action_text: str, lang: str, names: Sequence[str], form: str = "move") -> str:
    """A move as the player would say it, to begin a sentence: as a thing done (``form`` "move": "Sowing grapes
    on E3-3", "Druiven zaaien op E3-3": a refused move) or as advice ("advice": "Sow grapes on E3-3", "Zaai
    druiven op E3-3": the coach's hint) — never as the engine's action text."""
    try:
        a = parse(action_text)
    except ActionError:
        return action_text
    kind = "buy_joker" if a.kind == "buy" and a.args[:1] == ("joker",) else a.kind
    args = a.args
    params: dict[str, Any] = {}
    if kind in ("boat", "buy"):
        params["crop"] = Word("crop." + args[0])
    elif kind in ("sow", "seed", "ripe"):
        params.update(crop=Word("crop." + args[0]), field=args[1])
    elif kind == "water":
        params.update(pile=args[0], field=args[1])
    elif kind == "ebb":
        params["row"] = args[0]
    elif kind in ("grow", "harvest"):
        params.update(field=args[0], market=args[1] if len(args) > 1 else "")
    elif kind == "rot":
        params["market"] = args[0]
    elif kind == "hoard":
        params.update(owner=_name(names, int(args[0][1:]) - 1), crop=Word("crop." + args[1]))
    elif kind == "refresh":
        params.update(market=args[0], stall=args[1])
    elif kind == "bid":  # (none bid: "advice.bid.zero", "ne misez rien", not "misez rien")
        params["count"] = sum(c != "none" for c in args)
        params["crops"] = text("list.sep", lang).join(Word("crop." + c).said(lang) for c in args if c != "none") or text(
            "word.nothing", lang)
    said = text(f"{form}.{kind}", lang, **params)
    return said[:1].upper() + said[1:]


WORDS = Domain("banks", os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale"),
               param_words=PARAM_WORDS, describe_param=describe_param, counted=COUNTED)
