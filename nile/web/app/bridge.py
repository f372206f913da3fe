"""What the browser lends the controller: its storage and its randomness, and JS values read as Python.

``window.localStorage`` wrapped as a ``Store`` (``nile.web.storage``): a full store becomes
``StorageFull``, after the kept screen (``LAST_SCREEN_KEY``, ``nile.web.app.kept``) has given up its room
for the save; storage the browser blocks is a ``MemoryStore`` (the page says so). Seeds come from
``crypto.getRandomValues``. ``Answer`` is the shape of the App's answer to an event (``App._safely``) that
the page's parts are handed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import jsnull
from pyscript import window

from ..storage import MemoryStore, StorageFull, Store

#: the last drawn screen, shown by static/boot.js on the next load until Python is ready
LAST_SCREEN_KEY = "nile:last-screen"

#: how the page's parts answer an event: the App runs the work (an error becomes a notice), then redraws
Answer = Callable[[Callable[[], object]], None]


def js_str(value: object) -> str | None:
    """A JS string or null/undefined as Python (JS null arrives as ``jsnull``, not None)."""
    return None if value is None or value is jsnull else str(value)


class LocalStore:
    """``window.localStorage`` as a ``Store``."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage

    def get(self, key: str) -> str | None:
        return js_str(self.storage.getItem(key))

    def set(self, key: str, value: str) -> None:
        try:
            self.storage.setItem(key, value)
        except Exception as e:  # a DOMException: QuotaExceededError
            if "quota" not in str(e).lower():
                raise
            if key != LAST_SCREEN_KEY and js_str(self.storage.getItem(LAST_SCREEN_KEY)) is not None:
                self.storage.removeItem(LAST_SCREEN_KEY)  # the kept screen never costs a save its room
                try:
                    self.storage.setItem(key, value)
                    return
                except Exception:  # noqa: BLE001 - still full: say so below
                    pass
            raise StorageFull(key) from None

    def remove(self, key: str) -> None:
        self.storage.removeItem(key)

    def keys(self) -> list[str]:
        # one call across Pyodide's bridge, not one per key: every move's autosave lists the keys (the index is
        # told which games exist by them), and a family keeps many games (issue 51)
        return [str(k) for k in js.Object.keys(self.storage).to_py()]


def open_store() -> tuple[Store, bool]:
    """The site's storage, and whether it is the browser's (False: blocked, kept in memory for this visit)."""
    try:
        storage = window.localStorage
        probe = "nile:probe"
        storage.setItem(probe, "1")
        storage.removeItem(probe)
        return LocalStore(storage), True
    except Exception:
        return MemoryStore(), False


def new_seed() -> int:
    """A game's seed: 64 random bits from the browser's ``crypto``."""
    words = js.Uint32Array.new(2)
    window.crypto.getRandomValues(words)
    return (int(words[0]) << 32) | int(words[1])
