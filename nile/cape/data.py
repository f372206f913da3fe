"""Every number of *Vom Kap bis Kairo* (K1): landscapes, the 50 cards, money, rails, the goal.

Cards are ints 0–49 everywhere in the engine; ``CARDS[i]`` says what card ``i``
shows and ``CARDS[i].id`` is its name in action text and saves (``R1`` … ``S10``:
landscape letter and number). The printed rules only say "several cards" per
landscape; kap.md decides 10 of each with this pattern (K1): rails 3,3,2,2,2,1,1,1,0,0
and income base, base, base+1, base+1, base+2, base+2, base+3, base+3, base+4, base+4.
"""

from __future__ import annotations

from typing import NamedTuple

MIN_PLAYERS, MAX_PLAYERS = 2, 4
COLOURS = ("red", "blue", "green", "yellow")
START_MONEY = 100
RAIL_PRICE = 10
MAX_BONUS_RAILS = 5
CROSSINGS_TO_WIN = 8

#: the terrain card: rails needed to cross each landscape (K1), in the card's order
LANDSCAPES = ("river", "mountains", "desert", "village", "savanna")
NEED = {"river": 10, "mountains": 9, "desert": 8, "village": 7, "savanna": 6}
BASE_INCOME = {"river": 6, "mountains": 5, "desert": 4, "village": 3, "savanna": 1}
LETTER = {"river": "R", "mountains": "M", "desert": "D", "village": "V", "savanna": "S"}
RAILS_PATTERN = (3, 3, 2, 2, 2, 1, 1, 1, 0, 0)
INCOME_PATTERN = (0, 0, 1, 1, 2, 2, 3, 3, 4, 4)


class Card(NamedTuple):
    id: str  # "R4"
    landscape: str
    rails: int
    income: int


CARDS: tuple[Card, ...] = tuple(
    Card(f"{LETTER[land]}{k + 1}", land, RAILS_PATTERN[k], BASE_INCOME[land] + INCOME_PATTERN[k])
    for land in LANDSCAPES
    for k in range(len(RAILS_PATTERN))
)
CARD_INDEX = {card.id: i for i, card in enumerate(CARDS)}
