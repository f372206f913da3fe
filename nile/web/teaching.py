"""How the open game teaches (issue 19): whether the coach's tips show, which tip points at the
board, and the lesson of a guided first game open now.

A lesson comes the first time its trigger appears in the game's log (``GameUI.lesson_triggers``),
one at a time: lessons never stack. When several subjects come in one move, or while a lesson is
open, the first one opens and the others wait; a waiting lesson opens after the person's next
move, or as soon as its subject happens again. The game-over entry's lesson closes the game: it
opens at the end whatever waits. What waits is kept in memory only (a reload counts every lesson
whose subject the log holds as met); the teaching mode is stored per game in the library's index
(``Library.coach``), not in the save.
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
    #: the lesson open now (at most one: lessons never stack)
    lessons: list[str] = field(default_factory=list)
    #: lessons whose subject came while another one was open or in the same move, in the order they came
    waiting: list[str] = field(default_factory=list)
    #: every lesson whose subject has come in this game (shown, open or waiting): none comes twice
    met: set[str] = field(default_factory=set)

    def set(self, mode: str) -> None:
        self.mode, self.tip = mode, 0
        if mode != GUIDED:
            self.lessons, self.waiting = [], []

    def choose_tip(self, value: str) -> None:
        if value.isdigit():
            self.tip = int(value)

    def close_lesson(self) -> bool:
        """Dismiss the open lesson; False when there was none."""
        if not self.lessons:
            return False
        self.lessons.pop(0)
        return True

    def resume(self, triggers: Mapping[str, str], log: Sequence[Any]) -> None:
        """A guided game opened again: every lesson whose subject its log holds was met before."""
        self.met = {triggers[e.key] for e in log if e.key in triggers}

    def note(self, triggers: Mapping[str, str], log: Sequence[Any], before: int, person: bool = False,
             over: bool = False) -> None:
        """In a guided game, after a move (``log[before:]``, its entries; ``person``: a person made it, ``over``:
        it ended the game): open the lesson of the first subject that came for the first time or came again
        while its lesson waited — or, after the person's move, the first lesson waiting — unless one is open;
        the others wait. At the end, the lesson of the game-over entry opens and nothing waits any more."""
        if self.mode != GUIDED:
            return
        came: list[str] = []
        for entry in log[before:]:
            lesson = triggers.get(entry.key)
            if lesson is not None and lesson not in came and lesson not in self.lessons:
                came.append(lesson)
        due = [lesson for lesson in came if lesson not in self.met or lesson in self.waiting]
        self.met.update(came)
        if over:
            closing = triggers.get(log[-1].key) if log else None
            self.waiting = []
            if closing is not None and closing in due:
                self.lessons = [closing]
            return
        if not due and person and not self.lessons and self.waiting:
            due = [self.waiting[0]]  # its subject came before: it waited for the person's move
        for lesson in due:
            if self.lessons:
                if lesson not in self.waiting:
                    self.waiting.append(lesson)
            else:
                if lesson in self.waiting:
                    self.waiting.remove(lesson)
                self.lessons.append(lesson)
