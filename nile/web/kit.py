"""The contract between the app shell and a game's UI module, and the HTML helpers both use.

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

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..core.game import GameState
from ..core.spec import GameSpec
from ..words import has_key
from ..words import text as msg


def esc(value: Any) -> str:
    """Any text as HTML text: names and file contents can never become markup."""
    return html.escape(str(value), quote=True)


def attrs(**values: Any) -> str:
    return "".join(f' {k.rstrip("_").replace("_", "-")}="{esc(v)}"' for k, v in values.items() if v is not None)


def button(label: str, intent: str, value: str = "", cls: str = "", disabled: bool = False, title: str | None = None,
           key: str | None = None, unavailable: bool = False) -> str:
    """A button with an intent. ``disabled``: cannot be pressed; ``unavailable``: shown dimmed but
    still pressed, so the page can say why it cannot be done now."""
    if unavailable:
        cls = f"{cls} unavailable".strip()
    return (
        f'<button type="button"{attrs(class_=cls or None, data_i=intent, data_v=value, title=title, aria_keyshortcuts=key, aria_disabled="true" if unavailable else None)}'
        f'{" disabled" if disabled else ""}>{esc(label)}</button>'
    )


def end_section(game: str, lang: str, names: Sequence[str], reason: str, headers: Sequence[str],
                ranking: Sequence[dict[str, Any]], columns: Sequence[str], more: str = "") -> str:
    """The end of any game: why it ended, the ranking table (place, name, then ``columns`` of each
    ranking row under ``headers``), anything the game adds, and the ways on (new game, home)."""
    head = "".join(f"<th>{esc(h)}</th>" for h in ("#", msg("ui.player", lang), *headers))
    rows = "".join(
        f'<tr><td>{r["place"]}</td><td>{esc(names[r["player"]])}</td>' + "".join(f"<td>{esc(r[c])}</td>" for c in columns)
        + "</tr>"
        for r in ranking
    )
    return (
        f'<section class="end" aria-labelledby="end-title"><h2 id="end-title">{esc(msg("ui.game_over", lang))}</h2>'
        f'<p>{esc(reason)}</p><table class="ranking"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>{more}'
        f'<div class="buttons">{button(msg("ui.new_game", lang), "new", game, cls="primary")}'
        f'{button(msg("ui.home", lang), "home")}</div></section>'
    )


def numbered_keys(prefix: str) -> list[str]:
    """``prefix1``, ``prefix2``, … as long as the (English) catalog has them."""
    keys: list[str] = []
    while has_key(f"{prefix}{len(keys) + 1}"):
        keys.append(f"{prefix}{len(keys) + 1}")
    return keys


def colour_letter(colour: str, lang: str) -> str:
    """The letter(s) that tell a colour apart without seeing it, from the catalog (``colour_letter.*``:
    in German green and yellow both start with G, so they get two); else the name's first letter."""
    key = "colour_letter." + colour
    return msg(key, lang) if has_key(key) else msg("colour." + colour, lang)[:1].upper()


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
    intent: str  # "act" commits the action in value; "select" changes the selection
    value: str
    cost: int | None = None
    primary: bool = False
    #: a key that presses this button (``e`` for End turn), shown to assistive technology
    key: str = ""
    #: when set, the shell asks this question once before acting ("End your turn with 2 AP unused?")
    confirm: str = ""
    #: False: not possible now; shown dimmed, and a press says why (the engine's refusal)
    available: bool = True


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


@dataclass(frozen=True)
class Tip:
    """One thing the player to act can do now, said for a newcomer (``GameUI.coach``): what it does
    and costs, the rule it comes from, and the board targets it is about (highlighted on request)."""

    text: str
    rule: str = ""
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """What a newcomer should know the first time something happens in a guided game (``GameUI.lesson``)."""

    title: str
    text: str
    rule: str = ""


