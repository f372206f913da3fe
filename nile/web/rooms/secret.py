"""Sealed decisions (secret bids, N9/N12, K6): who decides now, the device handed round in order, each
person deciding on their own screen and hiding it again. With one person at the table they decide on
their own screen, without hand-over screens."""

from __future__ import annotations

from ...kit.intents import Intent
from ..core import Core, Handler, Room


class Secret(Room):
    def __init__(self, core: Core) -> None:
        super().__init__(core)
        self.bidder: int | None = None  # whose private bid screen is open
        self.bid_draft: dict[str, int] = {}

    def intents(self) -> dict[Intent, Handler]:
        return {Intent.REVEAL_BIDDER: self._on_reveal_bidder, Intent.BID_CHANGE: self._on_bid_change,
                Intent.BID_SUBMIT: self._on_bid_submit, Intent.BID_HIDE: self._on_bid_hide}

    def opened(self) -> None:
        self._hide()

    def closed(self) -> None:
        self.bidder = None

    def dropped(self) -> None:
        self._hide()

    def _hide(self) -> None:
        self.bidder = None
        self.bid_draft = {}

    def solo_bidder(self) -> int | None:
        """With one person at the table, the seat whose sealed decision is open on their own screen."""
        core = self.core
        s, p = core.state, core.viewer()
        if s is None or p is None or s.is_terminal() or not s.secret_decision() or core.read_only:
            return None
        return p if p in s.to_act() and core.plays_here(p) else None

    def hand_over_order(self) -> list[int]:
        """The persons still to make a sealed decision, in the order the device goes round: from the
        seat that acted last (it holds the device, and decides first if it still has to), then on
        round the table; at the game's first decision, from the first seat."""
        s = self.core.state
        if s is None:
            return []
        kinds = self.core.kinds
        waiting = [q for q in s.to_act() if not kinds[q] and q not in self.core.hold]
        last = s.history[-1][0] if s.history else 0
        n = s.num_players
        return sorted(waiting, key=lambda q: (q - last) % n)

    def device_holder(self) -> int | None:
        """The person who has the device (who acted last) when they are also the first to decide in
        secret now: they decide without a hand-over."""
        s = self.core.state
        order = self.hand_over_order()
        if s is None or not s.history or not order:
            return None
        return order[0] if order[0] == s.history[-1][0] else None

    def active_bidder(self) -> int | None:
        return self.bidder if self.bidder is not None else self.solo_bidder()

    def _on_reveal_bidder(self, value: str) -> None:
        s = self.core.state
        if s and s.secret_decision() and value.isdigit() and int(value) in s.to_act() and self.core.plays_here(int(value)):
            self.bidder = int(value)
            self.bid_draft = {}

    def _on_bid_change(self, value: str) -> None:
        bidder, s = self.active_bidder(), self.core.state
        if bidder is None or s is None:
            return
        self.bid_draft = self.core.ui.draft_change(s, bidder, self.bid_draft, value)

    def _on_bid_submit(self, value: str) -> None:
        bidder, s = self.active_bidder(), self.core.state
        if bidder is None or s is None:
            return
        text = self.core.ui.draft_action(s, bidder, self.bid_draft)
        self._hide()
        self.core.apply(text, bidder)

    def _on_bid_hide(self, value: str) -> None:
        self._hide()
