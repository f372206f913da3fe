"""The saved games on home: continue one, export or import a file, delete (a deleted game waits in
Recently deleted; deleting for good asks once), back up every game in one file and restore it without
duplicates. A reload reopens the game that was open."""

from __future__ import annotations

import time

from ...core import save
from ...core.explained import Explained
from ...core.save import SaveError
from ...kit.intents import Intent
from ...messages import plural
from ...messages import text as msg
from ..core import Core, Handler, Room
from ..storage import Restored, StorageFull
from .keeper import CURRENT_KEY, Keeper


class Shelf(Room):
    def __init__(self, core: Core, keeper: Keeper) -> None:
        super().__init__(core)
        self.keeper = keeper
        #: deleting for good, asked once on home: ("bin", its id in Recently deleted), or ("game", its id) when
        #: the storage is too full to keep a deleted game in Recently deleted
        self.asking: tuple[str, str] | None = None
        #: what the last restore did, line by line (home shows it until closed)
        self.restore_report: list[str] | None = None

    def intents(self) -> dict[Intent, Handler]:
        return {Intent.HOME: self._on_home, Intent.CONTINUE: self.open, Intent.DELETE: self._on_delete,
                Intent.UNDELETE: self._on_undelete, Intent.PURGE: self._on_purge, Intent.PURGE_YES: self._on_purge_yes,
                Intent.PURGE_NO: self._on_purge_no, Intent.BACKUP: self._on_backup,
                Intent.BACKUP_LATER: self._on_backup_later, Intent.REPORT_CLOSE: self._on_report_close,
                Intent.EXPORT: self._on_export}

    def resume(self) -> None:
        """At page load: reopen the game that was open (a reload resumes exactly there)."""
        library = self.core.library
        try:  # after an update: find stored games this version can no longer replay (kept, and said so)
            library.check_stale()
        except Exception:  # noqa: BLE001 - the home screen still lists them; never block the page
            pass
        gid = library.store.get(CURRENT_KEY)
        if gid and library.raw(gid) is not None:
            self.open(gid)

    def _on_home(self, value: str) -> None:
        self.core.close_game()

    def open(self, gid: str) -> None:
        """Continue a saved game (one that can no longer be replayed is said, and stays on the shelf)."""
        core = self.core
        try:
            state = core.library.load(gid)
        except SaveError as e:
            core.notice = ("error", msg("ui.damaged", core.lang, reason=core.say(e)))
            self.keeper.remember(None)
            return
        core.open_game(gid, state)

    # nothing lost by a slip: a deleted game waits in Recently deleted; deleting for good asks once
    def _on_delete(self, gid: str) -> None:
        """Move a game to Recently deleted (no question: it can be restored there for 30 days)."""
        try:
            self.core.library.delete(gid)
        except StorageFull:  # no room to keep it there: ask before it goes for good
            self.asking = ("game", gid)
            return
        self.asking = None
        self.core.notice = ("info", msg("ui.moved_to_bin", self.core.lang))

    def _on_undelete(self, tid: str) -> None:
        try:
            self.core.library.undelete(tid)
        except StorageFull:
            self.core.notice = ("error", msg("ui.storage_full_undelete", self.core.lang))
            return
        self.core.notice = ("info", msg("ui.undeleted", self.core.lang))

    def _on_purge(self, tid: str) -> None:
        self.asking = ("bin", tid)

    def _on_purge_yes(self, value: str) -> None:
        """The player said yes to the question on screen (a stale answer to another question does nothing)."""
        asking, self.asking = self.asking, None
        if asking is None or asking[1] != value:
            return
        if asking[0] == "bin":
            self.core.library.purge(value)
        else:
            self.core.library.delete_for_good(value)
        self.core.notice = ("info", msg("ui.deleted", self.core.lang))

    def _on_purge_no(self, value: str) -> None:
        self.asking = None

    # backups: every game in one file, restored without duplicates
    def _on_backup(self, value: str) -> None:
        """Back up all games: the file is downloaded, and the reminder waits until games are added."""
        core = self.core
        text, count = core.library.backup()
        if not count:
            core.notice = ("info", msg("ui.backup_empty", core.lang))
            return
        stamp = time.strftime("%Y-%m-%d", time.localtime(core.library.clock()))
        name = f"nile-backup-{stamp}.json"
        core.effects.append(("download", name, text))
        core.notice = ("info", plural("ui.backed_up", count, core.lang, name=name))

    def _on_backup_later(self, value: str) -> None:
        self.core.library.remind_later()

    def _on_report_close(self, value: str) -> None:
        self.restore_report = None

    def restore_text(self, text: str) -> None:
        """A backup file the player chose to restore (the page reads it and calls this): the games are added to
        the saved games, and home says what was done, entry by entry for the damaged ones."""
        core = self.core
        core.revision += 1
        core.notice = None
        self.restore_report = None
        try:
            report = core.library.restore(text)
        except Explained as e:
            core.notice = ("error", msg("ui.restore_failed", core.lang, reason=core.say(e)))
            return
        core.close_game()
        self.restore_report = self.restore_lines(report)

    def restore_lines(self, r: Restored) -> list[str]:
        """What a restore did, in the player's language: one line per kind of outcome and per damaged entry."""
        lang = self.core.lang
        lines = [plural("ui.restored", len(r.added), lang)]
        for key, n in (("ui.restore_kept", r.kept), ("ui.restore_updated", r.updated), ("ui.restore_set_aside", r.set_aside)):
            if n:
                lines.append(plural(key, n, lang))
        for number, title, error in r.damaged:
            lines.append(msg("ui.restore_damaged", lang, number=number, title=title or msg("ui.saved_game", lang),
                             reason=self.core.say(error)))
        if r.full:
            lines.append(plural("ui.restore_full", r.total - r.done, lang))
        return lines

    def _on_export(self, gid: str) -> None:
        core = self.core
        gid = gid or core.game_id or ""
        if core.state is not None and gid == core.game_id:
            text = save.dumps(core.state)
        else:
            text = core.library.raw(gid) or ""
        if text:
            core.effects.append(("download", self.export_name(text, gid), text))

    def export_name(self, text: str, gid: str) -> str:
        """A file name that says which game, who played and when: ``nile-cape-anna-bram-2026-11-23.json``."""
        try:
            data = save.parse(text)
            names = [str(p.get("name", "")) for p in data["options"].get("players", []) if isinstance(p, dict)]
            game = str(data["game"])
        except (SaveError, AttributeError, TypeError):
            return f"nile-{gid}.json"
        words = "-".join(names + [time.strftime("%Y-%m-%d", time.localtime(self.core.library.clock()))])
        slug = "".join(ch if ch.isalnum() else "-" for ch in f"{game}-{words}".lower())
        slug = "-".join(part for part in slug.split("-") if part)[:80]
        return f"nile-{slug}.json"

    def import_text(self, text: str) -> None:
        """A file the player chose to import (the page reads it and calls this)."""
        core = self.core
        core.revision += 1
        core.notice = None
        same = core.library.same_game(text)
        if same is not None and core.library.check(same) is None:
            core.notice = ("info", msg("ui.imported_already", core.lang))
            self.open(same)
            return
        try:
            gid, replaced = core.library.import_save(text, "")
        except SaveError as e:
            core.notice = ("error", msg("ui.import_failed", core.lang, reason=core.say(e)))
            return
        except StorageFull:
            core.notice = ("error", msg("ui.storage_full_import", core.lang))
            return
        state = core.library.load(gid)
        core.library.write(gid, state, core.game_title(state))
        core.open_game(gid, state)
        core.notice = ("info", msg("ui.imported_replaced" if replaced else "ui.imported", core.lang))
