"""What the rules allow, said once: the rule checks of *Vom Kap bis Kairo*, and the two things made from
them — the legal actions of a seat, and why an action is refused.

Each check returns None when its rule holds, else a ``Reason`` (catalog key, rule
id, parameters); ``generate`` and ``explain`` both run them, so a card offered to
click and the refusal of another cannot contradict each other.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.actions import Action, Reason
from . import actions as act
from .data import CARD_INDEX, CARDS, RAIL_PRICE
from .position import BID, BUILD, CHOOSE, Position

KINDS_OF_PHASE = {BID: ("bid",), CHOOSE: ("take",), BUILD: ("build", "pass")}
Explainer = Callable[[Position, tuple[str, ...], int], Reason | None]


# ---------------------------------------------------------------------- the checks (each rule once)
def bid_affordable(s: Position, player: int, amount: int) -> Reason | None:
    """K3: a bid from 0 to the player's money."""
    if amount > s.money[player]:
        return Reason("cape.why.bid_too_high", "K3", {"amount": amount, "money": s.money[player]})
    return None


def on_offer(s: Position, card: int) -> Reason | None:
    """K3: a card still on offer."""
    return None if card in s.offer else Reason("cape.why.not_on_offer", "K3", {"card": CARDS[card].id})


def route_ahead(s: Position, player: int) -> Reason | None:
    """K4: a landscape in front of the locomotive to cross."""
    return None if s.routes[player] else Reason("cape.why.route_empty", "K4")


def bonus_usable(s: Position, player: int, bonus: int) -> Reason | None:
    """K4: bonus rails the player holds, and no more than the rails missing (more would be wasted)."""
    held = len(s.bonus[player])
    if bonus > held:
        return Reason("cape.why.bonus_held", "K4", {"bonus": bonus, "held": held})
    if bonus > s.shortfall(player):
        return Reason("cape.why.bonus_waste", "K4", {"bonus": bonus, "short": s.shortfall(player)})
    return None


def build_affordable(s: Position, player: int, bonus: int) -> Reason | None:
    """K4: the missing rails bought at 10 Pond each, with money the player has."""
    buy = s.rails_to_buy(player, bonus)
    if RAIL_PRICE * buy > s.money[player]:
        return Reason("cape.why.too_poor", "K4", {"buy": buy, "cost": RAIL_PRICE * buy, "money": s.money[player],
                                                  "bonus": bonus})
    return None


# ---------------------------------------------------------------------- explaining a refusal
def _build(s: Position, args: tuple[str, ...], player: int) -> Reason | None:
    bonus = int(args[0])
    return route_ahead(s, player) or bonus_usable(s, player, bonus) or build_affordable(s, player, bonus)


_EXPLAIN: dict[str, Explainer] = {
    "bid": lambda s, args, p: bid_affordable(s, p, int(args[0])),
    "take": lambda s, args, p: on_offer(s, CARD_INDEX[args[0]]),
    "build": _build,
    "pass": lambda s, args, p: None,
}


def explain(s: Position, action: Action, player: int) -> Reason | None:
    """The first rule ``action`` breaks for ``player`` now, or None."""
    explainer = _EXPLAIN.get(action.kind)
    return explainer(s, action.args, player) if explainer is not None else None


# ---------------------------------------------------------------------- generating the legal actions
def generate(s: Position, player: int) -> list[Action]:
    if s.phase == BID:
        return [act.bid(a) for a in range(s.money[player] + 1)]
    if s.phase == CHOOSE:
        return [act.take(CARDS[c].id) for c in s.offer]
    if s.phase == BUILD:
        out = []
        if route_ahead(s, player) is None:
            for b in range(len(s.bonus[player]) + 1):
                if bonus_usable(s, player, b) is None and build_affordable(s, player, b) is None:
                    out.append(act.build(b))
        out.append(act.PASS)
        return out
    return []
