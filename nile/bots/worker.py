"""One bot decision for the page, as the browser's bot worker asks for it (issue 10, "in the browser").

``static/bot-worker.js`` runs a second Pyodide in a Web Worker (so the page never
freezes while a bot searches) and hands each message to ``nile.bots.protocol.handle``,
which calls ``decide_move(save_text, seat, strength, salt)`` here: the game so far as a
save (``nile.core.save``), whose decision it is, the seat's strength and a number for the
bot's own ``Rng``. It answers with the action's text, which the page checks against the
legal actions and applies.

The worker keeps the last game it rebuilt and, when the next request is the same game
a few actions further on, applies only the new actions instead of replaying the whole
save (a Nile game is several hundred actions; a bot is asked once per action).

The bot sees the whole state object but decides only from ``canonical(state, seat)``
(``nile.bots.base``), so handing the worker the full save does not let it peek.

The coach (issue 22) thinks here too: ``hint_moves`` (a person's three best choices now) and
``review_game`` (a finished game's chances per round and each person's costliest moves), both
from ``nile.bots.coach`` and, like the bots, from what the seat knew only.
"""

from __future__ import annotations

import json
from typing import Any

from ..core import save
from ..core.game import GameState
from ..core.players import BOT_STRENGTHS
from ..core.rng import Rng
from ..games import load_save
from . import coach
from .base import Bot
from .players import make_bot

#: each strength's thinking budget in the browser: the strong bot searches its game's
#: ``STRONG_ITERATIONS`` (the budget tournaments measure), never longer than this many
#: milliseconds (a slow phone; the issue allows 1.5 s per decision)
BROWSER_BUDGET: dict[str, dict[str, Any]] = {"easy": {}, "normal": {}, "strong": {"budget_ms": 1200}}

_cached: tuple[tuple[Any, ...], list[str], GameState] | None = None
#: the bots of the game being played, by strength: the strong bot goes on from its last search
#: when it acts again within its turn (``ISMCTSBot._reused``)
_bots: dict[tuple[tuple[Any, ...], str], Bot] = {}


def _state_of(save_text: str) -> GameState:
    """The game of ``save_text``: the cached one moved on by the new actions, else a full replay."""
    global _cached
    data = save.parse(save_text)
    actions: list[str] = list(data["actions"])
    same_game = (data["game"], data.get("rules"), json.dumps(data["options"], sort_keys=True), data["seed"])
    if _cached is not None:
        game, done, state = _cached
        if game == same_game and len(done) <= len(actions) and actions[: len(done)] == done:
            state = state.clone()
            for text in actions[len(done):]:
                state.apply_text(text)
            _cached = (same_game, actions, state)
            return state.clone()
    state = load_save(save_text)
    _cached = (same_game, actions, state)
    return state.clone()


def decide_move(save_text: str, seat: int, strength: str, salt: int) -> str:
    """The text of the bot's action for ``seat`` in the game of ``save_text``."""
    if strength not in BOT_STRENGTHS:
        raise ValueError(f"unknown strength {strength!r}")
    state = _state_of(save_text)
    assert _cached is not None
    key = (_cached[0], strength)
    bot = _bots.get(key)
    if bot is None:
        for old in [k for k in _bots if k[0] != key[0]]:
            del _bots[old]  # another game: its bots' memories go
        bot = _bots[key] = make_bot(strength, **BROWSER_BUDGET[strength])
    return bot.choose(state, int(seat), Rng(int(salt))).text()


def hint_moves(save_text: str, seat: int, salt: int) -> list[dict[str, Any]]:
    """The coach's best choices for ``seat`` (to act) in the game of ``save_text``, in the shape of
    ``protocol.Choice`` (the protocol imports this module, not the other way round)."""
    state = _state_of(save_text)
    return [{"text": a.action.text(), "win_chance": float(a.win_chance), "reason": a.reason, "params": dict(a.params)}
            for a in coach.hints(state, int(seat), Rng(int(salt)))]


def review_game(save_text: str, seats: list[int], iterations: int) -> tuple[list[list[float]], list[dict[str, Any]]]:
    """The review of the game of ``save_text``: every seat's chance per round (``coach.chances``), and
    the three costliest decisions of each of ``seats`` (``coach.worst``), as ``protocol.Moment``."""
    state = _state_of(save_text)
    moments: list[dict[str, Any]] = []
    for seat in seats:
        if not 0 <= int(seat) < state.num_players:
            raise ValueError(f"no seat {seat} in this game")
        for d in coach.worst(coach.review(state, int(seat), max(1, int(iterations)))):
            moments.append({"seat": int(seat), "index": d.index, "played": d.played.text(), "best": d.best.text(),
                            "played_chance": float(d.played_chance), "best_chance": float(d.best_chance)})
    return [[float(x) for x in row] for row in coach.chances(state)], moments
