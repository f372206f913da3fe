"""``Library``: the one object the controller talks to about saved games, composed of the rooms of this package.

It adds no rule of its own: each call goes to the part whose job it is (``Index``: the list and its ids;
``SavedGames``: a game's text, loaded, checked, written, set aside; ``Bin``: Recently deleted; ``Imports``;
``Backups``), and the rules are in those modules' docstrings. The one thing said here: whenever the library
is read (``games``, ``deleted``, a backup), the games deleted more than 30 days ago go for good first.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from ...core.game import GameState
from ...core.save import SaveError
from .backup import Backups, Restored
from .bin import Bin
from .far import FarRecords
from .imports import Imports
from .index import Index
from .saved import SavedGames
from .store import Store


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
        self.clock = clock
        self.index = Index(store, clock)
        #: ``rules``: this version's rules version per game (default: from the registry, ``nile.games``)
        self.saved = SavedGames(store, self.index, load, clock, rules)
        self.bin = Bin(store, self.index, self.saved, clock)
        self.imports = Imports(self.index, self.saved, self.bin, load)
        self.backups = Backups(store, clock, self.index, self.saved, self.bin)
        #: the records of games played from afar (issue 44), beside their public games
        self.far = FarRecords(store)

    @property
    def explain(self) -> Callable[[Exception], str]:
        """Says a SaveError in the player's language (the controller sets it; nile.messages.say by default)."""
        return self.index.explain

    @explain.setter
    def explain(self, explain: Callable[[Exception], str]) -> None:
        self.index.explain = explain

    @property
    def known(self) -> dict[str, str]:
        """Per game id: the exact text this tab last read or wrote (for conflict checks)."""
        return self.saved.known

    # ---------------------------------------------------------------- the list (index.py)
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
        self.bin.read()  # games deleted more than 30 days ago go for good whenever the library is read
        return self.index.games()

    def new_id(self) -> str:
        return self.index.new_id()

    def coach(self, gid: str) -> str:
        return self.index.coach(gid)

    def set_coach(self, gid: str, coach: str) -> None:
        self.index.set_coach(gid, coach)

    def hints(self, gid: str) -> int:
        return self.index.hints(gid)

    def add_hint(self, gid: str) -> int:
        return self.index.add_hint(gid)

    # ---------------------------------------------------------------- a game's text (saved.py)
    def load(self, gid: str) -> GameState:
        return self.saved.load(gid)

    def look(self, gid: str) -> GameState:
        return self.saved.look(gid)

    def check(self, gid: str) -> SaveError | None:
        return self.saved.check(gid)

    def check_stale(self) -> dict[str, SaveError]:
        return self.saved.check_stale()

    def write(self, gid: str, state: GameState, title: str) -> bool:
        return self.saved.write(gid, state, title)

    def raw(self, gid: str) -> str | None:
        return self.saved.raw(gid)

    def delete_for_good(self, gid: str) -> None:
        self.saved.delete_for_good(gid)

    # ---------------------------------------------------------------- Recently deleted (bin.py)
    def delete(self, gid: str) -> str | None:
        return self.bin.delete(gid)

    def deleted(self) -> list[dict[str, Any]]:
        return self.bin.deleted()

    def delete_far(self, gid: str, entry: dict[str, Any]) -> str | None:
        """A game played from afar that never began, to Recently deleted (``Bin.delete_far``)."""
        tid = self.bin.delete_far(gid, entry)
        self.far.known.pop(gid, None)
        return tid

    def undelete(self, tid: str) -> str:
        return self.bin.undelete(tid)

    def purge(self, tid: str) -> None:
        self.bin.purge(tid)

    # ---------------------------------------------------------------- imports (imports.py)
    def same_game(self, text: str) -> str | None:
        return self.imports.same_game(text)

    def import_text(self, text: str, title: str) -> str:
        return self.imports.import_text(text, title)

    def import_save(self, text: str, title: str) -> tuple[str, str | None]:
        return self.imports.import_save(text, title)

    # ---------------------------------------------------------------- backups (backup.py)
    def backup(self) -> tuple[str, int]:
        return self.backups.backup()

    def last_backup(self) -> float | None:
        return self.backups.last_backup()

    def backup_due(self) -> int:
        return self.backups.backup_due()

    def remind_later(self) -> None:
        self.backups.remind_later()

    def restore(self, text: str) -> Restored:
        return self.backups.restore(text)
