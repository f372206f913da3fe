"""A saved game's own text: loaded by replaying it, written back after each move, set aside when it does not replay.

Each game lives under ``nile:game:<id>`` (``index.PREFIX``) as a save file (``nile.core.save``). Rules kept:

- a save that does not load (corrupt, tampered, too new, or played under rules this version can no longer
  replay) is *set aside*: it stays under its key exactly as it was (``raw`` exports it), the index records
  why (``unplayable``: the ``SaveError``'s key and parameters, so the home screen says it in the player's
  language), nothing writes over it, and the home screen still lists everything else. Only the player
  deletes it. Should a later version replay it again, loading it clears the flag;
- an engine failure while replaying is this version's fault, never a reason to lose the save: it is set
  aside as ``save.crashed``;
- after an update, ``check_stale()`` replays the games last replayed under other rules, so an unplayable one
  is flagged before the player opens it;
- a full store raises ``StorageFull`` and leaves the stored copy as it was; the caller keeps playing in
  memory;
- a store cleared under a running page (the game's key and the index gone) gets the open game written back
  at its next save, and ``write`` says it was cleared;
- before writing, the stored game must still be the one this tab last wrote (its actions a prefix of ours):
  another tab's progress is never silently overwritten (``SaveConflict``); a tab that only shows a game
  another tab plays reads it with ``look``, which writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core import save
from ...core.game import GameState
from ...core.save import SaveError
from .index import INDEX_KEY, PREFIX, Index
from .reasons import MAX_REASON, crashed, error_from_json, error_json
from .store import SaveConflict, StorageFull, Store
from .where import MAX_TITLE, where_of


class SavedGames:
    """The saved games' texts of one browser: load, look, check, write, set aside, remove."""

    def __init__(
        self,
        store: Store,
        index: Index,
        load: Callable[[Any], GameState],
        clock: Callable[[], float],
        rules: Mapping[str, int] | None = None,
    ) -> None:
        self.store = store
        self.index = index
        self._load = load
        self.clock = clock
        #: this version's rules version per game (default: from the registry, ``nile.games``)
        self._rules = rules
        #: per game id: the exact text this tab last read or wrote (for conflict checks)
        self.known: dict[str, str] = {}

    def raw(self, gid: str) -> str | None:
        """The stored text exactly as it is (to export even an unplayable save)."""
        return self.store.get(PREFIX + gid)

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
            raise crashed(e) from e

    def try_load(self, raw: str) -> tuple[GameState | None, SaveError | None]:
        """A save's text replayed, or why not (an engine failure as ``save.crashed``); nothing is written."""
        try:
            return self._load(raw), None
        except SaveError as e:
            return None, e
        except Exception as e:  # noqa: BLE001 - an engine failure is this version's fault: set aside, not lost
            return None, crashed(e)

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
        for gid, entry in self.index.read().items():
            game, rules = entry.get("game"), entry.get("rules")
            if not isinstance(game, str):
                game, rules = self.index.peek(gid)
            now = current.get(game) if isinstance(game, str) else None
            flag = error_from_json(entry.get("unplayable"))
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
            from ...games import GAMES

            self._rules = {name: spec.rules_version for name, spec in GAMES.items()}
        return self._rules

    def _replay(self, gid: str, raw: str) -> GameState:
        """Load ``raw``; record in the index whether it replays (and why not)."""
        try:
            state = self._load(raw)
        except SaveError as e:
            self.set_aside(gid, e)
            raise
        except Exception as e:  # an engine failure is this version's fault, never a reason to lose the save
            error = crashed(e)
            self.set_aside(gid, error)
            raise error from e
        self.index.update(
            gid, game=state.GAME, rules=state.RULES_VERSION, unplayable=None, damaged=None, judged=None
        )
        return state

    def set_aside(self, gid: str, error: SaveError) -> None:
        """Flag a stored game unplayable in the index, with why (its save stays as it is)."""
        game, _ = self.index.peek(gid)
        judged = self._current_rules().get(game) if game is not None else None
        self.index.update(
            gid,
            unplayable=error_json(error),
            damaged=self.index.explain(error)[:MAX_REASON],
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
            flagged = self.index.read().get(gid, {})
            if flagged.get("unplayable") or flagged.get("damaged"):
                raise SaveConflict("an unplayable save is never written over")
            raise SaveConflict("this game was changed in another tab")
        text = save.dumps(state)
        self.store.set(PREFIX + gid, text)
        self.known[gid] = text
        self.index.update(
            gid, title=title[:MAX_TITLE], where=where_of(state), summary=None, updated=self.clock(), game=state.GAME,
            rules=state.RULES_VERSION, unplayable=None, damaged=None, judged=None, over=state.is_terminal(),
        )
        return cleared

    def delete_for_good(self, gid: str) -> None:
        """Remove a game and its index entry, keeping nothing (the player confirmed it)."""
        self.store.remove(PREFIX + gid)
        self.known.pop(gid, None)
        entries = self.index.read()
        entries.pop(gid, None)
        try:
            self.index.write(entries)
        except StorageFull:
            pass
