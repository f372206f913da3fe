"""What the bots know about *An den Ufern des Nils*: canonical knowledge, evaluation, the easy rule of thumb."""

from __future__ import annotations

from typing import Any

from ..core.actions import Action
from ..core.rng import Rng
from ..kit.spec import SearchPlan, exact_outcome
from . import actions as act
from .data import FIELDS, FLOOD, MARKET_NAMES, MARKET_STALLS, ROTTEN, ROWS
from .determinize import hidden_card_groups
from .scoring import awards_for
from .state import ACTIONS, AUCTION, EXTRA_TURN, SETUP_SOW, START_BID, owner_of

#: points of lead that make a clear advantage (the values' squashing scale)
SCALE = 4.0
#: the strong bot's search budget when none is given (what fits its thinking time in the browser)
STRONG_ITERATIONS = 200
#: how the strong bot searches at a table of two (``search_plan``). No playouts: the fitted ``outlook``
#: judges the leaf itself (6 actions of the easy policy cost two thirds of the search's time and played
#: the turn's rest worse than the tree now plans it). Progressive widening: a decision point inside the
#: tree first follows the easy policy's move and lets in more moves as it is passed through more often
#: (1 + widen × √passes). A Nile turn is several decisions with some thirty moves each; a fresh random
#: handful at every visit kept the tree one move deep, so more search did not play better
SEARCH_TWO = SearchPlan(widen=1.0, playout_depth=0, fitted=True)
#: ... and at a table of three or more. ``OUTLOOK``, fitted on two-player games, led the search astray
#: there: it counts a marker at hand for more than a fruit on a field or a place on a market, so the
#: strong bot harvested about half as often as the normal one (6 games of four: 56 harvests against 97)
#: and won 36.8 % of 200 four-player games to the normal bot's 49.8 %. The root's choices are the normal
#: bot's best 3 plans for the turn, and the leaves are judged by ``outlook`` with ``OUTLOOK_MORE``
#: (fitted on games of three to five): 53.2 % of 200 four-player games to the normal bot's 39.2 %
#: (the hand-set ``heuristic`` at the leaves: 51.0 / 42.0 %; docs/bots.md)
SEARCH_MORE = SearchPlan(widen=1.0, playout_depth=0, fitted=True, root_plans=3)


def search_plan(players: int) -> SearchPlan:
    """How the strong bot searches at a table of ``players`` (``SEARCH_TWO``, ``SEARCH_MORE``)."""
    return SEARCH_TWO if players <= 2 else SEARCH_MORE


#: weights of the evaluation (points): market presence, a ripe fruit and a seed on a field, a
#: marker in supply, a joker, an action point still to spend
W_MARKET, W_RIPE, W_SEED, W_SUPPLY, W_JOKER, W_AP = 1.0, 1.1, 0.6, 0.4, 0.28, 0.3
#: a marker on a field is worth this much more per palm of the field
W_PALM = 0.08
#: a marker on the boat (it leaves the game at the next scoring unless bought back first)
W_BOAT = 0.05
#: how much of a marker's value on a field is lost when the next phase 1 floods and its field is
#: where a row's next water card goes (N4: the flooded marker goes to the boat). Tournaments, seed
#: 1, 100 games of normal against easy: 0 gave 50 %, 0.4 74 %, 0.6 74.5 %, 0.8 71 %; a like
#: discount for the next desert field (0.2) and a boat term growing as a market row fills did not help
RISK_FLOOD = 0.5

#: the search tells apart every public fact a move turned up (a water or desert card, a flood)
outcome_key = exact_outcome
#: the lead in ``outlook`` points that makes odds of e : 1 (fitted with ``OUTLOOK``, below)
OUTLOOK_SCALE = 3.0


def canonical(state: Any, seat: int) -> Any:
    """Hidden facts in a canonical form, the same groups ``resample_hidden`` redraws: unturned water
    cards sorted within their groups (same visible wave side, or wholly hidden), every face-down
    desert card sorted, other seats' sealed bids empty, the generator and the game's seed reset."""
    s = state.clone()
    for places in hidden_card_groups(s):
        ids = sorted(c[i] for c, i in places)
        for (container, i), card_id in zip(places, ids, strict=True):
            container[i] = card_id
    s.rng = Rng(0)
    s.seed = 0  # the game's seed fixes every hidden card
    if s.phase in (START_BID, AUCTION):
        for other in list(s.bids):
            if other != seat:
                s.bids[other] = ()
        for i in range(s.reveal_mark, len(s.history)):
            p, a = s.history[i]
            if p != seat and a.kind == "bid":
                s.history[i] = (p, act.bid(()))
    s._legal = {}
    return s


