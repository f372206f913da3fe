"""The state of a game of *Vom Kap bis Kairo* and its rules (K2–K5).

One ``CapeState`` is one position. It says who must act (``to_act``: every seat
still to bid during the secret auction, else one seat), lists every legal action
and changes only through ``apply``. Chance (shuffles, cards turned up, tie draws,
river bonus rails) is drawn inside the engine from the seeded ``Rng`` it carries,
so a game is its options, its seed and its actions (``nile.core.save``).

Cards are ints (``nile.cape.data.CARDS``); each is in exactly one place: the draw
pile (top = last), the discard pile, the cards on offer, the common row, a
player's route (the next landscape first), crossed behind a locomotive, or a
player's bonus rails (face down).

The flow, as ``phase`` names it: ``bid`` (K3.2, secret, simultaneous) → ``choose``
(K3.3–4, in bid order) → ``build`` (K4: a card is turned up onto the common row
at the start of each turn, then ``build N`` or ``pass``) → a new auction when the
builder's route is empty … → ``over`` (K5, or the stall rule of K4).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.actions import Action, IllegalActionError
from ..core.jsondata import copy_json
from ..core.log import Entry
from . import actions as act
from . import legal
from .data import CARD_INDEX, CARDS, CROSSINGS_TO_WIN, MAX_BONUS_RAILS, RAIL_PRICE, START_MONEY
from .options import Options
from .position import BID, BUILD, CHOOSE, OVER, Position


class CapeState(Position):
    """One position of *Vom Kap bis Kairo*; see the module docstring for the layout."""

    RULES_VERSION: ClassVar[int] = 1

    def __init__(self, options: Options, seed: int) -> None:
        Position.__init__(self, options, seed)
        n = self.num_players
        self._log("cape.setup", count=n, money=START_MONEY)
        self._begin_auction()

    # ------------------------------------------------------------------ protocol
    def to_act(self) -> tuple[int, ...]:
        if self.phase == BID:
            return tuple(self.bidders)
        if self.phase == OVER or self.actor is None:
            return ()
        return (self.actor,)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def secret_decision(self) -> bool:
        """Bids are secret until all are in (K3.2, K6), even when one bidder is left."""
        return self.phase == BID

    def secret_decided(self) -> tuple[int, ...]:
        """Who has bid in this auction."""
        return tuple(sorted(self.bids)) if self.phase == BID else ()

    def parse_action(self, text: str) -> Action:
        return act.parse(text)

    def view(self, player: int | None) -> dict[str, Any]:
        from .view import view

        return view(self, player)

    def _play(self, player: int, action: Action) -> None:
        self.history.append((player, action))
        handler = {"bid": self._do_bid, "take": self._do_take, "build": self._do_build, "pass": self._do_pass}
        handler[action.kind](player, action)
        self.turn_mark = len(self.history)  # every Kap decision ends its player's turn

    def undo_floor(self) -> int:
        """Every Kap decision ends a turn or opens hidden facts (bids, a card turned up), so undo
        never reaches behind the last action of another turn."""
        return max(self.reveal_mark, self.turn_mark)

    def cost(self, action: Action, player: int | None = None) -> int:
        """Money the action costs now: a bid its amount (K3), a build 10 Pond per bought rail (K4)."""
        if action.kind == "bid":
            return int(action.args[0])
        if action.kind == "build":
            seat = self.actor if player is None else player
            if seat is None:
                return 0
            return RAIL_PRICE * self.rails_to_buy(seat, int(action.args[0]))
        return 0

    # ------------------------------------------------------------------ helpers
    def _log(self, key: str, **params: Any) -> None:
        self.log.append(Entry(key, **params))

    def _mark_reveal(self) -> None:
        self.reveal_mark = len(self.history)

    def _seats_from(self, first: int) -> list[int]:
        return [(first + i) % self.num_players for i in range(self.num_players)]

    def _turn_up(self) -> int | None:
        """The top card of the draw pile, refilled by shuffling the discard pile when empty (K4)."""
        if not self.draw and self.discard:
            self.draw = self.discard
            self.discard = []
            self.rng.shuffle(self.draw)
            self._log("cape.reshuffle", count=len(self.draw))
        return self.draw.pop() if self.draw else None

    # ------------------------------------------------------------------ legal actions
    def _generate(self, player: int) -> list[Action]:
        return legal.generate(self, player)

    # ------------------------------------------------------------------ auction (K3)
    def _begin_auction(self) -> None:
        self.round += 1
        self.revealed = None
        self.order = []
        self.choosing = 0
        n = self.num_players
        for _ in range(n):
            card = self._turn_up()
            if card is None:
                break
            self.offer.append(card)
        self._mark_reveal()
        if not self.offer:  # nothing left to auction: building goes on (the stall rule ends a dead game)
            self._log("cape.auction.no_cards", round=self.round)
            self._begin_building(self.first_builder)
            return
        self._log("cape.auction.open", round=self.round, cards=[CARDS[c].id for c in self.offer])
        self.phase = BID
        self.actor = None
        self.bidders = list(range(n))
        self.bids = {}

    def _do_bid(self, player: int, action: Action) -> None:
        self.bids[player] = int(action.args[0])
        self.bidders.remove(player)
        self._log("cape.bid.made", player=player)
        if not self.bidders:
            self._reveal_bids()

    def _reveal_bids(self) -> None:
        bids = dict(sorted(self.bids.items()))
        for p, amount in bids.items():
            self.money[p] -= amount  # K3.2: everyone pays their own bid
        self.revealed = bids
        self._mark_reveal()
        self._log("cape.bid.revealed", bids={str(p): a for p, a in bids.items()})
        # K3.3: highest bid first; ties by less money left, then by turning up cards
        by_bid: dict[int, list[int]] = {}
        for p in range(self.num_players):
            by_bid.setdefault(-bids[p], []).append(p)
        order: list[int] = []
        for bid_key in sorted(by_bid):
            same_bid = by_bid[bid_key]
            if len(same_bid) > 1:
                self._log("cape.tie.money", players=same_bid)
            by_money: dict[int, list[int]] = {}
            for p in same_bid:
                by_money.setdefault(self.money[p], []).append(p)
            for money_key in sorted(by_money):
                tied = by_money[money_key]
                order.extend(self._break_tie(tied) if len(tied) > 1 else tied)
        self.order = order
        self.bids = {}
        self._log("cape.order", players=order)
        self.phase = CHOOSE
        self.choosing = 0
        self.actor = order[0]
        self.first_builder = order[0]

    def _break_tie(self, tied: list[int]) -> list[int]:
        """Each tied player turns up a card; the highest income chooses first; repeat while tied (K3.3)."""
        drawn: dict[int, int] = {}
        for p in tied:
            card = self._turn_up()
            if card is None:
                break
            drawn[p] = card
        if len(drawn) < len(tied):  # Decision (kap.md): no card to turn up, the seeded draw decides
            for card in drawn.values():
                self.discard.append(card)
            shuffled = list(tied)
            self.rng.shuffle(shuffled)
            self._log("cape.tie.random", players=shuffled)
            return shuffled
        self._log("cape.tie.draw", cards={str(p): CARDS[c].id for p, c in drawn.items()})
        self.discard.extend(drawn.values())
        by_income: dict[int, list[int]] = {}
        for p in tied:
            by_income.setdefault(-CARDS[drawn[p]].income, []).append(p)
        out: list[int] = []
        for key in sorted(by_income):
            group = by_income[key]
            out.extend(self._break_tie(group) if len(group) > 1 else group)
        return out

    def _do_take(self, player: int, action: Action) -> None:
        card = CARD_INDEX[action.args[0]]
        self.offer.remove(card)
        self.routes[player].append(card)  # K3.4: at the far end of the route
        self._log("cape.take", player=player, card=action.args[0], landscape=CARDS[card].landscape)
        self.choosing += 1
        if self.choosing < len(self.order) and self.offer:
            self.actor = self.order[self.choosing]
            return
        for p in self.order[self.choosing:]:
            self._log("cape.take.none", player=p)
        self._begin_building(self.first_builder)

    # ------------------------------------------------------------------ building (K4)
    def _begin_building(self, player: int) -> None:
        self.phase = BUILD
        self._log("cape.build.phase", player=player)
        self._start_turn(player)

    def _start_turn(self, player: int) -> None:
        self.actor = player
        card = self._turn_up()
        self.turned_up = card
        if card is not None:
            self.common.append(card)
            self._mark_reveal()
            self._log("cape.turn.card", player=player, card=CARDS[card].id, landscape=CARDS[card].landscape,
                      rails=CARDS[card].rails)
        else:
            self._log("cape.turn.no_card", player=player)

    def _do_pass(self, player: int, action: Action) -> None:
        self._log("cape.pass", player=player)
        if self.turned_up is None:
            self.idle_turns += 1
            if self.idle_turns >= self.num_players:  # K4 Decision: a full circle of idle passes ends the game
                self._end_game("stall")
                return
        else:
            self.idle_turns = 0
        self._start_turn((player + 1) % self.num_players)

    def _do_build(self, player: int, action: Action) -> None:
        bonus = int(action.args[0])
        buy = self.rails_to_buy(player, bonus)
        self.money[player] -= RAIL_PRICE * buy
        card = self.routes[player].pop(0)
        self.crossed[player].append(card)
        income = CARDS[card].income
        self.money[player] += income
        used = [self.bonus[player].pop() for _ in range(bonus)]
        self.discard.extend(self.common)
        self.discard.extend(used)
        self.common = []
        self.idle_turns = 0
        self._log("cape.build", player=player, card=CARDS[card].id, landscape=CARDS[card].landscape, bonus=bonus,
                  bought=buy, paid=RAIL_PRICE * buy, income=income, crossed=len(self.crossed[player]))
        if len(self.crossed[player]) >= CROSSINGS_TO_WIN:  # K5: wins at once
            self._end_game("crossings", winner=player)
            return
        # K4: a bonus rail to everyone now before a river, builder first, then clockwise
        for p in self._seats_from(player):
            route = self.routes[p]
            if route and CARDS[route[0]].landscape == "river" and len(self.bonus[p]) < MAX_BONUS_RAILS and self.discard:
                self.bonus[p].append(self.discard.pop(self.rng.below(len(self.discard))))
                self._log("cape.bonus", player=p, count=len(self.bonus[p]))
        if not self.routes[player]:
            self._begin_auction()
        else:
            self._start_turn(player)

    # ------------------------------------------------------------------ the end (K5)
    def _end_game(self, reason: str, winner: int | None = None) -> None:
        n = self.num_players
        order = sorted(range(n), key=lambda p: (-len(self.crossed[p]), -self.money[p], p))
        if winner is not None:
            order.remove(winner)
            order.insert(0, winner)
            winners = [winner]
        else:
            best = (len(self.crossed[order[0]]), self.money[order[0]])
            winners = [p for p in order if (len(self.crossed[p]), self.money[p]) == best]
        ranking: list[dict[str, Any]] = []
        for i, p in enumerate(order):
            place = 1 if p in winners else i + 1
            if ranking and p not in winners and (len(self.crossed[p]), self.money[p]) == (
                ranking[-1]["crossings"], ranking[-1]["money"]) and ranking[-1]["player"] not in winners:
                place = ranking[-1]["place"]
            ranking.append({"place": place, "player": p, "crossings": len(self.crossed[p]), "money": self.money[p]})
        self.final = {"reason": reason, "winners": winners, "ranking": ranking}
        self.phase = OVER
        self.actor = None
        self.bidders = []
        self._log("cape.over", reason=reason, winners=winners)

    # ------------------------------------------------------------------ refusals
    def refusal(self, action: Action, player: int) -> IllegalActionError:
        """Why ``action`` is not allowed now, as an error the UI can say in any language."""
        text = action.text()
        if self.phase == OVER:
            return IllegalActionError("cape.why.game_over", text=text)
        if player not in self.to_act():  # ``apply`` says this first (the core's refusal); asked directly, so do we
            if self.phase == BID:
                return IllegalActionError("cape.why.already_bid", text=text, player=player)
            return IllegalActionError("cape.why.not_your_turn", text=text, player=player, players=list(self.to_act()))
        if action.kind not in legal.KINDS_OF_PHASE.get(self.phase, ()):
            return IllegalActionError("cape.why.not_now", text=text, stage=self.phase)
        reason = legal.explain(self, action, player)
        if reason is None:
            return IllegalActionError("cape.why.not_here", text=text)
        return IllegalActionError("cape.why.not_allowed", text=text, why=reason.error())

    # ------------------------------------------------------------------ copies
    def clone(self) -> CapeState:
        """An independent copy (for bots and search); shares only immutable data and log entries."""
        new = object.__new__(CapeState)
        d = new.__dict__
        d.update(self.__dict__)
        for name in ("money", "draw", "discard", "offer", "common", "bidders", "order", "history", "log"):
            d[name] = list(d[name])
        for name in ("routes", "crossed", "bonus"):
            d[name] = [list(x) for x in d[name]]
        new.bids = dict(self.bids)
        new.revealed = dict(self.revealed) if self.revealed is not None else None
        new.final = copy_json(self.final)
        new.rng = self.rng.clone()
        new._legal = dict(self._legal)  # same position, same legal actions (apply clears it)
        return new


def new_game(options: Options, seed: int) -> CapeState:
    return CapeState(options, seed)
