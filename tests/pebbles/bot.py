"""What the computer players know of Pebbles (a ``nile.kit.BotKnowledge``)."""

from __future__ import annotations

from typing import Any

from nile.core.actions import Action
from nile.core.rng import Rng
from nile.kit.spec import SearchPlan, exact_outcome, one_plan

from .rules import GOLD_POINTS, PebblesState

#: points that make a clear lead
SCALE = 3.0
#: the strong bot's search budget when none is given (what fits its thinking time in the browser)
STRONG_ITERATIONS = 50
#: how the strong bot searches: playouts of a few takes, a fresh random handful of moves at each visit
#: (no widening), leaves judged by ``outlook`` (which is ``heuristic`` here)
search_plan = one_plan(SearchPlan(widen=0.0, playout_depth=4))

outcome_key = exact_outcome
#: the strong bot evaluates with the same ``heuristic`` as the greedy one
OUTLOOK_SCALE = SCALE


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


def terms(state: Any) -> dict[str, list[float]]:
    """Points, and a share of the gold still in the pile."""
    gold_left = (GOLD_POINTS - 1) * (state.pile / (state.pile + state.taken)) if state.gold_found is None else 0
    return {"points": [float(state.scores[p]) for p in (0, 1)], "gold": [gold_left / 2, gold_left / 2]}


def outlook(state: Any) -> list[float]:
    """The strong bot's evaluation: ``heuristic``."""
    return heuristic(state)


def heuristic(state: Any) -> list[float]:
    """The sum of ``terms``."""
    parts = terms(state).values()
    return [sum(part[p] for part in parts) for p in (0, 1)]


def explain(before: Any, after: Any, seat: int, term: str) -> tuple[str, dict[str, Any]]:
    """Every pebble move is explained the same way (the coach's reason key ``coach.pebbles.take``)."""
    return "take", {}


def easy(state: Any, seat: int, legal: tuple[Action, ...], rng: Rng) -> Action:
    """Take two when it can, else as many as it may."""
    by_count = {int(a.args[0]): a for a in legal}
    return by_count.get(2) or by_count[max(by_count)]


def guess_hidden(sample: Any, seat: int, rng: Rng) -> None:
    """Rivals' sealed choices already made stay as the sample drew them (any legal one)."""


def rival_secret(state: Any, seat: int, legal: tuple[Action, ...], rng: Rng) -> Action:
    """How a rival is expected to decide a sealed choice: as the easy bot would."""
    return easy(state, seat, legal, rng)
