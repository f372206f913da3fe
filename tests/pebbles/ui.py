"""Pebbles on screen (a ``nile.kit.GameUI``): the pile, the scores, the sealed choice, the end.

Everything is drawn from the public view; the only decision, how many pebbles to take, is a
secret one, so the board offers no targets: the shell hands the device over and shows the
private input below.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nile.core.game import GameState
from nile.kit import Frame, Intent, Interaction, Lesson, SetupForm, Tip, button, end_section, esc, summary_card
from nile.words import describe, plural, text

from .rules import MAX_TAKE, Options

rule_ids = ("P1", "P2", "P3", "P4")
rules_prefix = "pebbles.rules."
moment_keys = frozenset({"pebbles.revealed"})
news_keys: frozenset[str] = frozenset()  # nothing happens but the choices
since_keys = frozenset({"pebbles.took"})
chord_keys: frozenset[str] = frozenset()  # no scoring: a tick for every move
lesson_triggers = {"pebbles.setup": "welcome"}
_RULES = {"pebbles.setup": "P1", "pebbles.chosen": "P2", "pebbles.revealed": "P3", "pebbles.took": "P3",
          "pebbles.gold": "P3", "pebbles.over": "P4", "pebbles.why.too_many": "P2"}


#: its one piece of artwork (``GameUI.symbols``), drawn on the home card with ``<use>``
symbols = '<symbol id="pebbles-stone" viewBox="-10 -10 20 20"><circle r="10"/></symbol>'


def picture() -> str:
    return ('<svg class="game-picture" viewBox="0 0 96 64" aria-hidden="true"><rect width="96" height="64" rx="8" fill="#ddd"/>'
            '<use href="#pebbles-stone" x="30" y="26" width="20" height="20" fill="#888"/>'
            '<use href="#pebbles-stone" x="48" y="26" width="20" height="20" fill="#d4a017"/></svg>')


def default_setup() -> dict[str, Any]:
    return {}


def setup_fields(form: SetupForm, lang: str) -> str:
    return f'<p class="hint">{esc(text("pebbles.ui.setup", lang))}</p>'


def setup_change(form: SetupForm, choice: str, value: str) -> None:
    return None


def make_options(form: SetupForm, players: Sequence[Any]) -> Options:
    return Options(tuple(players))


def variants_of(state: GameState) -> frozenset[str]:
    return frozenset()


def interaction(state: GameState, selection: dict[str, Any], lang: str, names: Sequence[str]) -> Interaction:
    return Interaction(prompt=text("pebbles.ui.prompt", lang) if not state.is_terminal() else "")


def status(frame: Frame) -> str:
    return f'<span class="pile">{esc(plural("pebbles.ui.pile", frame.view["pile"], frame.lang))}</span>'


def board(frame: Frame) -> str:
    view = frame.view
    stones = "".join(f'<circle cx="{20 + 22 * i}" cy="30" r="9" class="pebble"/>' for i in range(view["pile"]))
    return (f'<div class="board pebbles"><svg viewBox="0 0 280 60" role="img" '
            f'aria-label="{esc(plural("pebbles.ui.pile", view["pile"], frame.lang))}">{stones}</svg></div>')


def panel(frame: Frame) -> str:
    return ""


def side(frame: Frame) -> str:
    return "".join(f'<p class="player">{esc(text("pebbles.ui.score", frame.lang, player=p["name"], count=p["score"]))}</p>'
                   for p in frame.view["players"])


def select(state: GameState, selection: dict[str, Any], value: str) -> dict[str, Any] | None:
    return None


def refused_action(state: GameState, target: str, selection: dict[str, Any], inter: Interaction) -> str | None:
    return None


def secret_title(state: GameState, lang: str) -> str:
    return text("pebbles.ui.secret", lang)


def private_input(state: GameState, seat: int, draft: dict[str, int], lang: str, names: Sequence[str]) -> str:
    legal = {a.args[0] for a in state.legal_actions(seat)}
    chosen = draft.get("n", 1)
    return "".join(button(plural("pebbles.ui.take", n, lang), Intent.BID_CHANGE, str(n), cls="primary" if n == chosen else "",
                          disabled=str(n) not in legal) for n in range(1, MAX_TAKE + 1))


def draft_change(state: GameState, seat: int, draft: dict[str, int], value: str) -> dict[str, int]:
    return {"n": int(value)} if value in ("1", "2", "3") else draft


def draft_action(state: GameState, seat: int, draft: dict[str, int]) -> str:
    legal = [int(a.args[0]) for a in state.legal_actions(seat)]
    return f"take {min(draft.get('n', 1), max(legal))}"


def end_screen(frame: Frame) -> str:
    result = frame.view["result"]
    return end_section("pebbles", frame.lang, frame.names, text("pebbles.reason.empty", frame.lang),
                       (text("pebbles.ui.points", frame.lang),), result["ranking"], ("points",))


def moment(frame: Frame, entries: Sequence[dict[str, Any]]) -> tuple[str, str] | None:
    lines = [describe(e, frame.names, frame.lang) for e in entries if e["key"] in ("pebbles.revealed", "pebbles.took", "pebbles.gold")]
    if not lines:
        return None
    return text("pebbles.moment.title", frame.lang), "".join(f"<p>{esc(line)}</p>" for line in lines)


def rule_of(key: str) -> str | None:
    return _RULES.get(key)


def log_rule(log: Sequence[Any], index: int) -> str | None:
    return rule_of(log[index]["key"])


def diagrams(rule: str, lang: str) -> list[tuple[str, str]]:
    return []


def round_summary(lang: str) -> str:
    return summary_card("pebbles.rules.", (("P2", "P2"), ("P3", "P3")), lang)


def coach(frame: Frame) -> list[Tip]:
    return [Tip(text("pebbles.ui.prompt", frame.lang), "P2")]


def advice(action: str, lang: str, names: Sequence[str]) -> str | None:
    return None  # the coach says a move as the log does


def lesson(lesson_id: str, lang: str) -> Lesson:
    return Lesson(text("pebbles.rules.P1.title", lang), text("pebbles.rules.P1.1", lang), "P1")


def tutorial(players: Sequence[Any]) -> tuple[Options, int]:
    return Options(tuple(players)), 1
