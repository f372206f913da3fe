"""Scoring of full market rows (N7 phase 4, step 2) as a pure function.

Given the fruits of the full rows, it says who gets what and why: the ranking
by non-rotten fruits, each tie broken by whose last-placed fruit lies further
from the house wall, the awards (6 / 4-2 / 3-2-1), the rotten penalties, and
each player's total for the phase, floored at 0 (N7 Decision).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .data import AWARDS, AWARDS_THREE_OR_MORE, CONDITION_NAMES, CROPS, MARKET_NAMES, ROTTEN


class Fruit(NamedTuple):
    owner: int
    crop: int
    condition: int  # RIPE / SPOILED / ROTTEN


def awards_for(players: int) -> tuple[int, ...]:
    return AWARDS.get(players, AWARDS_THREE_OR_MORE)


def score_row(market: int, fruits: Sequence[Fruit]) -> dict[str, Any]:
    """One full row: ranking, tie-breaks, awards and rotten fruits, all explained."""
    counts: dict[int, int] = {}
    last_stall: dict[int, int] = {}
    rotten: dict[int, int] = {}
    for stall, fruit in enumerate(fruits):
        last_stall[fruit.owner] = stall  # any condition counts for the tie-break
        if fruit.condition == ROTTEN:
            rotten[fruit.owner] = rotten.get(fruit.owner, 0) + 1
        else:
            counts[fruit.owner] = counts.get(fruit.owner, 0) + 1
    order = sorted(counts, key=lambda p: (-counts[p], -last_stall[p]))
    awards = awards_for(len(order))
    ranking = []
    for place, player in enumerate(order):
        tied_with = [q for q in order if q != player and counts[q] == counts[player]]
        ranking.append(
            {
                "player": player,
                "fruits": counts[player],
                "last_stall": last_stall[player] + 1,
                "place": place + 1,
                "award": awards[place] if place < len(awards) else 0,
                "tie_broken_by_last_stall": bool(tied_with),
            }
        )
    return {
        "market": MARKET_NAMES[market],
        "stalls": [
            {"player": f.owner, "crop": CROPS[f.crop], "condition": CONDITION_NAMES[f.condition]} for f in fruits
        ],
        "ranking": ranking,
        "rotten": {str(p): n for p, n in sorted(rotten.items())},
    }


def tie_outcome(ranking: Sequence[dict[str, Any]], player: int) -> str | None:
    """N7: how a tie of equal non-rotten fruits went for ``player`` in a scored row (a ``score_row``
    ranking, whose places already broke the tie by the later fruit): "won" if they were placed ahead
    of every tied player, "lost" if one was ahead of them, None when nobody had as many fruits. The
    end screen and the scoring's moment both say what this says, so they cannot tell it differently."""
    entry = next(r for r in ranking if r["player"] == player)
    tied = [r for r in ranking if r["player"] != player and r["fruits"] == entry["fruits"]]
    if not tied:
        return None
    return "won" if all(r["place"] > entry["place"] for r in tied) else "lost"


def score_phase(full_rows: Sequence[tuple[int, Sequence[Fruit]]], players: int) -> dict[str, Any]:
    """All rows scored in one phase 4, left to right; each player's points floored at 0 (N7)."""
    rows = [score_row(market, fruits) for market, fruits in full_rows]
    awards = [0] * players
    penalties = [0] * players
    for row in rows:
        for entry in row["ranking"]:
            awards[entry["player"]] += entry["award"]
        for player, n in row["rotten"].items():
            penalties[int(player)] += n
    points = [max(0, a - r) for a, r in zip(awards, penalties)]
    return {"rows": rows, "awards": awards, "rotten": penalties, "points": points}
