"""The moment panel: a moment of the game shown to everyone (sealed bids opened, a scoring, the end), or the
last move shown before the device goes round for secret decisions; the table waits for its Continue."""

from __future__ import annotations

from ...kit import Frame, Interaction
from ...kit.intents import Intent
from ..core import Core, Handler, Room
from .bots import Bots
from .secret import Secret


class Moments(Room):
    def __init__(self, core: Core, bots: Bots, secret: Secret) -> None:
        super().__init__(core)
        self.bots, self.secret = bots, secret
        #: the log entries (from, to) the moment panel shows: bids opened, a scoring, the end
        self.moment: tuple[int, int] | None = None

    def intents(self) -> dict[Intent, Handler]:
        return {Intent.MOMENT_CLOSE: self._on_close}

    def opened(self) -> None:
        self.moment = None

    def followed(self) -> None:
        self.moment = None

    def _on_close(self, value: str) -> None:
        self.moment = None

    def close(self) -> bool:
        """The Escape key: close the moment panel if it is open."""
        was, self.moment = self.moment is not None, None
        return was

    def holds_bots(self) -> str | None:
        return "ui.waits_moment" if self.paused_on_moment() else None

    def paused_on_moment(self) -> bool:
        """The board pauses on an open moment panel while a person is at the table (a watch game
        goes on, the panel showing the latest moment; skipping skips moments too)."""
        return self.moment is not None and bool(self.core.humans()) and not self.bots.skipping

    def arrived(self, before: int) -> None:
        """Moves from another device (a link): their moment is shown as if they were played here (bids opened, a
        scoring, the end), so that what the link did is seen, not only listed."""
        self.moved(before, None, False)

    def moved(self, before: int, player: int | None, by_person: bool) -> None:
        """A person's move answers the open moment; open the moment panel when the move's log holds a moment
        of this game, or when the move hands the device round for secret decisions (``_before_hand_over``)."""
        s = self.core.state
        if by_person:
            self.moment = None
        if s is None:
            return
        keys = {e.key for e in s.log[before:]}
        if not keys & self.core.ui.moment_keys and not self._before_hand_over(before):
            return
        if self.bots.skipping and self.core.humans():
            return  # skipping to my turn skips the moments on the way
        self.moment = (before, len(s.log))

    def shows_before_hand_over(self) -> bool:
        """Whether the open moment was opened to show everyone the last move before the device goes round
        (``_before_hand_over``: its log holds none of the game's moment keys): it stands over the table, whose
        board shows what the move did, and the hand-over comes after its Continue. A moment of the game's own
        (sealed bids opened, a tie to bid again) stands on the hand-over screen, over the names to choose."""
        s = self.core.state
        if s is None or self.moment is None or not self.paused_on_moment():
            return False
        start, end = self.moment
        return not {e.key for e in s.log[start:end]} & self.core.ui.moment_keys

    def _before_hand_over(self, before: int) -> bool:
        """Whether the last action is shown to everyone before the device goes round for secret decisions: with
        two or more people at the table the hand-over screen comes next and covers the table, so what the action
        did there (the game's routine news, e.g. Kap's crossing that ended the building phase, K4) would be seen
        by nobody. Then its moment (the game draws it: ``GameUI.moment``; None, nothing to show) asks for a
        Continue first, over the table from nobody's view."""
        core = self.core
        s = core.state
        if s is None or s.is_terminal() or not s.secret_decision() or self.secret.solo_bidder() is not None:
            return False
        if not any(not core.kinds[p] for p in s.to_act()):
            return False  # bots decide without a hand-over
        if not {e.key for e in s.log[before:]} & core.ui.news_keys:
            return False
        frame = Frame(s, s.view(None), Interaction(), {}, core.lang, core.names, core.layout)
        return core.ui.moment(frame, [e.to_json() for e in s.log[before:]]) is not None
