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
from . import legal
from .actions import bid_crops
from .data import WATER_CARDS
from .state import AUCTION, START_BID, BanksState

Places = list[tuple[list[int], int]]


def hidden_card_groups(s: BanksState) -> list[Places]:
    """Every group of card places whose identities a player cannot tell apart (N9): unturned water
    cards showing the same wave side (or no side at all: below a pile's top, unused), and every
    face-down desert card. Redrawing (or sorting) identities within each group changes no view."""
    slots: Places = []
    for row in s.row_water:
        slots.extend((row, i) for i in range(len(row)))
    for piles in s.piles:
        for pile in piles:
            slots.extend((pile, i) for i in range(len(pile)))
    slots.extend((s.water_unused, i) for i in range(len(s.water_unused)))
    hidden_below = {id(pile) for piles in s.piles for pile in piles}
    groups: dict[object, Places] = {}
    for container, i in slots:
        card = WATER_CARDS[container[i]]
        visible = not (id(container) in hidden_below and i < len(container) - 1) and container is not s.water_unused
        key: object = (card.wave_in, card.wave_out) if visible else "hidden"
        groups.setdefault(key, []).append((container, i))
    desert: Places = []
    for container in [*s.row_desert, *s.jokers, s.desert_draw, s.desert_discard]:
        desert.extend((container, i) for i in range(len(container)))
    return [*groups.values(), desert]


def resample_hidden(state: BanksState, player: int | None, rng: Rng) -> BanksState:
    s = state.clone()
    for places in hidden_card_groups(s):
        ids = [c[i] for c, i in places]
        rng.shuffle(ids)
        for (container, i), card_id in zip(places, ids, strict=True):
            container[i] = card_id
    s.rng = Rng(rng.next64())
    if s.phase in (START_BID, AUCTION):
        for other in list(s.bids):
            if other != player:
                s.bids[other] = bid_crops(rng.choice(legal.bid_actions(s, other)))
    s._legal = {}
    return s
