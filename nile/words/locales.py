"""Which languages the app speaks, which one to speak, and dates as each language writes them.

The languages are those a translator compiled for the shell (``nile/words/locale``):
adding a language is adding its PO files, no code. Each language names itself
(its ``language.name`` entry) and writes dates by its own ``format.datetime``
template (fields ``{day}``, ``{month}``, ``{month_name}``, ``{year}``, ``{hour}``,
``{minute}``), so the saved-games list reads as the player reads dates.
"""

from __future__ import annotations

import time

from .domains import ENGLISH, Domain
from .say import text


def languages(shell: Domain) -> dict[str, str]:
    """Every language compiled for the shell, English first: code → the language's own name."""
    return {code: text("language.name", code) for code in shell.languages()} or {ENGLISH: "English"}


def pick_language(available: dict[str, str], chosen: str | None, browser: str | None = None) -> str:
    """The language to speak: the player's choice if we have it, else the browser's, else English."""
    for wish in (chosen, (browser or "").split("-")[0].lower()):
        if wish in available:
            return wish
    return ENGLISH


def format_datetime(timestamp: float, lang: str) -> str:
    """A moment in local time as ``lang`` writes it (the saved-games list)."""
    t = time.localtime(timestamp)
    return text("format.datetime", lang, day=str(t.tm_mday), day2=f"{t.tm_mday:02d}", month=f"{t.tm_mon:02d}",
                month_name=text(f"month.{t.tm_mon}", lang), year=str(t.tm_year), hour=f"{t.tm_hour:02d}",
                minute=f"{t.tm_min:02d}")
