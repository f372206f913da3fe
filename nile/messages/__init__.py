"""Every sentence of the app, shell and every registered game, for the shell and for tools.

The word layer (``nile.words``) knows no game; the registry (``nile.games``)
hands it each game's catalog. This module is that word layer as the shell sees
it once the registry has run: ``catalog(lang)`` is the whole catalog of one
language, shell and every game merged, and ``LANGUAGES`` every language the
app speaks (code → its own name). The shell (``nile.web``, ``nile.cli``) and
tools import words from here; a game imports ``nile.words`` itself.
"""

from __future__ import annotations

from .. import games as _registry  # noqa: F401 - running the registry adds every game's catalog
from ..words import (
    ENGLISH,
    LANGUAGES,
    Word,
    catalog,
    describe,
    format_datetime,
    has_key,
    listed,
    pick_language,
    plural,
    say,
    text,
)

__all__ = ["ENGLISH", "LANGUAGES", "Word", "catalog", "describe", "format_datetime", "has_key", "listed", "pick_language",
           "plural", "say", "text"]