def summary_card(sections: Sequence[tuple[str, str, Sequence[str]]]) -> str:
    """A one-screen round summary (``GameUI.round_summary``): numbered phases, each a title, its rule id
    and a few short lines (the words already said in the player's language)."""
    items = "".join(
        f'<li><h4>{esc(title)} <span class="rule-id">{esc(rule)}</span></h4><ul>'
        + "".join(f"<li>{esc(line)}</li>" for line in lines) + "</ul></li>"
        for title, rule, lines in sections
    )
    return f'<ol class="round-summary">{items}</ol>'


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
    """What a game's UI module (``spec.ui_module``) provides, as module-level names."""

    spec: GameSpec
    #: the rule ids of the rules help, in order (``N1``…, ``K1``…); keys ``<prefix>rules.<id>.title`` etc.
    rule_ids: tuple[str, ...]
    #: the catalog prefix of this game's rules help and decisions (``rules.`` or ``cape.rules.``)
    rules_prefix: str

    def picture(self) -> str:
        """A small decorative SVG for the home screen's game card."""
        ...

    # set-up
    def default_setup(self) -> dict[str, Any]: ...

    def setup_fields(self, form: SetupForm, lang: str) -> str: ...

    def setup_change(self, form: SetupForm, intent: str, value: str) -> None: ...

    def make_options(self, form: SetupForm, players: Sequence[Any]) -> Any: ...

    def variants_of(self, state: GameState) -> frozenset[str]: ...

    # a game in progress
    def interaction(self, state: GameState, selection: dict[str, Any], lang: str, names: Sequence[str]) -> Interaction: ...

    def status(self, frame: Frame) -> str: ...

    def board(self, frame: Frame) -> str: ...

    def panel(self, frame: Frame) -> str: ...

    def side(self, frame: Frame) -> str: ...

    def select(self, state: GameState, selection: dict[str, Any], value: str) -> dict[str, Any] | None: ...

    def refused_action(self, state: GameState, target: str, selection: dict[str, Any], interaction: Interaction) -> str | None: ...

    # a secret decision (sealed bid), entered on one player's private screen
    def secret_title(self, state: GameState, lang: str) -> str: ...

    def private_input(self, state: GameState, seat: int, draft: dict[str, int], lang: str, names: Sequence[str]) -> str: ...

    def draft_change(self, state: GameState, seat: int, draft: dict[str, int], value: str) -> dict[str, int]: ...

    def draft_action(self, state: GameState, seat: int, draft: dict[str, int]) -> str: ...

    # the end
    def end_screen(self, frame: Frame) -> str: ...

    #: the log keys after which the board pauses on a moment panel (bids opened, a scoring, the end)
    moment_keys: frozenset[str]

    # teaching (issue 19): the rules help's pictures and round summary, the coach, a guided first game
    def rule_of(self, key: str) -> str | None:
        """The rule id behind a log entry's or a refusal's catalog key (None: no single rule)."""
        ...

    def diagrams(self, rule: str, lang: str) -> list[tuple[str, str]]:
        """(SVG markup, caption) of each picture of a rule, drawn by the board's own renderer from a small
        constructed position."""
        ...

    def round_summary(self, lang: str) -> str:
        """The one-screen summary of a round (HTML; ``summary_card``)."""
        ...

    def coach(self, frame: Frame) -> list[Tip]:
        """What the player to act can do now and why, from the engine's legal actions, costs and rule ids."""
        ...

    #: log keys that start a lesson the first time they appear in a guided game: key → lesson id
    lesson_triggers: Mapping[str, str]

    def lesson(self, lesson: str, lang: str) -> Lesson: ...

    def tutorial(self, players: Sequence[Any]) -> tuple[Any, int]:
        """(options, seed) of the guided first game for these seats (a learner and a bot): a seed chosen so
        that the game's important situations come early."""
        ...

    def moment(self, frame: Frame, entries: Sequence[dict[str, Any]]) -> tuple[str, str] | None:
        """(title, body HTML) of the moment panel for these new log entries (public only), or None."""
        ...
