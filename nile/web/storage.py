"""Saved games in a key-value store (the browser's localStorage), with nothing ever lost.

Pure Python: the store is anything with ``get/set/remove/keys`` (``MemoryStore``
here for tests; ``nile.web.app`` wraps localStorage). Each game lives under
``nile:game:<id>`` as a save file (``nile.core.save``); ``nile:index`` lists
them for the home screen. Rules kept:

- a save that does not load (corrupt, tampered, too new) is *set aside*: it
  stays under its key, is flagged damaged, is never written again, and the home
  screen still lists everything else;
- a full store raises ``StorageFull``; the caller keeps playing in memory;
- before writing, the stored game must still be the one this tab last wrote
  (its actions a prefix of ours): another tab's progress is never silently
  overwritten (``SaveConflict``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from ..core import save
from ..core.game import GameState
from ..core.save import SaveError

PREFIX = "nile:game:"
INDEX_KEY = "nile:index"
MAX_TITLE = 80


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


class Library:
    """The saved games of one browser."""

    def __init__(self, store: Store, load: Callable[[Any], GameState], clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self._load = load
        self.clock = clock
        #: says a SaveError in the player's language (the controller sets it; see nile.core.explained)
        self.explain: Callable[[Exception], str] = str
        #: per game id: the exact text this tab last read or wrote (for conflict checks)
        self.known: dict[str, str] = {}

    # ---------------------------------------------------------------- the index
    def _read_index(self) -> dict[str, dict[str, Any]]:
        raw = self.store.get(INDEX_KEY)
        entries: dict[str, dict[str, Any]] = {}
        if raw:
            try:
                if save.nesting_depth(raw) <= save.MAX_NESTING:
                    data = json.loads(raw)
                    if isinstance(data, dict):
                        entries = {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, dict)}
            except ValueError:
                entries = {}
        # games whose key exists but that the index forgot are listed again
        for key in self.store.keys():
            if key.startswith(PREFIX) and key[len(PREFIX):] not in entries:
                entries[key[len(PREFIX):]] = {}
        return {gid: e for gid, e in entries.items() if self.store.get(PREFIX + gid) is not None}

    def _write_index(self, entries: dict[str, dict[str, Any]]) -> None:
        self.store.set(INDEX_KEY, json.dumps(entries, separators=(",", ":")))

    def games(self) -> list[dict[str, Any]]:
        """Every stored game for the home screen, newest first; damaged ones flagged, never dropped."""
        result = []
        for gid, entry in self._read_index().items():
            item = {
                "id": gid,
                "title": str(entry.get("title", ""))[:MAX_TITLE],  # may be empty: the page names it
                "updated": entry.get("updated", 0) if isinstance(entry.get("updated"), (int, float)) else 0,
                "summary": str(entry.get("summary", ""))[:MAX_TITLE],
                "damaged": str(entry.get("damaged", "")) or None,
            }
            result.append(item)
        result.sort(key=lambda e: -float(e["updated"] or 0))
        return result

    def _update_index(self, gid: str, **fields: Any) -> None:
        entries = self._read_index()
        entry = entries.get(gid, {})
        entry.update(fields)
        entries[gid] = entry
        try:
            self._write_index(entries)
        except StorageFull:
            pass  # the index can always be rebuilt from the keys

    # ---------------------------------------------------------------- games
    def new_id(self) -> str:
        base = f"{int(self.clock() * 1000):x}"
        gid, n = base, 1
        while self.store.get(PREFIX + gid) is not None:
            n += 1
            gid = f"{base}-{n}"
        return gid

    def load(self, gid: str) -> GameState:
        """The game, replayed; a damaged save raises SaveError and is set aside (flagged, kept)."""
        raw = self.store.get(PREFIX + gid)
        if raw is None:
            raise SaveError("save.gone")
        try:
            state = self._load(raw)
        except SaveError as e:
            self._update_index(gid, damaged=self.explain(e)[:300])
            raise
        self.known[gid] = raw
        return state

    def write(self, gid: str, state: GameState, title: str, summary: str) -> None:
        """Save the game; StorageFull or SaveConflict leave the stored copy as it was."""
        if self._read_index().get(gid, {}).get("damaged"):
            raise SaveConflict("a damaged save is never overwritten")
        stored = self.store.get(PREFIX + gid)
        if stored is not None and stored != self.known.get(gid):
            raise SaveConflict("this game was changed in another tab")
        text = save.dumps(state)
        self.store.set(PREFIX + gid, text)
        self.known[gid] = text
        self._update_index(gid, title=title[:MAX_TITLE], summary=summary[:MAX_TITLE], updated=self.clock())


    def delete(self, gid: str) -> None:
        self.store.remove(PREFIX + gid)
        self.known.pop(gid, None)
        entries = self._read_index()
        entries.pop(gid, None)
        try:
            self._write_index(entries)
        except StorageFull:
            pass

    def raw(self, gid: str) -> str | None:
        """The stored text as it is (to export even a damaged save)."""
        return self.store.get(PREFIX + gid)

    def import_text(self, text: str, title: str, summary: Callable[[GameState], str]) -> str:
        """Check an imported save by replaying it; store it under a new id. SaveError if bad."""
        state = self._load(text)
        gid = self.new_id()
        self.write(gid, state, title, summary(state))
        return gid

