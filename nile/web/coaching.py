"""The coach in the page (issue 22): hints during a person's turn and the review of a finished game.

Both are thought out by the bot worker (``nile.bots.protocol``: ``Hint`` → ``Hinted``, ``Review`` →
``Reviewed``), never on the page's thread, so the page answers clicks meanwhile. The controller
asks (``nile.web.rooms.coach``: a hint, the review) by putting a request in ``Coaching.outbox``,
which the page posts to the worker; the worker's answer comes back through
``Controller.coach_answer`` and is used only while the game is still where it was asked (its
``key`` names the game, the position and the seat, like a bot decision's key).

What the coach suggests is an action's text; ``said`` finds its words (the line the game's log
would say of it, as a spectator would read it, so a hint tells nothing the move would turn up) and
the board targets that lead to it (a chosen marker, then a field) from the game's own
``interaction`` only, so the shell names no game. A hint's targets are highlighted like the tips of
"Show me what I can do".
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import protocol
from ..core.game import GameState
from ..games import spec_of
from ..kit import Interaction
from ..kit.intents import Intent
from ..messages import describe
from ..messages import text as msg

#: the review's search budget per decision: a whole game is reviewed at once, in a few seconds
REVIEW_ITERATIONS = 60
#: how many selections deep ``locate`` looks for the target or button that commits an action
DEPTH = 3
#: how many interactions ``locate`` works out at most (one per selection tried)
TRIES = 40


def position_key(game_id: str | None, state: GameState, suffix: str) -> str:
    """A key naming the game, exactly this position (its length and a digest of every action) and what
    is asked there: an answer is used only while the game is still at that position (an undo and
    another move to the same length is another position)."""
    # the history's texts are kept by the state as it grows (``GameState.history_texts``): digesting them costs
    # no action's text again
    digest = zlib.crc32("\n".join(state.history_texts()).encode())
    return f"{game_id}/{len(state.history)}/{digest:08x}/{suffix}"


@dataclass(frozen=True)
class Located:
    """How the page offers an action: its words, and the board targets that lead to it (in click order)."""

    words: str
    targets: tuple[str, ...] = ()


def _found(inter: Interaction, text: str, cost_key: str, lang: str) -> tuple[str, str | None] | None:
    """(words, target key or None for a button) of what commits ``text`` in one interaction; the words are
    "" when they do not tell this action from the others there (a card's "Take it")."""
    labels = [t.label for t in inter.targets.values()] + [b.label for b in inter.buttons]
    for key, t in inter.targets.items():
        if t.action == text:
            return (t.label if labels.count(t.label) == 1 else ""), key
    for b in inter.buttons:
        if b.intent == Intent.ACT and b.value == text:
            words = b.label + (f" · {msg(cost_key, lang, cost=b.cost)}" if b.cost and cost_key else "")
            return (words if labels.count(b.label) == 1 else ""), None
    return None


def _locate(state: GameState, text: str, lang: str, names: Sequence[str]) -> Located:
    """The board targets (and the label) of the action ``text`` for the player to act in ``state``, found
    among the game's targets and buttons (following selections, a few steps deep); none when the screen
    offers it nowhere (a sealed bid)."""
    spec = spec_of(state.GAME)
    ui = spec.ui
    frontier: list[tuple[dict[str, Any], tuple[str, ...]]] = [({}, ())]
    seen: list[dict[str, Any]] = []
    tries = 0
    for _ in range(DEPTH):
        following: list[tuple[dict[str, Any], tuple[str, ...]]] = []
        for selection, path in frontier:
            if tries >= TRIES:
                break
            tries += 1
            inter = ui.interaction(state, selection, lang, names)
            hit = _found(inter, text, spec.cost, lang)
            if hit is not None:
                words, key = hit
                return Located(words, path + ((key,) if key else ()))
            steps: list[tuple[dict[str, Any] | None, tuple[str, ...]]] = [
                (t.select, path + (key,)) for key, t in inter.targets.items() if t.select is not None]
            steps += [(ui.select(state, selection, b.value), path) for b in inter.buttons if b.intent == Intent.SELECT]
            for chosen, route in steps:
                if chosen is not None and chosen not in seen:
                    seen.append(chosen)
                    following.append((chosen, route))
        frontier = following
    return Located("")


def _words(state: GameState, text: str, located: Located, lang: str, names: Sequence[str], seat: int | None) -> str:
    """An action in words: the game's own line for it in the log, as ``seat`` sees it (None: a spectator,
    who learns nothing hidden by it), which names the move whole; else the screen's label; else its text."""
    after = state.clone()
    before = len(after.view(seat)["log"])
    try:
        after.apply_text(text, state.current_player())
    except Exception:  # noqa: BLE001 - not playable here (a sealed bid of another seat): said as offered
        return located.words or text
    entries = after.view(seat)["log"][before:]
    return describe(entries[0], names, lang).rstrip(".") if entries else located.words or text


def said(state: GameState, text: str, lang: str, names: Sequence[str]) -> Located:
    """A hint's action as advice ("Sow flax on W4-2": the game's own words for it; else the screen's label for
    it; else as the log would say it, never telling what the move would turn up) and its board targets."""
    located = _locate(state, text, lang, names)
    advice = spec_of(state.GAME).ui.advice(text, lang, names)
    return Located(advice or located.words or _words(state, text, located, lang, names, None), located.targets)


def said_after(state: GameState, text: str, lang: str, names: Sequence[str]) -> str:
    """A finished game's move in words (the review may tell everything: the game is over): a sealed bid says what
    was bid, as the screen offered it ("Bid flax and grain"), not "Elio has made a secret bid"."""
    located = _locate(state, text, lang, names)
    if state.secret_decision():
        offered = spec_of(state.GAME).ui.advice(text, lang, names) or located.words
        if offered:
            return offered
    return _words(state, text, located, lang, names, state.current_player())


def percent(chance: float) -> int:
    """A chance to win, in whole per cent."""
    return round(100 * float(chance))


@dataclass
class Review:
    """The review screen: which finished game it is of (``key``), and the worker's answer once it came."""

    key: str
    answer: protocol.Reviewed | None = None
    error: str = ""
    #: the answer drawn, by language
    drawn: dict[str, str] = field(default_factory=dict)


@dataclass
class Coaching:
    """The coach's part of the open game: the hint asked and the hints shown (each for one position),
    the review when open, and the requests waiting to be posted to the worker."""

    #: the key of the hint the worker is thinking about (None: none asked)
    asked: str | None = None
    #: the hints shown, for the position of their key
    shown: tuple[str, list[protocol.Choice]] | None = None
    #: why the last hint could not be given (said in the action panel)
    error: str = ""
    #: the review screen, when open
    review: Review | None = None
    #: the last review answered, kept while the game stays open (opening it again asks nothing)
    reviewed: Review | None = None
    #: requests for the worker (``nile.web.app`` posts them)
    outbox: list[protocol.Hint | protocol.Review] = field(default_factory=list)
    #: words and targets of the hints shown, by (key, language)
    _located: dict[tuple[str, str], list[Located]] = field(default_factory=dict)

    def waits_for(self, key: str) -> bool:
        """Whether an answer with ``key`` is awaited ("": the worker itself failed: any awaited one)."""
        pending = [k for k in (self.asked, self.review.key if self.review and self.review.answer is None else None) if k]
        return key in pending if key else bool(pending)

    def hints_at(self, key: str | None) -> list[protocol.Choice]:
        """The hints shown at the position of ``key`` (none for any other position)."""
        return self.shown[1] if self.shown is not None and key is not None and self.shown[0] == key else []

    def lines(self, key: str, state: GameState, lang: str, names: Sequence[str]) -> list[str]:
        """The hints shown at ``key`` as the player reads (and a screen reader hears) them: "1. <action>: <why>
        (chance to win: 62 %)"."""
        return [msg("ui.hint_line", lang, number=n, action=where.words, chance=percent(choice["win_chance"]),
                    reason=describe({"key": choice["reason"], "params": choice["params"]}, names, lang))
                for n, (choice, where) in enumerate(zip(self.hints_at(key), self.located(key, state, lang, names), strict=False), 1)]

    def located(self, key: str, state: GameState, lang: str, names: Sequence[str]) -> list[Located]:
        """The words and targets of the hints shown at ``key``, worked out once per position and language."""
        choices = self.hints_at(key)
        if not choices:
            return []
        found = self._located.get((key, lang))
        if found is None:
            self._located = {(key, lang): [said(state, c["text"], lang, names) for c in choices]}
            found = self._located[(key, lang)]
        return found
