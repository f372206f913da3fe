"""The bot interface and the game-independent parts every strength shares.

Each game gives the bots its knowledge through its ``GameSpec.bots`` (the game's ``bot.py``,
a ``nile.kit.BotKnowledge``):

- ``canonical(state, seat)``: a copy whose hidden facts are put in a canonical order
  (cards in hidden places sorted, other seats' sealed bids replaced, the random
  generator reset), so it depends only on what ``seat`` may know;
- ``heuristic(state)``: a rough score per seat in the game's own units;
- ``SCALE``: how many of those units make a clear lead;
- ``outlook(state)`` and ``OUTLOOK_SCALE``: the strong bot's evaluation (may be ``heuristic`` again);
- ``easy(state, seat, legal, rng)``: a quick plausible choice.

``values(state)`` turns the heuristic into a value in [0, 1] per seat (the game's
``returns()`` once it is over), the common currency of the greedy bot and the search.
"""

from __future__ import annotations

import math
from typing import Any

from ..core.actions import Action
from ..core.game import GameState
from ..core.rng import Rng
from ..games import spec_of
from ..kit.spec import BotKnowledge

#: safety cap on sealed-bid completion loops (bots act for others in a copy only)
_MAX_FILL = 64


class Bot:
    """A computer player; subclasses implement ``decide`` on the canonical state."""

    name = "bot"

    def choose(self, state: GameState, seat: int, rng: Rng) -> Action:
        """One decision for ``seat`` (who must be among ``state.to_act()``), from what it may know.

        The state is not changed; ``rng`` (the bot's own) is advanced."""
        if seat not in state.to_act():
            raise ValueError(f"seat {seat} is not to act")
        known = canonical(state, seat)
        legal = known.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        return self.decide(known, seat, legal, rng)

    def decide(self, known: GameState, seat: int, legal: tuple[Action, ...], rng: Rng) -> Action:
        raise NotImplementedError


def knowledge(state: GameState) -> BotKnowledge:
    """What the bots know of the state's game (its ``GameSpec.bots``)."""
    return spec_of(state.GAME).bots


def canonical(state: GameState, seat: int) -> GameState:
    """A copy whose hidden facts depend only on what ``seat`` may know (see module docstring)."""
    known: GameState = knowledge(state).canonical(state, seat)
    return known


def determinize(known: GameState, seat: int, rng: Rng, guess: bool = False) -> GameState:
    """One sample of the hidden facts, consistent with what ``seat`` knows; with ``guess``, rivals'
    sealed choices already made are drawn as the bots expect rivals to choose (``guess_hidden``),
    not uniformly among their legal choices."""
    sample: GameState = spec_of(known.GAME).resample_hidden(known, seat, rng)
    if guess and sample.secret_decision():
        knowledge(sample).guess_hidden(sample, seat, rng)
    if not sample.is_terminal() and seat in sample.to_act():
        # made once here, kept by every copy a bot makes of this sample to try a move (``clone`` keeps them,
        # ``apply`` checks its move against them): a sample starts without them
        sample.legal_actions(seat)
    return sample


def values(state: GameState, kb: BotKnowledge | None = None, outlook: bool = False) -> list[float]:
    """Each seat's value in [0, 1]: the returns when over, else a squashed lead over the best rival
    by the game's ``heuristic`` (the greedy bot's), or with ``outlook`` by its ``outlook`` (the
    strong bot's, the coach's chances)."""
    if state.is_terminal():
        return state.returns()
    kb = kb or knowledge(state)
    raw: list[float] = kb.outlook(state) if outlook else kb.heuristic(state)
    scale = kb.OUTLOOK_SCALE if outlook else kb.SCALE
    n = len(raw)
    out = []
    for p in range(n):
        best_other = max(raw[q] for q in range(n) if q != p)
        x = (raw[p] - best_other) / scale
        out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x)))))
    return out


def fill_secret(state: GameState, rng: Rng, kb: BotKnowledge | None = None, guess: bool = False) -> None:
    """While a sealed decision is open, let every seat still to decide choose as the easy bot would,
    or with ``guess`` as the bots expect a rival to (the game's ``rival_secret``)."""
    kb = kb or knowledge(state)
    policy = kb.rival_secret if guess else kb.easy
    for _ in range(_MAX_FILL):
        if state.is_terminal() or not state.secret_decision():
            return
        p = state.to_act()[0]
        legal = state.legal_actions(p)
        state.apply(policy(state, p, legal, rng), p)


def step(state: GameState, rng: Rng, policy: Any) -> None:
    """Let the seat to act (one at random when several act at once) play ``policy``'s choice."""
    seats = state.to_act()
    p = seats[rng.below(len(seats))] if len(seats) > 1 else seats[0]
    legal = state.legal_actions(p)
    state.apply(policy(state, p, legal, rng), p)
