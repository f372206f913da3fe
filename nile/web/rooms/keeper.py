"""Keeping the open game: saved at every move, reopened after a reload, and played in exactly one tab.

One game, one tab (issue 23): the page holds the open game's lock while it is open (``static/tablock.js``,
Web Locks) and tells the keeper what it learns (``tab_news``): a game another tab already plays, or one
another tab took over, is shown here *read-only* (``Core.read_only`` says why): the board follows the
other tab's moves (``other_tab_changed``), but no target or action is offered, undo is off, no bot is
driven from here and nothing is written; one line says so and offers Take over, which reloads the stored
game (the other tab's latest moves) once the page has the lock. A tab that sees another tab write the
game it plays (a browser without Web Locks, an older version of Nile, or a race) watches from then on; a
move that could not be saved because of it is taken back and said (``ui.conflict``): nothing is ever
played in memory only, and no stored move is ever written over.

A link opened in a tab (``open_link``: the page's address, or pasted on the home screen; issue 50) that brought
news of a game played from afar (its record changed) and opened it makes that tab play it, even where another
tab has it open: the person just acted there. The page takes the game's lock, as Take over does, and the tab
writes the game's id under ``LINK_KEY``: every other tab hears it (a storage event, ``linked_elsewhere``), and
one that shows the game only shows it from then on and says why (``ui.linked_elsewhere``), with Take over. A
link stale, bringing nothing new, or refused changes nothing: its game opens as any game does (read-only if
another tab plays it).

The storage's condition: full (keep playing, offer export), blocked (private mode: nothing is ever
saved), cleared under the page (written back at once), kept for good or not (the page asks once).
"""

from __future__ import annotations

from ...core.save import SaveError
from ...kit.intents import Intent
from ...messages import text as msg
from ..core import GAME, Core, Handler, Room
from ..storage import FAR_PREFIX, SaveConflict, StorageFull

CURRENT_KEY = "nile:current"  # the game open when the page was left: a reload reopens it
#: the game a link opened in some tab just took there (written anew each time, so that every other tab hears it)
LINK_KEY = "nile:linked"
#: the most of an unexpected error's own words said after the sentence that something went wrong
MAX_DETAIL = 200
#: why the open game is read-only in this tab (``Core.read_only``), and the line that says so:
#: another tab had it open first, another tab took it over, another tab wrote it while this one played it,
#: a link of it was opened in another tab
ELSEWHERE, TAKEN, CHANGED, LINKED = "elsewhere", "taken", "changed", "linked"
READ_ONLY_LINES = {ELSEWHERE: "ui.open_elsewhere", TAKEN: "ui.taken_elsewhere", CHANGED: "ui.changed_elsewhere",
                   LINKED: "ui.linked_elsewhere"}


