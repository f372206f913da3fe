"""Invariants that hold after every action of every game (checked by simulate and the tests).

Every marker is in exactly one place and each player always owns 15; all 45
water cards and 30 desert cards are accounted for; no field holds more than 2
markers, 2 of one player, or a marker under a card; water and desert never
overlap; market rows obey the crop rule; AP is never negative; the obelisk
never drops below 1.
"""

from __future__ import annotations

from collections import Counter

from .data import DESERT_CARDS, FIELDS, MARKERS_PER_PLAYER, MARKET_STALLS, ROWS, WATER_CARDS
from .state import BanksState, crop_of, owner_of


def violations(s: BanksState) -> list[str]:
    """Every broken invariant, as sentences; an empty list when all hold."""
    return [*_markers(s), *_cards(s), *_rows(s), *_fields(s), *_market(s), *_counters(s)]


def _markers(s: BanksState) -> list[str]:
    """Marker ids are fixed per player (p * 15 + k), so "all ids exactly once" means every marker is
    in one place and every player owns exactly 15."""
    n = s.num_players
    places: list[int] = [*s.boat, *s.out]
    for p in range(n):
        places += s.supply[p] + s.hoard[p]
    for markers in (*s.field_markers, *s.market):
        places += markers
    if sorted(places) == list(range(n * MARKERS_PER_PLAYER)):
        return []
    counts = Counter(places)
    dupes = sorted(m for m, c in counts.items() if c > 1)
    missing = sorted(set(range(n * MARKERS_PER_PLAYER)) - set(counts))
    return [f"markers in two places: {dupes}; markers nowhere: {missing}"]


def _cards(s: BanksState) -> list[str]:
    """All 45 water cards and 30 desert cards, each in one place."""
    problems = []
    water = [*s.water_discard, *s.water_unused, *(c for row in s.row_water for c in row),
             *(c for piles in s.piles for pile in piles for c in pile)]
    if sorted(water) != list(range(len(WATER_CARDS))):
        problems.append(f"water cards not all accounted for once ({len(water)} seen)")
    desert = [*s.desert_draw, *s.desert_discard, *(c for row in s.row_desert for c in row),
              *(c for hand in s.jokers for c in hand)]
    if sorted(desert) != list(range(len(DESERT_CARDS))):
        problems.append(f"desert cards not all accounted for once ({len(desert)} seen)")
    return problems


def _rows(s: BanksState) -> list[str]:
    problems = []
    for r in ROWS:
        if len(s.row_water[r.index]) + len(s.row_desert[r.index]) > r.length:
            problems.append(f"row {r.name}: water and desert overlap")
        if not s.row_in_play[r.index] and (s.row_water[r.index] or s.row_desert[r.index]):
            problems.append(f"row {r.name} is out of play but holds cards")
    return problems


def _fields(s: BanksState) -> list[str]:
    problems = []
    for f in FIELDS:
        markers = s.field_markers[f.index]
        if not markers:
            continue
        if len(markers) > 2:
            problems.append(f"field {f.name} holds {len(markers)} markers")
        if len(markers) == 2 and owner_of(markers[0]) == owner_of(markers[1]):
            problems.append(f"field {f.name} holds two markers of one player")
        if s.field_has_card(f.index):
            problems.append(f"field {f.name} has a marker under a card")
        if not s.row_in_play[f.row]:
            problems.append(f"field {f.name} is out of play but holds markers")
    return problems


def _market(s: BanksState) -> list[str]:
    problems = []
    for i, row in enumerate(s.market):
        if len(row) > MARKET_STALLS[i]:
            problems.append(f"market row M{i + 1} overfull")
        crops = [crop_of(m) for m in row]
        for k, crop in enumerate(crops):
            if crop in crops[max(0, k - 2) : k]:
                problems.append(f"market row M{i + 1} breaks the crop rule at stall {k + 1}")
    return problems


def _counters(s: BanksState) -> list[str]:
    problems = []
    if s.ap < 0:
        problems.append(f"negative action points: {s.ap}")
    if s.obelisk < 1:
        problems.append(f"obelisk below space 1: {s.obelisk}")
    if any(score < 0 for score in s.score):
        problems.append("a negative score")
    return problems
