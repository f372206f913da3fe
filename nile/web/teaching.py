"""How the open game teaches (issue 19): whether the coach's tips show, which tip points at the
board, and the lessons of a guided first game waiting to be read.

A lesson comes the first time its trigger appears in the game's log (``GameUI.lesson_triggers``),
so the queue is derived from the log and never stored; the teaching mode is stored per game in
the library's index (``Library.coach``), not in the save.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

OFF, HINTS, GUIDED = "", "hints", "guided"


@dataclass
class Teaching:
    #: "" (off), "hints" (Show me what I can do) or "guided" (a guided first game: hints and lessons)
    mode: str = OFF
    #: which of the coach's tips points at its places on the board
    tip: int = 0
    #: lessons waiting to be shown, the first one open
    lessons: list[str] = field(default_factory=list)

    def set(self, mode: str) -> None:
        self.mode, self.tip = mode, 0
        if mode != GUIDED:
            self.lessons = []

    def choose_tip(self, value: str) -> None:
        if value.isdigit():
            self.tip = int(value)

    def close_lesson(self) -> bool:
        """Dismiss the open lesson; False when there was none."""
        if not self.lessons:
            return False
        self.lessons.pop(0)
        return True

    def note(self, triggers: Mapping[str, str], log: Sequence[Any], before: int) -> None:
        """In a guided game: queue the lesson of each thing that happens for the first time (log entries
        from ``before`` on, against everything the log held before)."""
        if self.mode != GUIDED:
            return
        seen = {triggers[e.key] for e in log[:before] if e.key in triggers}
        for entry in log[before:]:
            lesson = triggers.get(entry.key)
            if lesson is not None and lesson not in seen and lesson not in self.lessons:
                seen.add(lesson)
                self.lessons.append(lesson)
