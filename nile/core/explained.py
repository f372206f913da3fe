"""Errors a player may read: a message-catalog key and its parameters, not a sentence.

``str(error)`` is the English sentence (for the command line, logs and tests);
``error.words(lang, names)`` says it in any language of ``nile.messages``, with
seat numbers replaced by the players' names. A parameter may itself be an
error (the reason inside "action 6 of 12 cannot be replayed: …"): it is said in
the same language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import messages


class Explained(ValueError):
    """Base of the errors a player may be shown (illegal actions, bad saves, bad set-up)."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def words(self, lang: str = "en", names: Sequence[str] = ()) -> str:
        return messages.describe({"key": self.key, "params": self.params}, names, lang)

    def __str__(self) -> str:
        return self.words()


def say(error: BaseException, lang: str = "en", names: Sequence[str] = ()) -> str:
    """Any error in words: an ``Explained`` one in ``lang``, any other as its own text."""
    return error.words(lang, names) if isinstance(error, Explained) else str(error)
