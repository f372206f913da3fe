"""How the open game teaches (``nile.web.teaching``): the coach's tips on or off, which tip points at the
board, the coach's folded list, and a guided game's lessons, which hold the table until read."""

from __future__ import annotations

from ...kit.intents import Intent
from ..core import Core, Handler, Room
from ..storage import StorageFull
from ..teaching import GUIDED, HINTS, OFF, Teaching


class Tutor(Room):
    def __init__(self, core: Core) -> None:
        super().__init__(core)
        #: how the open game teaches: the coach's tips, a guided game's lessons
        self.teaching = Teaching()
        #: the coach's list of what the person can do now is unfolded (folded at first: it is read after the
        #: step's controls, and long; once opened it stays open from turn to turn until folded again)
        self.coach_open = False

    def intents(self) -> dict[Intent, Handler]:
        return {Intent.HINTS: self._on_hints, Intent.COACH_TIP: self._on_coach_tip,
                Intent.COACH_LIST: self._on_coach_list, Intent.LESSON_CLOSE: self._on_lesson_close}

    def opened(self) -> None:
        core = self.core
        assert core.game_id is not None and core.state is not None
        self.teaching = Teaching(core.library.coach(core.game_id))
        if self.teaching.mode == GUIDED:
            self.teaching.resume(core.ui.lesson_triggers, core.state.log)

    def moved(self, before: int, player: int | None, by_person: bool) -> None:
        s = self.core.state
        assert s is not None
        self.teaching.tip = 0
        self.teaching.note(self.core.ui.lesson_triggers, s.log, before, person=by_person, over=s.is_terminal())

    def holds_bots(self) -> str | None:
        """A lesson holds the table until the person has read it."""
        return "ui.waits_lesson" if self.teaching.lessons and self.core.humans() else None

    def set_mode(self, mode: str) -> None:
        """Teach the open game so from now on (``nile.web.teaching``: off, hints, guided); kept with the game."""
        self.teaching.set(mode)
        if self.core.game_id is not None:
            try:
                self.core.library.set_coach(self.core.game_id, mode)
            except StorageFull:
                pass

    def start_guided(self) -> None:
        """A guided game was just opened: its lessons from the first move on."""
        s = self.core.state
        assert s is not None
        self.set_mode(GUIDED)
        self.teaching.note(self.core.ui.lesson_triggers, s.log, 0)

    def close_lesson(self) -> bool:
        return self.teaching.close_lesson()

    def _on_hints(self, value: str) -> None:
        """Show me what I can do: the coach's tips on or off for the open game (a guided game turns into
        an ordinary one with hints off)."""
        self.set_mode(OFF if self.teaching.mode else HINTS)

    def _on_coach_list(self, value: str) -> None:
        """Unfold or fold the coach's list of what the person can do now."""
        self.coach_open = not self.coach_open

    def _on_coach_tip(self, value: str) -> None:
        """Point at the targets of another of the coach's tips."""
        self.teaching.choose_tip(value)

    def _on_lesson_close(self, value: str) -> None:
        self.teaching.close_lesson()