def _market_value(state: Any, market: int, n: int) -> list[float]:
    """Each seat's share of a market row's awards if it were scored now, weighted by how full it is."""
    row = state.market[market]
    out = [0.0] * n
    if not row:
        return out
    counts = [0] * n
    last = [0] * n
    for stall, m in enumerate(row):
        p = owner_of(m)
        last[p] = stall
        if state.condition[m] == ROTTEN:
            out[p] -= 1.0
        else:
            counts[p] += 1
    order = sorted((p for p in range(n) if counts[p]), key=lambda p: (-counts[p], -last[p]))
    awards = awards_for(len(order))
    fill = len(row) / MARKET_STALLS[market]
    for place, p in enumerate(order):
        award = awards[place] if place < len(awards) else 0
        out[p] += W_MARKET * (award + 0.3 * counts[p]) * (0.45 + 0.55 * fill)
    return out


def terms(state: Any) -> dict[str, list[float]]:
    """The evaluation's parts per seat, in points (their sum is ``heuristic``; the coach names the
    part that moved most): the score, each market row's awards in reach (``market0`` …), fruits
    growing on the fields, what the next flood may take of them (``flood``, ≤ 0), markers at hand,
    jokers, markers lost, the boat, action points left."""
    n = state.num_players
    out: dict[str, list[float]] = {"score": [float(x) for x in state.score]}
    for market in range(len(MARKET_NAMES)):
        out[f"market{market}"] = _market_value(state, market, n)
    risk = _field_risk(state)
    fields, flood = [0.0] * n, [0.0] * n
    for field in state.fields_in_play:
        for m in state.field_markers[field]:
            palms = FIELDS[field].palms
            worth = (W_RIPE if state.ripe_side[m] else W_SEED) + W_PALM * palms
            fields[owner_of(m)] += worth
            flood[owner_of(m)] -= worth * risk.get(field, 0.0)
    out["fields"], out["flood"] = fields, flood
    out["supply"] = [W_SUPPLY * len(state.supply[p]) for p in range(n)]
    out["jokers"] = [W_JOKER * len(state.jokers[p]) for p in range(n)]
    out["lost"] = [-0.15 * state.lost[p] for p in range(n)]
    ap = [0.0] * n
    if state.phase in (ACTIONS, EXTRA_TURN) and state.actor is not None:
        ap[state.actor] = W_AP * state.ap  # points to spend: ending early throws them away
    out["ap"] = ap
    boat = [0.0] * n
    for m in state.boat:
        boat[owner_of(m)] += W_BOAT
    out["boat"] = boat
    return out


#: the names of ``outlook_features``, in order: ``terms``' parts
OUTLOOK_FEATURES = ("score", "market0", "market1", "market2", "market3", "fields", "flood", "supply",
                    "jokers", "lost", "ap", "boat")
#: the feature whose weight is 1 (``OUTLOOK`` is counted in points)
OUTLOOK_UNIT = "score"
#: the search's evaluation (``outlook``): points per point of each of ``terms``' parts, and the lead in
#: points that makes odds of e : 1 (``OUTLOOK_SCALE``, above). A logistic regression of who won on the
#: difference of the two seats' parts, over every decision point of seeded self-play
#: (``python tools/fit_bots.py --game banks --outlook``: see docs/bots.md for the games and the fit's quality).
#: Markers at hand and on the boat count for more than the greedy bot's ``heuristic`` says, the
#: markets' places in reach for less
OUTLOOK = {"score": 1.00, "market0": 0.23, "market1": 0.12, "market2": 0.17, "market3": 0.13, "fields": 0.61,
           "flood": 0.01, "supply": 1.64, "jokers": 0.06, "lost": -1.44, "ap": 0.05, "boat": 11.26}


def outlook_features(state: Any, seat: int) -> tuple[float, ...]:
    """What the search's evaluation weighs, for one seat: each of ``terms``' parts (``OUTLOOK_FEATURES``)."""
    parts = terms(state)
    return tuple(parts[name][seat] for name in OUTLOOK_FEATURES)


#: ``OUTLOOK`` for a table of three to five: the same regression on each seat's parts minus those of its
#: strongest rival (by ``heuristic``), at every other decision point of 180 games of the normal bot against
#: itself at tables of 3, 4 and 5 (``python tools/fit_bots.py --game banks --outlook --players 3,4,5 --games
#: 180 --seed 2026 --eps 10 --every 2``; held out, 60 games: log-loss 0.574 against ``OUTLOOK``'s 0.628).
#: Every part counts about half a point, much as in ``heuristic``; markers at hand no more than the rest
OUTLOOK_MORE = {"score": 1.00, "market0": 0.50, "market1": 0.45, "market2": 0.47, "market3": 0.50, "fields": 0.53,
                "flood": 0.62, "supply": 0.35, "jokers": 0.34, "lost": 0.70, "ap": 0.49, "boat": -1.50}
#: the lead in ``OUTLOOK_MORE`` points that makes odds of e : 1
OUTLOOK_MORE_SCALE = 2.1


def outlook_weights(players: int) -> tuple[dict[str, float], float]:
    """The search evaluation's weights and scale at a table of ``players``: ``OUTLOOK`` for two,
    ``OUTLOOK_MORE`` for more."""
    return (OUTLOOK, OUTLOOK_SCALE) if players <= 2 else (OUTLOOK_MORE, OUTLOOK_MORE_SCALE)


