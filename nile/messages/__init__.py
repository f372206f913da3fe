"""The message catalog: every sentence a player reads, by key, per language.

The engine's log holds only keys and parameters (``nile.core.log``); this module
turns them into words. Parameters that name players hold seat numbers and are
replaced by the players' names here; names are inserted as plain text (the web
front-end escapes all text it shows). Adding a language = adding a dict with
the same keys; a missing key falls back to English, then to the key itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .de import DE
from .en import EN

CATALOGS: dict[str, dict[str, str]] = {"en": dict(EN), "de": dict(DE)}
#: every language the app speaks, each named in itself (for the language choice)
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}
Describer = Callable[[str, str, Any, str, Sequence[str]], str | None]
#: per catalog key of a game: that game's parameter words (name → catalog prefix) and its
#: describer of parameters that need more than a word, so two games never read each other's
#: parameters (both may have a ``bids`` parameter meaning different things)
PARAM_WORDS: dict[str, Mapping[str, str]] = {}
DESCRIBERS: dict[str, Describer] = {}
_games_loaded = False


def add_game(spec: Any) -> None:
    """Merge a game's catalog and its parameter words in (``nile.games`` calls this for every game)."""
    for lang, words in spec.catalogs.items():
        CATALOGS.setdefault(lang, {}).update(words)
    for key in spec.catalogs.get("en", {}):
        PARAM_WORDS[key] = spec.param_words
        if spec.describe_param is not None:
            DESCRIBERS[key] = spec.describe_param


def _load_games() -> None:
    """Make sure the registry has run (it adds every game's catalog): a sentence may be asked for
    before anything imported ``nile.games``. Imported by name: the catalog depends on no game."""
    global _games_loaded
    if not _games_loaded:
        _games_loaded = True
        importlib.import_module("nile.games")


def pick_language(chosen: str | None, browser: str | None = None) -> str:
    """The language to speak: the player's choice if we have it, else the browser's, else English."""
    for wish in (chosen, (browser or "").split("-")[0].lower()):
        if wish in LANGUAGES:
            return wish
    return "en"


def catalog(lang: str) -> dict[str, str]:
    """The whole catalog of a language: the shell's sentences and every game's."""
    _load_games()
    return CATALOGS[lang]


def has_key(key: str) -> bool:
    """Whether the (English) catalog has ``key``: every key exists in English first."""
    _load_games()
    return key in CATALOGS["en"]


def text(key: str, lang: str = "en", **params: Any) -> str:
    """The sentence for ``key`` in ``lang`` (English if missing), filled with ``params``."""
    _load_games()
    template = CATALOGS.get(lang, CATALOGS["en"]).get(key) or CATALOGS["en"].get(key) or key
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def plural(key: str, count: int, lang: str = "en", **params: Any) -> str:
    """A sentence whose words depend on a number: ``key_one`` for 1, ``key_other`` otherwise
    (both languages here need only these two forms); ``count`` is passed to the template."""
    form = f"{key}_one" if count == 1 and has_key(f"{key}_one") else f"{key}_other"
    return text(form if has_key(form) else key, lang, count=count, **params)


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def describe(entry: Mapping[str, Any], names: Sequence[str], lang: str = "en") -> str:
    """One log entry or refusal (``{"key", "params"}``) in words.

    Shared here: seats become names (``player``, ``owner``, ``players``, ``winners``), an error
    inside an error is said in the same language, and word parameters are looked up by the
    prefix their game registered (``crop="flax"`` → ``crop.flax``). Anything else a game
    describes itself (``GameSpec.describe_param``).
    """
    _load_games()
    key = entry.get("key", "")
    params = dict(entry.get("params", {}))
    out: dict[str, Any] = {}
    sep = text("list.sep", lang)
    describer = DESCRIBERS.get(key)
    words = PARAM_WORDS.get(key, {})
    for k, v in params.items():
        said = describer(key, k, v, lang, names) if describer is not None else None
        if said is not None:
            out[k] = said
        elif hasattr(v, "words"):  # an error inside an error (nile.core.explained): same language
            out[k] = v.words(lang, names)
        elif k in ("player", "owner"):
            out[k] = _name(names, v)
        elif k in ("players", "winners") and isinstance(v, (list, tuple)):
            out[k] = sep.join(_name(names, p) for p in v)
        elif k in words and isinstance(v, str):
            out[k] = text(f"{words[k]}.{v}", lang)
        else:
            out[k] = v
    if isinstance(params.get("winners"), (list, tuple)):
        out.setdefault("verb", text("word.share" if len(params["winners"]) > 1 else "word.wins", lang))
    return text(key, lang, **out)
