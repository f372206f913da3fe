"""The structured event log: what happened and why, as message keys + parameters.

Entries hold no text in any language; ``nile.messages`` turns them into words.
Parameters are JSON values only (ints, strings, lists), so a log can be shown,
saved and compared. The log only ever records public facts (N9).
"""

from __future__ import annotations

from typing import Any


class Entry:
    """One log line: ``key`` names the message, ``params`` fill it in."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Entry) and (self.key, self.params) == (other.key, other.params)

    def __repr__(self) -> str:
        return f"Entry({self.key!r}, **{self.params!r})"
