"""Saved games in a key-value store (the browser's localStorage), with nothing ever lost.

Pure Python: the store is anything with ``get/set/remove/keys`` (``MemoryStore``
here for tests; ``nile.web.app`` wraps localStorage). Each game lives under
``nile:game:<id>`` as a save file (``nile.core.save``); ``nile:index`` lists
them for the home screen. Rules kept:

- a save that does not load (corrupt, tampered, too new, or played under
  rules this version can no longer replay) is *set aside*: it stays under its
  key exactly as it was (``raw`` exports it), the index records why
  (``unplayable``: the ``SaveError``'s key and parameters, so the home screen
  says it in the player's language), nothing writes over it, and the home screen
  still lists everything else. Only the player deletes it. Should a later
  version replay it again, loading it clears the flag;
- after an update, ``check_stale()`` replays the games last replayed under other
  rules, so an unplayable one is flagged before the player opens it;
- a full store raises ``StorageFull``; the caller keeps playing in memory;
- a store cleared under a running page (the game's key and the index gone) gets the open
  game written back at its next save, and ``write`` says it was cleared;
- before writing, the stored game must still be the one this tab last wrote
  (its actions a prefix of ours): another tab's progress is never silently
  overwritten (``SaveConflict``);
- nothing is lost by a slip: ``delete`` moves a game to *Recently deleted*
  (``nile:bin:<id>~<ms>``, its save text exactly as stored, playable or set aside,
  and its index entry in ``nile:bin``) for ``KEEP_DELETED`` (30 days), restorable
  with ``undelete``; only ``purge`` (the player confirmed) or the 30 days (checked
  whenever the library is read) remove it for good. A game an import replaces (the
  same game further along: ``import_text``) goes there too. When there is no room
  to keep a deleted game, ``delete`` raises ``StorageFull`` and changes nothing
  (the page may then ask to ``delete_for_good``);
- ``backup()`` is every saved game in one file (``{"nile-backup": 1, "made",
  "games": [{"id", "title", "coach", "hints", "updated", "unplayable", "save"}]}``, each
  save exactly its stored text); ``restore(text)`` adds them back: a game already
  here is kept and never added twice (the same id with the same moves, or one
  copy's moves a prefix of the other's, or the same save text anywhere): of two
  copies of one game the one further along is kept, the other goes to Recently
  deleted (a restore never loses a move); a different game under a used id gets
  a new id. An entry whose save does not replay for a reason in the file itself
  (corrupt, tampered) is *damaged*: reported (which, why) and skipped; one this
  version cannot replay (other rules, a newer format, unknown game) or that was
  set aside already when backed up is restored set aside, not lost. A file that
  is no backup (or a newer format of one) is refused as a whole (``BackupError``);
- the last backup is recorded (``nile:backup``: when, which games); a reminder
  is due (``backup_due``) when games that were never backed up have existed for a
  week since the last backup or the last "not now" (``remind_later``).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..core import save
from ..core.explained import Explained
from ..core.game import GameState
from ..core.save import SaveError
from ..messages import say

PREFIX = "nile:game:"
INDEX_KEY = "nile:index"
MAX_TITLE = 80
#: a stored reason's texts are cut to this length (the index lives in localStorage too)
MAX_REASON = 300
#: Recently deleted: each game's save under ``BIN_PREFIX + "<id>~<ms deleted, hex>"``, their entries in BIN_KEY
BIN_PREFIX = "nile:bin:"
BIN_KEY = "nile:bin"
DAY = 24 * 3600
#: how long a deleted game stays restorable
KEEP_DELETED = 30 * DAY
#: the last backup: ``{"made": seconds, "ids": [...], "since": seconds}``
BACKUP_KEY = "nile:backup"
#: the backup reminder shows at most this often
REMIND_EVERY = 7 * DAY
BACKUP_MARK = "nile-backup"
BACKUP_FORMAT = 1
#: localStorage holds some 5 million characters: a backup of it all is well under this
MAX_BACKUP_CHARS = 20_000_000
MAX_BACKUP_GAMES = 1000
#: a moment in seconds since 1970 that is no later than the year 5000 (a tampered one is not believed)
MAX_TIME = 95_000_000_000
#: no game was deleted before Nile existed (2025): a key name saying otherwise was tampered with
NILE_EPOCH = 1_735_689_600
#: a backup nests 3 deep (its saves are strings)
MAX_BACKUP_NESTING = 8
#: a game id from a file: what ``new_id`` makes, and no more
_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")
#: why a save may not replay that is no fault of the file: restored set aside, not reported damaged
NOT_THE_FILES_FAULT = frozenset({
    "save.rules_changed", "save.rules_too_new", "save.too_new", "save.unknown_game", "save.crashed",
})


class Store(Protocol):
    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> Iterable[str]: ...


class StorageFull(Exception):
    """The store refused a write for lack of space."""


class SaveConflict(Exception):
    """The stored game moved on elsewhere (another tab) since this tab last saved it."""


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

    def __init__(
        self,
        store: Store,
        load: Callable[[Any], GameState],
        clock: Callable[[], float] = time.time,
        rules: Mapping[str, int] | None = None,
    ) -> None:
        self.store = store
        self._load = load
        self.clock = clock
        #: this version's rules version per game (default: from the registry, ``nile.games``)
        self._rules = rules
        #: says a SaveError in the player's language (the controller sets it; nile.messages.say by default)
        self.explain: Callable[[Exception], str] = say
        #: per game id: the exact text this tab last read or wrote (for conflict checks)
        self.known: dict[str, str] = {}

    # ---------------------------------------------------------------- the index
    def _read_index(self) -> dict[str, dict[str, Any]]:
        entries = _stored_entries(self.store.get(INDEX_KEY))
        # games whose key exists but that the index forgot are listed again; which games exist is
        # told by the keys alone, so an autosave never reads the other games' texts
        stored = {key[len(PREFIX):] for key in self.store.keys() if key.startswith(PREFIX)}
        for gid in stored - entries.keys():
            entries[gid] = {}
        return {gid: e for gid, e in entries.items() if gid in stored}

    def _write_index(self, entries: dict[str, dict[str, Any]]) -> None:
        self.store.set(INDEX_KEY, json.dumps(entries, separators=(",", ":")))

    def games(self) -> list[dict[str, Any]]:
        """Every stored game for the home screen, newest first; unplayable ones flagged, never dropped.

        Each entry: ``id``; ``title``; ``where`` — where the game stands, in no language (``where_of``;
        None for an entry an older release wrote, which has a ``summary`` in words instead); and
        ``updated`` (seconds since 1970, 0 if unknown); ``game`` (the registry name the save
        names, or None) and ``rules`` (the rules version it last replayed under, or None);
        ``unplayable``: None, or the ``SaveError`` saying why it cannot be opened (say it with
        ``nile.core.explained.say(error, lang)``; ``.key`` tells e.g. ``save.rules_changed``
        from a corrupt file); ``damaged``: the same reason in words as said when it was found
        (None when playable). An unplayable game can still be exported (``raw``) or deleted.
        """
        self._read_bin()  # games deleted more than 30 days ago go for good whenever the library is read
        result = [self._listing(gid, entry, PREFIX + gid) for gid, entry in self._read_index().items()]
        result.sort(key=lambda e: -float(e["updated"] or 0))
        return result

    def _listing(self, gid: str, entry: dict[str, Any], key: str) -> dict[str, Any]:
        """One game as ``games()`` lists it, from its index entry (and its save under ``key`` if need be)."""
        unplayable = _error_from_json(entry.get("unplayable"))
        damaged = str(entry.get("damaged", ""))[:MAX_REASON] or None
        if unplayable is None and damaged:  # flagged by an older release, in words only
            unplayable = SaveError("save.reason_as_stored", words=damaged)
        if damaged is None and unplayable is not None:
            damaged = self.explain(unplayable)[:MAX_REASON]
        game = entry.get("game")
        rules = entry.get("rules")
        if not isinstance(game, str):
            game, rules = _peek(self.store.get(key))
        return {
            "id": gid,
            "title": str(entry.get("title", ""))[:MAX_TITLE],  # may be empty: the page names it
            "updated": entry.get("updated", 0) if isinstance(entry.get("updated"), (int, float)) else 0,
            "where": _where_from_json(entry.get("where")),
            "summary": str(entry.get("summary", ""))[:MAX_TITLE],
            "game": game[:MAX_TITLE] if isinstance(game, str) else None,
            "rules": rules if isinstance(rules, int) and not isinstance(rules, bool) else None,
            "unplayable": unplayable,
            "damaged": damaged,
            "over": entry.get("over") is True,
        }

    def _peek(self, gid: str) -> tuple[str | None, int | None]:
        """The game and rules version a stored save names, without replaying it (None if unreadable)."""
        return _peek(self.store.get(PREFIX + gid))

    def _update_index(self, gid: str, **fields: Any) -> None:
        """Set fields of a game's index entry; a field given as None is removed."""
        entries = self._read_index()
        entry = entries.get(gid, {})
        entry.update(fields)
        entries[gid] = {k: v for k, v in entry.items() if v is not None}
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
        """The game, replayed. A save that does not replay raises SaveError and is set aside:
        kept as it is, flagged ``unplayable`` in the index, never written over."""
        raw = self.store.get(PREFIX + gid)
        if raw is None:
            raise SaveError("save.gone")
        state = self._replay(gid, raw)
        self.known[gid] = raw
        return state

    def look(self, gid: str) -> GameState:
        """The stored game, replayed, for a tab that only shows it (another tab plays it): nothing is
        written, not even the index. SaveError if it is gone or does not replay."""
        raw = self.store.get(PREFIX + gid)
        if raw is None:
            raise SaveError("save.gone")
        try:
            return self._load(raw)
        except SaveError:
            raise
        except Exception as e:  # noqa: BLE001 - an engine failure: said, never a broken page
            raise SaveError("save.crashed", error=f"{type(e).__name__}: {e}"[:MAX_REASON]) from e

    def check(self, gid: str) -> SaveError | None:
        """Replay a stored game without opening it: why it cannot be opened (now flagged), or
        None (it replays; an old flag is cleared)."""
        raw = self.store.get(PREFIX + gid)
        if raw is None:
            return SaveError("save.gone")
        try:
            self._replay(gid, raw)
        except SaveError as e:
            return e
        return None

    def check_stale(self) -> dict[str, SaveError]:
        """After an update: ``check`` every game not yet replayed under this version's rules
        for its game (and every game flagged under other rules). Returns every unplayable
        game, by id, with why. Games already checked under these rules are not replayed."""
        current = self._current_rules()
        found: dict[str, SaveError] = {}
        for gid, entry in self._read_index().items():
            game, rules = entry.get("game"), entry.get("rules")
            if not isinstance(game, str):
                game, rules = self._peek(gid)
            now = current.get(game) if isinstance(game, str) else None
            flag = _error_from_json(entry.get("unplayable"))
            if entry.get("unplayable") is None and entry.get("damaged"):  # an older release's flag
                stale = True
            elif flag is not None:
                stale = now is None or entry.get("judged") != now
            else:
                stale = now is None or rules != now
            if stale:
                flag = self.check(gid)
            elif flag is None and entry.get("damaged"):
                flag = SaveError("save.reason_as_stored", words=str(entry["damaged"])[:MAX_REASON])
            if flag is not None:
                found[gid] = flag
        return found

    def _current_rules(self) -> Mapping[str, int]:
        if self._rules is None:
            from ..games import GAMES

            self._rules = {name: spec.rules_version for name, spec in GAMES.items()}
        return self._rules

    def _replay(self, gid: str, raw: str) -> GameState:
        """Load ``raw``; record in the index whether it replays (and why not)."""
        try:
            state = self._load(raw)
        except SaveError as e:
            self._set_aside(gid, e)
            raise
        except Exception as e:  # an engine failure is this version's fault, never a reason to lose the save
            error = SaveError("save.crashed", error=f"{type(e).__name__}: {e}"[:MAX_REASON])
            self._set_aside(gid, error)
            raise error from e
        self._update_index(
            gid, game=state.GAME, rules=state.RULES_VERSION, unplayable=None, damaged=None, judged=None
        )
        return state

    def _set_aside(self, gid: str, error: SaveError) -> None:
        game, _ = self._peek(gid)
        judged = self._current_rules().get(game) if game is not None else None
        self._update_index(
            gid,
            unplayable=_error_json(error),
            damaged=self.explain(error)[:MAX_REASON],
            judged=judged,
            game=game,
        )

    def write(self, gid: str, state: GameState, title: str) -> bool:
        """Save the game; StorageFull or SaveConflict leave the stored copy as it was.

        Only a text this tab read and replayed (or wrote) is ever written over: an
        unplayable save, or another tab's progress, raises SaveConflict. Returns True when
        the storage was cleared since this tab last wrote the game (its key and the index
        both gone: the browser or the player cleared the site's data under the running
        page): the game is written back all the same, and the caller says so."""
        stored = self.store.get(PREFIX + gid)
        cleared = stored is None and gid in self.known and self.store.get(INDEX_KEY) is None
        if stored is not None and stored != self.known.get(gid):
            flagged = self._read_index().get(gid, {})
            if flagged.get("unplayable") or flagged.get("damaged"):
                raise SaveConflict("an unplayable save is never written over")
            raise SaveConflict("this game was changed in another tab")
        text = save.dumps(state)
        self.store.set(PREFIX + gid, text)
        self.known[gid] = text
        self._update_index(
            gid, title=title[:MAX_TITLE], where=where_of(state), summary=None, updated=self.clock(), game=state.GAME,
            rules=state.RULES_VERSION, unplayable=None, damaged=None, judged=None, over=state.is_terminal(),
        )
        return cleared


    # ---------------------------------------------------------------- recently deleted
    def delete(self, gid: str) -> str | None:
        """Move a game to Recently deleted: its save exactly as stored (playable or set aside) and its index
        entry, restorable for 30 days. Returns its id there (None: there was no such game). StorageFull when
        there is no room to keep it: nothing changed (the caller may offer ``delete_for_good``)."""
        raw = self.store.get(PREFIX + gid)
        entries = self._read_index()
        tid = self._to_bin(gid, raw, entries.get(gid, {})) if raw is not None else None
        self.delete_for_good(gid)
        return tid

    def delete_for_good(self, gid: str) -> None:
        """Remove a game and its index entry, keeping nothing (the player confirmed it)."""
        self.store.remove(PREFIX + gid)
        self.known.pop(gid, None)
        entries = self._read_index()
        entries.pop(gid, None)
        try:
            self._write_index(entries)
        except StorageFull:
            pass

    def _to_bin(self, gid: str, raw: str, entry: dict[str, Any]) -> str:
        """Keep a save in Recently deleted; StorageFull leaves nothing behind."""
        now = self.clock()
        base = tid = f"{gid}~{int(now * 1000):x}"
        n = 1
        while self.store.get(BIN_PREFIX + tid) is not None:
            n += 1
            tid = f"{base}-{n}"
        items = self._read_bin(purge=False)
        self.store.set(BIN_PREFIX + tid, raw)
        items[tid] = {"id": gid, "deleted": now, "entry": entry}
        try:
            self._write_bin(items)
        except StorageFull:
            self.store.remove(BIN_PREFIX + tid)
            raise
        return tid

    def _read_bin(self, purge: bool = True) -> dict[str, dict[str, Any]]:
        """Recently deleted, by id there: ``{"id", "deleted", "entry"}``. Which games are there is told by the
        keys (an entry the bin's index lost is rebuilt from its key's name); with ``purge``, those deleted
        more than 30 days ago are removed for good."""
        listed = _stored_entries(self.store.get(BIN_KEY))
        items: dict[str, dict[str, Any]] = {}
        for key in self.store.keys():
            if not key.startswith(BIN_PREFIX):
                continue
            tid = key[len(BIN_PREFIX):]
            item = listed.get(tid, {})
            gid, deleted, entry = item.get("id"), item.get("deleted"), item.get("entry")
            if not _is_number(deleted):
                deleted = _bin_time(tid)
            items[tid] = {
                "id": gid if isinstance(gid, str) else tid.rsplit("~", 1)[0],
                "deleted": self.clock() if deleted is None else deleted,  # unknown: its 30 days start now
                "entry": entry if isinstance(entry, dict) else {},
            }
        expired = [tid for tid, item in items.items() if purge and item["deleted"] < self.clock() - KEEP_DELETED]
        for tid in expired:
            self.store.remove(BIN_PREFIX + tid)
            del items[tid]
        if expired or listed != items:
            try:
                self._write_bin(items)
            except StorageFull:
                pass  # rebuilt from the keys next time
        return items

    def _write_bin(self, items: dict[str, dict[str, Any]]) -> None:
        self.store.set(BIN_KEY, json.dumps(items, separators=(",", ":")))

    def deleted(self) -> list[dict[str, Any]]:
        """Recently deleted games, the last deleted first: the fields of ``games()`` as they were when deleted,
        with ``bin_id`` (what ``undelete`` and ``purge`` take), ``deleted`` and ``until`` (seconds since 1970)."""
        result = []
        for tid, item in self._read_bin().items():
            listing = self._listing(item["id"], item["entry"], BIN_PREFIX + tid)
            listing.update(bin_id=tid, deleted=item["deleted"], until=item["deleted"] + KEEP_DELETED)
            result.append(listing)
        result.sort(key=lambda e: -float(e["deleted"]))
        return result

    def undelete(self, tid: str) -> str:
        """Put a deleted game back among the saved games, exactly as it was (set aside if it was); returns its
        id: its own, or a new one when that id is in use again. SaveError ``save.gone`` when it is no longer
        there; StorageFull: nothing changed."""
        items = self._read_bin()
        raw = self.store.get(BIN_PREFIX + tid)
        if tid not in items or raw is None:
            raise SaveError("save.gone")
        gid = items[tid]["id"]
        if not _ID.fullmatch(gid) or self.store.get(PREFIX + gid) is not None:
            gid = self.new_id()
        self.store.set(PREFIX + gid, raw)
        entries = self._read_index()
        entries[gid] = dict(items[tid]["entry"])
        try:
            self._write_index(entries)
        except StorageFull:
            pass  # the game is back; its entry is rebuilt from its key
        self.purge(tid)
        return gid

    def purge(self, tid: str) -> None:
        """Remove a game from Recently deleted for good (the player confirmed it)."""
        self.store.remove(BIN_PREFIX + tid)
        self._read_bin(purge=False)  # its entry goes with its key

    def coach(self, gid: str) -> str:
        """How a stored game teaches: "" not at all, "hints" (what can be done now), "guided" (a guided
        first game: hints and lessons). Kept in the index, not in the save: an export is an ordinary game."""
        value = self._read_index().get(gid, {}).get("coach")
        return value if value in ("hints", "guided") else ""

    def set_coach(self, gid: str, coach: str) -> None:
        self._update_index(gid, coach=coach or None)

    def hints(self, gid: str) -> int:
        """How many of the coach's hints a stored game was played with (issue 22); kept in the index like
        ``coach``: a record written before hints existed has none (0)."""
        value = self._read_index().get(gid, {}).get("hints")
        return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0

    def add_hint(self, gid: str) -> int:
        """One more hint used in a stored game; returns the new count."""
        count = self.hints(gid) + 1
        self._update_index(gid, hints=count)
        return count

    def raw(self, gid: str) -> str | None:
        """The stored text exactly as it is (to export even an unplayable save)."""
        return self.store.get(PREFIX + gid)

    def same_game(self, text: str) -> str | None:
        """The id of a stored game whose save is this very game (same seed, options and moves):
        importing a file twice opens the copy already kept instead of making a second one."""
        return self._stored_copy(text, "same")

    def _stored_copy(self, text: str, relation: str) -> str | None:
        """The id of a stored game whose save stands to ``text`` as ``relation`` says (see ``_relation``)."""
        try:
            wanted = save.parse(text)
        except SaveError:
            return None
        for gid in self._read_index():
            raw = self.store.get(PREFIX + gid)
            if raw is not None and _relation(raw, wanted) == relation:
                return gid
        return None

    def import_text(self, text: str, title: str) -> str:
        """Check an imported save by replaying it and store it (``import_save``); its id. SaveError if bad."""
        return self.import_save(text, title)[0]

    def import_save(self, text: str, title: str) -> tuple[str, str | None]:
        """Check an imported save by replaying it; store it under a new id — or, when it is a stored playable
        game further along (the stored moves a strict prefix of the file's), in that game's place, the stored
        copy going to Recently deleted. Returns the game's id and, if one was replaced, the earlier copy's id in
        Recently deleted. SaveError if bad; StorageFull if there is no room (the earlier copy is kept)."""
        state = self._load(text)
        older = self._stored_copy(text, "older")
        if older is not None and self._flagged(older):
            older = None  # a set-aside save is never replaced
        replaced = None
        if older is not None:
            coach = self.coach(older)
            replaced = self.delete(older)
            gid = older
            self.write(gid, state, title)
            self.set_coach(gid, coach)
        else:
            gid = self.new_id()
            self.write(gid, state, title)
        return gid, replaced

    def _flagged(self, gid: str) -> bool:
        entry = self._read_index().get(gid, {})
        return bool(entry.get("unplayable") or entry.get("damaged"))

    # ---------------------------------------------------------------- backups
    def backup(self) -> tuple[str, int]:
        """Every saved game in one file (the format is in the module's docstring; each save exactly as stored,
        set-aside ones too) and how many games it holds; recorded as the last backup."""
        index = self._read_index()
        games = []
        for g in self.games():
            raw = self.store.get(PREFIX + g["id"])
            if raw is None:
                continue
            coach = index.get(g["id"], {}).get("coach")
            games.append({
                "id": g["id"], "title": g["title"], "coach": coach if coach in ("hints", "guided") else "",
                "hints": self.hints(g["id"]),
                "updated": g["updated"], "unplayable": g["unplayable"] is not None, "save": raw,
            })
        now = self.clock()
        text = json.dumps({BACKUP_MARK: BACKUP_FORMAT, "made": now, "games": games}, ensure_ascii=False, indent=1)
        self._note_backup(now, [g["id"] for g in games], replace=True)
        return text, len(games)

    def _backup_state(self) -> dict[str, Any]:
        """The last backup: ``made`` (seconds, or None: never), ``ids`` (the games it held), ``since`` (when the
        reminder's week started: the first game never backed up was seen, or the player said "not now")."""
        data = _stored_entries(self.store.get(BACKUP_KEY), flat=True)
        ids = data.get("ids")
        return {
            "made": data.get("made") if _is_number(data.get("made")) else None,
            "ids": [i for i in ids if isinstance(i, str)] if isinstance(ids, list) else [],
            "since": data.get("since") if _is_number(data.get("since")) else None,
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
        current = set(self._read_index())
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
        never = [gid for gid in self._read_index() if gid not in done]
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
        texts = {raw: gid for gid in self._read_index() if (raw := self.store.get(PREFIX + gid)) is not None}
        for number, item in enumerate(items, 1):
            try:
                self._restore_one(item, texts, report)
            except Explained as e:
                report.damaged.append((number, _title_of(item), e))
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
        state, error = self._try_load(raw)
        if error is not None and item.get("unplayable") is not True and error.key not in NOT_THE_FILES_FAULT:
            raise error  # damaged in the file: reported, skipped
        gid = item.get("id") if isinstance(item.get("id"), str) and _ID.fullmatch(item["id"]) else None
        here = self.store.get(PREFIX + gid) if gid is not None else None
        if gid is not None and here is not None:
            relation = _relation(here, raw)
            if relation in ("same", "newer"):
                report.kept += 1  # the copy here has every move of the backup's
                report.ids.append(gid)
                return
            if relation == "older" and not self._flagged(gid):
                self.delete(gid)  # the backup's copy is further along: the one here goes to Recently deleted
                report.updated += 1
            else:
                gid = None  # another game under this id: both kept
        gid = gid or self.new_id()
        self._put_restored(gid, raw, item, state)
        texts[raw] = gid
        if error is not None:
            self._set_aside(gid, error)
            report.set_aside += 1
        report.added.append(gid)
        report.ids.append(gid)

    def _try_load(self, raw: str) -> tuple[GameState | None, SaveError | None]:
        try:
            return self._load(raw), None
        except SaveError as e:
            return None, e
        except Exception as e:  # noqa: BLE001 - an engine failure is this version's fault: set aside, not lost
            return None, SaveError("save.crashed", error=f"{type(e).__name__}: {e}"[:MAX_REASON])

    def _put_restored(self, gid: str, raw: str, item: dict[str, Any], state: GameState | None) -> None:
        """Store a restored save exactly as it was in the backup, with its title and teaching setting."""
        self.store.set(PREFIX + gid, raw)
        updated = item.get("updated")
        coach = item.get("coach")
        hints = item.get("hints")
        entry: dict[str, Any] = {
            "title": _title_of(item), "updated": updated if _is_number(updated) else self.clock(),
            "coach": coach if coach in ("hints", "guided") else None,
            "hints": hints if isinstance(hints, int) and not isinstance(hints, bool) and 0 < hints < 10**6 else None,
        }
        if state is not None:
            entry.update(where=where_of(state), game=state.GAME, rules=state.RULES_VERSION, over=state.is_terminal())
        entries = self._read_index()
        entries[gid] = {k: v for k, v in entry.items() if v is not None}
        try:
            self._write_index(entries)
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


def _relation(here: str, other: str | dict[str, Any]) -> str | None:
    """How two saves of one game stand: "same" moves; "older" (here's moves a strict prefix of the other's) or
    "newer" (the other way round); None: not the same game (game, options, seed), moves that part, unreadable."""
    try:
        a = save.parse(here)
        b = other if isinstance(other, dict) else save.parse(other)
    except SaveError:
        return None
    if any(a.get(k) != b.get(k) for k in ("game", "options", "seed")):
        return None
    x, y = a["actions"], b["actions"]
    if x == y:
        return "same"
    if len(x) < len(y) and y[: len(x)] == x:
        return "older"
    if len(y) < len(x) and x[: len(y)] == y:
        return "newer"
    return None


def _title_of(item: Any) -> str:
    title = item.get("title") if isinstance(item, dict) else None
    return title[:MAX_TITLE] if isinstance(title, str) else ""


def _is_number(value: Any) -> bool:
    """A moment we could have stored (seconds since 1970, before the year 5000): not a tampered Infinity."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < MAX_TIME


def _bin_time(tid: str) -> float | None:
    """When a game went to Recently deleted, from its key's name (``<id>~<ms, hex>[-n]``; None if unreadable)."""
    stamp = tid.rsplit("~", 1)[-1].split("-", 1)[0]
    try:
        seconds = int(stamp[:16], 16) / 1000
    except ValueError:
        return None
    return seconds if _is_number(seconds) and seconds >= NILE_EPOCH else None


def _stored_entries(raw: str | None, flat: bool = False) -> dict[str, Any]:
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


def _peek(raw: str | None) -> tuple[str | None, int | None]:
    """The game and rules version a save names, without replaying it (None if unreadable)."""
    try:
        if raw is None or len(raw) > save.MAX_SAVE_CHARS or save.nesting_depth(raw) > save.MAX_NESTING:
            return None, None
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return None, None
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        return None, None
    rules = data.get("rules", save.FORMAT_1_RULES if data.get("format") == 1 else None)
    return data["game"], rules if isinstance(rules, int) and not isinstance(rules, bool) else None


def where_of(state: GameState) -> dict[str, Any]:
    """Where a game stands, for the saved-games list, in no language (the page words it in the
    player's): the round, and who is to play (several at once: a secret decision) or who won."""
    names = [str(p.get("name", "")) for p in state.options_json()["players"]]
    seats = state.final["winners"] if state.is_terminal() and state.final else state.to_act()
    who = [names[p] for p in seats if 0 <= p < len(names)]
    return {"round": state.round, "winners" if state.is_terminal() else "to_play": who}


def _where_from_json(data: Any) -> dict[str, Any] | None:
    """A stored ``where``, checked (the index is ours, but storage can be edited by hand)."""
    if not isinstance(data, dict) or not isinstance(data.get("round"), int):
        return None
    key = "winners" if "winners" in data else "to_play"
    who = data.get(key)
    if not isinstance(who, list) or not all(isinstance(n, str) for n in who):
        return None
    return {"round": data["round"], key: [n[:MAX_TITLE] for n in who][:8]}


# ---------------------------------------------------------------- reasons in the index
def _error_json(error: Explained) -> dict[str, Any]:
    """A reason as JSON for the index: its key and parameters (an error inside, the same way)."""
    return {"key": error.key, "params": {str(k): _param_json(v, 0) for k, v in error.params.items()}}


def _param_json(value: Any, depth: int) -> Any:
    if isinstance(value, Explained) and depth < 4:
        return {"error": {"key": value.key, "params": {str(k): _param_json(v, depth + 1) for k, v in value.params.items()}}}
    if isinstance(value, bool) or value is None or isinstance(value, (int, float)):
        return value
    if isinstance(value, (list, tuple)) and depth < 4:
        return [_param_json(v, depth + 1) for v in value[:50]]
    return str(value)[:MAX_REASON]


def _error_from_json(data: Any) -> SaveError | None:
    """The reason an index entry records, rebuilt (None if absent or not a reason we wrote)."""
    error = _explained_from_json(data, 0)
    if error is None or not error.key.startswith("save."):
        return None
    return SaveError(error.key, **error.params)


def _explained_from_json(data: Any, depth: int) -> Explained | None:
    if not isinstance(data, dict) or not isinstance(data.get("key"), str) or not isinstance(data.get("params"), dict):
        return None
    if depth > 4 or len(data["key"]) > MAX_TITLE:
        return None
    params = {}
    for k, v in data["params"].items():
        if not isinstance(k, str) or not k.isidentifier():
            return None
        inner = v.get("error") if isinstance(v, dict) and set(v) == {"error"} else None
        if inner is not None:
            v = _explained_from_json(inner, depth + 1)
            if v is None:
                return None
        elif isinstance(v, str):
            v = v[:MAX_REASON]
        params[k] = v
    return Explained(data["key"], **params)
