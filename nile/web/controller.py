"""What the player sees and what a click means: the app's state machine, without a browser.

The controller holds the screen (home, set-up, game), the game being played,
the current selection and messages. ``handle(intent, value)`` takes what the
page reports (``field`` + ``W4-2``, ``act`` + ``end`` …) and turns it into an
engine action **only** by looking it up among the engine's legal actions; it
never decides a rule itself. What a click would do (and its AP cost) is worked
out by ``interaction()`` from the legal actions and ``state.cost``, so the page
can highlight it before the player commits.

Computer players (issue 10): a seat whose options say ``bot`` is never offered
to the person at the screen. ``bot_job()`` says which bot decision is due (the
page sends it to the bot worker), ``bot-move`` brings the answer back and is
applied only if the game is still where it was asked; ``bot_delay_ms()`` paces
the bots' moves so people can follow them (speed setting, "skip to my turn").
With one person at the table their sealed bids are made on their own screen,
without hand-over screens.

One game, one tab (issue 23): exactly one tab plays a given game. The page holds
the game's lock while it is open (``static/tablock.js``, Web Locks) and tells the
controller what it learns (``tab_news``): a game another tab already plays, or one
another tab took over, is shown here *read-only* (``read_only`` says why): the board
follows the other tab's moves (``other_tab_changed``), but no target or action is
offered, undo is off, no bot is driven from here and nothing is written; one line says
so and offers Take over, which reloads the stored game (the other tab's latest moves)
once the page has the lock. A tab that sees another tab write the game it plays (a
browser without Web Locks, an older version of Nile, or a race) watches from then on;
a move that could not be saved because of it is taken back and said (``ui.conflict``):
nothing is ever played in memory only, and no stored move is ever written over.

Everything here is plain Python, so the whole UI flow is tested in CPython;
``nile.web.app`` only moves events in and HTML out.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..bots import protocol
from ..core import save
from ..core.actions import Action, ActionError, IllegalActionError
from ..core.explained import Explained
from ..core.game import GameState
from ..core.players import BOT_STRENGTHS, OptionsError, Player, clean_name
from ..core.save import SaveError
from ..games import GAMES, spec_of
from ..kit import Frame, GameUI, Interaction, SetupForm
from ..kit.intents import Intent
from ..kit.memo import Same, memo
from ..messages import LANGUAGES, plural, say
from ..messages import text as msg
from .coaching import REVIEW_ITERATIONS, Coaching, Review, position_key
from .help import MAX_QUERY, SEARCH, Help, open_help
from .help import pages as help_pages
from .replay import Replay
from .since import own_last_moves
from .storage import Library, Restored, SaveConflict, StorageFull
from .teaching import GUIDED, HINTS, OFF, Teaching

HOME, SETUP, GAME = "home", "setup", "game"
#: the storage key of the player's language choice
LANG_KEY = "nile:lang"
CURRENT_KEY = "nile:current"  # the game open when the page was left: a reload reopens it
#: why the open game is read-only in this tab (``Controller.read_only``), and the line that says so:
#: another tab had it open first, another tab took it over, another tab wrote it while this one played it
ELSEWHERE, TAKEN, CHANGED = "elsewhere", "taken", "changed"
READ_ONLY_LINES = {ELSEWHERE: "ui.open_elsewhere", TAKEN: "ui.taken_elsewhere", CHANGED: "ui.changed_elsewhere"}
#: what a read-only tab does not do: everything that plays (or drives the bots, or writes the game's settings)
PLAYING = frozenset({
    Intent.PICK, Intent.ACT, Intent.CONFIRM, Intent.SELECT, Intent.UNDO, Intent.KEY, Intent.REVEAL_BIDDER,
    Intent.BID_CHANGE, Intent.BID_SUBMIT, Intent.BOT_MOVE, Intent.BOT_SKIP, Intent.BOT_PAUSE, Intent.HINTS,
    Intent.HINT,
})
#: intents that leave the head line's menu as it is: a bot's move or the page's width changing
#: redraws under it (the Escape key closes it in ``_on_escape``)
KEEP_MENU = frozenset({Intent.MENU, Intent.BOT_MOVE, Intent.LAYOUT, Intent.ESCAPE})
#: the largest board on a phone (``Controller.board_zoom``: 1, 2, 3 — the screen's width × 1, 1.5, 2: render.ZOOM_PERCENT)
MAX_ZOOM = 3
DEFAULT_NAMES = ("Anna", "Bram", "Chloé", "Dirk", "Eva")
#: a computer player's name until the player types another one
BOT_NAMES = ("Amun", "Bastet", "Horus", "Isis", "Thoth")
DEFAULT_GAME = next(iter(GAMES))
SPEED_KEY = "nile:bot-speed"
#: the sound switch ("on", else off: a page never makes a sound before the player asks for it)
SOUND_KEY = "nile:sound"
#: how long each bot move stays on screen before the next one, by speed setting (milliseconds)
BOT_PACE_MS = {"slow": 1600, "normal": 800, "fast": 200}


#: the names typed at the last set-up (or for the last guided game), offered again at the next one
NAMES_KEY = "nile:names"


def new_form(game: str, remembered: Sequence[str] = ()) -> SetupForm:
    """A fresh set-up form for ``game``: the seats its spec offers first, the names typed last time (else
    default names) and the game's colours."""
    spec = spec_of(game)
    count = max(spec.min_players, min(spec.setup_players, spec.max_players))
    names = [remembered[i] if i < len(remembered) and remembered[i] else DEFAULT_NAMES[i] for i in range(spec.max_players)]
    return SetupForm(game, count, names, list(spec.colours), spec.ui.default_setup(), kinds=[""] * spec.max_players)


def learn_form(game: str, remembered: Sequence[str] = ()) -> SetupForm:
    """Learn to play: the learner (seat 1, named as last time, else to be typed) against an easy computer player."""
    form = new_form(game, remembered)
    form.count, form.guided = 2, True
    form.names[0] = remembered[0] if remembered and remembered[0] else ""
    form.names[1] = BOT_NAMES[1]
    form.kinds = ["", "easy"] + [""] * (len(form.kinds) - 2)
    return form


