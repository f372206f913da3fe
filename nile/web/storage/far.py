"""Games played from afar (issue 44): this device's record of each (``nile.core.correspondence.Far``).

A record lives under ``nile:far:<id>`` (the game's shared id, the one its links carry) as ``Far.to_json``: the
hands, the promises and secrets, the moves, the sealed bids, and this device's own secret and bids until
their time. Once the game has a seed, its public game is also an ordinary saved game under the same id
(``nile:game:<id>``, ``saved.py``), so the home screen, Recently deleted, export and backups treat it as
any other; the record says which seats this device plays and what its links carry.

The rules kept are ``saved.py``'s: a record that does not read is never written over (``None`` here, and the
page says the link cannot be matched with it); before writing, the stored record must still be the one this
tab last read or wrote, else ``SaveConflict`` (another tab moved in it); a full store raises ``StorageFull``
and leaves the stored record as it was.
"""

from __future__ import annotations

import json
from typing import Any

from ...core.correspondence import Far
from ...core.remote import LinkError
from ...core.save import MAX_NESTING, nesting_depth
from .store import SaveConflict, Store

FAR_PREFIX = "nile:far:"


class FarRecords:
    """The records of the games this browser plays from afar."""

    def __init__(self, store: Store) -> None:
        self.store = store
        #: per id: the exact text this tab last read or wrote (for conflict checks), and the record it holds (kept
        #: while the stored text is that one: the record keeps its game replayed, and a link adds to it)
        self.known: dict[str, str] = {}
        self._held: dict[str, Far] = {}

    def get(self, game_id: str) -> Far | None:
        """The record of ``game_id``, or None when this device holds none (or one it cannot read)."""
        raw = self.store.get(FAR_PREFIX + game_id)
        if raw is None:
            return None
        if raw == self.known.get(game_id) and game_id in self._held:
            return self._held[game_id]
        far = _read(raw)
        if far is not None:
            self.known[game_id], self._held[game_id] = raw, far
        return far

    def put(self, far: Far) -> None:
        """Write the record (``SaveConflict`` when another tab wrote it since this tab read it)."""
        key = FAR_PREFIX + far.id
        stored = self.store.get(key)
        if stored is not None and stored != self.known.get(far.id):
            raise SaveConflict("this game was changed in another tab")
        text = json.dumps(far.to_json(), separators=(",", ":"), sort_keys=True)
        self.store.set(key, text)
        self.known[far.id], self._held[far.id] = text, far

    def ids(self) -> list[str]:
        """The ids of every record kept here."""
        return sorted(key[len(FAR_PREFIX):] for key in self.store.keys() if key.startswith(FAR_PREFIX))


def _read(raw: str) -> Far | None:
    try:
        if nesting_depth(raw) > MAX_NESTING:
            return None
        data: Any = json.loads(raw)
        return Far.from_json(data)
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError, LinkError):
        return None
