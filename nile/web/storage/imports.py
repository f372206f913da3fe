"""A saved game brought in from a file: checked by replaying it, never stored twice, never losing a move.

Rules kept:

- an imported save is replayed before it is stored: one that does not replay is refused (``SaveError``)
  and nothing is stored;
- importing a file twice opens the copy already kept instead of making a second one (``same_game``: same
  game, seed, options and moves);
- a file that is a stored playable game further along (the stored moves a strict prefix of the file's)
  takes that game's place, with its id and teaching setting; the stored copy goes to Recently deleted
  (``bin.py``). A set-aside save is never replaced;
- anything else is stored under a new id; ``StorageFull`` when there is no room (the earlier copy is kept).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core import save
from ...core.game import GameState
from ...core.save import SaveError
from .bin import Bin
from .index import Index
from .peek import relation
from .saved import SavedGames


class Imports:
    """Saves imported from files into one browser's saved games."""

    def __init__(
        self, index: Index, saved: SavedGames, recently_deleted: Bin, load: Callable[[Any], GameState]
    ) -> None:
        self.index = index
        self.saved = saved
        self.bin = recently_deleted
        self._load = load

    def same_game(self, text: str) -> str | None:
        """The id of a stored game whose save is this very game (same seed, options and moves):
        importing a file twice opens the copy already kept instead of making a second one."""
        return self._stored_copy(text, "same")

    def _stored_copy(self, text: str, wanted_relation: str) -> str | None:
        """The id of a stored game whose save stands to ``text`` as ``wanted_relation`` says (see ``relation``)."""
        try:
            wanted = save.parse(text)
        except SaveError:
            return None
        for gid in self.index.read():
            raw = self.saved.raw(gid)
            if raw is not None and relation(raw, wanted) == wanted_relation:
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
        if older is not None and self.index.flagged(older):
            older = None  # a set-aside save is never replaced
        replaced = None
        if older is not None:
            coach = self.index.coach(older)
            replaced = self.bin.delete(older)
            gid = older
            self.saved.write(gid, state, title)
            self.index.set_coach(gid, coach)
        else:
            gid = self.index.new_id()
            self.saved.write(gid, state, title)
        return gid, replaced
