"""Setting up a game: the set-up form (the seats are the shell's, every other choice is the game's UI
module's), a guided first game (Learn to play), and the next game after it against a stronger player.
The names typed last time are offered again."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ...core.players import BOT_STRENGTHS, OptionsError, Player, clean_name
from ...games import GAMES, spec_of
from ...kit import SetupForm
from ...kit.intents import Intent
from ...messages import text as msg
from ..core import DEFAULT_GAME, SETUP, Core, Handler, Room
from ..storage import StorageFull
from ..teaching import HINTS
from .far import FarRoom
from .keeper import Keeper
from .tutor import Tutor

DEFAULT_NAMES = ("Anna", "Bram", "Chloé", "Dirk", "Eva")
#: a computer player's name until the player types another one
BOT_NAMES = ("Amun", "Bastet", "Horus", "Isis", "Thoth")
#: the names typed at the last set-up (or for the last guided game), offered again at the next one
NAMES_KEY = "nile:names"
#: a seat played by a person far away, on a device of their own, by link (issue 44: ``rooms.far``)
FAR_KIND = "far"


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


class Setup(Room):
    def __init__(self, core: Core, keeper: Keeper, tutor: Tutor, far: FarRoom) -> None:
        super().__init__(core)
        self.keeper, self.tutor, self.far = keeper, tutor, far
        self._form: SetupForm | None = None  # made when first asked for: the home imports no game's rules

    @property
    def form(self) -> SetupForm:
        if self._form is None:
            self._form = new_form(DEFAULT_GAME)
        return self._form

    @form.setter
    def form(self, form: SetupForm) -> None:
        self._form = form
        self.core.setup_game = form.game  # its UI module speaks for the set-up screen

    def intents(self) -> dict[Intent, Handler]:
        return {Intent.NEW: self._on_new, Intent.LEARN: self._on_learn, Intent.PLAY_STRONGER: self._on_play_stronger,
                Intent.SETUP_COUNT: self._on_setup_count, Intent.SETUP_OPTION: self._on_setup_option,
                Intent.SETUP_NAME: self._on_setup_name, Intent.SETUP_COLOUR: self._on_setup_colour,
                Intent.SETUP_KIND: self._on_setup_kind, Intent.START_GAME: self._on_start_game}

    def remembered_names(self) -> list[str]:
        """The people's names typed at the last set-up, by seat ("" where a computer player sat)."""
        try:
            names = json.loads(self.core.library.store.get(NAMES_KEY) or "[]")
        except ValueError:
            return []
        return [n if isinstance(n, str) else "" for n in names][:8] if isinstance(names, list) else []

    def _remember_names(self, players: Sequence[Player]) -> None:
        try:
            self.core.library.store.set(NAMES_KEY, json.dumps(["" if p.bot else p.name for p in players]))
        except StorageFull:
            pass

    def _start(self, game: str, options: Any, seed: int) -> None:
        """Open a new game of ``game`` and save it at once."""
        self.core.open_game(self.core.library.new_id(), spec_of(game).new_state(options, seed))
        self.keeper.autosave()

    def _on_new(self, value: str) -> None:
        self.form = new_form(value if value in GAMES else DEFAULT_GAME, self.remembered_names())
        self.core.screen = SETUP

    def _on_learn(self, value: str) -> None:
        """Learn to play ``value``: a short form asks the learner's name (the game names every player, and
        the person at the screen is named like everyone else: "Anna sows flax", never "You sows")."""
        self.form = learn_form(value if value in GAMES else DEFAULT_GAME, self.remembered_names())
        self.core.screen = SETUP

    def _start_guided(self, name: str) -> None:
        """A guided first game of the form's game — the learner against an easy computer player, from a seed
        chosen so the game's important situations come early, with hints and lessons on."""
        spec = spec_of(self.form.game)
        players = [Player(name, spec.colours[0]), Player(BOT_NAMES[1], spec.colours[1], "easy")]
        options, seed = spec.ui.tutorial(players)
        self._start(self.form.game, options, seed)
        self.tutor.start_guided()

    def _on_play_stronger(self, value: str) -> None:
        """After a guided game: the same game again against a stronger computer player (normal), with the
        coach's "Show me what I can do" on and no lessons."""
        game = value if value in GAMES else DEFAULT_GAME
        spec = spec_of(game)
        core = self.core
        learner = core.names[0] if core.state is not None else (self.remembered_names() or [DEFAULT_NAMES[0]])[0]
        players = [Player(learner or DEFAULT_NAMES[0], spec.colours[0]), Player(BOT_NAMES[1], spec.colours[1], "normal")]
        self._start(game, spec.ui.make_options(new_form(game), players), core.new_seed())
        self.tutor.set_mode(HINTS)

    def _on_setup_count(self, value: str) -> None:
        spec = spec_of(self.form.game)
        if value.isdigit() and spec.min_players <= int(value) <= spec.max_players:
            self.form.count = int(value)
            self.core.ui.setup_change(self.form, "count", value)

    def _on_setup_option(self, value: str) -> None:
        """One of the game's own set-up choices (``choice:value``), which its UI module keeps."""
        choice, _, chosen = value.partition(":")
        if self.core.screen == SETUP:
            self.core.ui.setup_change(self.form, choice, chosen)

    def _on_setup_name(self, value: str) -> None:
        seat, _, name = value.partition(":")
        if seat.isdigit() and int(seat) < len(self.form.names):
            self.form.names[int(seat)] = name[:100]

    def _on_setup_colour(self, value: str) -> None:
        seat, _, colour = value.partition(":")
        f = self.form
        if seat.isdigit() and int(seat) < len(f.colours) and colour in f.colours:
            seat_i = int(seat)
            other = f.colours.index(colour)
            f.colours[other], f.colours[seat_i] = f.colours[seat_i], colour

    def _on_setup_kind(self, value: str) -> None:
        """Who plays a seat: a person ("") or a computer player; a default name follows the choice."""
        seat, _, kind = value.partition(":")
        f = self.form
        if not (seat.isdigit() and int(seat) < len(f.kinds) and kind in ("", *BOT_STRENGTHS, FAR_KIND)):
            return
        i = int(seat)
        remembered = self.remembered_names()
        person = remembered[i] if i < len(remembered) and remembered[i] else DEFAULT_NAMES[i]
        was_default = f.names[i] in (DEFAULT_NAMES[i], BOT_NAMES[i], person)
        f.kinds[i] = kind
        if was_default:
            f.names[i] = BOT_NAMES[i] if kind in BOT_STRENGTHS else person

    def _name_error(self, e: OptionsError) -> str:
        """A name the form cannot take, said as the form asks it: the guided game's form asks one name, "Your
        name", and the set-up form numbers its seats as its labels do ("Name 2"), in a sentence of its own —
        never the save file's "player 1 needs a name" (issue 53)."""
        why = e.key.rpartition(".")[2]
        if why not in ("name_missing", "name_long", "name_control"):  # (the form only holds text: never name_type)
            return self.core.say(e)
        return msg(("ui.learn_" if self.form.guided else "ui.setup_") + why, self.core.lang, **e.params)

    def _on_start_game(self, value: str) -> None:
        f = self.form
        kinds = [f.kinds[i] if i < len(f.kinds) else "" for i in range(f.count)]
        try:
            names = [clean_name(f.names[i], i) for i in range(f.count)]
        except OptionsError as e:
            f.error = self._name_error(e)
            return
        twice = next((n for i, n in enumerate(names) if n.casefold() in [m.casefold() for m in names[:i]]), None)
        if twice is not None:  # two Annas: "Secret bids: Anna, Anna." tells nobody who is who
            f.error = msg("ui.setup_name_twice", self.core.lang, name=twice)
            return
        try:
            players = [Player(names[i], f.colours[i], "" if kinds[i] == FAR_KIND else kinds[i]) for i in range(f.count)]
            options = self.core.ui.make_options(f, players)
        except OptionsError as e:
            said = self.core.say(e)
            f.error = said[:1].upper() + said[1:]  # (a sentence on the form, though the file's errors run on after a colon)
            return
        self._remember_names(players)
        if f.guided:
            self._start_guided(players[0].name)
            return
        remote = [i for i, kind in enumerate(kinds) if kind == FAR_KIND]
        if remote and "" not in kinds:  # (a person on this device: the one the other devices send their links to)
            f.error = msg("far.none_here", self.core.lang)
            return
        if remote:
            self.far.start(f.game, options, remote)  # its seed is mixed from every device's secret first
            return
        self._start(f.game, options, self.core.new_seed())

