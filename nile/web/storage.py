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
  overwritten (``SaveConflict``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping
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
        result = []
        for gid, entry in self._read_index().items():
            unplayable = _error_from_json(entry.get("unplayable"))
            damaged = str(entry.get("damaged", ""))[:MAX_REASON] or None
            if unplayable is None and damaged:  # flagged by an older release, in words only
                unplayable = SaveError("save.reason_as_stored", words=damaged)
            if damaged is None and unplayable is not None:
                damaged = self.explain(unplayable)[:MAX_REASON]
            game = entry.get("game")
            rules = entry.get("rules")
            if not isinstance(game, str):
                game, rules = self._peek(gid)
            item: dict[str, Any] = {
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
            result.append(item)
        result.sort(key=lambda e: -float(e["updated"] or 0))
        return result

    def _peek(self, gid: str) -> tuple[str | None, int | None]:
        """The game and rules version a stored save names, without replaying it (None if unreadable)."""
        raw = self.store.get(PREFIX + gid)
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


    def delete(self, gid: str) -> None:
        self.store.remove(PREFIX + gid)
        self.known.pop(gid, None)
        entries = self._read_index()
        entries.pop(gid, None)
        try:
            self._write_index(entries)
        except StorageFull:
            pass

    def coach(self, gid: str) -> str:
        """How a stored game teaches: "" not at all, "hints" (what can be done now), "guided" (a guided
        first game: hints and lessons). Kept in the index, not in the save: an export is an ordinary game."""
        value = self._read_index().get(gid, {}).get("coach")
        return value if value in ("hints", "guided") else ""

    def set_coach(self, gid: str, coach: str) -> None:
        self._update_index(gid, coach=coach or None)

    def raw(self, gid: str) -> str | None:
        """The stored text exactly as it is (to export even an unplayable save)."""
        return self.store.get(PREFIX + gid)

    def same_game(self, text: str) -> str | None:
        """The id of a stored game whose save is this very game (same seed, options and moves):
        importing a file twice opens the copy already kept instead of making a second one."""
        try:
            wanted = save.parse(text)
        except SaveError:
            return None
        for gid in self._read_index():
            raw = self.store.get(PREFIX + gid)
            if raw is None:
                continue
            try:
                kept = save.parse(raw)
            except SaveError:
                continue
            if all(kept.get(k) == wanted.get(k) for k in ("game", "options", "seed", "actions")):
                return gid
        return None

    def import_text(self, text: str, title: str) -> str:
        """Check an imported save by replaying it; store it under a new id. SaveError if bad."""
        state = self._load(text)
        gid = self.new_id()
        self.write(gid, state, title)
        return gid


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
