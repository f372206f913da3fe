"""Resample what a player cannot see (N9): the basis of the view-leak test and of search bots.

``resample_hidden(state, player, rng)`` returns a copy in which every hidden
fact is redrawn while every fact ``player`` may know stays: the event sides of
unturned cards (water cards swap only with cards showing the same wave side),
the order of piles below their top cards, desert cards on fields, in hands and
in the piles, the random generator, and other players' sealed bids. So
``view(player)`` of the copy equals ``view(player)`` of the original; a
difference would be a leak.
"""

from __future__ import annotations

from ..core.rng import Rng
from .actions import bid_crops
from .data import WATER_CARDS
from .state import AUCTION, START_BID, BanksState


def resample_hidden(state: BanksState, player: int | None, rng: Rng) -> BanksState:
    s = state.clone()
    # water cards not yet turned over: swap identities among cards with the same wave side
    slots: list[tuple[list[int], int]] = []
    for row in s.row_water:
        slots.extend((row, i) for i in range(len(row)))
    for piles in s.piles:
        for pile in piles:
            slots.extend((pile, i) for i in range(len(pile)))
    slots.extend((s.water_unused, i) for i in range(len(s.water_unused)))
    hidden_below = {id(pile) for piles in s.piles for pile in piles}
    groups: dict[object, list[tuple[list[int], int]]] = {}
    for container, i in slots:
        card = WATER_CARDS[container[i]]
        visible = not (id(container) in hidden_below and i < len(container) - 1) and container is not s.water_unused
        key: object = (card.wave_in, card.wave_out) if visible else "hidden"
        groups.setdefault(key, []).append((container, i))
    # cards whose wave side nobody sees may take any identity from the hidden pool
    for places in groups.values():
        ids = [c[i] for c, i in places]
        rng.shuffle(ids)
        for (container, i), card_id in zip(places, ids, strict=True):
            container[i] = card_id
    # desert cards: every one not in the open is face down, with its event unseen
    places2: list[tuple[list[int], int]] = []
    for container in [*s.row_desert, *s.jokers, s.desert_draw, s.desert_discard]:
        places2.extend((container, i) for i in range(len(container)))
    desert_ids = [c[i] for c, i in places2]
    rng.shuffle(desert_ids)
    for (container, i), card_id in zip(places2, desert_ids, strict=True):
        container[i] = card_id
    s.rng = Rng(rng.next64())
    if s.phase in (START_BID, AUCTION):
        for other in list(s.bids):
            if other != player:
                s.bids[other] = bid_crops(rng.choice(s._bid_actions(other)))
    s._legal = {}
    return s
