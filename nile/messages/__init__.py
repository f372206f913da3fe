"""The message catalog: every sentence a player reads, by key, per language.

The engine's log holds only keys and parameters (``nile.core.log``); this module
turns them into words. Parameters that name players hold seat numbers and are
replaced by the players' names here; names are inserted as plain text (the web
front-end escapes all text it shows). Adding a language = adding a dict with
the same keys; a missing key falls back to English, then to the key itself.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from .de import DE
from .en import EN


CATALOGS: dict[str, dict[str, str]] = {"en": EN, "de": DE}
#: every language the game speaks, each named in itself (for the language choice)
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}


def pick_language(chosen: str | None, browser: str | None = None) -> str:
    """The language to speak: the player's choice if we have it, else the browser's, else English."""
    for wish in (chosen, (browser or "").split("-")[0].lower()):
        if wish in CATALOGS:
            return wish
    return "en"


def text(key: str, lang: str = "en", **params: Any) -> str:
    """The sentence for ``key`` in ``lang`` (English if missing), filled with ``params``."""
    template = CATALOGS.get(lang, EN).get(key) or EN.get(key) or key
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _word(lang: str, prefix: str, value: Any) -> str:
    return text(f"{prefix}.{value}", lang) if isinstance(value, str) else str(value)


def describe(entry: Mapping[str, Any], names: Sequence[str], lang: str = "en") -> str:
    """One log entry (``{"key", "params"}``) in words."""
    key = entry.get("key", "")
    params = dict(entry.get("params", {}))
    w: Callable[[str, Any], str] = lambda prefix, v: _word(lang, prefix, v)  # noqa: E731
    out: dict[str, Any] = {}
    sep = text("list.sep", lang)
    for k, v in params.items():
        if hasattr(v, "words"):  # an error inside an error (nile.core.explained): same language
            out[k] = v.words(lang, names)
        elif k == "phase":
            out[k] = w("why.phase", v)
        elif k in ("player", "owner"):
            out[k] = _name(names, v)
        elif k in ("players", "winners"):
            out[k] = sep.join(_name(names, p) for p in v)
        elif k == "crop":
            out[k] = w("crop", v)
        elif k == "side":
            out[k] = w("side", v)
        elif k == "tide":
            out[k] = w("tide", v)
        elif k == "event":
            out[k] = w("event", v)
        elif k == "reason":
            out[k] = w("reason", v)
        elif k == "cause":
            out[k] = w("word", v)
        elif k == "source":
            out[k] = w("word", v)
        elif k == "arrow":
            out[k] = text("word.arrow", lang) if v else ""
        elif k in ("rows_out", "fields", "markets"):
            out[k] = sep.join(v) or text("word.none", lang)
        elif k == "markers" and isinstance(v, list):
            out[k] = sep.join(text("part.marker", lang, owner=_name(names, o), crop=w("crop", c)) for o, c in v)
        elif k in ("bids",):
            out[k] = text("list.sep_groups", lang).join(
                text("part.bid", lang, player=_name(names, int(p)),
                     crops=sep.join(w("crop", c) for c in b) or text("word.nothing", lang))
                for p, b in v.items()
            )
        elif k in ("totals",):
            out[k] = sep.join(text("part.score", lang, player=_name(names, int(p)), number=t) for p, t in v.items())
        elif k in ("points", "lost"):
            out[k] = sep.join(text("part.score", lang, player=_name(names, p), number=n) for p, n in enumerate(v))
        elif k == "fruits":
            out[k] = sep.join(
                text("part.fruit", lang, stall=s, owner=_name(names, o), crop=w("crop", c), condition=w("condition", cond))
                for s, o, c, cond in v
            ) or text("word.nothing", lang)
        else:
            out[k] = v
    if key == "game.over":
        out["verb"] = text("word.share" if len(params.get("winners", [])) > 1 else "word.wins", lang)
    if key == "field.to_boat":
        out["cause"] = text("word.flood" if params.get("cause") == "flood" else "word.desert", lang)
    return text(key, lang, **out)
