"""The word layer: every sentence a player reads, by catalog key, in every language (gettext).

Below it only ``nile.core`` (whose errors and log entries carry keys and
parameters, never words); above it the UI contract, the games, the registry
and the shell. It knows no game: the shell's own sentences are its ``SHELL``
domain (``nile/words/locale``), and the registry hands it each game's domain
(``add_domain``). Translators work on the PO files; see README, "Languages".
"""

from __future__ import annotations

import os

from .domains import ENGLISH, CatalogsMissing, Domain
from .locales import format_datetime, languages
from .locales import pick_language as _pick
from .say import (
    WORD_FORMS,
    Word,
    add_domain,
    catalog,
    describe,
    domain_of,
    domains,
    fill,
    has_key,
    listed,
    plural,
    say,
    text,
)

#: the shell's sentences: home, set-up, the status bar, hand-over screens, and the core's refusals
SHELL = add_domain(Domain("shell", os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")))
#: every language the app speaks, each named in itself (for the language choice), English first
LANGUAGES: dict[str, str] = languages(SHELL)


def pick_language(chosen: str | None, browser: str | None = None) -> str:
    """The language to speak: the player's choice if we have it, else the browser's, else English."""
    return _pick(LANGUAGES, chosen, browser)


__all__ = [
    "ENGLISH", "LANGUAGES", "SHELL", "WORD_FORMS", "CatalogsMissing", "Domain", "Word", "add_domain", "catalog",
    "describe", "domain_of", "domains", "fill", "format_datetime", "has_key", "listed", "pick_language", "plural", "say", "text",
]
