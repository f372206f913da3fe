"""Stepping through the open game as a spectator (``nile.web.replay``: no hidden card shown early); the
computer players wait meanwhile."""

from __future__ import annotations

from ...kit.intents import Intent
from ..core import Core, Handler, Room
from ..replay import Replay


class Replayer(Room):
    def __init__(self, core: Core) -> None:
        super().__init__(core)
        #: stepping through the open game as a spectator (None: playing live)
        self.replay: Replay | None = None

    def intents(self) -> dict[Intent, Handler]:
        # Intent.REPLAY is the controller's: it drops the table's choice and the moment first, then calls ``open``
        return {Intent.REPLAY_EXIT: self.close, Intent.REPLAY_STEP: self._on_step}

    def opened(self) -> None:
        self.replay = None

    def holds_bots(self) -> str | None:
        return "" if self.replay is not None else None

    def open(self) -> None:
        """Open the replay at the current position (a finished game: at its end)."""
        if self.core.state is not None:
            self.replay = Replay(self.core.state)

    def close(self, value: str = "") -> None:
        self.replay = None

    def _on_step(self, value: str) -> None:
        if self.replay is not None:
            self.replay.step(value)
