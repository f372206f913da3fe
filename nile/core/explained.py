"""Errors a player may read: a message-catalog key and its parameters, never a sentence.

The core knows keys, not words: ``nile.words.say(error, lang, names)`` turns an
``Explained`` error into a sentence in the player's language (seats become
player names; a parameter that is itself an error — the reason inside "action 6
of 12 cannot be replayed: …" — is said in the same language). ``str(error)``
is the key and its parameters, for logs and debugging.
"""

from __future__ import annotations

from typing import Any


class Explained(ValueError):
    """Base of the errors a player may be shown (illegal actions, bad saves, bad set-up, bad action text)."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v!s}" if isinstance(v, Explained) else f"{k}={v!r}" for k, v in self.params.items())
        return f"{self.key}({inner})"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self})"
