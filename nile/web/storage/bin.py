"""Recently deleted: where a deleted game waits 30 days, restorable, before it goes for good.

Rules kept:

- nothing is lost by a slip: ``delete`` moves a game to *Recently deleted* (``nile:bin:<id>~<ms>``, its save
  text exactly as stored, playable or set aside, and its index entry in ``nile:bin``) for ``KEEP_DELETED``
  (30 days), restorable with ``undelete``; only ``purge`` (the player confirmed) or the 30 days (checked
  whenever the library is read) remove it for good. A game an import replaces (the same game further
  along: ``import_text``) goes there too, and so does a copy a restore finds further along in the backup;
- when there is no room to keep a deleted game, ``delete`` raises ``StorageFull`` and changes nothing (the
  page may then ask to ``delete_for_good``);
- which games are there is told by the keys: an entry ``nile:bin`` lost is rebuilt from its key's name
  (the id before ``~``, the hex milliseconds it was deleted after it; a time before Nile existed or after
  the year 5000 was tampered with, and its 30 days start now);
- ``undelete`` puts a game back exactly as it was (set aside if it was), under its own id, or a new one
  when that id is in use again or is not one ``new_id`` could have made.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ...core.save import SaveError
from .far import FAR_PREFIX
from .index import PREFIX, VALID_ID, Index
from .saved import SavedGames
from .store import DAY, StorageFull, Store, is_moment, read_object

#: Recently deleted: each game's save under ``BIN_PREFIX + "<id>~<ms deleted, hex>"``, their entries in BIN_KEY
BIN_PREFIX = "nile:bin:"
#: what a deleted item is: a saved game, or the record of a game played from afar that never began (``far.py``)
GAME, FAR = "game", "far"
BIN_KEY = "nile:bin"
#: how long a deleted game stays restorable
KEEP_DELETED = 30 * DAY
#: no game was deleted before Nile existed (2025): a key name saying otherwise was tampered with
NILE_EPOCH = 1_735_689_600


class Bin:
    """Recently deleted, of one browser's saved games."""

    def __init__(self, store: Store, index: Index, saved: SavedGames, clock: Callable[[], float]) -> None:
        self.store = store
        self.index = index
        self.saved = saved
        self.clock = clock

    def delete(self, gid: str) -> str | None:
        """Move a game to Recently deleted: its save exactly as stored (playable or set aside) and its index
        entry, restorable for 30 days. Returns its id there (None: there was no such game). StorageFull when
        there is no room to keep it: nothing changed (the caller may offer ``delete_for_good``)."""
        raw = self.store.get(PREFIX + gid)
        entries = self.index.read()
        tid = self._to_bin(gid, raw, entries.get(gid, {})) if raw is not None else None
        self.saved.delete_for_good(gid)
        return tid

    def delete_far(self, gid: str, entry: dict[str, Any]) -> str | None:
        """Move the record of a game played from afar that never began (``nile:far:<id>``) to Recently deleted, with
        ``entry`` (its title and game) for the list; restorable like a game (None: there was none). StorageFull:
        nothing changed."""
        raw = self.store.get(FAR_PREFIX + gid)
        if raw is None:
            return None
        tid = self._to_bin(gid, raw, entry, kind=FAR)
        self.store.remove(FAR_PREFIX + gid)
        return tid

    def _to_bin(self, gid: str, raw: str, entry: dict[str, Any], kind: str = GAME) -> str:
        """Keep a save (or a far record: ``kind``) in Recently deleted; StorageFull leaves nothing behind."""
        now = self.clock()
        base = tid = f"{gid}~{int(now * 1000):x}"
        n = 1
        while self.store.get(BIN_PREFIX + tid) is not None:
            n += 1
            tid = f"{base}-{n}"
        items = self.read(purge=False)
        self.store.set(BIN_PREFIX + tid, raw)
        items[tid] = {"id": gid, "deleted": now, "entry": entry, **({"kind": kind} if kind == FAR else {})}
        try:
            self._write(items)
        except StorageFull:
            self.store.remove(BIN_PREFIX + tid)
            raise
        return tid

    def read(self, purge: bool = True) -> dict[str, dict[str, Any]]:
        """Recently deleted, by id there: ``{"id", "deleted", "entry"}``. Which games are there is told by the
        keys (an entry the bin's index lost is rebuilt from its key's name); with ``purge``, those deleted
        more than 30 days ago are removed for good."""
        listed = read_object(self.store.get(BIN_KEY))
        items: dict[str, dict[str, Any]] = {}
        for key in self.store.keys():
            if not key.startswith(BIN_PREFIX):
                continue
            tid = key[len(BIN_PREFIX):]
            item = listed.get(tid, {})
            gid, deleted, entry = item.get("id"), item.get("deleted"), item.get("entry")
            if not is_moment(deleted):
                deleted = _bin_time(tid)
            items[tid] = {
                "id": gid if isinstance(gid, str) else tid.rsplit("~", 1)[0],
                "deleted": self.clock() if deleted is None else deleted,  # unknown: its 30 days start now
                "entry": entry if isinstance(entry, dict) else {},
            }
            if item.get("kind") == FAR or (tid not in listed and _is_far(self.store.get(key))):
                items[tid]["kind"] = FAR
        expired = [tid for tid, item in items.items() if purge and item["deleted"] < self.clock() - KEEP_DELETED]
        for tid in expired:
            self.store.remove(BIN_PREFIX + tid)
            del items[tid]
        if expired or listed != items:
            try:
                self._write(items)
            except StorageFull:
                pass  # rebuilt from the keys next time
        return items

    def _write(self, items: dict[str, dict[str, Any]]) -> None:
        self.store.set(BIN_KEY, json.dumps(items, separators=(",", ":")))

    def deleted(self) -> list[dict[str, Any]]:
        """Recently deleted games, the last deleted first: the fields of ``games()`` as they were when deleted,
        with ``bin_id`` (what ``undelete`` and ``purge`` take), ``deleted`` and ``until`` (seconds since 1970)."""
        result = []
        for tid, item in self.read().items():
            listing = self.index.listing(item["id"], item["entry"], BIN_PREFIX + tid)
            listing.update(bin_id=tid, deleted=item["deleted"], until=item["deleted"] + KEEP_DELETED)
            result.append(listing)
        result.sort(key=lambda e: -float(e["deleted"]))
        return result

    def undelete(self, tid: str) -> str:
        """Put a deleted game back among the saved games, exactly as it was (set aside if it was); returns its
        id: its own, or a new one when that id is in use again. SaveError ``save.gone`` when it is no longer
        there; StorageFull: nothing changed."""
        items = self.read()
        raw = self.store.get(BIN_PREFIX + tid)
        if tid not in items or raw is None:
            raise SaveError("save.gone")
        gid = items[tid]["id"]
        if items[tid].get("kind") == FAR:  # a game played from afar, not begun: its record back under its shared id
            if self.store.get(FAR_PREFIX + gid) is not None:
                raise SaveError("save.gone")
            self.store.set(FAR_PREFIX + gid, raw)
            self.purge(tid)
            return gid
        if not VALID_ID.fullmatch(gid) or self.store.get(PREFIX + gid) is not None:
            gid = self.index.new_id()
        self.store.set(PREFIX + gid, raw)
        entries = self.index.read()
        entries[gid] = dict(items[tid]["entry"])
        try:
            self.index.write(entries)
        except StorageFull:
            pass  # the game is back; its entry is rebuilt from its key
        self.purge(tid)
        return gid

    def purge(self, tid: str) -> None:
        """Remove a game from Recently deleted for good (the player confirmed it)."""
        self.store.remove(BIN_PREFIX + tid)
        self.read(purge=False)  # its entry goes with its key


def _is_far(raw: str | None) -> bool:
    """Whether a deleted item whose entry was lost is a far record (``Far.to_json``: it names the devices' hands)."""
    return raw is not None and raw.startswith("{") and '"hands":' in raw and '"promised":' in raw


def _bin_time(tid: str) -> float | None:
    """When a game went to Recently deleted, from its key's name (``<id>~<ms, hex>[-n]``; None if unreadable)."""
    stamp = tid.rsplit("~", 1)[-1].split("-", 1)[0]
    try:
        seconds = int(stamp[:16], 16) / 1000
    except ValueError:
        return None
    return seconds if is_moment(seconds) and seconds >= NILE_EPOCH else None
