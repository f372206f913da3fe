"""Resample what a player cannot see (K6): the basis of the view-leak test and of search bots.

``resample_hidden(state, player, rng)`` returns a copy in which everything hidden
from ``player`` is redrawn, while everything ``player`` may know stays:
``view(player)`` of the copy equals ``view(player)`` of the original.

Hidden (K6): the draw pile's order, the faces of every bonus rail, other players'
sealed bids while the auction is open, and the state's random generator (future
shuffles and draws). Which cards may be where:

* Until the first reshuffle, the draw pile holds exactly the cards nobody has seen
  (its make-up is known by elimination, only its order is redrawn), and the bonus
  rails were drawn face down from the discard pile, so the discard pile and the
  bonus rails are pooled and dealt out again.
* After a reshuffle the draw pile holds old discards minus the bonus rails drawn
  from them unseen, so its make-up no longer follows from what was seen: the draw
  pile, the discard pile and the bonus rails are pooled (keeping the draw pile's
  make-up would tell a bot which cards went to bonus rails).

Each place keeps its size. A sealed bid is redrawn from that bidder's legal bids (0
to their money).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.rng import Rng

if TYPE_CHECKING:
    from .state import CapeState


def reshuffled(state: CapeState) -> bool:
    """Whether the discard pile was ever shuffled into the draw pile (a public fact: it is logged)."""
    return any(entry.key == "cape.reshuffle" for entry in state.log)


def resample_hidden(state: CapeState, player: int | None, rng: Rng) -> CapeState:
    s = state.clone()
    faces = [c for held in s.bonus for c in held]
    if reshuffled(s):
        pool = s.draw + s.discard + faces
        rng.shuffle(pool)
        s.draw, pool = pool[: len(s.draw)], pool[len(s.draw):]
    else:
        rng.shuffle(s.draw)
        pool = s.discard + faces
        rng.shuffle(pool)
    s.discard, pool = pool[: len(s.discard)], pool[len(s.discard):]
    for p in range(s.num_players):
        k = len(s.bonus[p])
        s.bonus[p], pool = pool[:k], pool[k:]
    s.rng = Rng(rng.next64())
    if s.phase == "bid":
        for other in sorted(s.bids):
            if other != player:
                s.bids[other] = rng.below(s.money[other] + 1)
    s._legal = {}
    return s
