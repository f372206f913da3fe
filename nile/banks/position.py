"""One position of *An den Ufern des Nils* as data: where every marker and card is, the track, the tide,
whose turn it is and the phase — and the questions about it that the rules keep asking (which field
holds a card, where a row's next water card goes).

``nile.banks.state`` adds the rules' flow (``apply``); ``nile.banks.legal`` the rule checks;
``nile.banks.view`` what a seat may see. All three read a ``Position``; none of them needs another.

Markers are ints: player p's k-th marker is ``p * 15 + k``; its crop is ``CROP_OF_SLOT[k]``. Each
marker is in exactly one container: a player's supply, a field, a market row, the boat, a player's
hoard (N10) or out of the game. Water in a row runs from field 1 outward without gaps, and desert
cards from the last field inward (N4, N5, N8), so each row keeps two stacks: ``row_water[r]`` (field 1
first) and ``row_desert[r]`` (last field first).
"""

from __future__ import annotations

from typing import Any

from ..core.actions import Action
from ..core.game import GameState
from ..core.log import Entry
from ..core.rng import Rng
from .data import (
    FIELDS,
    FLOOD,
    MARKERS_PER_PLAYER,
    MARKET_NAMES,
    NONE,
    OBELISK_START,
    RIPE,
    ROWS,
    ROWS_OUT_OF_PLAY,
    WATER_CARDS,
)
from .options import Options

#: the phases of a game, in the order they come (see ``nile.banks.state``)
START_BID = "start_bid"
BOAT = "boat"
SETUP_WATER = "setup_water"
SETUP_SOW = "setup_sow"
TIDE = "tide"
ROT_CHOICE = "rot"
AUCTION = "auction"
EXTRA_TURN = "extra_turn"
ACTIONS = "actions"
OVER = "over"

FLOOD_MODE, EBB_MODE = "flood", "ebb"

#: where a marker can be (for views and invariants)
SUPPLY, FIELD, MARKET, ON_BOAT, HOARD, OUT = "supply", "field", "market", "boat", "hoard", "out"



class Position(GameState):
    """The pieces of one position (``BanksState`` is a ``Position`` with the rules' flow)."""

    GAME = "banks"

    def __init__(self, options: Options, seed: int) -> None:
        self.options = options
        self.seed = seed
        self.rng = Rng(seed)
        n = self.num_players = options.num_players
        self.variants = options.variants
        out_rows = ROWS_OUT_OF_PLAY[n]
        self.row_in_play = tuple(row.name not in out_rows for row in ROWS)
        self.fields_in_play = tuple(f.index for f in FIELDS if self.row_in_play[f.row])

        # markers
        self.supply: list[list[int]] = [
            list(range(p * MARKERS_PER_PLAYER, (p + 1) * MARKERS_PER_PLAYER)) for p in range(n)
        ]
        self.field_markers: list[list[int]] = [[] for _ in FIELDS]
        self.ripe_side = [False] * (n * MARKERS_PER_PLAYER)  # seed side up = False
        self.market: list[list[int]] = [[] for _ in MARKET_NAMES]
        self.condition = [RIPE] * (n * MARKERS_PER_PLAYER)  # on the market only
        self.boat: list[int] = []
        self.hoard: list[list[int]] = [[] for _ in range(n)]
        self.out: list[int] = []
        self.used: set[int] = set()  # markers that did their one action this round (N6)

        # cards
        self.row_water: list[list[int]] = [[] for _ in ROWS]
        self.row_desert: list[list[int]] = [[] for _ in ROWS]
        self.water_discard: list[int] = []  # removed by the ebb, event side seen
        self.water_unused: list[int] = []  # 45 mod players, left the game unseen
        self.piles: list[list[list[int]]] = [[[], []] for _ in range(n)]  # top = last
        self.jokers: list[list[int]] = [[] for _ in range(n)]
        self.desert_draw: list[int] = []  # top = last
        self.desert_discard: list[int] = []

        # track, tide, turn
        self.score = [0] * n  # points; the pawn stands on space 1 + score
        self.obelisk = OBELISK_START
        self.lost = [0] * n  # markers lost from the boat (final tie-break, N7)
        self.tide = FLOOD
        self.round = 0  # 0 during set-up
        self.start_player = 0
        self.phase = ""
        self.actor: int | None = None
        self.ap = 0
        self.jokers_bought: set[int] = set()
        self.turn_index = 0  # how many players already had their turn this phase/step
        self.setup_placed: list[str] = []  # N2.6/N2.8: what the current player placed
        # tide phase (N4, N5, N8)
        self.tide_mode = FLOOD_MODE
        self.tide_done = 0
        self.tide_ended_by_arrow = False
        self.pending_arrow = False
        self.rot_palms = 0
        # secret bids (N11, N12)
        self.bidders: list[int] = []
        self.bids: dict[int, tuple[int, ...]] = {}
        self.bid_round = 0
        # the end (N7)
        self.round_active = False
        self.idle_rounds = 0
        self.final: dict[str, Any] | None = None
        # records
        self.history: list[tuple[int, Action]] = []
        self.log: list[Entry] = []
        self.scorings: list[dict[str, Any]] = []
        #: number of history entries up to and including the last one that revealed
        #: something hidden (a card turned, a joker drawn, bids opened): undo stops there
        self.reveal_mark = 0
        #: history length when the current player's turn (or set-up step) began
        self.turn_mark = 0
        self._legal: dict[int, tuple[Action, ...]] = {}


    def field_has_water(self, field: int) -> bool:
        f = FIELDS[field]
        return f.position < len(self.row_water[f.row])

    def field_has_desert(self, field: int) -> bool:
        f = FIELDS[field]
        return f.position >= ROWS[f.row].length - len(self.row_desert[f.row])

    def field_has_card(self, field: int) -> bool:
        f = FIELDS[field]
        row = f.row
        return f.position < len(self.row_water[row]) or f.position >= ROWS[row].length - len(self.row_desert[row])

    def water_slot(self, row: int) -> tuple[int, int] | None:
        """(field, wave it touches) where the next water card of ``row`` would go (N4), or None."""
        if not self.row_in_play[row]:
            return None
        r = ROWS[row]
        stack = self.row_water[row]
        pos = len(stack)
        if pos >= r.length:
            return None
        wave = r.nile_wave if pos == 0 else WATER_CARDS[stack[-1]].wave_out
        if wave == NONE:
            return None
        return r.first_field + pos, wave
