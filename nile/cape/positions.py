"""Small constructed positions of *Vom Kap bis Kairo*: a state with exactly the cards, money and turn
one names.

``blank()`` gives a game whose 50 cards are all in the draw pile, nobody to act
yet; the helpers move named cards (``"R1"``, ``"S10"``) from wherever they are to
where a position wants them, so every card stays accounted for and the
invariants keep holding. The rules help's pictures (``nile.cape.diagrams``) and
the rule tests (``tests/cape``) both build their positions here.
"""

from __future__ import annotations

from .data import CARD_INDEX, CARDS
from .invariants import violations
from .options import Options
from .state import BID, BUILD, CapeState


def blank(players: int = 2, seed: int = 1) -> CapeState:
    s = CapeState(Options.default(players), seed)
    for p in range(players):
        s.draw.extend(s.routes[p] + s.crossed[p] + s.bonus[p])
        s.routes[p], s.crossed[p], s.bonus[p] = [], [], []
    s.draw.extend(s.offer + s.common + s.discard)
    s.offer, s.common, s.discard = [], [], []
    s.draw.sort(reverse=True)
    s.bids, s.bidders, s.order = {}, [], []
    s.log.clear()
    s.history.clear()
    s._legal.clear()
    return s


def take_card(s: CapeState, card_id: str) -> int:
    """Remove card ``card_id`` from wherever it is; returns its number."""
    c = CARD_INDEX[card_id]
    for place in (s.draw, s.discard, s.offer, s.common, *s.routes, *s.crossed, *s.bonus):
        if c in place:
            place.remove(c)
            return c
    raise ValueError(f"{card_id} is nowhere")


def put(s: CapeState, where: list[int], *card_ids: str) -> None:
    for card_id in card_ids:
        where.append(take_card(s, card_id))
    s._legal.clear()


def on_top(s: CapeState, *card_ids: str) -> None:
    """Put these cards on top of the draw pile, the first named turned up first."""
    for card_id in reversed(card_ids):
        s.draw.append(take_card(s, card_id))


def building(s: CapeState, player: int) -> None:
    """Make it ``player``'s turn to build (the card of the turn already turned up)."""
    s.phase = BUILD
    s.actor = player
    s.turned_up = s.common[-1] if s.common else None
    s._legal.clear()
    assert not violations(s), violations(s)


def bidding(s: CapeState, offer: tuple[str, ...]) -> None:
    """An auction with these cards on offer, everyone still to bid."""
    put(s, s.offer, *offer)
    s.phase = BID
    s.actor = None
    s.bidders = list(range(s.num_players))
    s.bids = {}
    s._legal.clear()
    assert not violations(s), violations(s)


def ids(cards: list[int]) -> list[str]:
    return [CARDS[c].id for c in cards]


def park(s: CapeState, player: int, keep: int = 0) -> None:
    """Move all but the top ``keep`` cards of the draw pile to the far end of ``player``'s route, out of
    reach: a scenario with (almost) nothing left to turn up, every card still accounted for."""
    cut = len(s.draw) - keep
    s.routes[player].extend(s.draw[:cut])
    s.draw = s.draw[cut:]
    s._legal.clear()
