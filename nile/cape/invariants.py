"""Invariants of *Vom Kap bis Kairo* that hold after every action (checked by simulate and the tests).

All 50 cards are in exactly one place; money is never negative; nobody holds
more than 5 bonus rails or has crossed more than 8 landscapes; the common row
is empty outside building; who acts fits the phase.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .data import CARDS, CROSSINGS_TO_WIN, MAX_BONUS_RAILS


def violations(s: Any) -> list[str]:
    """Every broken invariant, as sentences; an empty list when all hold."""
    problems: list[str] = []
    places = [*s.draw, *s.discard, *s.offer, *s.common]
    for p in range(s.num_players):
        places += s.routes[p] + s.crossed[p] + s.bonus[p]
    counts = Counter(places)
    missing = [c for c in range(len(CARDS)) if counts[c] == 0]
    twice = sorted(c for c, k in counts.items() if k > 1)
    if missing or twice or len(places) != len(CARDS):
        problems.append(f"cards not each in one place: missing {missing}, more than once {twice}, {len(places)} placed")
    for p in range(s.num_players):
        if s.money[p] < 0:
            problems.append(f"player {p + 1} has negative money {s.money[p]}")
        if len(s.bonus[p]) > MAX_BONUS_RAILS:
            problems.append(f"player {p + 1} holds {len(s.bonus[p])} bonus rails (max {MAX_BONUS_RAILS})")
        if len(s.crossed[p]) > CROSSINGS_TO_WIN:
            problems.append(f"player {p + 1} crossed {len(s.crossed[p])} landscapes")
    if s.phase == "bid" and (s.actor is not None or not s.bidders):
        problems.append("bidding without bidders, or with a single actor")
    if s.phase in ("choose", "build") and s.actor is None:
        problems.append(f"phase {s.phase} with nobody to act")
    if s.phase not in ("build", "over") and s.common:  # a stalled game may end with cards on the row
        problems.append("cards on the common row outside building")
    if s.phase == "over" and not s.final:
        problems.append("game over without a result")
    return problems
