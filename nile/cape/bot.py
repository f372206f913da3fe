"""What the bots know about *Vom Kap bis Kairo*: canonical knowledge, evaluation, the easy rule of thumb."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.actions import Action
from ..core.rng import Rng
from ..kit.spec import SearchPlan, one_plan
from . import actions as act
from .data import CARD_INDEX, CARDS, CROSSINGS_TO_WIN, NEED, RAIL_PRICE
from .determinize import reshuffled

#: money-units of lead that make a clear advantage (the values' squashing scale)
SCALE = 60.0
#: the strong bot's search budget when none is given (what fits its thinking time in the browser)
STRONG_ITERATIONS = 400
#: how the strong bot searches (at every size of table): no playouts — the fitted ``outlook`` judges the
#: leaf itself (easy playouts build whenever they can, which the evaluation does not want: with them,
#: more search played worse); a fresh random handful of moves at each visit (no widening: a Kap
#: decision point has few moves)
search_plan = one_plan(SearchPlan(widen=0.0, playout_depth=0, fitted=True))
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
#: the easy bot buys rails for a crossing only with at most this share of its money, until it has
#: crossed ``EASY_RACE`` landscapes (then it builds whenever it can): against random, 1,000 games at
#: seeds 1 and 77, it won 92.4 / 88.3 % building whenever it could, 91.1 / 91.1 % so (and the normal
#: bot still beats it 81 %, 200 games); spending less made easy stronger against random but too
#: close to normal
EASY_SPEND, EASY_RACE = 0.9, 6


#: what rivals bid, as shares of their money: 20 evenly spaced quantiles of the bids the normal and
#: strong bots made in self-play (``tools/fit_bots.py``); a rival's sealed bid is guessed from them
BID_SHARES = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.04, 0.043, 0.047, 0.085, 0.129, 0.163, 0.179, 0.217,
              0.3, 0.513, 0.8)


def outcome_key(entries: Sequence[Any]) -> tuple[Any, ...]:
    """What a move made public, as far as the choices after it depend on it: a card turned up onto
    the common row matters only by its rails (K4: the row is rails for whoever builds; its landscape
    and income are never used), so the search keeps one decision point per number of rails, not one
    per card — four instead of up to fifty, each visited far more often; everything else exactly."""
    return tuple((e.key, CARDS[CARD_INDEX[e.params["card"]]].rails) if e.key == "cape.turn.card"
                 else (e.key, str(e.params)) for e in entries)


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


def terms(state: Any) -> dict[str, list[float]]:
    """The evaluation's parts per seat, in Pond (their sum is ``heuristic``; the coach names the part
    that moved most): crossings (with the race to 8), money, bonus rails, the cards on the route,
    the card still on offer that the seat will get."""
    n = state.num_players
    out: dict[str, list[float]] = {"crossings": [], "money": [], "bonus": [], "route": []}
    for p in range(n):
        crossed = len(state.crossed[p])
        near = W_NEAR * (crossed - CROSSINGS_TO_WIN + 3) if crossed >= CROSSINGS_TO_WIN - 2 else 0.0
        out["crossings"].append(CROSSING * crossed + near)
        out["money"].append(float(state.money[p]))
        out["bonus"].append(W_BONUS * len(state.bonus[p]))
        out["route"].append(sum(card_value(c) for c in state.routes[p]))
    offer = [0.0] * n
    if state.phase == "choose":  # the cards still on offer go to the choosers in order, best first
        ranked = sorted(state.offer, key=card_value, reverse=True)
        for p, card in zip(state.order[state.choosing:], ranked, strict=False):
            offer[p] += max(0.0, card_value(card))
    out["offer"] = offer
    return out


def heuristic(state: Any) -> list[float]:
    """Money-equivalent standing per seat: the sum of ``terms``."""
    parts = terms(state).values()
    return [sum(part[p] for part in parts) for p in range(state.num_players)]


#: the names of ``outlook_features``, in order
OUTLOOK_FEATURES = ("crossed", "near", "money", "bonus", "income", "rails", "need")
#: the search's evaluation (``outlook``): Pond per unit of each of ``OUTLOOK_FEATURES``, and the lead in
#: Pond that makes odds of e : 1 (``OUTLOOK_SCALE``). A logistic regression of who won on the
#: difference of the two seats' features, over every decision point of seeded self-play
#: (``python tools/fit_bots.py --game cape --outlook``: see docs/bots.md for the games and the fit's quality)
OUTLOOK = {"crossed": -24.73, "near": 24.78, "money": 1.00, "bonus": 15.38, "income": 0.77, "rails": 7.42,
           "need": -4.57}
OUTLOOK_SCALE = 71.9
#: the feature whose weight is 1 (``OUTLOOK`` is counted in Pond)
OUTLOOK_UNIT = "money"


def _pending(state: Any) -> dict[int, int]:
    """While cards are chosen, the card each seat still to choose will get (best first, by ``card_value``)."""
    if state.phase != "choose":
        return {}
    ranked = sorted(state.offer, key=card_value, reverse=True)
    return dict(zip(state.order[state.choosing:], ranked, strict=False))


def outlook_features(state: Any, seat: int, pending: dict[int, int] | None = None) -> tuple[float, ...]:
    """What the search's evaluation weighs, for one seat (``OUTLOOK_FEATURES``): landscapes crossed,
    crossings beyond the 5th (the race to 8, K5), money, bonus rails, and the income, rails on the
    cards and rails needed of the cards on its route (and the card it will get while cards are chosen)."""
    pending = _pending(state) if pending is None else pending
    crossed = len(state.crossed[seat])
    cards = [*state.routes[seat], *([pending[seat]] if seat in pending else [])]
    return (float(crossed), float(max(0, crossed - (CROSSINGS_TO_WIN - 3))), float(state.money[seat]),
            float(len(state.bonus[seat])), float(sum(CARDS[c].income for c in cards)),
            float(sum(CARDS[c].rails for c in cards)), float(sum(NEED[CARDS[c].landscape] for c in cards)))


def outlook(state: Any) -> list[float]:
    """The search's evaluation per seat, in Pond: ``OUTLOOK`` weights on ``outlook_features`` — fitted to
    who went on to win, unlike ``heuristic``, whose hand-set weights make a good one-move-ahead
    (greedy) player. A card waiting on the route counts more than a crossed one here: the fit
    finds that rails on the route and money win races, and the search sees for itself when to cross.
    (The same sum as the weights times ``outlook_features``, with each card's part worked out once.)"""
    pending = _pending(state)
    out = []
    for p in range(state.num_players):
        crossed = len(state.crossed[p])
        value = (_W_CROSSED * crossed + _W_NEAR * max(0, crossed - (CROSSINGS_TO_WIN - 3)) + _W_MONEY * state.money[p]
                 + _W_BONUS * len(state.bonus[p]) + sum(_CARD_OUTLOOK[c] for c in state.routes[p]))
        if p in pending:
            value += _CARD_OUTLOOK[pending[p]]
        out.append(value)
    return out


_W_CROSSED, _W_NEAR, _W_MONEY, _W_BONUS = (OUTLOOK[k] for k in ("crossed", "near", "money", "bonus"))
#: a card's part of ``outlook`` on the route: its income, its rails and the rails its landscape needs
_CARD_OUTLOOK = tuple(OUTLOOK["income"] * c.income + OUTLOOK["rails"] * c.rails + OUTLOOK["need"] * NEED[c.landscape]
                      for c in CARDS)


def rival_bid(state: Any, seat: int, rng: Rng) -> int:
    """A guess at the sealed bid of ``seat``, drawn from ``BID_SHARES`` of its money (K3)."""
    money = state.money[seat]
    return min(money, round(money * BID_SHARES[rng.below(len(BID_SHARES))]))


def guess_hidden(sample: Any, seat: int, rng: Rng) -> None:
    """Rivals' sealed bids already made (hidden from ``seat``, K6) guessed by ``rival_bid`` in a sample."""
    if sample.phase == "bid":
        for other in sample.bids:
            if other != seat:
                sample.bids[other] = rival_bid(sample, other, rng)


def rival_secret(state: Any, seat: int, legal: tuple[Action, ...], rng: Rng) -> Action:
    """How a rival is expected to decide a sealed choice: its bid by ``rival_bid``."""
    if state.phase == "bid" and legal[0].kind == "bid":
        return act.bid(rival_bid(state, seat, rng))
    return easy(state, seat, legal, rng)


def easy(state: Any, seat: int, legal: tuple[Action, ...], rng: Rng) -> Action:
    """Bid a modest share of one's money, take the card with the most rails for its landscape, build when
    affordable (using bonus rails first) unless the rails to buy take most of one's money early on."""
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
        build = builds[-1]  # the most bonus rails: the cheapest way across
        waits = [a for a in legal if a.kind != "build"]
        cost = RAIL_PRICE * state.rails_to_buy(seat, int(build.args[0]))
        if waits and len(state.crossed[seat]) < EASY_RACE and cost > EASY_SPEND * state.money[seat]:
            return waits[-1]  # keeps money for the race to the 8th crossing
        return build
    return legal[-1]


def explain(before: Any, after: Any, seat: int, term: str) -> tuple[str, dict[str, Any]]:
    """The coach's reason for a move that raised ``term`` of ``terms`` most: a key under
    ``coach.cape.`` and its parameters."""
    if term == "crossings" and len(after.crossed[seat]) > len(before.crossed[seat]):
        card = CARDS[after.crossed[seat][-1]]
        landscape = card.landscape
        bought = max(0, (before.money[seat] - after.money[seat] + card.income) // RAIL_PRICE)
        if bought:
            return "cross_buy", {"landscape": landscape, "count": bought}
        return "cross", {"landscape": landscape}
    if term in ("money", "bonus", "route", "offer"):
        return term, {}
    return "wait", {}
