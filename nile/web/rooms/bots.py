"""The computer players (issue 10): which bot decision is due, the job the page sends the bot worker, its
answer applied only where it was asked, and the pace people can follow (speed, skip to my turn, pause).

A seat whose options say ``bot`` is never offered to the person at the screen. ``job()`` says which bot
decision is due (the page sends it to the bot worker), ``bot-move`` brings the answer back and is applied
only if the game is still where it was asked; ``delay_ms()`` paces the bots' moves so people can follow
them. The bots wait while another room holds the table (``Core.bots_held``: a lesson, a moment, a replay).
"""

from __future__ import annotations

from ...bots import protocol
from ...core import save
from ...core.actions import ActionError, IllegalActionError
from ...kit.intents import Intent
from ...messages import text as msg
from ..core import GAME, Core, Handler, Room
from ..storage import StorageFull

SPEED_KEY = "nile:bot-speed"
#: how long each bot move stays on screen before the next one, by speed setting (milliseconds)
BOT_PACE_MS = {"slow": 1600, "normal": 800, "fast": 200}


class Bots(Room):
    def __init__(self, core: Core) -> None:
        super().__init__(core)
        speed = core.library.store.get(SPEED_KEY)
        self.speed = speed if speed in BOT_PACE_MS else "normal"
        self.skipping = False  # "skip to my turn": bots move without pause until a person must act
        self.paused = False  # a watch game paused, or a bot failed (the notice says why)
        #: the bot worker runs another build than this page: none of its answers is used
        self.mismatch = False
        self._salts: dict[str, int] = {}

    def intents(self) -> dict[Intent, Handler]:
        return {Intent.BOT_MOVE: self._on_bot_move, Intent.BOT_SPEED: self._on_bot_speed,
                Intent.BOT_SKIP: self._on_bot_skip, Intent.BOT_PAUSE: self._on_bot_pause}

    def opened(self) -> None:
        self.skipping = self.paused = False

    def dropped(self) -> None:
        self.skipping = False

    def changed(self) -> None:
        """After any event: skipping ends where a person must act (or at the game's end)."""
        s = self.core.state
        if self.skipping and (s is None or s.is_terminal() or self.to_act() is None):
            self.skipping = False

    def to_act(self) -> int | None:
        """The computer player whose decision is due now (None when a person must act, or none can)."""
        core = self.core
        s = core.state
        if s is None or core.screen != GAME or s.is_terminal() or core.read_only:
            return None
        kinds = core.kinds
        for p in s.to_act():
            # (a computer player held here is not this device's to play: another device plays it in a game played
            # from afar, or its sealed bid is in and waits for the others': asked once, never again — rooms.far)
            if kinds[p] and p not in core.hold:
                return p
        return None

    def due(self) -> tuple[str, int] | None:
        """(key, seat) of the bot decision due now — the key says where the game is — or None when
        no bot is due or the bots wait (paused, a moment open, a lesson, a replay). Cheap: asked every redraw."""
        p = self.to_act()
        s = self.core.state
        if p is None or s is None or self.paused or self.mismatch or self.core.bots_held() is not None:
            return None
        return f"{self.core.game_id}/{len(s.history)}/{p}", p

    def job(self) -> protocol.Decide | None:
        """What the page sends the bot worker for the decision due (``nile.bots.protocol.Decide``): its
        key, the save, seat, strength and a salt for the bot's own random numbers (never the game's seed)."""
        due = self.due()
        if due is None or self.core.state is None:
            return None
        key, p = due
        if key not in self._salts:
            self._salts = {key: self.core.new_seed() & ((1 << 53) - 1)}  # a JS number holds it exactly
        return protocol.decide(key, save.dumps(self.core.state), p, self.core.kinds[p], self._salts[key])

    def delay_ms(self) -> int:
        """How long the last move stays on screen before a bot's next one is shown. Sealed bids are
        not shown, so they are not paced; nor is anything while skipping to a person's turn."""
        s = self.core.state
        if self.skipping or s is None or s.secret_decision():
            return 0
        return BOT_PACE_MS[self.speed]

    def thinking_text(self) -> str:
        """What the table waits for while no person is to act: a lesson or a moment to be closed (the bots
        wait for it), else "Amun (bot) is thinking…" (the computer players choosing their sealed bids), or
        that the bots are paused."""
        core = self.core
        s = core.state
        p = self.to_act()
        if p is None and s is not None and not s.is_terminal():
            p = s.current_player()
        if p is None or s is None:
            return ""
        held = core.bots_held()
        if held:
            return msg(held, core.lang)
        if self.paused:
            return msg("ui.bot_paused", core.lang, player=core.names[p])
        if len(s.to_act()) > 1:
            return msg("ui.bots_bidding", core.lang)
        return msg("ui.bot_thinking", core.lang, player=core.names[p])

    def _on_bot_move(self, value: str) -> None:
        """The bot worker's answer, ``key|action``: applied if the game is still where it was asked."""
        key, _, text = value.partition("|")
        due = self.due()
        if due is None or due[0] != key:
            return  # the game moved on (undo, another game opened): the answer is stale
        try:
            self.core.apply(text, due[1])
        except (ActionError, IllegalActionError) as e:
            self.paused = True
            self.core.notice = ("error", msg("ui.bot_failed", self.core.lang, player=self.core.names[due[1]],
                                             error=self.core.say(e)))

    def failed(self, key: str, error: str) -> None:
        """The worker could not decide (it failed to start, or raised): pause the bots and say so."""
        due = self.due()
        if due is not None and due[0] == key:
            self.paused = True
            self.core.notice = ("error", msg("ui.bot_failed", self.core.lang, player=self.core.names[due[1]], error=error))

    def other_build(self) -> None:
        """The bot worker answered from another build than this page's: pause the bots, offer a reload."""
        self.mismatch = True
        self.paused = True

    def _on_bot_speed(self, value: str) -> None:
        if value in BOT_PACE_MS:
            self.speed = value
            try:
                self.core.library.store.set(SPEED_KEY, value)
            except StorageFull:
                pass

    def _on_bot_skip(self, value: str) -> None:
        self.skipping = True

    def _on_bot_pause(self, value: str) -> None:
        """Pause or go on (a watch game; or again after a bot failed)."""
        self.paused = not self.paused
        self.skipping = False