class Keeper(Room):
    def __init__(self, core: Core) -> None:
        super().__init__(core)
        self.in_memory_only = False  # storage full: keep playing, offer export
        #: the browser refuses storage altogether (private mode, cookies off): nothing is ever saved
        self.storage_blocked = False
        #: whether the browser keeps this site's storage for good (``navigator.storage.persisted()``):
        #: None while unknown or where the browser cannot say; the page tells (``storage_persistent``)
        self.persistent: bool | None = None
        #: persistent storage is asked for once, when the first game is saved (the page does it)
        self._persist_asked = False
        #: a move is saved later, when the page says (``save_due``), not while the move is answered: the page saves
        #: it after the frame that shows it (issue 51: ~2 ms of a move's answer at 4× CPU; nile.web.app sets it)
        self.later = False
        self._due = False  # a move is made and not saved yet (``later``)

    def intents(self) -> dict[Intent, Handler]:
        return {Intent.TAKE_OVER: self._on_take_over}

    def opened(self) -> None:
        self.remember(self.core.game_id)
        self.in_memory_only = False

    def closed(self) -> None:
        if not self.core.read_only:  # the game a reload reopens is the playing tab's to say
            self.remember(None)

    def moved(self, before: int, player: int | None, by_person: bool) -> None:
        if self.later:
            self._due = True
        else:
            self.autosave()

    def save_due(self) -> bool:
        """Save the move left for later (``later``), if one is. True when saving changed what the screen shows: the
        storage refused it (said in a notice, the head line's mark), another tab had written the game (its copy is
        followed, the move taken back and said), or the page is asked to keep the storage (an effect)."""
        if not self._due:
            return False
        core = self.core
        before = (core.notice, self.in_memory_only, core.state, core.read_only, len(core.effects))
        self.autosave()
        after = (core.notice, self.in_memory_only, core.state, core.read_only, len(core.effects))
        return any(a is not b and a != b for a, b in zip(before, after, strict=True))

    def remember(self, gid: str | None) -> None:
        """The game a reload reopens (None: home)."""
        try:
            if gid is None:
                self.core.library.store.remove(CURRENT_KEY)
            else:
                self.core.library.store.set(CURRENT_KEY, gid)
        except StorageFull:
            pass

    def autosave(self) -> None:
        """Write the open game (each move is saved as it is made); say what the storage refused."""
        self._due = False
        core = self.core
        if core.state is None or core.game_id is None or core.read_only:
            return
        try:
            cleared = core.library.write(core.game_id, core.state, core.game_title(core.state))
            self.in_memory_only = False
            if core.library.store.get(CURRENT_KEY) != core.game_id:  # e.g. storage cleared under the page
                self.remember(core.game_id)
            if cleared:
                core.notice = ("error", msg("ui.storage_cleared", core.lang))
            self._ask_to_persist()
        except StorageFull:
            self.in_memory_only = True
            core.notice = ("error", msg("ui.storage_full", core.lang))
        except SaveConflict:  # another tab wrote it first: its copy is shown, this tab's move is taken back
            core.drop_choices(CHANGED)
            self._follow()
            core.notice = ("error", msg("ui.conflict", core.lang))

    def _ask_to_persist(self) -> None:
        """Once a game is saved, ask the browser (once per page) to keep this site's storage for good."""
        if not self._persist_asked and self.persistent is not True and not self.storage_blocked:
            self._persist_asked = True
            self.core.effects.append(("persist",))

    def storage_cleared(self) -> None:
        """Another tab (or the browser) cleared the site's storage: write the open game back now, and say so."""
        self.autosave()

    def storage_persistent(self, persistent: bool | None) -> None:
        """The page learnt whether the browser keeps this site's storage (None: it cannot say)."""
        self.persistent = persistent

    def went_wrong(self, error: BaseException) -> None:
        """An error nobody expected (the page logs its trace; the game is as it was): said in the player's
        language, the error's type and words after the sentence, for a bug report (never in a catalog)."""
        detail = f"{type(error).__name__}: {error}"
        detail = detail if len(detail) <= MAX_DETAIL else detail[: MAX_DETAIL - 1] + "…"
        self.core.notice = ("error", f"{msg('ui.unexpected', self.core.lang)} [{detail}]")

    # one game, one tab: the page holds the open game's lock (static/tablock.js) and says what it learns
    def tab_news(self, gid: str, news: str) -> None:
        """What the page learnt of the open game's lock: "held" (this tab plays it), "elsewhere" (another
        tab had it open first), "lost" (another tab took it over), "freed" (the tab that played it let it
        go). News of a game no longer open here is old: ignored."""
        core = self.core
        if gid != core.game_id or core.screen != GAME:
            return
        if news == "elsewhere":
            core.drop_choices(ELSEWHERE)
        elif news == "lost":  # (after a link opened in the other tab, its reason stays: linked_elsewhere)
            core.drop_choices(LINKED if core.read_only == LINKED else TAKEN)
        elif news in ("held", "freed") and core.read_only:
            self._play_here()

    def other_tab_changed(self) -> None:
        """Another tab wrote the open game: this tab shows its moves. A tab that was playing it (the other
        tab has no lock: a browser without Web Locks, an older version, a race) watches from now on."""
        if self.core.read_only is None:
            self.core.drop_choices(CHANGED)
        self._follow()

    # a link opened in this tab, or in another (issue 50)
    def open_link(self, value: str) -> None:
        """A link opened in this tab (the page's address, or pasted), handed to the far room (``FAR_OPEN``). If it
        brought news of a game (its record changed) and opened it here, this tab plays it: the page takes the
        game's lock from any tab that has it, and the other tabs hear why (``LINK_KEY``). Otherwise nothing more."""
        core = self.core
        store = core.library.store
        before = {key: store.get(key) for key in store.keys() if key.startswith(FAR_PREFIX)}
        if core.read_only and core.game_id:  # shown only here, followed without reading it as this tab's own: the
            core.library.known.pop(core.game_id, None)  # link's game is written from the stored copy read anew
        core.handle(Intent.FAR_OPEN, value)
        gid = core.game_id
        if core.screen != GAME or gid is None or core.read_only:
            return  # nothing opened, or a game shown only (a stale link, a refused one, of a game another tab plays)
        key = FAR_PREFIX + gid
        if store.get(key) is None or store.get(key) == before.get(key):
            return  # the link brought nothing this device keeps
        try:
            store.remove(LINK_KEY)  # (a storage event comes only for a changed value: the same game again is heard)
            store.set(LINK_KEY, gid)
        except StorageFull:
            pass  # the lock alone: the other tab says it was taken over
        core.effects.append(("take-over", gid))

    def linked_elsewhere(self, gid: str) -> None:
        """Another tab opened a link of ``gid`` and plays it now (the page heard ``LINK_KEY`` change): if it is the
        game open here, this tab only shows it from now on (the other tab's copy) and says why."""
        core = self.core
        if gid != core.game_id or core.screen != GAME:
            return
        core.drop_choices(LINKED)
        self._follow()

    def _follow(self) -> None:
        """Show the stored game (the other tab's moves). Moves this tab could keep only in memory (a full
        storage) stay shown, to be exported; a stored copy that cannot be read leaves the board as it is."""
        core = self.core
        if core.game_id is None or self.in_memory_only:
            return
        try:
            state = core.library.look(core.game_id)  # read only: not even the index is written from here
        except SaveError:
            return
        core.follow(state)

    def _on_take_over(self, value: str) -> None:
        """Play the open game here: the page takes its lock from the other tab, then says "held"."""
        if self.core.read_only and self.core.game_id:
            self.core.effects.append(("take-over", self.core.game_id))

    def _play_here(self) -> None:
        """This tab plays the open game from now on: from its stored copy, with every move the other tab made."""
        core = self.core
        gid = core.game_id
        if gid is None:
            return
        core.library.known.pop(gid, None)
        try:
            state = core.library.load(gid)
        except SaveError as e:  # gone or unplayable: still shown as it was, never written over
            core.notice = ("error", msg("ui.damaged", core.lang, reason=core.say(e)))
            return
        core.open_game(gid, state)
        core.notice = ("info", msg("ui.playing_here", core.lang))
