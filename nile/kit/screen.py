"""The contract between the app shell and a game's UI module: what a screen is made of.

The shell (``nile.web.controller`` + ``nile.web.render``) draws everything every
game shares: home, set-up frame, saved games, the status bar, the action panel
(prompt, buttons, undo), the log, hand-over screens for secret decisions and
the rules help frame. A game's UI module (``spec.ui_module``, e.g.
a game package's ``ui.py``) provides the names of ``GameUI``: what may be
clicked and what it does (``interaction``, from the engine's legal actions and
``cost`` only), the board as SVG/HTML from a view, its set-up options, the
private input of a secret decision, and the end screen. It is pure: text in,
text out, no browser, no storage.

Clickable things carry ``data-i`` (intent) and ``data-v`` (value); board
targets use the intent ``pick`` with a key of the game's choosing
(``field:W4-2``, ``card:R3``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..core.explained import Explained
from ..core.game import GameState
from .intents import Intent


@dataclass
class Target:
    """One clickable place on the board: what clicking does, and at what cost."""

    action: str | None = None  # commit this action
    select: dict[str, Any] | None = None  # or change the selection to this
    cost: int = 0
    label: str = ""


@dataclass
class Button:
    label: str
    intent: Intent  # ACT commits the action in value; SELECT changes the selection
    value: str
    cost: int | None = None
    primary: bool = False
    #: a key that presses this button (``e`` for End turn), shown to assistive technology
    key: str = ""
    #: when set, the shell asks this question once before acting ("End your turn with 2 AP unused?")
    confirm: str = ""
    #: False: not possible now; shown dimmed, and a press says why (the engine's refusal)
    available: bool = True
    #: a choice that stays chosen (Nile's seed or ripe side): True the one chosen, False the others; None a plain
    #: button. Said to assistive technology as pressed or not (issue 43)
    pressed: bool | None = None


@dataclass
class Interaction:
    """What the player to act may do now: board targets by key, buttons, and a prompt."""

    targets: dict[str, Target] = field(default_factory=dict)
    buttons: list[Button] = field(default_factory=list)
    prompt: str = ""
    #: game-specific extra facts the board drawing needs (a chosen pile…)
    extra: dict[str, Any] = field(default_factory=dict)
    #: targets the coach points at now ("Show me what I can do"): drawn with the ``coach`` class
    focus: frozenset[str] = frozenset()
    #: a tap on the board answers though nothing there is offered (a sealed decision's table: the bid is made in
    #: the panel, and a tap on the board says so)
    answers: bool = False
    #: the destinations map (issue 51, chessground's ``dests``): for each place that is a choice (a crop, a pile, a
    #: field's fruit), the targets choosing it offers. Drawn on the place (``data-dests``), so the page shows a
    #: tap's choice in its next frame (static/answer.js) while the choice itself is still made here, a frame later
    dests: dict[str, list[str]] = field(default_factory=dict)

    def dests_of(self, key: str) -> str | None:
        """The targets choosing ``key`` offers, as the page reads them (``data-dests``): None when it is no choice."""
        found = self.dests.get(key)
        return " ".join(found) if found else None

    def taps_answered(self) -> bool:
        """Whether a tap on a board place the step does not offer says why (issue 53): while someone may act
        here (something is offered, or ``answers``); the board draws those places with ``data-i`` then."""
        return bool(self.targets or self.buttons or self.answers)


@dataclass(frozen=True)
class Tip:
    """One thing the player to act can do now, said for a newcomer (``GameUI.coach``): what it does
    and costs, the rule it comes from, and the board targets it is about (highlighted on request)."""

    text: str
    rule: str = ""
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """What a newcomer should know the first time something happens in a guided game (``GameUI.lesson``): its
    words, its rule, and its own picture — (SVG markup, caption), drawn by the game with its own board
    renderer, about this lesson's subject (None: no picture). Two lessons show the same picture only when
    they teach the same rule point: the later one names the other in ``shares_picture_with``."""

    title: str
    text: str
    rule: str = ""
    picture: tuple[str, str] | None = None
    shares_picture_with: str = ""


@dataclass
class SetupForm:
    """The set-up screen's state: the shell's part (game, seats) and the game's (``options``)."""

    game: str
    count: int
    names: list[str]
    colours: list[str]
    #: the game's own set-up choices (variants, start rule), as text, kept by its UI module
    options: dict[str, Any] = field(default_factory=dict)
    error: str = ""
    #: who plays each seat: "" a person, else a computer player's strength (``BOT_STRENGTHS``)
    kinds: list[str] = field(default_factory=list)
    #: Learn to play: the form asks only the learner's name; the guided game's seats are fixed
    guided: bool = False


@dataclass
class Frame:
    """Everything a game's UI module may use to draw one screen."""

    state: GameState  # for to_act/legal_actions/cost/undo limits only: draw from ``view``
    view: dict[str, Any]
    interaction: Interaction
    selection: dict[str, Any]
    lang: str
    names: list[str]
    layout: str  # "landscape" or "portrait" (phones)


