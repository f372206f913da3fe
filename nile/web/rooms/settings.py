"""The page's settings: the head line's menu, the board's zoom on a phone, the sound switch (and the sound a
move asks for), the language and the layout; the notice's close button."""

from __future__ import annotations

from ...kit.intents import Intent
from ...messages import LANGUAGES
from ..core import Core, Handler, Room
from ..storage import StorageFull

#: the storage key of the player's language choice
LANG_KEY = "nile:lang"
#: the sound switch ("on", else off: a page never makes a sound before the player asks for it)
SOUND_KEY = "nile:sound"
#: the largest board on a phone (``Settings.board_zoom``: 1, 2, 3 — the screen's width × 1, 1.5, 2: render.ZOOM_PERCENT)
MAX_ZOOM = 3


class Settings(Room):
    def __init__(self, core: Core) -> None:
        super().__init__(core)
        #: the head line's menu (its other controls, behind one button on a narrow screen) is open
        self.menu_open = False
        #: how large a phone draws the board: 1 (the screen's width) up to ``MAX_ZOOM``
        self.board_zoom = 1
        #: short, quiet sounds (static/sound.js): off unless the player switched them on
        self.sound = core.library.store.get(SOUND_KEY) == "on"
        #: the sound the last move asks for ("tick", "chord" after a scoring or crossing, "end"), until the
        #: page has played it (or not: the switch is off)
        self.sound_due: str | None = None

    def intents(self) -> dict[Intent, Handler]:
        return {Intent.MENU: self._on_menu, Intent.ZOOM: self._on_zoom, Intent.SOUND: self._on_sound,
                Intent.LANG: self._on_lang, Intent.LAYOUT: self._on_layout, Intent.DISMISS: self._on_dismiss}

    def moved(self, before: int, player: int | None, by_person: bool) -> None:
        """The sound of the move just made: the end, a scoring (the game's ``chord_keys``), else a tick."""
        s = self.core.state
        if s is None or not self.sound:
            self.sound_due = None
        elif s.is_terminal():
            self.sound_due = "end"
        elif {e.key for e in s.log[before:]} & self.core.ui.chord_keys:
            self.sound_due = "chord"
        else:
            self.sound_due = "tick"

    def close_menu(self) -> bool:
        """The Escape key: close the head line's menu if it is open."""
        was, self.menu_open = self.menu_open, False
        return was

    def _on_menu(self, value: str) -> None:
        self.menu_open = not self.menu_open

    def _on_zoom(self, value: str) -> None:
        step = {"in": 1, "out": -1}.get(value, 0)
        self.board_zoom = max(1, min(MAX_ZOOM, self.board_zoom + step))

    def _on_sound(self, value: str) -> None:
        """The sound switch: on or off, kept with the other settings (a full storage keeps it for now)."""
        self.sound = not self.sound
        self.sound_due = None
        try:
            self.core.library.store.set(SOUND_KEY, "on" if self.sound else "off")
        except StorageFull:
            pass

    def _on_lang(self, value: str) -> None:
        """The player picks a language: every screen speaks it from now on, and it is remembered."""
        if value in LANGUAGES:
            self.core.lang = value
            try:
                self.core.library.store.set(LANG_KEY, value)
            except StorageFull:
                pass  # still spoken in this tab

    def _on_layout(self, value: str) -> None:
        if value in ("landscape", "portrait"):
            self.core.layout = value

    def _on_dismiss(self, value: str) -> None:
        self.core.notice = None
