"""Resample what a player cannot see (K6): the basis of the view-leak test and of search bots.

``resample_hidden(state, player, rng)`` returns a copy in which the draw pile's
order, the faces of every bonus rail (they come from the discard pile, so the two
are pooled), other players' sealed bids and the random generator are redrawn,
while everything ``player`` may know stays: ``view(player)`` of the copy equals
``view(player)`` of the original.
"""

from __future__ import annotations

from typing import Any

from ..core.rng import Rng


def resample_hidden(state: Any, player: int | None, rng: Rng) -> Any:
    s = state.clone()
    rng.shuffle(s.draw)
    # bonus rails are face down: which cards they are is unknown, as is the discard pile's mix with them
    pool = list(s.discard)
    for p in range(s.num_players):
        pool.extend(s.bonus[p])
    rng.shuffle(pool)
    s.discard = pool[: len(s.discard)]
    rest = pool[len(s.discard):]
    for p in range(s.num_players):
        k = len(s.bonus[p])
        s.bonus[p], rest = rest[:k], rest[k:]
    s.rng = Rng(rng.next64())
    if s.phase == "bid":
        for other in list(s.bids):
            if other != player:
                s.bids[other] = rng.below(s.money[other] + 1)
    s._legal = {}
    return s
