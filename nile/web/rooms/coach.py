"""The coach (issue 22): the three best choices of the person to act, and the review of a finished game,
thought out by the bot worker from that seat's knowledge (``nile.web.coaching``); an answer is used only
while the game is still where it was asked."""

from __future__ import annotations

from ...bots import protocol
from ...core import save
from ...kit.intents import Intent
from ...kit.memo import Same, memo
from ...messages import text as msg
from ..coaching import REVIEW_ITERATIONS, Coaching, Review, position_key
from ..core import GAME, Core, Handler, Room
from ..storage import StorageFull
from .replayer import Replayer
from .table import Table


class Coach(Room):
    def __init__(self, core: Core, table: Table, replayer: Replayer) -> None:
        super().__init__(core)
        self.table, self.replayer = table, replayer
        #: the coach's hints and review of the open game
        self.coaching = Coaching()

    def intents(self) -> dict[Intent, Handler]:
        return {Intent.HINT: self._on_hint, Intent.REVIEW: self._on_review, Intent.REVIEW_EXIT: self._on_review_exit}

    def opened(self) -> None:
        self.coaching = Coaching()

    def close_review(self) -> bool:
        """The Escape key: close the review if it is open."""
        was, self.coaching.review = self.coaching.review is not None, None
        return was

    def hint_seat(self) -> int | None:
        """The person a hint may be asked for now: at their turn on the game screen (not over a sealed bid)."""
        s = self.core.state
        if self.core.screen != GAME or s is None or s.secret_decision() or self.coaching.review is not None:
            return None
        return self.table.actor()

    def hint_key(self) -> str | None:
        """The key of a hint at this position (None when none may be asked)."""
        seat, s, gid = self.hint_seat(), self.core.state, self.core.game_id
        if seat is None or s is None:
            return None  # the key digests every move: worked out once per position (asked at every redraw)
        return memo("hint-key").get((gid, Same(s), len(s.history), seat), position_key, gid, s, f"{seat}/hint")

    def hints_used(self) -> int:
        """How many hints the open game was played with (kept in its stored record)."""
        return self.core.library.hints(self.core.game_id) if self.core.game_id else 0

    def _on_hint(self, value: str) -> None:
        """Ask the coach for the three best choices of the person to act, from that seat's knowledge."""
        key, seat, s = self.hint_key(), self.hint_seat(), self.core.state
        if key is None or seat is None or s is None or key == self.coaching.asked or self.coaching.hints_at(key):
            return  # asked already: the worker thinks, or its hints are shown
        self.coaching.asked, self.coaching.error = key, ""
        salt = self.core.new_seed() & ((1 << 53) - 1)
        self.coaching.outbox.append(protocol.hint(key, save.dumps(s), seat, salt))

    def _on_review(self, value: str) -> None:
        """Open the review of the finished game: the coach goes through it in the worker (once per game)."""
        s = self.core.state
        if self.core.screen != GAME or s is None or not s.is_terminal():
            return
        key = position_key(self.core.game_id, s, "review")
        self.replayer.close()
        done = self.coaching.reviewed
        if done is not None and done.key == key:
            self.coaching.review = done
            return
        self.coaching.review = Review(key)
        self.coaching.outbox.append(protocol.review(key, save.dumps(s), self.core.humans(), REVIEW_ITERATIONS))

    def _on_review_exit(self, value: str) -> None:
        self.coaching.review = None

    def answer(self, message: protocol.Hinted | protocol.Reviewed) -> None:
        """The worker's hints or review: used only while the game is still where they were asked."""
        core = self.core
        core.revision += 1
        c = self.coaching
        if message["kind"] == "hinted":
            if message["key"] != c.asked or message["key"] != self.hint_key():
                return  # stale: the game moved on (a move, an undo, another game) since it was asked
            c.asked, c.shown = None, (message["key"], list(message["hints"]))
            if core.game_id is not None and not core.read_only:
                try:
                    core.library.add_hint(core.game_id)
                except StorageFull:
                    pass
        elif c.review is not None and c.review.answer is None and message["key"] == c.review.key:
            c.review.answer = message
            c.reviewed = c.review

    def failed(self, key: str, error: str) -> None:
        """The worker could not answer the coach's request ``key`` ("": the worker itself failed)."""
        self.core.revision += 1
        c = self.coaching
        if c.asked is not None and key in ("", c.asked):
            c.asked, c.error = None, msg("ui.hint_failed", self.core.lang, error=error)
        if c.review is not None and c.review.answer is None and key in ("", c.review.key):
            c.review.error = msg("ui.review_failed", self.core.lang, error=error)
