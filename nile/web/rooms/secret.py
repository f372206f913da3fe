"""Sealed decisions (secret bids, N9/N12, K6): who decides now, the device handed round in order, each
person deciding on their own screen and hiding it again. With one person at the table they decide on
their own screen, without hand-over screens. The amount being chosen is kept in storage until it is placed, so
that a reload (a tablet's browser reloads a page left in the background) gives it back to the person it is
theirs: at once to a person alone with bots, to one of several when they come to the device again (issue 53)."""

from __future__ import annotations

import json

from ...kit.intents import Intent
from ..core import Core, Handler, Room

#: the sealed decision being chosen: {"game": id, "moves": count, "seat": n, "draft": {...}} (``Secret``)
DRAFT_KEY = "nile:bid-draft"


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
        kept = self._kept()
        if kept is not None and kept[0] == self.solo_bidder():
            self.bid_draft = kept[1]

    def closed(self) -> None:
        self.bidder = None

    def dropped(self) -> None:
        self._hide()

    def _hide(self) -> None:
        self.bidder = None
        self.bid_draft = {}

    def _kept(self) -> tuple[int, dict[str, int]] | None:
        """(seat, draft) kept for the open game as it stands (``DRAFT_KEY``), else None."""
        core = self.core
        s, gid = core.state, core.game_id
        try:
            kept = json.loads(core.library.store.get(DRAFT_KEY) or "null")
            if (s is None or not isinstance(kept, dict) or kept.get("game") != gid or kept.get("moves") != len(s.history)
                    or not s.secret_decision() or kept.get("seat") not in s.to_act()):
                return None
            return int(kept["seat"]), {str(k): int(v) for k, v in kept["draft"].items()}
        except (ValueError, TypeError, KeyError, AttributeError):
            return None

    def _keep(self, seat: int | None) -> None:
        """Keep the draft being chosen for a reload; none once it is placed or put away."""
        core = self.core
        store, s = core.library.store, core.state
        try:
            if seat is None or s is None or not self.bid_draft:
                store.remove(DRAFT_KEY)
            else:
                store.set(DRAFT_KEY, json.dumps({"game": core.game_id, "moves": len(s.history), "seat": seat, "draft": self.bid_draft}))
        except Exception:  # noqa: BLE001  (full or blocked storage: the amount is only not kept)
            pass

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
            kept = self._kept()
            self.bid_draft = kept[1] if kept is not None and kept[0] == self.bidder else {}

    def _on_bid_change(self, value: str) -> None:
        bidder, s = self.active_bidder(), self.core.state
        if bidder is None or s is None:
            return
        self.bid_draft = self.core.ui.draft_change(s, bidder, self.bid_draft, value)
        self._keep(bidder)

    def _on_bid_submit(self, value: str) -> None:
        bidder, s = self.active_bidder(), self.core.state
        if bidder is None or s is None:
            return
        text = self.core.ui.draft_action(s, bidder, self.bid_draft)
        self._hide()
        self._keep(None)
        self.core.apply(text, bidder)

    def _on_bid_hide(self, value: str) -> None:
        self._hide()
