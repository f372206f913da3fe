"""The structured event log: what happened and why, as message keys + parameters.

Entries hold no text in any language; ``nile.messages`` turns them into words.
Parameters are JSON values only (ints, strings, lists), so a log can be shown,
saved and compared. The log only ever records public facts (N9).
"""

from __future__ import annotations

from typing import Any


class Entry:
    """One log line: ``key`` names the message, ``params`` fill it in."""

    __slots__ = ("key", "params", "_json")

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        self._json: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"key", "params"}``, made once: every view of a game holds its whole log, so the screen's views
        (one per position, issue 21) share these dicts rather than copy hundreds of them each time. Read
        them; never change them."""
        if self._json is None:
            self._json = {"key": self.key, "params": dict(self.params)}
        return self._json

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Entry) and (self.key, self.params) == (other.key, other.params)

    def __repr__(self) -> str:
        return f"Entry({self.key!r}, **{self.params!r})"
