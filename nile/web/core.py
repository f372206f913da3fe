"""The shell's thin core: what every screen shares, and the dispatch of a tap to the room that owns it.

The core holds the app's shared state — the screen, the open game (its id, its state, whether this tab
only shows it), the language, the page's layout, the notice and the page's pending effects — and
routes each intent the page reports to the handler a room declared for it (``Room.intents``). It
never names a room: the rooms (``nile.web.rooms``) are given to it by ``nile.web.controller``, which
composes them, and it speaks to all of them only through the hooks of ``Room``:

- ``opened()`` when a game is opened, ``closed()`` when the player goes home;
- ``moved(before, player, by_person)`` after every move applied to the open game (``apply``), in the
  rooms' order: the table drops the choice, a lesson may open, the move is saved (the keeper is last);
- ``dropped()`` when the open game becomes read-only here (another tab plays it): half-made choices go;
- ``followed()`` when a read-only tab shows the other tab's latest moves;
- ``changed()`` after every intent;
- ``holds_bots()``: whether (and why) the computer players wait for the person (a lesson, a moment);
- ``arrived(before)`` when moves made on another device came by link; ``waits_elsewhere()``: whose device the
  table waits for then (a game played from afar).

Everything here is plain Python, so the whole UI flow is tested in CPython.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..core.actions import ActionError, IllegalActionError
from ..core.game import GameState
from ..core.players import OptionsError
from ..core.remote import LinkError
from ..core.save import SaveError
from ..games import GAMES, spec_of
from ..kit import GameUI
from ..kit.intents import Intent
from ..messages import say
from ..messages import text as msg

if TYPE_CHECKING:
    from .storage import Library

HOME, SETUP, GAME = "home", "setup", "game"
#: a game played from afar before it has a seed (issue 44): the invitation sent, or opened and a seat to choose
FAR = "far"
DEFAULT_GAME = next(iter(GAMES))
#: what a read-only tab does not do: everything that plays (or drives the bots, or writes the game's settings)
PLAYING = frozenset({
    Intent.PICK, Intent.ACT, Intent.CONFIRM, Intent.SELECT, Intent.UNDO, Intent.KEY, Intent.REVEAL_BIDDER,
    Intent.BID_CHANGE, Intent.BID_SUBMIT, Intent.BOT_MOVE, Intent.BOT_SKIP, Intent.BOT_PAUSE, Intent.HINTS,
    Intent.HINT,
})

Handler = Callable[[str], None]


class Room:
    """One concern of the shell: the intents it takes and its answers to the core's hooks (all optional)."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def intents(self) -> dict[Intent, Handler]:
        return {}

    def opened(self) -> None:
        """A game was opened (``Core.open_game``): start afresh for it."""

    def closed(self) -> None:
        """The player went home: the open game is closed."""

    def moved(self, before: int, player: int | None, by_person: bool) -> None:
        """A move was applied to the open game; its log entries start at ``before``."""

    def dropped(self) -> None:
        """The open game is only shown here from now on: drop whatever was half chosen."""

    def followed(self) -> None:
        """The open game was replaced by its stored copy (another tab's moves)."""

    def changed(self) -> None:
        """After any intent."""

    def holds_bots(self) -> str | None:
        """Whether the computer players wait for the person because of this room: None (they need not),
        else the key of the sentence that says what the table waits for ("" for none)."""
        return None

    def arrived(self, before: int) -> None:
        """Moves made on another device arrived (a link) and the open game shows them; its log entries start at
        ``before``."""

    def waits_elsewhere(self) -> str | None:
        """What the table waits for on another device (a game played from afar: whose link), in words; None
        when this room does not know."""
        return None

    def takes(self, text: str, player: int | None) -> bool:
        """Whether this room takes the move instead of the open game (a bid sealed for a game played from
        afar is applied once every bid is in: ``rooms.far``)."""
        return False


