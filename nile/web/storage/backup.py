"""Backups: every saved game in one file, restored without losing or doubling a game; the weekly reminder.

Rules kept:

- ``backup()`` is every saved game in one file (``{"nile-backup": 1, "made", "games": [{"id", "title",
  "coach", "hints", "updated", "unplayable", "save"}]}``, each save exactly its stored text, set-aside ones
  too);
- ``restore(text)`` adds them back: a game already here is kept and never added twice (the same id with the
  same moves, or one copy's moves a prefix of the other's, or the same save text anywhere): of two copies of
  one game the one further along is kept, the other goes to Recently deleted (a restore never loses a move);
  a different game under a used id gets a new id. An entry whose save does not replay for a reason in the
  file itself (corrupt, tampered) is *damaged*: reported (which, why) and skipped; one this version cannot
  replay (other rules, a newer format, unknown game) or that was set aside already when backed up is
  restored set aside, not lost. A file that is no backup (or a newer format of one) is refused as a whole
  (``BackupError``); a full storage stops the restore where it is (``Restored.full``);
- the last backup is recorded (``nile:backup``: when, which games); a reminder is due (``backup_due``) when
  games that were never backed up have existed for a week since the last backup or the last "not now"
  (``remind_later``). A restored game counts as backed up (it is in a file).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...core import save
from ...core.explained import Explained
from ...core.game import GameState
from ...core.save import SaveError
from .bin import Bin
from .index import PREFIX, VALID_ID, Index
from .peek import relation
from .saved import SavedGames
from .store import DAY, StorageFull, Store, is_moment, read_object
from .where import title_of, where_of

#: the last backup: ``{"made": seconds, "ids": [...], "since": seconds}``
BACKUP_KEY = "nile:backup"
#: the backup reminder shows at most this often
REMIND_EVERY = 7 * DAY
BACKUP_MARK = "nile-backup"
BACKUP_FORMAT = 1
#: localStorage holds some 5 million characters: a backup of it all is well under this
MAX_BACKUP_CHARS = 20_000_000
MAX_BACKUP_GAMES = 1000
#: a backup nests 3 deep (its saves are strings)
MAX_BACKUP_NESTING = 8
#: why a save may not replay that is no fault of the file: restored set aside, not reported damaged
NOT_THE_FILES_FAULT = frozenset({
    "save.rules_changed", "save.rules_too_new", "save.too_new", "save.unknown_game", "save.crashed",
})


class BackupError(Explained):
    """A file that cannot be restored as a whole (not a backup, a newer format, damaged beyond its entries):
    ``BackupError(key, **params)`` with a ``backup.*`` catalog key."""


@dataclass
class Restored:
    """What ``Library.restore`` did: games added (ids), games already here and kept, games here that the
    backup had further along (the earlier copy is in Recently deleted), games restored set aside, and the
    damaged entries skipped (their number in the file, their title, why); ``full``: the storage filled up
    before the end (the entries after ``done`` were not restored)."""

    total: int = 0
    added: list[str] = field(default_factory=list)
    kept: int = 0
    updated: int = 0
    set_aside: int = 0
    damaged: list[tuple[int, str, Explained]] = field(default_factory=list)
    full: bool = False
    done: int = 0
    #: the backup's games that are here now (added, or kept)
    ids: list[str] = field(default_factory=list)


class Backups:
    """Backups of one browser's saved games: made, restored, and the reminder to make one."""

    def __init__(
        self, store: Store, clock: Callable[[], float], index: Index, saved: SavedGames, recently_deleted: Bin
    ) -> None:
        self.store = store
        self.clock = clock
        self.index = index
        self.saved = saved
        self.bin = recently_deleted

    def backup(self) -> tuple[str, int]:
        """Every saved game in one file (the format is in the module's docstring; each save exactly as stored,
        set-aside ones too) and how many games it holds; recorded as the last backup."""
        index = self.index.read()
        games = []
        self.bin.read()  # as whenever the library is read: games deleted more than 30 days ago go for good
        for g in self.index.games():
            raw = self.store.get(PREFIX + g["id"])
            if raw is None:
                continue
            coach = index.get(g["id"], {}).get("coach")
            games.append({
                "id": g["id"], "title": g["title"], "coach": coach if coach in ("hints", "guided") else "",
                "hints": self.index.hints(g["id"]),
                "updated": g["updated"], "unplayable": g["unplayable"] is not None, "save": raw,
            })
        now = self.clock()
        text = json.dumps({BACKUP_MARK: BACKUP_FORMAT, "made": now, "games": games}, ensure_ascii=False, indent=1)
        self._note_backup(now, [g["id"] for g in games], replace=True)
        return text, len(games)

    def _backup_state(self) -> dict[str, Any]:
        """The last backup: ``made`` (seconds, or None: never), ``ids`` (the games it held), ``since`` (when the
        reminder's week started: the first game never backed up was seen, or the player said "not now")."""
        data = read_object(self.store.get(BACKUP_KEY), flat=True)
        ids = data.get("ids")
        return {
            "made": data.get("made") if is_moment(data.get("made")) else None,
            "ids": [i for i in ids if isinstance(i, str)] if isinstance(ids, list) else [],
            "since": data.get("since") if is_moment(data.get("since")) else None,
        }

    def _save_backup_state(self, state: dict[str, Any]) -> None:
        try:
            self.store.set(BACKUP_KEY, json.dumps(state, separators=(",", ":")))
        except StorageFull:
            pass  # a reminder too many, never a game lost

    def _note_backup(self, made: float | None, ids: list[str], replace: bool) -> None:
        """Record games as backed up (a backup made: ``replace`` the list; a restore: they are in a file too)."""
        state = self._backup_state()
        kept = set(ids) if replace else set(state["ids"]) | set(ids)
        current = set(self.index.read())
        state.update(ids=sorted(kept & current), since=None if replace else state["since"])
        if made is not None:
            state["made"] = made
        self._save_backup_state(state)

    def last_backup(self) -> float | None:
        """When the last backup was made here (seconds since 1970), or None."""
        return self._backup_state()["made"]

    def backup_due(self) -> int:
        """How many saved games were never backed up, when it is time to remind the player (at most once a
        week: a week after the first such game was seen, the last backup, or the last "not now"); else 0."""
        state = self._backup_state()
        done = set(state["ids"])
        never = [gid for gid in self.index.read() if gid not in done]
        if not never:
            return 0
        now = self.clock()
        if state["since"] is None:
            state["since"] = now
            self._save_backup_state(state)
        return len(never) if now - state["since"] >= REMIND_EVERY else 0

    def remind_later(self) -> None:
        """"Not now": the backup reminder comes back in a week at the earliest."""
        state = self._backup_state()
        state["since"] = self.clock()
        self._save_backup_state(state)

    def restore(self, text: str) -> Restored:
        """Add back the games of a backup file (the rules are in the module's docstring). BackupError when the
        file is not a backup at all; every entry's own trouble is in the report, never raised."""
        items = parse_backup(text)
        report = Restored(total=len(items))
        texts = {raw: gid for gid in self.index.read() if (raw := self.store.get(PREFIX + gid)) is not None}
        for number, item in enumerate(items, 1):
            try:
                self._restore_one(item, texts, report)
            except Explained as e:
                report.damaged.append((number, title_of(item), e))
            except StorageFull:
                report.full = True
                break
            report.done = number
        self._note_backup(None, report.ids, replace=False)
        return report

    def _restore_one(self, item: Any, texts: dict[str, str], report: Restored) -> None:
        """One entry of a backup: kept if already here, else added (set aside if this version cannot replay it);
        raises SaveError or BackupError when the entry itself is damaged."""
        if not isinstance(item, dict) or not isinstance(item.get("save"), str):
            raise BackupError("backup.entry_broken")
        raw = item["save"]
        if len(raw) > save.MAX_SAVE_CHARS:
            raise SaveError("save.too_large", chars=len(raw))
        if raw in texts:
            report.kept += 1
            report.ids.append(texts[raw])
            return
        state, error = self.saved.try_load(raw)
        if error is not None and item.get("unplayable") is not True and error.key not in NOT_THE_FILES_FAULT:
            raise error  # damaged in the file: reported, skipped
        gid = item.get("id") if isinstance(item.get("id"), str) and VALID_ID.fullmatch(item["id"]) else None
        here = self.store.get(PREFIX + gid) if gid is not None else None
        if gid is not None and here is not None:
            standing = relation(here, raw)
            if standing in ("same", "newer"):
                report.kept += 1  # the copy here has every move of the backup's
                report.ids.append(gid)
                return
            if standing == "older" and not self.index.flagged(gid):
                self.bin.delete(gid)  # the backup's copy is further along: the one here goes to Recently deleted
                report.updated += 1
            else:
                gid = None  # another game under this id: both kept
        gid = gid or self.index.new_id()
        self._put_restored(gid, raw, item, state)
        texts[raw] = gid
        if error is not None:
            self.saved.set_aside(gid, error)
            report.set_aside += 1
        report.added.append(gid)
        report.ids.append(gid)

    def _put_restored(self, gid: str, raw: str, item: dict[str, Any], state: GameState | None) -> None:
        """Store a restored save exactly as it was in the backup, with its title and teaching setting."""
        self.store.set(PREFIX + gid, raw)
        updated = item.get("updated")
        coach = item.get("coach")
        hints = item.get("hints")
        entry: dict[str, Any] = {
            "title": title_of(item), "updated": updated if is_moment(updated) else self.clock(),
            "coach": coach if coach in ("hints", "guided") else None,
            "hints": hints if isinstance(hints, int) and not isinstance(hints, bool) and 0 < hints < 10**6 else None,
        }
        if state is not None:
            entry.update(where=where_of(state), game=state.GAME, rules=state.RULES_VERSION, over=state.is_terminal())
        entries = self.index.read()
        entries[gid] = {k: v for k, v in entry.items() if v is not None}
        try:
            self.index.write(entries)
        except StorageFull:
            pass  # the game is stored; its entry is rebuilt from its key


def parse_backup(text: str) -> list[Any]:
    """The entries of a backup file, not yet checked one by one. BackupError when the file is no backup
    (a single saved game is told apart: it is imported, not restored), or one of a newer format."""
    if len(text) > MAX_BACKUP_CHARS:
        raise BackupError("backup.too_large")
    try:
        if save.nesting_depth(text) > MAX_BACKUP_NESTING:
            raise BackupError("backup.not_backup")
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BackupError("backup.not_backup") from None
    if not isinstance(data, dict) or BACKUP_MARK not in data:
        is_save = isinstance(data, dict) and "actions" in data and "game" in data
        raise BackupError("backup.is_a_save" if is_save else "backup.not_backup")
    version = data[BACKUP_MARK]
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BackupError("backup.not_backup")
    if version > BACKUP_FORMAT:
        raise BackupError("backup.too_new", version=version, supported=BACKUP_FORMAT)
    games = data.get("games")
    if not isinstance(games, list):
        raise BackupError("backup.no_games")
    if len(games) > MAX_BACKUP_GAMES:
        raise BackupError("backup.too_many", count=len(games), most=MAX_BACKUP_GAMES)
    return games