def outlook(state: Any) -> list[float]:
    """The strong bot's evaluation: ``outlook_weights``' weights on ``terms``' parts, counted so that a
    lead of ``OUTLOOK_SCALE`` makes odds of e : 1 at every size of table."""
    weights, scale = outlook_weights(state.num_players)
    unit = OUTLOOK_SCALE / scale
    parts = terms(state)
    return [unit * sum(weights[name] * parts[name][p] for name in OUTLOOK_FEATURES) for p in range(state.num_players)]


def heuristic(state: Any) -> list[float]:
    """Points per seat: the sum of ``terms`` (the score, awards in reach on the markets, fruits
    growing on the fields — ripe worth more, more on fields with more palms, less where the next
    flood may wash them to the boat —, markers at hand, jokers, action points left)."""
    parts = terms(state).values()
    return [sum(part[p] for part in parts) for p in range(state.num_players)]


def _field_risk(state: Any) -> dict[int, float]:
    """Fields whose markers the next flood may wash to the boat: while the tide dial stands on
    Flood, the field each row's next water card would cover (N4), with the share ``RISK_FLOOD``."""
    risk: dict[int, float] = {}
    if state.tide != FLOOD:
        return risk
    for row in range(len(ROWS)):
        slot = state.water_slot(row)
        if slot is not None:
            risk[slot[0]] = RISK_FLOOD
    return risk


def _harvest_rank(state: Any, seat: int, action: Action) -> tuple[int, int]:
    market = act.market_of(action.args[1])
    row = state.market[market]
    mine = sum(1 for m in row if owner_of(m) == seat)
    return (mine - (len(row) - mine), -len(row))


def easy(state: Any, seat: int, legal: tuple[Action, ...], rng: Rng) -> Action:
    """Harvest ripe fruit (to the market where one stands best), grow, sow where it can grow
    (fields with more palms, alone), take and play jokers, buy markers back from the boat, use
    the action points rather than end early, bid modestly; other choices at random."""
    phase = state.phase
    if phase in (ACTIONS, EXTRA_TURN):
        harvests = [a for a in legal if a.kind == "harvest"]
        if harvests:
            return max(harvests, key=lambda a: (_harvest_rank(state, seat, a), a.args))
        grows = [a for a in legal if a.kind == "grow"]
        if grows:
            return grows[0]
        # jokers are action points; markers left on the boat leave the game at the next scoring
        extra = [a for a in legal if a.kind in ("joker", "buy")]
        if extra:
            return rng.choice(extra)
        sows = [a for a in legal if a.kind == "sow" and not state.field_markers[act.field_of(a.args[1])]]
        if sows:
            best = max(FIELDS[act.field_of(a.args[1])].palms for a in sows)
            return rng.choice([a for a in sows if FIELDS[act.field_of(a.args[1])].palms == best])
        rest = [a for a in legal if a.kind != "end"]
        if rest:
            return rng.choice(rest)
        return act.END if act.END in legal else legal[0]
    if phase in (START_BID, AUCTION):
        small = [a for a in legal if len(act.bid_crops(a)) <= 1]
        if phase == AUCTION:
            small = [a for a in legal if not act.bid_crops(a)] or small
        return rng.choice(small or list(legal))
    if phase == SETUP_SOW:
        best = max(FIELDS[act.field_of(a.args[1])].palms for a in legal)
        return rng.choice([a for a in legal if FIELDS[act.field_of(a.args[1])].palms == best])
    return rng.choice(legal)



def _at_risk(state: Any, seat: int) -> int:
    """How many of ``seat``'s markers stand where the next flood may take them (``_field_risk``)."""
    risk = _field_risk(state)
    return sum(1 for field in risk for m in state.field_markers[field] if owner_of(m) == seat)


def explain(before: Any, after: Any, seat: int, term: str) -> tuple[str, dict[str, Any]]:
    """The coach's reason for a move that raised ``term`` of ``terms`` most: a key under
    ``coach.banks.`` and its parameters."""
    if term == "score":
        return "score", {"count": int(after.score[seat] - before.score[seat])}
    if term.startswith("market"):
        return "market", {"market": MARKET_NAMES[int(term[len("market"):])]}
    if term == "flood":
        return "flood", {"count": max(1, _at_risk(before, seat) - _at_risk(after, seat))}
    if term in ("fields", "supply", "jokers", "lost", "boat", "ap"):
        return term, {}
    return "steady", {}


def guess_hidden(sample: Any, seat: int, rng: Rng) -> None:
    """Rivals' sealed choices already made stay as the sample drew them (any legal one)."""


def rival_secret(state: Any, seat: int, legal: tuple[Action, ...], rng: Rng) -> Action:
    """How a rival is expected to decide a sealed choice: as the easy bot would."""
    return easy(state, seat, legal, rng)