class Core:
    """The app's shared state and the dispatch of intents (``handle``) to the rooms' handlers."""

    def __init__(self, library: Library, new_seed: Callable[[], int], lang: str = "en") -> None:
        self.library = library
        self.new_seed = new_seed
        self.lang = lang
        self.screen = HOME
        self.game_id: str | None = None
        self.state: GameState | None = None
        #: the game being set up (its UI module speaks for the set-up screen while no game is open)
        self.setup_game = DEFAULT_GAME
        #: the open game is played in another tab (``nile.web.rooms.keeper``: why): shown here, never played
        self.read_only: str | None = None
        self.notice: tuple[str, str] | None = None  # (level, text): info / error
        #: the rule a refusal's why-line links to: (that notice, "game:rule")
        self.notice_rule: tuple[tuple[str, str], str] | None = None
        #: "landscape" (Nile down the middle) or "portrait" (phones); set by the page from its width
        self.layout = "landscape"
        self.effects: list[tuple[str, ...]] = []  # for the page: ("download", name, text), ("persist",) …
        self.revision = 0
        self.rooms: list[Room] = []
        #: every intent the page may report, and the room's handler that takes it (a test checks every intent
        #: the screens write has one)
        self.handlers: dict[Intent, Handler] = {}
        self._kinds: tuple[object, list[str]] = (None, [])
        #: a game played from afar (issue 44, ``nile.web.rooms.far``): the seats other devices play, for the whole
        #: game, and the seats not played here now (those, and this device's bids sealed until every bid is in)
        self.remote: frozenset[int] = frozenset()
        self.hold: frozenset[int] = frozenset()
        library.explain = self.say

    def add_rooms(self, rooms: Sequence[Room]) -> None:
        """The rooms, in the order their hooks are called; each intent is taken by exactly one of them."""
        for room in rooms:
            for intent, handler in room.intents().items():
                assert intent not in self.handlers, f"two rooms take {intent}"
                self.handlers[intent] = handler
        self.rooms.extend(rooms)

    # ------------------------------------------------------------------ intents
    def handle(self, intent: str, value: str = "") -> None:
        """One user intent from the page (``Intent``; anything else is ignored). Never raises for bad
        input: it sets a notice."""
        self.revision += 1
        try:
            kind = Intent(intent)
        except ValueError:
            return  # not an intent of this app (an old page, a tampered element): nothing happens
        handler = self.handlers.get(kind)
        if handler is None or (self.read_only and self.screen == GAME and kind in PLAYING):
            return  # a game played in another tab is only shown here
        if kind != Intent.DISMISS:
            self.notice = None if self.notice and self.notice[0] == "info" else self.notice
        screen, notice = self.screen, self.notice
        self.before_intent(kind)
        try:
            handler(value)
        except (ActionError, IllegalActionError, OptionsError, SaveError, LinkError) as e:
            self.notice = ("error", self.say(e))
        if self.screen != screen and self.notice is notice:
            self.notice = None  # a notice belongs to the screen it was raised on
        try:
            for room in self.rooms:
                room.changed()
        except (ActionError, IllegalActionError, OptionsError, SaveError, LinkError) as e:
            self.notice = ("error", self.say(e))  # (a room's own work after the intent: said like the intent's)

    def before_intent(self, kind: Intent) -> None:
        """What every intent does first, besides the notice (the controller closes the head line's menu)."""

    # ------------------------------------------------------------------ the open game
    def open_game(self, gid: str, state: GameState) -> None:
        """Open ``state`` (stored as ``gid``) on the game screen; every room starts afresh for it."""
        self.game_id = gid
        self.state = state
        self.screen = GAME
        self.read_only = None
        self.remote = self.hold = frozenset()  # (a game played from afar says its own: rooms.far)
        for room in self.rooms:
            room.opened()

    def close_game(self) -> None:
        """Home: the open game is closed (it stays stored)."""
        for room in self.rooms:
            room.closed()
        self.screen = HOME
        self.state = None
        self.game_id = None
        self.remote = self.hold = frozenset()

    def apply(self, text: str, player: int | None) -> None:
        """Apply a move (its text, for ``player``) to the open game; every room hears of it (``Room.moved``)."""
        s = self.state
        if s is None:
            return
        by_person = player is None or not self.is_bot(player)
        if any(room.takes(text, player) for room in self.rooms):
            return
        before = len(s.log)
        s.apply_text(text, player)
        for room in self.rooms:
            room.moved(before, player, by_person)

    def drop_choices(self, why: str) -> None:
        """Only show the open game from now on (``why``: see ``nile.web.rooms.keeper``); a choice half made is dropped."""
        self.read_only = why
        for room in self.rooms:
            room.dropped()

    def follow(self, state: GameState) -> None:
        """A read-only tab shows the stored copy of the open game (another tab's moves); the rooms hear of it."""
        self.state = state
        for room in self.rooms:
            room.followed()

    def bots_held(self) -> str | None:
        """Whether the computer players wait for the person (a lesson, a moment, a replay), and the key of
        the sentence that says what the table waits for ("" for none)."""
        for room in self.rooms:
            held = room.holds_bots()
            if held is not None:
                return held
        return None

    def arrived(self, before: int) -> None:
        """The open game holds moves made on another device (a link): every room hears of them (``Room.arrived``)."""
        for room in self.rooms:
            room.arrived(before)

    def waiting_elsewhere(self) -> str:
        """The sentence that says whose device the table waits for, when every seat to act is held here."""
        for room in self.rooms:
            said = room.waits_elsewhere()
            if said is not None:
                return said
        return ""

    # ------------------------------------------------------------------ reading
    def say(self, error: BaseException) -> str:
        """An error in the player's language, with the open game's player names."""
        return say(error, self.lang, self.names if self.state is not None else ())

    @property
    def names(self) -> list[str]:
        return names_of(self.state) if self.state else []

    @property
    def ui(self) -> GameUI:
        """The UI module of the open game (or of the game being set up)."""
        return spec_of(self.state.GAME if self.state is not None else self.setup_game).ui

    def tab_title(self) -> str:
        """The browser tab's title: the game on screen (being played, or set up) and the app; home's is the page's."""
        game = self.state.GAME if self.state is not None else self.setup_game if self.screen == SETUP else None
        if game is None or game not in GAMES:
            return msg("boot.title", self.lang)
        return msg("ui.tab_title", self.lang, game=msg(GAMES[game].title, self.lang))

    def game_title(self, state: GameState) -> str:
        return ", ".join(names_of(state))

    @property
    def kinds(self) -> list[str]:
        """Each seat's player: "" a person, else the computer player's strength (options never change
        during a game, so this is read once per game)."""
        if self.state is None:
            return []
        if self._kinds[0] is not self.state.options:
            self._kinds = (self.state.options, kinds_of(self.state))
        return self._kinds[1]

    def state_colour(self, seat: int) -> str:
        """A seat's colour, from the open game's options in their saved form."""
        return str(self.state.options_json()["players"][seat]["colour"]) if self.state is not None else ""

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and bool(self.kinds[seat])

    def humans(self) -> list[int]:
        """The persons at this device's table (not the computer players, nor the seats played from afar)."""
        return [p for p, kind in enumerate(self.kinds) if not kind and p not in self.remote]

    def plays_here(self, seat: int | None) -> bool:
        """Whether a person at this device plays ``seat`` now (not a computer player, not a seat held from afar
        or a bid sealed here until every bid is in)."""
        return seat is not None and not self.is_bot(seat) and seat not in self.hold

    def viewer(self) -> int | None:
        """Whose knowledge the board shows: the one person at a table of bots, else nobody's (spectator)."""
        humans = self.humans()
        return humans[0] if len(humans) == 1 else None


def kinds_of(state: GameState) -> list[str]:
    """Each seat's player as saved: "" a person, else a computer player's strength."""
    return [str(p.get("bot", "")) for p in state.options_json()["players"]]


def names_of(state: GameState) -> list[str]:
    """The players' names, from the game's options in their saved form (every game has seats)."""
    return [str(p["name"]) for p in state.options_json()["players"]]
