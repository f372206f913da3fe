"""One position of *Vom Kap bis Kairo* as data: where every card is, money, routes and bonus rails, the
auction and whose turn it is — and the arithmetic of building that the rules keep asking (rails in
hand, rails needed, rails to buy).

``nile.cape.state`` adds the rules' flow (``apply``), ``nile.cape.legal`` the rule checks and
``nile.cape.view`` what a seat may see; each reads a ``Position`` and none needs another. Cards are
ints (``nile.cape.data.CARDS``), each in exactly one place: the draw pile (top = last), the discard
pile, the offer, the common row, a route (next landscape first), crossed, or a player's bonus rails.
"""

from __future__ import annotations

from typing import Any

from ..core.actions import Action
from ..core.game import GameState
from ..core.log import Entry
from ..core.rng import Rng
from .data import CARDS, NEED, START_MONEY
from .options import Options

#: the phases, in the order they come (see ``nile.cape.state``)
BID, CHOOSE, BUILD, OVER = "bid", "choose", "build", "over"


class Position(GameState):
    """The pieces of one position (``CapeState`` is a ``Position`` with the rules' flow)."""

    GAME = "cape"

    def __init__(self, options: Options, seed: int) -> None:
        self.options = options
        self.seed = seed
        self.rng = Rng(seed)
        n = self.num_players = options.num_players
        self.money = [START_MONEY] * n
        self.draw: list[int] = list(range(len(CARDS)))
        self.rng.shuffle(self.draw)  # K2
        self.discard: list[int] = []
        self.offer: list[int] = []
        self.common: list[int] = []
        self.routes: list[list[int]] = [[] for _ in range(n)]
        self.crossed: list[list[int]] = [[] for _ in range(n)]
        self.bonus: list[list[int]] = [[] for _ in range(n)]
        self.phase = ""
        self.round = 0  # auctions held
        self.bidders: list[int] = []
        self.bids: dict[int, int] = {}
        self.revealed: dict[int, int] | None = None  # the last auction's bids, once opened
        self.order: list[int] = []  # who chooses in which order (K3.3)
        self.choosing = 0  # index into order
        self.actor: int | None = None
        self.first_builder = 0
        self.idle_turns = 0  # turns in a row with no card turned up and a pass (K4 stall rule)
        self.turned_up: int | None = None  # the card turned up at the start of this turn
        self.final: dict[str, Any] | None = None
        self.history: list[tuple[int, Action]] = []
        self.log: list[Entry] = []
        #: history length up to the last action after which something hidden came to light
        self.reveal_mark = 0
        #: history length when the current player's turn began
        self.turn_mark = 0
        self._legal: dict[int, tuple[Action, ...]] = {}

    # the arithmetic of building (K4)
    def rails_in_hand(self, player: int) -> int:
        """Rails on the common row and on the player's own route (every face-up route card)."""
        return sum(CARDS[c].rails for c in self.common) + sum(CARDS[c].rails for c in self.routes[player])

    def need(self, player: int) -> int | None:
        """Rails needed to cross the landscape in front of the player's locomotive (None: route empty)."""
        route = self.routes[player]
        return NEED[CARDS[route[0]].landscape] if route else None

    def shortfall(self, player: int) -> int:
        need = self.need(player)
        return 0 if need is None else max(0, need - self.rails_in_hand(player))

    def rails_to_buy(self, player: int, bonus: int) -> int:
        return max(0, self.shortfall(player) - bonus)
