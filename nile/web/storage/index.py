"""The list of saved games (``nile:index``): which games there are, their ids, and what the home screen shows.

Each game lives under ``nile:game:<id>`` as a save file (``nile.core.save``); ``nile:index`` lists them for
the home screen, an entry per id: title, ``where`` (``where.py``), updated, the game and rules version it
last replayed under, why it is set aside (``reasons.py``), and how it teaches. Rules kept:

- which games exist is told by the keys alone: a game whose key exists but that the index forgot is listed
  again, an entry without its key is dropped, and an autosave never reads the other games' texts;
- the index can always be rebuilt from the keys, so a full store while writing it loses nothing (ignored);
- an unplayable game is flagged in its entry, never dropped from the list: it can still be exported or
  deleted, and its reason is said in the player's language;
- how a game teaches (``coach``) and how many hints it was played with (``hints``) are kept in the index,
  not in the save: an export is an ordinary game;
- a new id is the clock in hex milliseconds (``-2``, ``-3``, … when taken); an id from a file is believed
  only if it is what ``new_id`` makes (``VALID_ID``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from ...core.save import SaveError
from ...messages import say
from .peek import peek
from .reasons import MAX_REASON, error_from_json
from .store import StorageFull, Store, read_object
from .where import MAX_TITLE, where_from_json

PREFIX = "nile:game:"
INDEX_KEY = "nile:index"
#: a game id from a file: what ``new_id`` makes, and no more
VALID_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")


class Index:
    """The index of one browser's saved games."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock
        #: says a SaveError in the player's language (the controller sets it; nile.messages.say by default)
        self.explain: Callable[[Exception], str] = say

    def read(self) -> dict[str, dict[str, Any]]:
        entries = read_object(self.store.get(INDEX_KEY))
        # games whose key exists but that the index forgot are listed again; which games exist is
        # told by the keys alone, so an autosave never reads the other games' texts
        stored = {key[len(PREFIX):] for key in self.store.keys() if key.startswith(PREFIX)}
        for gid in stored - entries.keys():
            entries[gid] = {}
        return {gid: e for gid, e in entries.items() if gid in stored}

    def write(self, entries: dict[str, dict[str, Any]]) -> None:
        self.store.set(INDEX_KEY, json.dumps(entries, separators=(",", ":")))

    def update(self, gid: str, **fields: Any) -> None:
        """Set fields of a game's index entry; a field given as None is removed."""
        entries = self.read()
        entry = entries.get(gid, {})
        entry.update(fields)
        entries[gid] = {k: v for k, v in entry.items() if v is not None}
        try:
            self.write(entries)
        except StorageFull:
            pass  # the index can always be rebuilt from the keys

    def games(self) -> list[dict[str, Any]]:
        """Every stored game, listed (``listing``), newest first."""
        result = [self.listing(gid, entry, PREFIX + gid) for gid, entry in self.read().items()]
        result.sort(key=lambda e: -float(e["updated"] or 0))
        return result

    def listing(self, gid: str, entry: dict[str, Any], key: str) -> dict[str, Any]:
        """One game as ``games()`` lists it, from its index entry (and its save under ``key`` if need be)."""
        unplayable = error_from_json(entry.get("unplayable"))
        damaged = str(entry.get("damaged", ""))[:MAX_REASON] or None
        if unplayable is None and damaged:  # flagged by an older release, in words only
            unplayable = SaveError("save.reason_as_stored", words=damaged)
        if damaged is None and unplayable is not None:
            damaged = self.explain(unplayable)[:MAX_REASON]
        game = entry.get("game")
        rules = entry.get("rules")
        if not isinstance(game, str):
            game, rules = peek(self.store.get(key))
        return {
            "id": gid,
            "title": str(entry.get("title", ""))[:MAX_TITLE],  # may be empty: the page names it
            "updated": entry.get("updated", 0) if isinstance(entry.get("updated"), (int, float)) else 0,
            "where": where_from_json(entry.get("where")),
            "summary": str(entry.get("summary", ""))[:MAX_TITLE],
            "game": game[:MAX_TITLE] if isinstance(game, str) else None,
            "rules": rules if isinstance(rules, int) and not isinstance(rules, bool) else None,
            "unplayable": unplayable,
            "damaged": damaged,
            "over": entry.get("over") is True,
        }

    def peek(self, gid: str) -> tuple[str | None, int | None]:
        """The game and rules version a stored save names, without replaying it (None if unreadable)."""
        return peek(self.store.get(PREFIX + gid))

    def new_id(self) -> str:
        base = f"{int(self.clock() * 1000):x}"
        gid, n = base, 1
        while self.store.get(PREFIX + gid) is not None:
            n += 1
            gid = f"{base}-{n}"
        return gid

    def flagged(self, gid: str) -> bool:
        """Whether a stored game is set aside (unplayable here, or flagged so by an older release)."""
        entry = self.read().get(gid, {})
        return bool(entry.get("unplayable") or entry.get("damaged"))

    def coach(self, gid: str) -> str:
        """How a stored game teaches: "" not at all, "hints" (what can be done now), "guided" (a guided
        first game: hints and lessons). Kept in the index, not in the save: an export is an ordinary game."""
        value = self.read().get(gid, {}).get("coach")
        return value if value in ("hints", "guided") else ""

    def set_coach(self, gid: str, coach: str) -> None:
        self.update(gid, coach=coach or None)

    def hints(self, gid: str) -> int:
        """How many of the coach's hints a stored game was played with (issue 22); kept in the index like
        ``coach``: a record written before hints existed has none (0)."""
        value = self.read().get(gid, {}).get("hints")
        return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0

    def add_hint(self, gid: str) -> int:
        """One more hint used in a stored game; returns the new count."""
        count = self.hints(gid) + 1
        self.update(gid, hints=count)
        return count
