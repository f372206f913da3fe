"""What the bots know about *Vom Kap bis Kairo*: canonical knowledge, evaluation, the easy rule of thumb."""

from __future__ import annotations

from typing import Any

from ..core.actions import Action
from ..core.rng import Rng
from . import actions as act
from .data import CARD_INDEX, CARDS, CROSSINGS_TO_WIN, NEED
from .determinize import reshuffled

#: money-units of lead that make a clear advantage (the values' squashing scale)
SCALE = 60.0
#: what one crossing is worth in money (about the rails it costs)
CROSSING = 100.0
#: money-equivalents of a route card's income, of a rail on it, of a rail its landscape needs, of a bonus rail
W_INCOME, W_RAIL, W_NEED, W_BONUS = 4.0, 10.0, 8.0, 8.0
#: bonus per crossing once a seat is within two of the goal
W_NEAR = 30.0
#: a card waiting on one's route counts a little more than a crossing: building is then worth it
#: only when few rails must be bought, which lets the common row grow (tournaments: 1.0 gave
#: normal 68 % against easy, 1.1 gave 84 %; at 1.3 it hardly ever builds)
ROUTE_SHARE = 1.1
#: the easy bot's card choice: weights of income, rails on the card, rails its landscape needs
#: (rails on the route help every crossing while the card waits)
EASY_CARD = (1.0, 20.0, 8.0)


def canonical(state: Any, seat: int) -> Any:
    """Hidden facts in a canonical form: the draw pile sorted, the discard pile and every bonus
    rail pooled and sorted (they are face down), other seats' sealed bids 0, the generator and the game's seed reset."""
    s = state.clone()
    faces = [c for p in range(s.num_players) for c in s.bonus[p]]
    if reshuffled(s):  # the draw pile's make-up is unknown too: it joins the pool (as in resample_hidden)
        pool = sorted([*s.draw, *s.discard, *faces])
        s.draw, pool = pool[: len(s.draw)], pool[len(s.draw):]
    else:
        s.draw = sorted(s.draw)
        pool = sorted([*s.discard, *faces])
    s.discard, rest = pool[: len(s.discard)], pool[len(s.discard):]
    for p in range(s.num_players):
        k = len(s.bonus[p])
        s.bonus[p], rest = rest[:k], rest[k:]
    s.rng = Rng(0)
    s.seed = 0  # the game's seed fixes every hidden card
    if s.phase == "bid":
        for other in list(s.bids):
            if other != seat:
                s.bids[other] = 0
        for i in range(s.reveal_mark, len(s.history)):
            p, a = s.history[i]
            if p != seat and a.kind == "bid":
                s.history[i] = (p, act.bid(0))
    s._legal = {}
    return s


def card_value(card: int) -> float:
    """A card on one's route: a crossing to come (``ROUTE_SHARE``), its rails while it waits, its
    income once crossed, less the rails its landscape needs."""
    c = CARDS[card]
    return ROUTE_SHARE * CROSSING + W_INCOME * c.income + W_RAIL * c.rails - W_NEED * NEED[c.landscape]


def easy_card(card: int) -> float:
    """The easy bot's liking for a card (``EASY_CARD``)."""
    c = CARDS[card]
    return EASY_CARD[0] * c.income + EASY_CARD[1] * c.rails - EASY_CARD[2] * NEED[c.landscape]


def heuristic(state: Any) -> list[float]:
    """Money-equivalent standing per seat: crossings, money, bonus rails, route cards, the offer to come."""
    n = state.num_players
    out = []
    for p in range(n):
        crossed = len(state.crossed[p])
        v = CROSSING * crossed + state.money[p] + W_BONUS * len(state.bonus[p])
        v += sum(card_value(c) for c in state.routes[p])
        if crossed >= CROSSINGS_TO_WIN - 2:
            v += W_NEAR * (crossed - CROSSINGS_TO_WIN + 3)
        out.append(v)
    if state.phase == "choose":  # the cards still on offer go to the choosers in order, best first
        offer = sorted(state.offer, key=card_value, reverse=True)
        for p, card in zip(state.order[state.choosing:], offer, strict=False):
            out[p] += max(0.0, card_value(card))
    return out


def easy(state: Any, seat: int, legal: tuple[Action, ...], rng: Rng) -> Action:
    """Bid a modest share of one's money, take the card with the most rails for its landscape, build when
    affordable (using bonus rails first)."""
    kind = legal[0].kind
    if state.phase == "bid" and kind == "bid":
        money = state.money[seat]
        share = 10 + rng.below(16)  # 10–25 %
        amount = min(money, money * share // 100)
        return act.bid(amount)
    if state.phase == "choose":
        return max(legal, key=lambda a: (easy_card(CARD_INDEX[a.args[0]]), a.args[0]))
    builds = [a for a in legal if a.kind == "build"]
    if builds:
        return builds[-1]  # the most bonus rails: the cheapest way across
    return legal[-1]
