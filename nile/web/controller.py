"""What the player sees and what a tap means: the app's state machine, without a browser.

The controller composes the shell's rooms (``nile.web.rooms``: one concern each) around the thin core
(``nile.web.core``: the shared state and the dispatch of intents). A tap travels so: the page reports an
intent and its value (``pick`` + ``field:W4-2``); ``Core.handle`` finds the room that declared it and
calls its handler; a handler that plays calls ``Core.apply``, and every room hears of the move through
its ``moved`` hook (the table drops the choice, a moment or a lesson may open, the keeper saves); the page
redraws from the rooms' state (``nile.web.render``). The few intents that span rooms are routed here:
Escape (what it closes first) and opening the replay.

Everything here is plain Python, so the whole UI flow is tested in CPython; ``nile.web.app`` only moves
events in and HTML out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..kit.intents import Intent
from .core import DEFAULT_GAME, FAR, GAME, HOME, SETUP, Core, kinds_of, names_of
from .rooms.bots import BOT_PACE_MS, SPEED_KEY, Bots
from .rooms.coach import Coach
from .rooms.far import FarRoom
from .rooms.helpdesk import Helpdesk
from .rooms.herald import Herald
from .rooms.keeper import CHANGED, CURRENT_KEY, ELSEWHERE, READ_ONLY_LINES, TAKEN, Keeper
from .rooms.moments import Moments
from .rooms.replayer import Replayer
from .rooms.secret import Secret
from .rooms.settings import LANG_KEY, MAX_ZOOM, SOUND_KEY, Settings
from .rooms.setup import BOT_NAMES, DEFAULT_NAMES, NAMES_KEY, Setup, learn_form, new_form
from .rooms.shelf import Shelf
from .rooms.table import Table
from .rooms.tutor import Tutor
from .rooms.updates import Updates

if TYPE_CHECKING:
    from .storage import Library

__all__ = [
    "BOT_NAMES", "BOT_PACE_MS", "CHANGED", "CURRENT_KEY", "DEFAULT_GAME", "DEFAULT_NAMES", "ELSEWHERE", "FAR", "GAME", "HOME",
    "KEEP_MENU", "LANG_KEY", "MAX_ZOOM", "NAMES_KEY", "READ_ONLY_LINES", "SETUP", "SOUND_KEY", "SPEED_KEY", "TAKEN",
    "Controller", "kinds_of", "learn_form", "names_of", "new_form",
]

#: intents that leave the head line's menu as it is: a bot's move or the page's width changing
#: redraws under it (the Escape key closes it first); the bots' speed and the language are chosen in it
#: from a select, whose every arrow key is a change (issue 43: the first arrow key closed the menu and the
#: keyboard fell to the page, so no other speed could be reached without a mouse)
KEEP_MENU = frozenset({Intent.MENU, Intent.BOT_MOVE, Intent.LAYOUT, Intent.ESCAPE, Intent.BOT_SPEED, Intent.LANG})


class Controller(Core):
    """The core with its rooms, each one an attribute: ``c.table.selection``, ``c.bots.job()`` …"""

    def __init__(self, library: Library, new_seed: Callable[[], int], lang: str = "en") -> None:
        super().__init__(library, new_seed, lang)
        self.settings = Settings(self)
        self.helpdesk = Helpdesk(self)
        self.replayer = Replayer(self)
        self.tutor = Tutor(self)
        self.keeper = Keeper(self)
        self.secret = Secret(self)
        self.bots = Bots(self)
        self.moments = Moments(self, self.bots, self.secret)
        self.table = Table(self, self.bots, self.secret, self.replayer, self.keeper)
        self.coach = Coach(self, self.table, self.replayer)
        self.far = FarRoom(self, self.keeper)
        self.setup = Setup(self, self.keeper, self.tutor, self.far)
        self.shelf = Shelf(self, self.keeper)
        self.herald = Herald(self, self.replayer, self.coach)
        self.updates = Updates(self, self.keeper, self.bots, self.table, self.secret, self.replayer, self.helpdesk)
        # the order of the hooks: the table drops the choice, then a lesson, a moment and the sound follow the
        # move (what the table waits for: a lesson before a moment before a replay), and the keeper saves last
        self.add_rooms([self.table, self.tutor, self.moments, self.settings, self.replayer, self.secret, self.bots,
                        self.coach, self.helpdesk, self.setup, self.shelf, self.updates, self.herald, self.far,
                        self.keeper])
        self.handlers[Intent.ESCAPE] = self._on_escape
        self.handlers[Intent.REPLAY] = self._on_replay

    def before_intent(self, kind: Intent) -> None:
        if kind not in KEEP_MENU:
            self.settings.menu_open = False  # a control chosen (in the menu or not): the menu has done its job

    def resume(self) -> None:
        """At page load: reopen the game that was open (a reload resumes exactly there)."""
        self.shelf.resume()

    def _on_escape(self, value: str) -> None:
        """The Escape key closes what lies on top: the head line's menu, the rules help, the review, a question,
        the moment, the lesson; else it drops the current choice."""
        for close in (self.settings.close_menu, self.helpdesk.close, self.far.close, self.coach.close_review, self.table.drop_confirm,
                      self.moments.close, self.tutor.close_lesson):
            if close():
                return
        self.table.selection = None

    def _on_replay(self, value: str) -> None:
        """Step through the open game as a spectator: what was being chosen and the moment go first."""
        if self.state is not None:
            self.table.drop_choice()
            self.moments.close()
            self.replayer.open()
