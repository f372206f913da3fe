"""The coach: the strong bot's advice to a person, during a game (hints) and after it (review).

Everything here decides from one seat's canonical knowledge (``nile.bots.base.canonical``),
like the bots themselves, so a hint or a review never tells what that seat could not know.

- ``hints(state, seat, rng)``: the strong bot's best choices for ``seat`` now, each with the
  search's estimate of the seat's chance to win after it and a reason: the part of the game's
  evaluation (``terms`` in its ``bot.py``) that the move improves most, as a message key and
  its parameters (the word layer makes the sentence).
- ``review(state, seat)``: for every decision ``seat`` took in a finished (or running) game,
  the move played, the strong bot's best move and the estimated chance to win after each,
  from what the seat knew at that moment; ``chances(state)``: each seat's estimated chance to
  win at the end of every round, for the review's chart.

``python -m nile review`` and the page's review use these same functions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.actions import Action
from ..core.game import GameState
from ..core.rng import Rng
from ..games import spec_of
from .base import canonical, determinize, knowledge, values
from .players import ISMCTSBot, strong_iterations

#: how many iterations a review spends on each decision (a whole game is reviewed at once)
REVIEW_SHARE = 0.5
#: a move is not called a mistake when it lost less than this chance to win against the best
SLIP = 0.02


@dataclass(frozen=True)
class Advice:
    """One choice the coach suggests: the action, the seat's estimated chance to win after it,
    and why (a message key of the word layer, ``coach.<game>.<term>``, and its parameters)."""

    action: Action
    win_chance: float
    reason: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: where it was taken (the number of actions played
    before it), the move played and the bot's best, with the estimated chance to win after each."""

    index: int
    played: Action
    best: Action
    played_chance: float
    best_chance: float

    @property
    def loss(self) -> float:
        """How much chance to win the played move gave away against the best one (never below 0)."""
        return max(0.0, self.best_chance - self.played_chance)

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "played": self.played.text(), "best": self.best.text(),
                "win_chance": round(self.played_chance, 4), "best_win_chance": round(self.best_chance, 4),
                "loss": round(self.loss, 4)}


def reason(state: GameState, seat: int, action: Action, rng: Rng) -> tuple[str, dict[str, Any]]:
    """Why ``action`` is good for ``seat``: the evaluation term it raises most (ahead of the rivals),
    as a message key and parameters, judged in one sample of what ``seat`` cannot see."""
    kb = knowledge(state)
    known = canonical(state, seat)
    world = determinize(known, seat, rng)
    before = kb.terms(world)
    after_state = world.clone()
    after_state.apply(action, seat)
    after = kb.terms(after_state)
    n = world.num_players

    def lead(parts: dict[str, list[float]], name: str) -> float:
        row = parts.get(name, [0.0] * n)
        return row[seat] - max((row[q] for q in range(n) if q != seat), default=0.0)

    gains = {name: lead(after, name) - lead(before, name) for name in after}
    best = max(sorted(gains), key=lambda name: gains[name])
    if gains[best] <= 1e-9:
        best = "steady"
    key, params = kb.explain(world, after_state, seat, best)
    return f"coach.{state.GAME}.{key}", params


def hints(state: GameState, seat: int, rng: Rng, iterations: int | None = None, count: int = 3) -> list[Advice]:
    """The strong bot's ``count`` best choices for ``seat`` (who must be to act), best first."""
    if seat not in state.to_act():
        raise ValueError(f"seat {seat} is not to act")
    known = canonical(state, seat)
    legal = known.legal_actions(seat)
    bot = ISMCTSBot(iterations=iterations or strong_iterations(state.GAME))
    ranked = bot.search(known, seat, legal, rng)
    out = []
    for action, _visits, mean in ranked[:count]:
        key, params = reason(state, seat, action, rng)
        out.append(Advice(action, round(mean, 4), key, params))
    return out


def review(state: GameState, seat: int, iterations: int | None = None, salt: int = 0) -> list[Decision]:
    """Every decision ``seat`` took in the game of ``state`` (replayed from its start), with more than
    one legal choice: the move played and the strong bot's best, each with its estimated chance."""
    spec = spec_of(state.GAME)
    budget = iterations or max(50, int(strong_iterations(state.GAME) * REVIEW_SHARE))
    replay = spec.new_state(state.options, state.seed)
    out = []
    for index, (player, action) in enumerate(state.history):
        if player == seat and seat in replay.to_act():
            known = canonical(replay, seat)
            legal = known.legal_actions(seat)
            if len(legal) > 1:
                rng = Rng((salt * 1_000_003 + index * 7919 + seat) & ((1 << 64) - 1))
                ranked = ISMCTSBot(iterations=budget).search(known, seat, legal, rng, include=(action,))
                chance = {a: mean for a, _visits, mean in ranked}
                best = ranked[0][0]
                out.append(Decision(index, action, best, chance[action], chance[best]))
        replay.apply(action, player)
    return out


def worst(decisions: list[Decision], count: int = 3) -> list[Decision]:
    """The ``count`` decisions that lost the most chance to win (in game order); slips below ``SLIP`` are not mistakes."""
    bad = sorted((d for d in decisions if d.loss >= SLIP), key=lambda d: (-d.loss, d.index))[:count]
    return sorted(bad, key=lambda d: d.index)


def chances(state: GameState) -> list[list[float]]:
    """Each seat's estimated chance to win at the end of every round of the game of ``state`` (and at
    its end): one list per seat, each estimate from what that seat knew then (its canonical state)."""
    spec = spec_of(state.GAME)
    replay = spec.new_state(state.options, state.seed)
    n = replay.num_players
    series: list[list[float]] = [[] for _ in range(n)]

    def note() -> None:
        for p in range(n):
            v = values(canonical(replay, p), outlook=True)
            total = sum(v) or 1.0
            series[p].append(round(v[p] / total, 4))

    note()
    round_of = replay.round
    for player, action in state.history:
        replay.apply(action, player)
        if replay.round != round_of or replay.is_terminal():
            round_of = replay.round
            note()
    return series
