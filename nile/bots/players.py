"""The strengths: ``random`` (baseline), ``easy``, ``normal`` (greedy over its own turn) and ``strong`` (ISMCTS).

Every bot works on the canonical state ``Bot.choose`` hands it (what the seat may know)
and on copies of it, never on the game's own state or random stream.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from ..core.actions import Action
from ..core.game import GameState
from ..core.rng import Rng
from ..games import spec_of
from ..kit.spec import SearchPlan
from .base import Bot, determinize, fill_secret, knowledge, values


class RandomBot(Bot):
    """Uniformly random legal actions: the baseline the easy bot must beat."""

    name = "random"

    def decide(self, known: GameState, seat: int, legal: tuple[Action, ...], rng: Rng) -> Action:
        return rng.choice(legal)


class EasyBot(Bot):
    """A few simple preferences per kind of choice (the game's ``easy`` rule of thumb)."""

    name = "easy"

    def decide(self, known: GameState, seat: int, legal: tuple[Action, ...], rng: Rng) -> Action:
        action: Action = knowledge(known).easy(known, seat, legal, rng)
        return action


def greedy_scores(
    known: GameState, seat: int, legal: tuple[Action, ...], rng: Rng, samples: int | None = None, guess: bool = False
) -> list[float]:
    """The seat's value after each legal action, averaged over sampled hidden facts.

    A sealed bid is judged after the other bidders bid as the easy bot would (with ``guess``: as
    the game's rival model expects, ``fill_secret``) and the bids are opened; the same samples
    (common random numbers) serve every action."""
    kb = knowledge(known)
    if samples is None:
        samples = 3 if known.secret_decision() else 1
    totals = [0.0] * len(legal)
    for _ in range(samples):
        world = determinize(known, seat, rng, guess)  # its legal actions made once, kept by every copy below
        seed = rng.next64()
        for i, action in enumerate(legal):
            after = world.clone()
            after.apply(action, seat)
            fill_secret(after, Rng(seed), kb, guess)
            totals[i] += values(after, kb)[seat]
    return totals


#: how many of the best first actions are followed to the end of the seat's turn, and for how many
#: more of its decisions at most (a Nile turn: 3 action points, more with jokers). Judging a Nile
#: action by where the turn ends (normal against easy, 100 games: 82 % instead of 69 %) keeps the
#: bot from stopping at a half-way position the evaluation happens to like
PLAN_BEAM, PLAN_DEPTH = 3, 3


def _own_turn(state: GameState, seat: int) -> bool:
    return not state.is_terminal() and not state.secret_decision() and state.to_act() == (seat,)


def _follow(world: GameState, seat: int, kb: Any, depth: int) -> float:
    """The seat's value once it has gone on greedily for at most ``depth`` more of its own decisions."""
    for _ in range(depth):
        if not _own_turn(world, seat):
            break
        best_value, best = -1.0, None
        for action in world.legal_actions(seat):
            after = world.clone()
            after.apply(action, seat)
            v = values(after, kb)[seat]
            if v > best_value:
                best_value, best = v, after
        assert best is not None
        world = best
    return values(world, kb)[seat]


def plan_scores(known: GameState, seat: int, legal: tuple[Action, ...], rng: Rng) -> list[float]:
    """Greedy scores, where the best few first actions that leave the seat to act again are
    judged by where its turn leads (going on greedily), not by the position half way."""
    scores = greedy_scores(known, seat, legal, rng)
    if known.secret_decision() or PLAN_BEAM <= 0:
        return scores
    kb = knowledge(known)
    world = determinize(known, seat, rng)
    order = sorted(range(len(legal)), key=lambda i: (-scores[i], i))[:PLAN_BEAM]
    out = list(scores)
    for i in order:
        after = world.clone()
        after.apply(legal[i], seat)
        if _own_turn(after, seat):
            out[i] = _follow(after, seat, kb, PLAN_DEPTH)
    top = max(out[i] for i in order)
    judged = set(order)
    for i in range(len(out)):
        if i not in judged:
            out[i] = min(out[i], top - 1e-9)  # never preferred over a judged plan by a half-way value
    return out


#: a sealed bid is chosen among at most this many evenly spaced candidates (bids come in order)
BID_CANDIDATES = 24


def thin(known: GameState, legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """The candidates worth judging: all, or for a sealed bid with many choices (every amount of
    money, every mix of crops) an evenly spaced selection from the first to the last."""
    if not known.secret_decision() or len(legal) <= BID_CANDIDATES:
        return legal
    last = len(legal) - 1
    picks = sorted({round(i * last / (BID_CANDIDATES - 1)) for i in range(BID_CANDIDATES)})
    return tuple(legal[i] for i in picks)


def _best(legal: tuple[Action, ...], scores: list[float]) -> Action:
    best = max(range(len(legal)), key=lambda i: (scores[i], -i))
    return legal[best]


class GreedyBot(Bot):
    """Greedy: the action whose resulting position the evaluation likes best, an action that
    leaves the seat on turn judged by where its turn ends (``plan_scores``)."""

    name = "normal"

    def decide(self, known: GameState, seat: int, legal: tuple[Action, ...], rng: Rng) -> Action:
        legal = thin(known, legal)
        return _best(legal, plan_scores(known, seat, legal, rng))


class _Node:
    __slots__ = ("avail", "children", "mover", "order", "outcomes", "passes", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat whose move led here
        self.children: dict[Action, _Node] = {}
        #: the decision points after this move, one per public outcome (cards turned up, bids opened)
        self.outcomes: dict[tuple[Any, ...], _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        #: progressive widening at a decision point: the order its moves are let in, and how often
        #: the search has passed through it
        self.order: dict[Action, int] | None = None
        self.passes = 0

    def widened(self, world: GameState, actor: int, legal: tuple[Action, ...], rng: Rng, kb: Any, widen: float) -> tuple[Action, ...]:
        """The moves of this decision point the search may try now: the easy policy's choice first, then
        the others in an order drawn once, letting in more as the point is passed through more often
        (``1 + widen * sqrt(passes)`` of them, passes before this one; progressive widening). Moves legal only in some samples
        of the hidden facts join the order when first met."""
        order = self.order
        if order is None:
            first = kb.easy(world, actor, legal, rng)
            rest = [a for a in legal if a != first]
            rng.shuffle(rest)
            order = self.order = {a: i for i, a in enumerate((first, *rest))}
        else:
            for a in legal:
                if a not in order:
                    order[a] = len(order)
        k = 1 + int(widen * math.sqrt(self.passes))
        self.passes += 1
        if k >= len(legal):
            return legal
        return tuple(sorted(legal, key=order.__getitem__)[:k])

    def after(self, world: GameState, seen: int, kb: Any) -> _Node:
        """The decision point reached by this move in ``world``: what the move made public (the log
        lines it wrote, as the game's ``outcome_key`` tells them apart) picks it."""
        key = kb.outcome_key(world.log[seen:])
        node = self.outcomes.get(key)
        if node is None:
            node = self.outcomes[key] = _Node(self.mover)
        return node


class ISMCTSBot(Bot):
    """Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

    Each iteration samples the hidden facts from the seat's canonical knowledge, walks the
    tree choosing by UCB among the actions legal in that sample, adds one node, plays on
    with the easy policy for at most ``depth`` actions and scores the position with the
    evaluation. How, per game and size of table, is the game's ``search_plan`` (``SearchPlan``:
    widening, playouts, the fitted or the greedy bot's evaluation, the root's choices). Other seats' sealed bids inside the tree are played by the easy policy (they
    are secret, so no seat's tree may react to them). Budget: ``iterations`` or ``budget_ms``.
    Many root choices (sealed bids) are first narrowed to the greedy bot's best ``width`` (or, as the plan
    says, to the normal bot's best plans). Inside the tree a decision point with many moves lets them in
    by progressive widening (the plan's ``widen``, or ``widen``; ``_Node.widened``), or else tries a fresh
    random ``width`` of them at each visit.
    """

    name = "strong"

    def __init__(
        self, iterations: int | None = None, budget_ms: float | None = None, depth: int | None = None, c: float = 0.7, width: int = 10,
        observe: int = 1, reuse: float = 0.25, widen: float | None = None,
    ) -> None:
        self.widen = widen
        self.observe = observe
        self.reuse = reuse
        #: per seat, the part of the last search that its next decision may start from (``_reused``)
        self._kept: dict[int, tuple[list[tuple[int, Action]], int, Action, _Node]] = {}
        self._root: _Node | None = None
        self.iterations = iterations
        self.budget_ms = budget_ms
        self.depth = depth
        self.c = c
        self.width = width

    def decide(self, known: GameState, seat: int, legal: tuple[Action, ...], rng: Rng) -> Action:
        root = self._reused(known, seat) if self.reuse < 1 else None
        ranked = self.search(known, seat, legal, rng, root=root)
        best = ranked[0][0]
        if self._root is not None and best in self._root.children:
            self._kept[seat] = (list(known.history), len(known.log), best, self._root.children[best])
        return best

    def _reused(self, known: GameState, seat: int) -> _Node | None:
        """The decision point of the last search that ``known`` is, when the seat acts again right after
        its own last decision (a Nile turn is several): the search goes on from there."""
        kept = self._kept.pop(seat, None)
        if kept is None or not self.observe:
            return None
        history, seen, action, edge = kept
        h = len(history)
        if len(known.history) != h + 1 or known.history[h] != (seat, action) or known.history[:h] != history:
            return None
        return edge.outcomes.get(knowledge(known).outcome_key(known.log[seen:]))

    def search(
        self, known: GameState, seat: int, legal: tuple[Action, ...], rng: Rng, include: tuple[Action, ...] = (),
        root: _Node | None = None,
    ) -> list[tuple[Action, int, float]]:
        """The root's choices after the search, best first: (action, visits, mean value for ``seat``).

        ``include``: actions judged even if the shortlist would leave them out (a review judges the
        move that was played). ``root``: a tree grown by an earlier search to go on from; its visits
        count towards the budget, but at least the share ``reuse`` of the budget is searched anew."""
        kb = knowledge(known)
        plan = kb.search_plan(known.num_players)
        candidates = legal = thin(known, legal)
        if plan.root_plans and root is None and not known.secret_decision() and len(legal) > plan.root_plans:
            scores = plan_scores(known, seat, legal, rng)
            order = sorted(range(len(legal)), key=lambda i: (-scores[i], i))[: plan.root_plans]
            candidates = tuple(legal[i] for i in sorted(order))
        elif len(legal) > self.width:
            scores = greedy_scores(known, seat, legal, rng, guess=True)
            order = sorted(range(len(legal)), key=lambda i: (-scores[i], i))[: self.width]
            candidates = tuple(legal[i] for i in sorted(order))
        candidates += tuple(a for a in include if a not in candidates)
        share = 1.0
        if root is None:
            root = _Node(seat)
        else:
            budget = self.iterations or kb.STRONG_ITERATIONS
            share = max(self.reuse, 1.0 - sum(child.visits for child in root.children.values()) / budget)
        self._root = root
        iterations = int((self.iterations or kb.STRONG_ITERATIONS) * share)
        deadline = None if self.budget_ms is None else time.perf_counter() + self.budget_ms * share / 1000
        done = 0
        while done < iterations and (deadline is None or not done or time.perf_counter() < deadline):
            self._iterate(root, determinize(known, seat, rng, True), seat, candidates, rng, kb, plan)
            done += 1
        ranked = []
        for a in candidates:
            child = root.children.get(a)
            visits = child.visits if child else 0
            ranked.append((a, visits, child.total / child.visits if child and child.visits else 0.0))
        ranked.sort(key=lambda r: (-r[1], -r[2]))
        return ranked

    def _iterate(
        self, root: _Node, world: GameState, seat: int, candidates: tuple[Action, ...], rng: Rng, kb: Any, plan: SearchPlan
    ) -> None:
        node = root
        path = [root]
        first = True
        observe = self.observe
        widen = plan.widen if self.widen is None else self.widen
        while not world.is_terminal():
            if world.secret_decision() and not first:
                seats = world.to_act()
                if seat not in seats:
                    fill_secret(world, rng, kb, True)
                    continue
                actor = seat
            else:
                seats = world.to_act()
                actor = seat if first else seats[0]
            legal = candidates if first else world.legal_actions(actor)
            if not first and widen:
                legal = node.widened(world, actor, legal, rng, kb, widen)
            elif not first and len(legal) > self.width:
                picked = sorted({rng.below(len(legal)) for _ in range(self.width)})
                legal = tuple(legal[i] for i in picked)
            first = False
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                action = untried[rng.below(len(untried))]
                child = node.children[action] = _Node(actor)
                child.avail = 1
                world.apply(action, actor)
                path.append(child)
                break
            action = max(legal, key=lambda a: self._ucb(node.children[a]))
            edge = node.children[action]
            seen = len(world.log)
            world.apply(action, actor)
            path.append(edge)
            node = edge.after(world, seen, kb) if observe else edge
        self._playout(world, rng, kb, plan.playout_depth if self.depth is None else self.depth)
        v = values(world, kb, outlook=plan.fitted)
        for n in path[1:]:
            n.visits += 1
            n.total += v[n.mover]
        root.visits += 1

    def _ucb(self, child: _Node) -> float:
        return child.total / child.visits + self.c * math.sqrt(math.log(max(child.avail, 1)) / child.visits)

    def _playout(self, world: GameState, rng: Rng, kb: Any, depth: int) -> None:
        for _ in range(depth):
            if world.is_terminal():
                return
            seats = world.to_act()
            p = seats[0]
            world.apply(kb.easy(world, p, world.legal_actions(p), rng), p)


BOT_NAMES = ("random", "easy", "normal", "strong")
_FACTORIES: dict[str, Callable[..., Bot]] = {
    "random": lambda **_: RandomBot(),
    "easy": lambda **_: EasyBot(),
    "normal": lambda **_: GreedyBot(),
    "strong": lambda iterations=None, budget_ms=None, **_: ISMCTSBot(iterations=iterations, budget_ms=budget_ms),
}


def strong_iterations(game: str) -> int:
    """The strong bot's default search budget in ``game`` (its ``bot.py``'s ``STRONG_ITERATIONS``)."""
    iterations: int = spec_of(game).bots.STRONG_ITERATIONS
    return iterations


def make_bot(name: str, iterations: int | None = None, budget_ms: float | None = None) -> Bot:
    """A bot by strength name (``BOT_NAMES``); the budget applies to the strong bot."""
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise KeyError(f"unknown bot {name!r}; known: {', '.join(BOT_NAMES)}") from None
    return factory(iterations=iterations, budget_ms=budget_ms)