class GameUI(Protocol):
    """What a game hands the shell as ``GameSpec.ui``: its UI module, whose module-level names these are
    (mypy checks the module against this protocol where the game builds its spec)."""

    #: the rule ids of the rules help, in order (``N1``…, ``K1``…); keys ``<prefix>rules.<id>.title`` etc.
    @property
    def rule_ids(self) -> tuple[str, ...]: ...
    #: the catalog prefix of this game's rules help and decisions (``rules.`` or ``cape.rules.``)
    @property
    def rules_prefix(self) -> str: ...

    #: the game's artwork, defined once: an SVG fragment of ``<symbol id="…">`` elements whose ids start with
    #: the game's name (``banks-crop-flax``), which its board, the rules help's pictures and the replay draw
    #: with ``<use href="#…">``; the shell puts every game's symbols into the page once (a hidden sprite).
    #: A game without artwork gives "".
    @property
    def symbols(self) -> str: ...

    def picture(self) -> str:
        """A small decorative SVG for the home screen's game card."""
        ...

    # set-up
    def default_setup(self) -> dict[str, Any]: ...

    def setup_fields(self, form: SetupForm, lang: str) -> str: ...

    def setup_change(self, form: SetupForm, choice: str, value: str) -> None:
        """One of the game's set-up choices (``Intent.SETUP_OPTION`` "choice:value"), or ``count`` when the
        shell's player count changed."""
        ...

    def make_options(self, form: SetupForm, players: Sequence[Any]) -> Any: ...

    def variants_of(self, state: GameState) -> frozenset[str]: ...

    # a game in progress
    def interaction(self, state: GameState, selection: dict[str, Any], lang: str, names: Sequence[str]) -> Interaction: ...

    def status(self, frame: Frame) -> str: ...

    def board(self, frame: Frame) -> str:
        """The board, from the frame alone: the shell keeps it while the view (the state at its number of
        moves), the interaction, the selection, the language, the names and the layout are the same."""
        ...

    def panel(self, frame: Frame) -> str: ...

    def side(self, frame: Frame) -> str:
        """The players' cards, from the view, the names, the language and the layout only (not the
        interaction or the selection): the shell keeps them while those are the same."""
        ...

    def select(self, state: GameState, selection: dict[str, Any], value: str) -> dict[str, Any] | None: ...

    def refused_action(self, state: GameState, target: str, selection: dict[str, Any],
                       interaction: Interaction) -> str | Explained | None:
        """A tap on a board target the step does not offer: the action it meant (the engine says why that is
        refused), or, where it meant none (a field tapped while markers go on the boat), why not in a few words
        (issue 53: every tap answered); None leaves it to the shell's general answer."""
        ...

    # a secret decision (sealed bid), entered on one player's private screen
    def secret_title(self, state: GameState, lang: str) -> str: ...

    def private_input(self, state: GameState, seat: int, draft: dict[str, int], lang: str, names: Sequence[str]) -> str: ...

    def draft_change(self, state: GameState, seat: int, draft: dict[str, int], value: str) -> dict[str, int]: ...

    def draft_action(self, state: GameState, seat: int, draft: dict[str, int]) -> str: ...

    # the end
    def end_screen(self, frame: Frame) -> str: ...

    #: the log keys after which the board pauses on a moment panel: only what a player must take in
    #: (bids opened, a scoring, the end), since each one asks for a click
    @property
    def moment_keys(self) -> frozenset[str]: ...

    #: the log keys of routine events the board shows without stopping (a crossing's income, a desert
    #: card, an arrow): the shell says their log lines in a short line that needs no click
    @property
    def news_keys(self) -> frozenset[str]: ...

    #: the log keys of players' moves (a marker sown or harvested, a card taken): when a person's turn
    #: comes after others' moves, the shell lists those since the person's own last move (``nile.web.since``)
    @property
    def since_keys(self) -> frozenset[str]: ...

    #: the log keys after which the optional sound plays a chord instead of a move's tick (a scoring, a
    #: crossing): the page's sound is off unless the player switched it on
    @property
    def chord_keys(self) -> frozenset[str]: ...

    # teaching (issue 19): the rules help's pictures and round summary, the coach, a guided first game
    def rule_of(self, key: str) -> str | None:
        """The rule id behind a log entry's or a refusal's catalog key (None: no single rule)."""
        ...

    def log_rule(self, log: Sequence[Mapping[str, Any]], index: int) -> str | None:
        """The rule id behind the log entry at ``index``, which may depend on the entries before it (Nile's
        sealed bids belong to the hippo auction, N11, or to the start-player bid, N12)."""
        ...

    def diagrams(self, rule: str, lang: str) -> list[tuple[str, str]]:
        """(SVG markup, caption) of each picture of a rule, drawn by the board's own renderer from a small
        constructed position."""
        ...

    def standing(self, state: GameState, view: dict[str, Any], lang: str, names: Sequence[str]) -> str:
        """Where the game stands in a few whole sentences (the round, the scores, what the one acting has left),
        said to a screen reader when the person asks by key (issue 43)."""
        ...

    def round_summary(self, lang: str) -> str:
        """The one-screen summary of a round (HTML; ``summary_card``)."""
        ...

    def coach(self, frame: Frame) -> list[Tip]:
        """What the player to act can do now and why, from the engine's legal actions, costs and rule ids."""
        ...

    def advice(self, action: str, lang: str, names: Sequence[str]) -> str | None:
        """An action (its text) as the coach advises it, a whole imperative ("Sow flax on W4-2"); None where
        the game has no words for it (the coach then says the move as the log would)."""
        ...

    #: log keys that start a lesson the first time they appear in a guided game: key → lesson id
    @property
    def lesson_triggers(self) -> Mapping[str, str]: ...

    def lesson(self, lesson: str, lang: str) -> Lesson: ...

    def tutorial(self, players: Sequence[Any]) -> tuple[Any, int]:
        """(options, seed) of the guided first game for these seats (a learner and a bot): a seed chosen so
        that the game's important situations come early."""
        ...

    def moment(self, frame: Frame, entries: Sequence[dict[str, Any]]) -> tuple[str, str] | None:
        """(title, body HTML) of the moment panel for these new log entries (public only), or None."""
        ...
