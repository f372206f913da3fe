"""The key-value store the saved games live in, and what it may refuse.

A store is anything with ``get/set/remove/keys`` of strings: the browser's localStorage (wrapped by
``nile.web.app``), or ``MemoryStore`` here for tests. Rules kept:

- a full store raises ``StorageFull`` and keeps what it held; the caller keeps playing in memory;
- everything read back from the store is checked before it is believed (the store is ours, but it can be
  edited by hand): ``read_object`` gives {} for a missing, unreadable or too deeply nested object, and
  ``is_moment`` refuses a tampered time (Infinity, a negative one, one after the year 5000).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Protocol

from ...core import save

DAY = 24 * 3600
#: a moment in seconds since 1970 that is no later than the year 5000 (a tampered one is not believed)
MAX_TIME = 95_000_000_000


class Store(Protocol):
    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> Iterable[str]: ...


class StorageFull(Exception):
    """The store refused a write for lack of space."""


class SaveConflict(Exception):
    """The stored game moved on elsewhere (another tab) since this tab last saved it."""


class MemoryStore:
    """A dict-backed store; ``quota`` (in characters) imitates a full localStorage."""

    def __init__(self, quota: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFull(key)
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


def read_object(raw: str | None, flat: bool = False) -> dict[str, Any]:
    """A JSON object we stored (an index), checked: {} when missing or unreadable; its values dicts unless ``flat``."""
    if not raw:
        return {}
    try:
        if save.nesting_depth(raw) > save.MAX_NESTING:
            return {}
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and (flat or isinstance(v, dict))}


def is_moment(value: Any) -> bool:
    """A moment we could have stored (seconds since 1970, before the year 5000): not a tampered Infinity."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < MAX_TIME