class Controller:
    def __init__(self, library: Library, new_seed: Callable[[], int], lang: str = "en") -> None:
        self.library = library
        self.new_seed = new_seed
        self.lang = lang
        self.screen = HOME
        self.form = new_form(DEFAULT_GAME)
        self.game_id: str | None = None
        self.state: GameState | None = None
        self.selection: dict[str, Any] | None = None
        self.bidder: int | None = None  # whose private bid screen is open
        self.bid_draft: dict[str, int] = {}
        self.notice: tuple[str, str] | None = None  # (level, text): info / error
        self.in_memory_only = False  # storage full: keep playing, offer export
        #: the open game is played in another tab (ELSEWHERE, TAKEN, CHANGED): shown here, never played
        self.read_only: str | None = None
        #: the browser refuses storage altogether (private mode, cookies off): nothing is ever saved
        self.storage_blocked = False
        #: whether the browser keeps this site's storage for good (``navigator.storage.persisted()``):
        #: None while unknown or where the browser cannot say; the page tells (``storage_persistent``)
        self.persistent: bool | None = None
        #: persistent storage is asked for once, when the first game is saved (the page does it)
        self._persist_asked = False
        #: deleting for good, asked once on home: ("bin", its id in Recently deleted), or ("game", its id) when
        #: the storage is too full to keep a deleted game in Recently deleted
        self.asking: tuple[str, str] | None = None
        #: what the last restore did, line by line (home shows it until closed)
        self.restore_report: list[str] | None = None
        #: a new version of Nile has installed and waits for a reload (the page's service worker says so)
        self.update_ready = False
        #: the bot worker runs another build than this page: none of its answers is used
        self.worker_mismatch = False
        #: the rules help, when open (``nile.web.help``)
        self.help: Help | None = None
        #: the rule a refusal's why-line links to: (that notice, "game:rule")
        self.notice_rule: tuple[tuple[str, str], str] | None = None
        #: "landscape" (Nile down the middle) or "portrait" (phones); set by the page from its width
        self.layout = "landscape"
        #: the head line's menu (its other controls, behind one button on a narrow screen) is open
        self.menu_open = False
        #: the coach's list of what the person can do now is unfolded (folded at first: it is read after the
        #: step's controls, and long; once opened it stays open from turn to turn until folded again)
        self.coach_open = False
        #: how large a phone draws the board: 1 (the screen's width) up to ``MAX_ZOOM``
        self.board_zoom = 1
        self.effects: list[tuple[str, ...]] = []  # for the page: ("download", name, text), ("persist",)
        self.revision = 0
        speed = library.store.get(SPEED_KEY)
        self.bot_speed = speed if speed in BOT_PACE_MS else "normal"
        #: short, quiet sounds (static/sound.js): off unless the player switched them on
        self.sound = library.store.get(SOUND_KEY) == "on"
        #: the sound the last move asks for ("tick", "chord" after a scoring or crossing, "end"), until the
        #: page has played it (or not: the switch is off)
        self.sound_due: str | None = None
        self.skipping = False  # "skip to my turn": bots move without pause until a person must act
        self.bots_paused = False  # a watch game paused, or a bot failed (the notice says why)
        self._salts: dict[str, int] = {}
        self._kinds: tuple[object, list[str]] = (None, [])
        self._interaction: tuple[tuple[Any, ...], Interaction] | None = None
        #: the log entries (from, to) the moment panel shows: bids opened, a scoring, the end
        self.moment: tuple[int, int] | None = None
        #: where the log's routine events said in the news line begin (``GameUI.news_keys``): from the
        #: last action of a person, so the bots' moves since then are said until the person acts
        self.news_from = 0
        #: where the log stood after each person's own last move (seat → entries): the "since your
        #: turn" summary says the moves after it (``nile.web.since``); a seat not in it: ``news_from``
        self.since_log: dict[int, int] = {}
        #: an action waiting for the player's yes, and the question asked (``Button.confirm``)
        self.confirm: tuple[str, str] | None = None
        #: stepping through the open game as a spectator (None: playing live)
        self.replay: Replay | None = None
        #: how the open game teaches: the coach's tips, a guided game's lessons (``nile.web.teaching``)
        self.teaching = Teaching()
        #: the coach's hints and review of the open game (``nile.web.coaching``)
        self.coaching = Coaching()
        library.explain = self.say
        #: every intent the page may report, and the method that takes it (a test checks every intent
        #: the screens write has one)
        self.handlers: dict[Intent, Callable[[str], None]] = {
            Intent.BOT_MOVE: self._on_bot_move,
            Intent.BOT_SPEED: self._on_bot_speed,
            Intent.SOUND: self._on_sound,
            Intent.BOT_SKIP: self._on_bot_skip,
            Intent.BOT_PAUSE: self._on_bot_pause,
            Intent.HOME: self._on_home,
            Intent.LEARN: self._on_learn,
            Intent.PLAY_STRONGER: self._on_play_stronger,
            Intent.HINTS: self._on_hints,
            Intent.HINT: self._on_hint,
            Intent.REVIEW: self._on_review,
            Intent.REVIEW_EXIT: self._on_review_exit,
            Intent.COACH_TIP: self._on_coach_tip,
            Intent.COACH_LIST: self._on_coach_list,
            Intent.LESSON_CLOSE: self._on_lesson_close,
            Intent.NEW: self._on_new,
            Intent.CONTINUE: self._on_continue,
            Intent.DELETE: self._on_delete,
            Intent.UNDELETE: self._on_undelete,
            Intent.PURGE: self._on_purge,
            Intent.PURGE_YES: self._on_purge_yes,
            Intent.PURGE_NO: self._on_purge_no,
            Intent.BACKUP: self._on_backup,
            Intent.BACKUP_LATER: self._on_backup_later,
            Intent.REPORT_CLOSE: self._on_report_close,
            Intent.EXPORT: self._on_export,
            Intent.SETUP_COUNT: self._on_setup_count,
            Intent.SETUP_OPTION: self._on_setup_option,
            Intent.SETUP_NAME: self._on_setup_name,
            Intent.SETUP_COLOUR: self._on_setup_colour,
            Intent.SETUP_KIND: self._on_setup_kind,
            Intent.START_GAME: self._on_start_game,
            Intent.PICK: self._on_pick,
            Intent.ACT: self._on_act,
            Intent.CONFIRM: self._on_confirm,
            Intent.CONFIRM_CANCEL: self._on_confirm_cancel,
            Intent.MOMENT_CLOSE: self._on_moment_close,
            Intent.REPLAY: self._on_replay,
            Intent.REPLAY_EXIT: self._on_replay_exit,
            Intent.REPLAY_STEP: self._on_replay_step,
            Intent.CANCEL: self._on_cancel,
            Intent.SELECT: self._on_select,
            Intent.UNDO: self._on_undo,
            Intent.LAYOUT: self._on_layout,
            Intent.MENU: self._on_menu,
            Intent.ZOOM: self._on_zoom,
            Intent.DISMISS: self._on_dismiss,
            Intent.LANG: self._on_lang,
            Intent.RULES: self._on_rules,
            Intent.RULES_OPEN: self._on_rules_open,
            Intent.RULES_BACK: self._on_rules_back,
            Intent.RULES_SEARCH: self._on_rules_search,
            Intent.KEY: self._on_key,
            Intent.ESCAPE: self._on_escape,
            Intent.TAKE_OVER: self._on_take_over,
            Intent.UPDATE: self._on_update,
            Intent.REVEAL_BIDDER: self._on_reveal_bidder,
            Intent.BID_CHANGE: self._on_bid_change,
            Intent.BID_SUBMIT: self._on_bid_submit,
            Intent.BID_HIDE: self._on_bid_hide,
        }

    def say(self, error: BaseException) -> str:
        """An error in the player's language, with the open game's player names."""
        return say(error, self.lang, self.names if self.state is not None else ())

    # ------------------------------------------------------------------ reading
    @property
    def names(self) -> list[str]:
        return names_of(self.state) if self.state else []

    @property
    def ui(self) -> GameUI:
        """The UI module of the open game (or of the game being set up)."""
        return spec_of(self.state.GAME if self.state is not None else self.form.game).ui

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
        return [p for p, kind in enumerate(self.kinds) if not kind]

    def viewer(self) -> int | None:
        """Whose knowledge the board shows: the one person at a table of bots, else nobody's (spectator)."""
        humans = self.humans()
        return humans[0] if len(humans) == 1 else None

    def solo_bidder(self) -> int | None:
        """With one person at the table, the seat whose sealed decision is open on their own screen."""
        s, p = self.state, self.viewer()
        if s is None or p is None or s.is_terminal() or not s.secret_decision() or self.read_only:
            return None
        return p if p in s.to_act() else None

    def hand_over_order(self) -> list[int]:
        """The persons still to make a sealed decision, in the order the device goes round: from the
        seat that acted last (it holds the device, and decides first if it still has to), then on
        round the table; at the game's first decision, from the first seat."""
        s = self.state
        if s is None:
            return []
        waiting = [q for q in s.to_act() if not self.kinds[q]]
        last = s.history[-1][0] if s.history else 0
        n = s.num_players
        return sorted(waiting, key=lambda q: (q - last) % n)

    def device_holder(self) -> int | None:
        """The person who has the device (who acted last) when they are also the first to decide in
        secret now: they decide without a hand-over."""
        s = self.state
        order = self.hand_over_order()
        if s is None or not s.history or not order:
            return None
        return order[0] if order[0] == s.history[-1][0] else None

    def active_bidder(self) -> int | None:
        return self.bidder if self.bidder is not None else self.solo_bidder()

    # ------------------------------------------------------------------ computer players
    def bot_to_act(self) -> int | None:
        """The computer player whose decision is due now (None when a person must act, or none can)."""
        s = self.state
        if s is None or self.screen != GAME or s.is_terminal() or self.read_only:
            return None
        kinds = self.kinds
        for p in s.to_act():
            if kinds[p]:
                return p
        return None

    def bot_due(self) -> tuple[str, int] | None:
        """(key, seat) of the bot decision due now — the key says where the game is — or None when
        no bot is due or the bots wait (paused, a moment open, a replay). Cheap: asked every redraw."""
        p = self.bot_to_act()
        s = self.state
        if p is None or s is None or self.bots_paused or self.worker_mismatch or self.paused_on_moment() or self.replay is not None:
            return None
        if self.teaching.lessons and self.humans():
            return None  # a lesson holds the table until the person has read it
        return f"{self.game_id}/{len(s.history)}/{p}", p

    def bot_job(self) -> protocol.Decide | None:
        """What the page sends the bot worker for the decision due (``nile.bots.protocol.Decide``): its
        key, the save, seat, strength and a salt for the bot's own random numbers (never the game's seed)."""
        due = self.bot_due()
        if due is None or self.state is None:
            return None
        key, p = due
        if key not in self._salts:
            self._salts = {key: self.new_seed() & ((1 << 53) - 1)}  # a JS number holds it exactly
        return protocol.decide(key, save.dumps(self.state), p, self.kinds[p], self._salts[key])

    def shows_before_hand_over(self) -> bool:
        """Whether the open moment was opened to show everyone the last move before the device goes round
        (``_before_hand_over``: its log holds none of the game's moment keys): it stands over the table, whose
        board shows what the move did, and the hand-over comes after its Continue. A moment of the game's own
        (sealed bids opened, a tie to bid again) stands on the hand-over screen, over the names to choose."""
        s = self.state
        if s is None or self.moment is None or not self.paused_on_moment():
            return False
        start, end = self.moment
        return not {e.key for e in s.log[start:end]} & self.ui.moment_keys

    def paused_on_moment(self) -> bool:
        """The board pauses on an open moment panel while a person is at the table (a watch game
        goes on, the panel showing the latest moment; skipping skips moments too)."""
        return self.moment is not None and bool(self.humans()) and not self.skipping

    def bot_delay_ms(self) -> int:
        """How long the last move stays on screen before a bot's next one is shown. Sealed bids are
        not shown, so they are not paced; nor is anything while skipping to a person's turn."""
        s = self.state
        if self.skipping or s is None or s.secret_decision():
            return 0
        return BOT_PACE_MS[self.bot_speed]

    def _on_bot_move(self, value: str) -> None:
        """The bot worker's answer, ``key|action``: applied if the game is still where it was asked."""
        key, _, text = value.partition("|")
        due = self.bot_due()
        if due is None or due[0] != key:
            return  # the game moved on (undo, another game opened): the answer is stale
        try:
            self._apply(text, due[1])
        except (ActionError, IllegalActionError) as e:
            self.bots_paused = True
            self.notice = ("error", msg("ui.bot_failed", self.lang, player=self.names[due[1]], error=self.say(e)))

    def bot_failed(self, key: str, error: str) -> None:
        """The worker could not decide (it failed to start, or raised): pause the bots and say so."""
        due = self.bot_due()
        if due is not None and due[0] == key:
            self.bots_paused = True
            self.notice = ("error", msg("ui.bot_failed", self.lang, player=self.names[due[1]], error=error))

    def worker_other_build(self) -> None:
        """The bot worker answered from another build than this page's: pause the bots, offer a reload."""
        self.worker_mismatch = True
        self.bots_paused = True

    def new_version_ready(self) -> None:
        """The page's service worker has installed a new version; it waits for a reload."""
        self.update_ready = True

    @property
    def offers_update(self) -> bool:
        """Whether the "new version" line shows now: never in the middle of a person's turn or over a
        secret bid. On home and set-up, at the end of a game, while computer players move, and on the
        game screen at the start of a person's turn (nothing chosen yet, no move of theirs yet this
        turn). A worker of another build is said at once: the bots wait for the reload."""
        if self.worker_mismatch:
            return True
        if not self.update_ready or self.help is not None:
            return False
        s = self.state
        if self.screen != GAME or s is None or s.is_terminal():
            return True
        if self.bidder is not None or self.selection or self.confirm or self.replay is not None:
            return False
        actor = self._actor()
        return actor is None or not s.history or s.history[-1][0] != actor

    def _on_update(self, value: str) -> None:
        """Reload into the new version: the open game is saved at every move, the new version reopens it."""
        self._autosave()
        self.effects.append(("update",))

    def _on_bot_speed(self, value: str) -> None:
        if value in BOT_PACE_MS:
            self.bot_speed = value
            try:
                self.library.store.set(SPEED_KEY, value)
            except StorageFull:
                pass

    def _on_sound(self, value: str) -> None:
        """The sound switch: on or off, kept with the other settings (a full storage keeps it for now)."""
        self.sound = not self.sound
        self.sound_due = None
        try:
            self.library.store.set(SOUND_KEY, "on" if self.sound else "off")
        except StorageFull:
            pass

    def _on_bot_skip(self, value: str) -> None:
        self.skipping = True

    def _on_bot_pause(self, value: str) -> None:
        """Pause or go on (a watch game; or again after a bot failed)."""
        self.bots_paused = not self.bots_paused
        self.skipping = False

    def _after_change(self) -> None:
        """After any event: skipping ends where a person must act (or at the game's end)."""
        s = self.state
        if self.skipping and (s is None or s.is_terminal() or self.bot_to_act() is None):
            self.skipping = False

    def undo_possible(self) -> bool:
        s = self.state
        if s is None or s.is_terminal() or s.secret_decision() or not s.history or self.replay is not None or self.read_only:
            return False
        if self.is_bot(s.current_player()):
            return False  # a bot's moves are not the person's to take back
        return len(s.history) > s.undo_floor() and s.history[-1][0] == s.current_player()

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
        if kind not in KEEP_MENU:
            self.menu_open = False  # a control chosen (in the menu or not): the menu has done its job
        try:
            handler(value)
        except (ActionError, IllegalActionError, OptionsError, SaveError) as e:
            self.notice = ("error", self.say(e))
        if self.screen != screen and self.notice is notice:
            self.notice = None  # a notice belongs to the screen it was raised on
        self._after_change()

    # home
    def resume(self) -> None:
        """At page load: reopen the game that was open (a reload resumes exactly there)."""
        try:  # after an update: find stored games this version can no longer replay (kept, and said so)
            self.library.check_stale()
        except Exception:  # noqa: BLE001 - the home screen still lists them; never block the page
            pass
        gid = self.library.store.get(CURRENT_KEY)
        if gid and self.library.raw(gid) is not None:
            self._on_continue(gid)

    def _on_home(self, value: str) -> None:
        if not self.read_only:  # the game a reload reopens is the playing tab's to say
            self._remember(None)
        self.screen = HOME
        self.state = None
        self.game_id = None
        self.selection = None
        self.bidder = None

    def _on_learn(self, value: str) -> None:
        """Learn to play ``value``: a short form asks the learner's name (the game names every player, and
        the person at the screen is named like everyone else: "Anna sows flax", never "You sows")."""
        self.form = learn_form(value if value in GAMES else DEFAULT_GAME, self.remembered_names())
        self.screen = SETUP

    def _start_guided(self, name: str) -> None:
        """A guided first game of the form's game — the learner against an easy computer player, from a seed
        chosen so the game's important situations come early, with hints and lessons on."""
        spec = spec_of(self.form.game)
        players = [Player(name, spec.colours[0]), Player(BOT_NAMES[1], spec.colours[1], "easy")]
        options, seed = spec.ui.tutorial(players)
        state = spec.new_state(options, seed)
        gid = self.library.new_id()
        self._open(gid, state)
        self._autosave()
        self._set_teaching(GUIDED)
        self.teaching.note(self.ui.lesson_triggers, state.log, 0)

    def remembered_names(self) -> list[str]:
        """The people's names typed at the last set-up, by seat ("" where a computer player sat)."""
        try:
            names = json.loads(self.library.store.get(NAMES_KEY) or "[]")
        except ValueError:
            return []
        return [n if isinstance(n, str) else "" for n in names][:8] if isinstance(names, list) else []

    def _remember_names(self, players: Sequence[Player]) -> None:
        try:
            self.library.store.set(NAMES_KEY, json.dumps(["" if p.bot else p.name for p in players]))
        except StorageFull:
            pass

    def _on_play_stronger(self, value: str) -> None:
        """After a guided game: the same game again against a stronger computer player (normal), with the
        coach's "Show me what I can do" on and no lessons."""
        game = value if value in GAMES else DEFAULT_GAME
        spec = spec_of(game)
        learner = self.names[0] if self.state is not None else (self.remembered_names() or [DEFAULT_NAMES[0]])[0]
        players = [Player(learner or DEFAULT_NAMES[0], spec.colours[0]), Player(BOT_NAMES[1], spec.colours[1], "normal")]
        state = spec.new_state(spec.ui.make_options(new_form(game), players), self.new_seed())
        self._open(self.library.new_id(), state)
        self._autosave()
        self._set_teaching(HINTS)

    def _on_hints(self, value: str) -> None:
        """Show me what I can do: the coach's tips on or off for the open game (a guided game turns into
        an ordinary one with hints off)."""
        self._set_teaching(OFF if self.teaching.mode else HINTS)

    def _on_coach_list(self, value: str) -> None:
        """Unfold or fold the coach's list of what the person can do now."""
        self.coach_open = not self.coach_open

    def _set_teaching(self, mode: str) -> None:
        self.teaching.set(mode)
        if self.game_id is not None:
            try:
                self.library.set_coach(self.game_id, mode)
            except StorageFull:
                pass

    def _on_coach_tip(self, value: str) -> None:
        """Point at the targets of another of the coach's tips."""
        self.teaching.choose_tip(value)

    def _on_lesson_close(self, value: str) -> None:
        self.teaching.close_lesson()

    def _on_new(self, value: str) -> None:
        self.form = new_form(value if value in GAMES else DEFAULT_GAME, self.remembered_names())
        self.screen = SETUP

    def _on_continue(self, gid: str) -> None:
        try:
            state = self.library.load(gid)
        except SaveError as e:
            self.notice = ("error", msg("ui.damaged", self.lang, reason=self.say(e)))
            self._remember(None)
            return
        self._open(gid, state)

    def _remember(self, gid: str | None) -> None:
        try:
            if gid is None:
                self.library.store.remove(CURRENT_KEY)
            else:
                self.library.store.set(CURRENT_KEY, gid)
        except StorageFull:
            pass

    def _open(self, gid: str, state: GameState) -> None:
        self._remember(gid)
        self.game_id = gid
        self.state = state
        self.screen = GAME
        self.selection = None
        self.bidder = None
        self.bid_draft = {}
        self.in_memory_only = False
        self.read_only = None
        self.skipping = False
        self.bots_paused = False
        self.moment = None
        self.news_from = len(state.log)
        self.since_log = {}
        self.confirm = None
        self.replay = None
        # "since your turn" after a reload: where the log stood after each person's own last move
        self.since_log = own_last_moves([e.to_json() for e in state.log], self.humans(), self.ui.since_keys)
        self.teaching = Teaching(self.library.coach(gid))
        if self.teaching.mode == GUIDED:
            self.teaching.resume(self.ui.lesson_triggers, state.log)
        self.coaching = Coaching()

    # nothing lost by a slip: a deleted game waits in Recently deleted; deleting for good asks once
    def _on_delete(self, gid: str) -> None:
        """Move a game to Recently deleted (no question: it can be restored there for 30 days)."""
        try:
            self.library.delete(gid)
        except StorageFull:  # no room to keep it there: ask before it goes for good
            self.asking = ("game", gid)
            return
        self.asking = None
        self.notice = ("info", msg("ui.moved_to_bin", self.lang))

    def _on_undelete(self, tid: str) -> None:
        try:
            self.library.undelete(tid)
        except StorageFull:
            self.notice = ("error", msg("ui.storage_full_undelete", self.lang))
            return
        self.notice = ("info", msg("ui.undeleted", self.lang))

    def _on_purge(self, tid: str) -> None:
        self.asking = ("bin", tid)

    def _on_purge_yes(self, value: str) -> None:
        """The player said yes to the question on screen (a stale answer to another question does nothing)."""
        asking, self.asking = self.asking, None
        if asking is None or asking[1] != value:
            return
        if asking[0] == "bin":
            self.library.purge(value)
        else:
            self.library.delete_for_good(value)
        self.notice = ("info", msg("ui.deleted", self.lang))

    def _on_purge_no(self, value: str) -> None:
        self.asking = None

    # backups: every game in one file, restored without duplicates
    def _on_backup(self, value: str) -> None:
        """Back up all games: the file is downloaded, and the reminder waits until games are added."""
        text, count = self.library.backup()
        if not count:
            self.notice = ("info", msg("ui.backup_empty", self.lang))
            return
        stamp = time.strftime("%Y-%m-%d", time.localtime(self.library.clock()))
        name = f"nile-backup-{stamp}.json"
        self.effects.append(("download", name, text))
        self.notice = ("info", plural("ui.backed_up", count, self.lang, name=name))

    def _on_backup_later(self, value: str) -> None:
        self.library.remind_later()

    def _on_report_close(self, value: str) -> None:
        self.restore_report = None

    def restore_text(self, text: str) -> None:
        """A backup file the player chose to restore (the page reads it and calls this): the games are added to
        the saved games, and home says what was done, entry by entry for the damaged ones."""
        self.revision += 1
        self.notice = None
        self.restore_report = None
        try:
            report = self.library.restore(text)
        except Explained as e:
            self.notice = ("error", msg("ui.restore_failed", self.lang, reason=self.say(e)))
            return
        self._on_home("")
        self.restore_report = self.restore_lines(report)

    def restore_lines(self, r: Restored) -> list[str]:
        """What a restore did, in the player's language: one line per kind of outcome and per damaged entry."""
        lang = self.lang
        lines = [plural("ui.restored", len(r.added), lang)]
        for key, n in (("ui.restore_kept", r.kept), ("ui.restore_updated", r.updated), ("ui.restore_set_aside", r.set_aside)):
            if n:
                lines.append(plural(key, n, lang))
        for number, title, error in r.damaged:
            lines.append(msg("ui.restore_damaged", lang, number=number, title=title or msg("ui.saved_game", lang),
                             reason=self.say(error)))
        if r.full:
            lines.append(plural("ui.restore_full", r.total - r.done, lang))
        return lines

    def _on_export(self, gid: str) -> None:
        gid = gid or self.game_id or ""
        if self.state is not None and gid == self.game_id:
            text = save.dumps(self.state)
        else:
            text = self.library.raw(gid) or ""
        if text:
            self.effects.append(("download", self.export_name(text, gid), text))

    def export_name(self, text: str, gid: str) -> str:
        """A file name that says which game, who played and when: ``nile-cape-anna-bram-2026-11-23.json``."""
        try:
            data = save.parse(text)
            names = [str(p.get("name", "")) for p in data["options"].get("players", []) if isinstance(p, dict)]
            game = str(data["game"])
        except (SaveError, AttributeError, TypeError):
            return f"nile-{gid}.json"
        words = "-".join(names + [time.strftime("%Y-%m-%d", time.localtime(self.library.clock()))])
        slug = "".join(ch if ch.isalnum() else "-" for ch in f"{game}-{words}".lower())
        slug = "-".join(part for part in slug.split("-") if part)[:80]
        return f"nile-{slug}.json"

    def import_text(self, text: str) -> None:
        """A file the player chose to import (the page reads it and calls this)."""
        self.revision += 1
        self.notice = None
        same = self.library.same_game(text)
        if same is not None and self.library.check(same) is None:
            self.notice = ("info", msg("ui.imported_already", self.lang))
            self._on_continue(same)
            return
        try:
            gid, replaced = self.library.import_save(text, "")
        except SaveError as e:
            self.notice = ("error", msg("ui.import_failed", self.lang, reason=self.say(e)))
            return
        except StorageFull:
            self.notice = ("error", msg("ui.storage_full_import", self.lang))
            return
        state = self.library.load(gid)
        self.library.write(gid, state, self.game_title(state))
        self._open(gid, state)
        self.notice = ("info", msg("ui.imported_replaced" if replaced else "ui.imported", self.lang))

    # set-up: the seats are the shell's, every other choice is the game's (its UI module)
    def _on_setup_count(self, value: str) -> None:
        spec = spec_of(self.form.game)
        if value.isdigit() and spec.min_players <= int(value) <= spec.max_players:
            self.form.count = int(value)
            self.ui.setup_change(self.form, "count", value)

    def _on_setup_option(self, value: str) -> None:
        """One of the game's own set-up choices (``choice:value``), which its UI module keeps."""
        choice, _, chosen = value.partition(":")
        if self.screen == SETUP:
            self.ui.setup_change(self.form, choice, chosen)

    def _on_setup_name(self, value: str) -> None:
        seat, _, name = value.partition(":")
        if seat.isdigit() and int(seat) < len(self.form.names):
            self.form.names[int(seat)] = name[:100]

    def _on_setup_colour(self, value: str) -> None:
        seat, _, colour = value.partition(":")
        if seat.isdigit() and int(seat) < len(self.form.colours) and colour in self.form.colours:
            seat_i = int(seat)
            other = self.form.colours.index(colour)
            self.form.colours[other], self.form.colours[seat_i] = self.form.colours[seat_i], colour

    def _on_setup_kind(self, value: str) -> None:
        """Who plays a seat: a person ("") or a computer player; a default name follows the choice."""
        seat, _, kind = value.partition(":")
        if not (seat.isdigit() and int(seat) < len(self.form.kinds) and kind in ("", *BOT_STRENGTHS)):
            return
        i = int(seat)
        remembered = self.remembered_names()
        person = remembered[i] if i < len(remembered) and remembered[i] else DEFAULT_NAMES[i]
        was_default = self.form.names[i] in (DEFAULT_NAMES[i], BOT_NAMES[i], person)
        self.form.kinds[i] = kind
        if was_default:
            self.form.names[i] = BOT_NAMES[i] if kind else person

    def _on_start_game(self, value: str) -> None:
        f = self.form
        spec = spec_of(f.game)
        try:
            players = [Player(clean_name(f.names[i], i), f.colours[i], f.kinds[i] if i < len(f.kinds) else "") for i in range(f.count)]
            options = self.ui.make_options(f, players)
        except OptionsError as e:
            f.error = self.say(e)
            return
        self._remember_names(players)
        if f.guided:
            self._start_guided(players[0].name)
            return
        state = spec.new_state(options, self.new_seed())
        gid = self.library.new_id()
        self._open(gid, state)
        self._autosave()

    # game: selection and commits
    def _on_pick(self, target: str) -> None:
        """A click on a board target (``field:W4-2``, ``supply:flax`` …)."""
        if self.state is None:
            return
        inter = self.interaction()
        t = inter.targets.get(target)
        if t is None:
            self._explain_refusal(target)
            return
        if t.action:
            self._apply(t.action)
        elif t.select is not None:
            self.selection = None if self.selection == t.select else t.select

    def _on_act(self, text: str) -> None:
        actor = self._actor()
        if self.state is None or actor is None:
            return
        legal = {a.text() for a in self.state.legal_actions(actor)}
        if text not in legal:
            action = self.state.parse_action(text)
            if any(b.value == text and not b.available for b in self.interaction().buttons):
                self._say_refusal(action, actor)  # a dimmed button: why it cannot be done now, with its rule
                return
            raise self.state.refusal(action, actor)
        question = next((b.confirm for b in self.interaction().buttons if b.value == text and b.confirm), "")
        if question and self.confirm != (text, question):
            self.confirm = (text, question)  # asked once; the answer is "confirm" or "confirm-cancel"
            return
        self._apply(text)

    def _on_confirm(self, value: str) -> None:
        if self.confirm is not None and self.confirm[0] == value:
            self._on_act(value)

    def _on_confirm_cancel(self, value: str) -> None:
        self.confirm = None

    def _on_moment_close(self, value: str) -> None:
        self.moment = None

    # replay: step through the open game as a spectator (no hidden card shown early)
    def _on_replay(self, value: str) -> None:
        """Open the replay at the current position (a finished game: at its end)."""
        if self.state is not None:
            self.selection = self.confirm = self.moment = None
            self.replay = Replay(self.state)

    def _on_replay_exit(self, value: str) -> None:
        self.replay = None

    def _on_replay_step(self, value: str) -> None:
        if self.replay is not None:
            self.replay.step(value)

    def _on_cancel(self, value: str) -> None:
        self.selection = None
        self.confirm = None

    def _on_select(self, value: str) -> None:
        """A button that changes what is being chosen (the game's UI says what it means)."""
        if self.state is not None:
            chosen = self.ui.select(self.state, self.selection or {}, value)
            if chosen is not None:
                self.selection = chosen

    def _on_undo(self, value: str) -> None:
        if not self.undo_possible():
            self.notice = ("info", msg("ui.nothing_to_undo", self.lang))
            return
        s = self.state
        assert s is not None  # undo_possible() says a game is open
        previous = spec_of(s.GAME).new_state(s.options, s.seed)
        for player, action in s.history[:-1]:
            previous.apply(action, player)
        self.state = previous
        self.selection = None
        self.news_from = len(previous.log)
        self.since_log = {}
        self._autosave()

    def _on_layout(self, value: str) -> None:
        if value in ("landscape", "portrait"):
            self.layout = value

    def _on_menu(self, value: str) -> None:
        self.menu_open = not self.menu_open

    def _on_zoom(self, value: str) -> None:
        step = {"in": 1, "out": -1}.get(value, 0)
        self.board_zoom = max(1, min(MAX_ZOOM, self.board_zoom + step))

    def _on_dismiss(self, value: str) -> None:
        self.notice = None

    def _on_lang(self, value: str) -> None:
        """The player picks a language: every screen speaks it from now on, and it is remembered."""
        if value in LANGUAGES:
            self.lang = value
            try:
                self.library.store.set(LANG_KEY, value)
            except StorageFull:
                pass  # still spoken in this tab

    @property
    def show_rules(self) -> bool:
        return self.help is not None

    def _on_rules(self, value: str) -> None:
        """Open the rules help (at ``game:page`` if given), or close it."""
        if self.help is not None and not value:
            self.help = None
            return
        games = [self.state.GAME] if self.state is not None and self.screen == GAME else list(GAMES)
        self.help = open_help(games, value)

    def _on_rules_open(self, value: str) -> None:
        """A link to a page of the help: a rule, the round summary, a search result."""
        if self.help is None:
            self._on_rules(value)
            return
        game, _, page = value.partition(":")
        if game in self.help.games and page in help_pages(game):
            self.help.go(game, page)

    def _on_rules_back(self, value: str) -> None:
        if self.help is not None and not self.help.back():
            self.help = None

    def _on_rules_search(self, value: str) -> None:
        h = self.help
        if h is None:
            return
        h.query = value[:MAX_QUERY]
        if h.query.strip():
            h.go(h.game, SEARCH)
        elif h.page == SEARCH:
            h.back()

    def _on_key(self, value: str) -> None:
        """A shortcut key on the game screen: U (or Ctrl+Z) undoes, and a button's own key presses it
        (E ends a Nile turn). Keys do nothing where no such button is offered."""
        if self.screen != GAME or self.state is None or self.bidder is not None:
            return
        if value == "u":
            if self.undo_possible():
                self._on_undo("")
            return
        for b in self.interaction().buttons:
            if b.key and b.key == value and b.intent == "act":
                self._on_act(b.value)  # a second press answers yes to its question
                return

    def _on_escape(self, value: str) -> None:
        """The Escape key: close the head line's menu or the rules help, else drop the current choice."""
        if self.menu_open:
            self.menu_open = False
        elif self.help is not None:
            self.help = None
        elif self.coaching.review is not None:
            self.coaching.review = None
        elif self.confirm is not None:
            self.confirm = None
        elif self.moment is not None:
            self.moment = None
        elif self.teaching.close_lesson():
            pass
        else:
            self.selection = None

    def variants_in_play(self) -> frozenset[str] | None:
        """The variants of the game on screen (None when no game is open)."""
        if self.screen != GAME or self.state is None:
            return None
        return self.ui.variants_of(self.state)

    # one game, one tab: the page holds the open game's lock (static/tablock.js) and says what it learns
    def tab_news(self, gid: str, news: str) -> None:
        """What the page learnt of the open game's lock: "held" (this tab plays it), "elsewhere" (another
        tab had it open first), "lost" (another tab took it over), "freed" (the tab that played it let it
        go). News of a game no longer open here is old: ignored."""
        if gid != self.game_id or self.screen != GAME:
            return
        if news == "elsewhere":
            self._watch(ELSEWHERE)
        elif news == "lost":
            self._watch(TAKEN)
        elif news in ("held", "freed") and self.read_only:
            self._play_here()

    def other_tab_changed(self) -> None:
        """Another tab wrote the open game: this tab shows its moves. A tab that was playing it (the other
        tab has no lock: a browser without Web Locks, an older version, a race) watches from now on."""
        if self.read_only is None:
            self._watch(CHANGED)
        self._follow()

    def _watch(self, why: str) -> None:
        """Only show the open game from now on (``why``: ELSEWHERE, TAKEN, CHANGED); a choice half made is dropped."""
        self.read_only = why
        self.selection = self.confirm = None
        self.bidder = None
        self.bid_draft = {}
        self.skipping = False

    def _follow(self) -> None:
        """Show the stored game (the other tab's moves). Moves this tab could keep only in memory (a full
        storage) stay shown, to be exported; a stored copy that cannot be read leaves the board as it is."""
        if self.game_id is None or self.in_memory_only:
            return
        try:
            state = self.library.look(self.game_id)  # read only: not even the index is written from here
        except SaveError:
            return
        self.state = state
        self.moment = None

    def _on_take_over(self, value: str) -> None:
        """Play the open game here: the page takes its lock from the other tab, then says "held"."""
        if self.read_only and self.game_id:
            self.effects.append(("take-over", self.game_id))

    def _play_here(self) -> None:
        """This tab plays the open game from now on: from its stored copy, with every move the other tab made."""
        gid = self.game_id
        if gid is None:
            return
        self.library.known.pop(gid, None)
        try:
            state = self.library.load(gid)
        except SaveError as e:  # gone or unplayable: still shown as it was, never written over
            self.notice = ("error", msg("ui.damaged", self.lang, reason=self.say(e)))
            return
        self._open(gid, state)
        self.notice = ("info", msg("ui.playing_here", self.lang))

    # secret decisions (sealed bids): hand the device over, decide in private, hide again
    def _on_reveal_bidder(self, value: str) -> None:
        s = self.state
        if s and s.secret_decision() and value.isdigit() and int(value) in s.to_act() and not self.kinds[int(value)]:
            self.bidder = int(value)
            self.bid_draft = {}

    def _on_bid_change(self, value: str) -> None:
        bidder = self.active_bidder()
        if bidder is None or self.state is None:
            return
        self.bid_draft = self.ui.draft_change(self.state, bidder, self.bid_draft, value)

    def _on_bid_submit(self, value: str) -> None:
        bidder = self.active_bidder()
        if bidder is None or self.state is None:
            return
        text = self.ui.draft_action(self.state, bidder, self.bid_draft)
        player = bidder
        self.bidder = None
        self.bid_draft = {}
        self._apply(text, player)

    def _on_bid_hide(self, value: str) -> None:
        self.bidder = None
        self.bid_draft = {}

    # the coach (issue 22): hints and the review are thought out by the bot worker (``nile.web.coaching``)
    def hint_seat(self) -> int | None:
        """The person a hint may be asked for now: at their turn on the game screen (not over a sealed bid)."""
        s = self.state
        if self.screen != GAME or s is None or s.secret_decision() or self.coaching.review is not None:
            return None
        return self._actor()

    def hint_key(self) -> str | None:
        """The key of a hint at this position (None when none may be asked)."""
        seat, s = self.hint_seat(), self.state
        if seat is None or s is None:
            return None  # the key digests every move: worked out once per position (asked at every redraw)
        return memo("hint-key").get((self.game_id, Same(s), len(s.history), seat), position_key, self.game_id, s, f"{seat}/hint")

    def _on_hint(self, value: str) -> None:
        """Ask the coach for the three best choices of the person to act, from that seat's knowledge."""
        key, seat = self.hint_key(), self.hint_seat()
        if key is None or seat is None or self.state is None or key == self.coaching.asked or self.coaching.hints_at(key):
            return  # asked already: the worker thinks, or its hints are shown
        self.coaching.asked, self.coaching.error = key, ""
        salt = self.new_seed() & ((1 << 53) - 1)
        self.coaching.outbox.append(protocol.hint(key, save.dumps(self.state), seat, salt))

    def hints_used(self) -> int:
        """How many hints the open game was played with (kept in its stored record)."""
        return self.library.hints(self.game_id) if self.game_id else 0

    def _on_review(self, value: str) -> None:
        """Open the review of the finished game: the coach goes through it in the worker (once per game)."""
        s = self.state
        if self.screen != GAME or s is None or not s.is_terminal():
            return
        key = position_key(self.game_id, s, "review")
        self.replay = None
        done = self.coaching.reviewed
        if done is not None and done.key == key:
            self.coaching.review = done
            return
        self.coaching.review = Review(key)
        self.coaching.outbox.append(protocol.review(key, save.dumps(s), self.humans(), REVIEW_ITERATIONS))

    def _on_review_exit(self, value: str) -> None:
        self.coaching.review = None

    def coach_answer(self, message: protocol.Hinted | protocol.Reviewed) -> None:
        """The worker's hints or review: used only while the game is still where they were asked."""
        self.revision += 1
        c = self.coaching
        if message["kind"] == "hinted":
            if message["key"] != c.asked or message["key"] != self.hint_key():
                return  # stale: the game moved on (a move, an undo, another game) since it was asked
            c.asked, c.shown = None, (message["key"], list(message["hints"]))
            if self.game_id is not None and not self.read_only:
                try:
                    self.library.add_hint(self.game_id)
                except StorageFull:
                    pass
        elif c.review is not None and c.review.answer is None and message["key"] == c.review.key:
            c.review.answer = message
            c.reviewed = c.review

    def coach_failed(self, key: str, error: str) -> None:
        """The worker could not answer the coach's request ``key`` ("": the worker itself failed)."""
        self.revision += 1
        c = self.coaching
        if c.asked is not None and key in ("", c.asked):
            c.asked, c.error = None, msg("ui.hint_failed", self.lang, error=error)
        if c.review is not None and c.review.answer is None and key in ("", c.review.key):
            c.review.error = msg("ui.review_failed", self.lang, error=error)

    # ------------------------------------------------------------------ applying
    def _actor(self) -> int | None:
        """The seat the person at the screen moves for now (never a computer player's)."""
        if self.state is None or self.state.is_terminal() or self.replay is not None or self.read_only:
            return None
        p = self.state.current_player()
        return None if self.is_bot(p) else p

    def _apply(self, text: str, player: int | None = None) -> None:
        s = self.state
        if s is None:
            return
        if player is None:
            player = self._actor()
        by_person = player is None or not self.is_bot(player)
        before = len(s.log)
        if by_person:
            self.moment = None  # a person's move answers the open moment
            self.news_from = before  # and the routine events said are this move's on
        self.confirm = None
        s.apply_text(text, player)
        if by_person and player is not None:
            self.since_log[player] = len(s.log)
        self.selection = None
        self.teaching.tip = 0
        self._note_moment(before)
        self._note_sound(before)
        self.teaching.note(self.ui.lesson_triggers, s.log, before, person=by_person, over=s.is_terminal())
        self._autosave()

    def _note_sound(self, before: int) -> None:
        """The sound of the move just made: the end, a scoring (the game's ``chord_keys``), else a tick."""
        s = self.state
        if s is None or not self.sound:
            self.sound_due = None
            return
        if s.is_terminal():
            self.sound_due = "end"
        elif {e.key for e in s.log[before:]} & self.ui.chord_keys:
            self.sound_due = "chord"
        else:
            self.sound_due = "tick"

    def _note_moment(self, before: int) -> None:
        """Open the moment panel when the last action's log holds a moment of this game, or when the action hands
        the device round for secret decisions (``_before_hand_over``)."""
        s = self.state
        if s is None:
            return
        keys = {e.key for e in s.log[before:]}
        if not keys & self.ui.moment_keys and not self._before_hand_over(before):
            return
        if self.skipping and self.humans():
            return  # skipping to my turn skips the moments on the way
        self.moment = (before, len(s.log))

    def _before_hand_over(self, before: int) -> bool:
        """Whether the last action is shown to everyone before the device goes round for secret decisions: with
        two or more people at the table the hand-over screen comes next and covers the table, so what the action
        did there (the game's routine news, e.g. Kap's crossing that ended the building phase, K4) would be seen
        by nobody. Then its moment (the game draws it: ``GameUI.moment``; None, nothing to show) asks for a
        Continue first, over the table from nobody's view."""
        s = self.state
        if s is None or s.is_terminal() or not s.secret_decision() or self.solo_bidder() is not None:
            return False
        if not any(not self.kinds[p] for p in s.to_act()):
            return False  # bots decide without a hand-over
        if not {e.key for e in s.log[before:]} & self.ui.news_keys:
            return False
        frame = Frame(s, s.view(None), Interaction(), {}, self.lang, self.names, self.layout)
        return self.ui.moment(frame, [e.to_json() for e in s.log[before:]]) is not None

    def _autosave(self) -> None:
        if self.state is None or self.game_id is None or self.read_only:
            return
        try:
            cleared = self.library.write(self.game_id, self.state, self.game_title(self.state))
            self.in_memory_only = False
            if self.library.store.get(CURRENT_KEY) != self.game_id:  # e.g. storage cleared under the page
                self._remember(self.game_id)
            if cleared:
                self.notice = ("error", msg("ui.storage_cleared", self.lang))
            self._ask_to_persist()
        except StorageFull:
            self.in_memory_only = True
            self.notice = ("error", msg("ui.storage_full", self.lang))
        except SaveConflict:  # another tab wrote it first: its copy is shown, this tab's move is taken back
            self._watch(CHANGED)
            self._follow()
            self.notice = ("error", msg("ui.conflict", self.lang))

    def _ask_to_persist(self) -> None:
        """Once a game is saved, ask the browser (once per page) to keep this site's storage for good."""
        if not self._persist_asked and self.persistent is not True and not self.storage_blocked:
            self._persist_asked = True
            self.effects.append(("persist",))

    def storage_cleared(self) -> None:
        """Another tab (or the browser) cleared the site's storage: write the open game back now, and say so."""
        self._autosave()

    def storage_persistent(self, persistent: bool | None) -> None:
        """The page learnt whether the browser keeps this site's storage (None: it cannot say)."""
        self.persistent = persistent

    def _explain_refusal(self, target: str) -> None:
        """An illegal click: nothing changes; say why when the engine can tell."""
        s = self.state
        actor = self._actor()
        if s is None or actor is None:
            return
        action_text = self.ui.refused_action(s, target, self.selection or {}, self.interaction())
        if action_text:
            try:
                action = s.parse_action(action_text)
            except ActionError:
                return
            self._say_refusal(action, actor)

    def _say_refusal(self, action: Action, actor: int) -> None:
        """Why ``action`` cannot be done now, in the engine's words, with its rule one tap away."""
        s = self.state
        if s is None:
            return
        refusal = s.refusal(action, actor)
        self.notice = ("info", self.say(refusal))
        rule = self.rule_of(refusal)
        self.notice_rule = (self.notice, f"{s.GAME}:{rule}") if rule else None

    def rule_of(self, error: BaseException) -> str | None:
        """The rule id an error of the open game is about (the reason inside it first)."""
        if not isinstance(error, Explained) or self.state is None:
            return None
        inner = error.params.get("why")
        return (self.rule_of(inner) if isinstance(inner, Explained) else None) or self.ui.rule_of(error.key)

    # ------------------------------------------------------------------ what a click would do
    def interaction(self) -> Interaction:
        """Board targets and buttons for the player to act (the game's UI reads the engine's legal actions)."""
        if self.state is None or self.read_only:
            return Interaction()  # a game played in another tab: nothing to do here
        key = (self.game_id, id(self.state), len(self.state.history), repr(self.selection), self.lang, self.bots_paused)
        if self._interaction is not None and self._interaction[0] == key:
            return self._interaction[1]  # worked out once per event and position, not per reader
        if not self.state.is_terminal() and self.is_bot(self.state.current_player()):
            inter = Interaction(prompt=self.thinking_text())
        else:
            inter = self.ui.interaction(self.state, self.selection or {}, self.lang, self.names)
        self._interaction = (key, inter)
        return inter

    def thinking_text(self) -> str:
        """What the table waits for while no person is to act: a lesson or a moment to be closed (the bots
        wait for it), else "Amun (bot) is thinking…" (the computer players choosing their sealed bids), or
        that the bots are paused."""
        s = self.state
        p = self.bot_to_act()
        if p is None and s is not None and not s.is_terminal():
            p = s.current_player()
        if p is None or s is None:
            return ""
        if self.teaching.lessons and self.humans():
            return msg("ui.waits_lesson", self.lang)
        if self.paused_on_moment():
            return msg("ui.waits_moment", self.lang)
        if self.bots_paused:
            return msg("ui.bot_paused", self.lang, player=self.names[p])
        if len(s.to_act()) > 1:
            return msg("ui.bots_bidding", self.lang)
        return msg("ui.bot_thinking", self.lang, player=self.names[p])


def kinds_of(state: GameState) -> list[str]:
    """Each seat's player as saved: "" a person, else a computer player's strength."""
    return [str(p.get("bot", "")) for p in state.options_json()["players"]]


def names_of(state: GameState) -> list[str]:
    """The players' names, from the game's options in their saved form (every game has seats)."""
    return [str(p["name"]) for p in state.options_json()["players"]]
