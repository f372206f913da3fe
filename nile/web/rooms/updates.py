"""A new version of Nile, installed by the page's service worker, is offered by one line at a calm moment
(never in the middle of a person's turn or over a secret bid); a bot worker of another build is said at once."""

from __future__ import annotations

from ...kit.intents import Intent
from ..core import GAME, Core, Handler, Room
from .bots import Bots
from .helpdesk import Helpdesk
from .keeper import Keeper
from .replayer import Replayer
from .secret import Secret
from .table import Table


class Updates(Room):
    def __init__(self, core: Core, keeper: Keeper, bots: Bots, table: Table, secret: Secret, replayer: Replayer,
                 helpdesk: Helpdesk) -> None:
        super().__init__(core)
        self.keeper, self.bots, self.table, self.secret = keeper, bots, table, secret
        self.replayer, self.helpdesk = replayer, helpdesk
        #: a new version of Nile has installed and waits for a reload (the page's service worker says so)
        self.update_ready = False

    def intents(self) -> dict[Intent, Handler]:
        return {Intent.UPDATE: self._on_update}

    def new_version_ready(self) -> None:
        """The page's service worker has installed a new version; it waits for a reload."""
        self.update_ready = True

    @property
    def offers_update(self) -> bool:
        """Whether the "new version" line shows now: never in the middle of a person's turn or over a
        secret bid. On home and set-up, at the end of a game, while computer players move, and on the
        game screen at the start of a person's turn (nothing chosen yet, no move of theirs yet this
        turn). A worker of another build is said at once: the bots wait for the reload."""
        if self.bots.mismatch:
            return True
        if not self.update_ready or self.helpdesk.help is not None:
            return False
        s = self.core.state
        if self.core.screen != GAME or s is None or s.is_terminal():
            return True
        if self.secret.bidder is not None or self.table.selection or self.table.confirm or self.replayer.replay is not None:
            return False
        actor = self.table.actor()
        return actor is None or not s.history or s.history[-1][0] != actor

    def _on_update(self, value: str) -> None:
        """Reload into the new version: the open game is saved at every move, the new version reopens it."""
        self.keeper.autosave()
        self.core.effects.append(("update",))
