"""Saved games in a key-value store (the browser's localStorage), with nothing ever lost.

Pure Python: the store is anything with ``get/set/remove/keys`` (``MemoryStore`` here for tests;
``nile.web.app`` wraps localStorage). Each game lives under ``nile:game:<id>`` as a save file
(``nile.core.save``); ``nile:index`` lists them for the home screen. ``Library`` is the one object the
shell talks to; each room below keeps its own rules, written in its docstring:

- ``store.py``: the store protocol, ``MemoryStore``, ``StorageFull`` and ``SaveConflict``; a full store
  raises ``StorageFull`` and the caller keeps playing in memory;
- ``index.py``: ``nile:index`` — which games there are (told by the keys), their ids, what the home screen
  lists, how each teaches;
- ``saved.py``: a game's text — loaded by replaying it, a save that does not load *set aside* (kept exactly
  as it was, flagged with why, never written over), ``check_stale`` after an update, a store cleared under
  the running page, another tab's progress never overwritten (``SaveConflict``);
- ``bin.py``: *Recently deleted* (``nile:bin:<id>~<ms>``, ``nile:bin``) — 30 days to undelete, then purged;
- ``imports.py``: a save from a file, checked by replaying it, never stored twice, replacing only a copy
  it is further along than;
- ``far.py``: the records of games played from afar (``nile:far:<id>``, issue 44) beside their public games;
- ``backup.py``: a backup of every game in one file (``nile-backup``), restored without losing or
  doubling a game, and the weekly reminder (``nile:backup``);
- ``where.py``, ``peek.py``, ``reasons.py``: what the list shows of a game in no language, what a save's
  text names without replaying it, and a set-aside game's reason as the index keeps it.

The keys and formats above are what players' browsers hold: they never change under a saved game.
"""

from .backup import (
    BACKUP_FORMAT,
    BACKUP_KEY,
    BACKUP_MARK,
    MAX_BACKUP_CHARS,
    MAX_BACKUP_GAMES,
    MAX_BACKUP_NESTING,
    NOT_THE_FILES_FAULT,
    REMIND_EVERY,
    BackupError,
    Restored,
    parse_backup,
)
from .bin import BIN_KEY, BIN_PREFIX, KEEP_DELETED, NILE_EPOCH
from .far import FAR_PREFIX
from .index import INDEX_KEY, PREFIX
from .library import Library
from .reasons import MAX_REASON
from .store import DAY, MAX_TIME, MemoryStore, SaveConflict, StorageFull, Store
from .where import MAX_TITLE, where_of

__all__ = [
    "BACKUP_FORMAT", "BACKUP_KEY", "BACKUP_MARK", "BIN_KEY", "FAR_PREFIX", "BIN_PREFIX", "DAY", "INDEX_KEY", "KEEP_DELETED",
    "MAX_BACKUP_CHARS", "MAX_BACKUP_GAMES", "MAX_BACKUP_NESTING", "MAX_REASON", "MAX_TIME", "MAX_TITLE",
    "NILE_EPOCH", "NOT_THE_FILES_FAULT", "PREFIX", "REMIND_EVERY", "BackupError", "Library", "MemoryStore",
    "Restored", "SaveConflict", "StorageFull", "Store", "parse_backup", "where_of",
]
