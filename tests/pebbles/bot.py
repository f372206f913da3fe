"""What the computer players know of Pebbles (a ``nile.kit.BotKnowledge``)."""

from __future__ import annotations

from typing import Any

from nile.core.actions import Action
from nile.core.rng import Rng

from .rules import GOLD_POINTS, PebblesState

#: points that make a clear lead
SCALE = 3.0


def canonical(state: Any, seat: int) -> Any:
    """What ``seat`` may know only: the gold pebble, if not found, put at the bottom of the pile, and the
    other seat's sealed choice (if made) taken as 1."""
    s: PebblesState = state.clone()
    if s.gold_found is None:
        s.gold_at = s.taken + s.pile - 1
    for p in list(s.choices):
        if p != seat:
            s.choices[p] = 1
    s.rng = type(s.rng)(0)
    return s


def heuristic(state: Any) -> list[float]:
    """Points, and a share of the gold still in the pile for the seat that takes more pebbles per round."""
    gold_left = (GOLD_POINTS - 1) * (state.pile / (state.pile + state.taken)) if state.gold_found is None else 0
    return [state.scores[p] + gold_left / 2 for p in (0, 1)]


def easy(state: Any, seat: int, legal: tuple[Action, ...], rng: Rng) -> Action:
    """Take two when it can, else as many as it may."""
    by_count = {int(a.args[0]): a for a in legal}
    return by_count.get(2) or by_count[max(by_count)]
