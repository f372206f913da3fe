"""The state of a game of *An den Ufern des Nils* and its rules (N2–N13).

One ``BanksState`` is one position. It says who must act (``to_act``), lists
every legal action (``legal_actions``) and changes only through ``apply``.
Everything random is drawn from the seeded ``Rng`` it carries, so a game is its
options, its seed and its actions (see ``nile.core.save``).

Markers are ints: player p's k-th marker is ``p * 15 + k``; its crop is
``CROP_OF_SLOT[k]`` (5 flax, 4 grain, 3 grapes, 2 onion, 1 aubergine). Each
marker is in exactly one container: a player's supply, a field, a market row,
the boat, a player's hoard (N10) or out of the game.

Water in a row always runs from field 1 outward without gaps, and desert cards
from the last field inward (N4, N5, N8), so each row keeps two stacks:
``row_water[r]`` (field 1 first) and ``row_desert[r]`` (last field first).

The flow, as ``phase`` names it:
``start_bid`` (N12) → ``boat`` (N2.6) → ``setup_water`` (N2.7) → ``setup_sow``
(N2.8) → rounds of ``tide`` (N4/N5, with ``rot`` choices and ``auction`` +
``extra_turn`` for N11 paused inside it) → ``actions`` (N6) → scoring (N7, no
decision) → … → ``over``.
"""

from __future__ import annotations

from typing import Any

from ..core.actions import Action, IllegalActionError
from ..core.jsondata import copy_json
from ..core.log import Entry
from . import actions as act
from . import legal
from .data import (
    ACTION_POINTS,
    CONDITION_NAMES,
    CROPS,
    DESERT,
    DESERT_CARDS,
    EBB1,
    FIELDS,
    FLOOD,
    HIPPO,
    IDLE_ROUNDS_TO_END,
    JOKERS_AT_SETUP,
    MARKERS_TO_BOAT_AT_SETUP,
    MARKET_NAMES,
    MARKET_STALLS,
    RIPE,
    ROT,
    ROTTEN,
    ROWS,
    SETUP_DESERT_CARDS,
    SPOILED,
    TIDE_NAMES,
    WATER_CARDS,
    Event,
    crop_of,
    owner_of,
)
from .options import START_RANDOM, Options
from .position import (  # noqa: F401 - the phases are read from here by the tests and the bots
    ACTIONS,
    AUCTION,
    BOAT,
    EBB_MODE,
    EXTRA_TURN,
    FLOOD_MODE,
    OVER,
    ROT_CHOICE,
    SETUP_SOW,
    SETUP_WATER,
    START_BID,
    TIDE,
    Position,
)
from .scoring import Fruit, score_phase
from .view import view as view_of


class BanksState(Position):
    """One position of *An den Ufern des Nils*; see the module docstring for the layout."""

    #: bump with any change that makes an older save replay differently (random draws, a
    #: rule), explained in the commit; tests/golden/banks pins what version 1 plays
    RULES_VERSION = 1

    # ------------------------------------------------------------------ set-up (N2)
    def __init__(self, options: Options, seed: int) -> None:
        Position.__init__(self, options, seed)
        self._setup()

    def _setup(self) -> None:
        n, rng = self.num_players, self.rng
        # N2.3 desert cards: 3 on desert-adjacent fields of different rows, 2 jokers each
        deck = list(range(len(DESERT_CARDS)))
        rng.shuffle(deck)
        rows = [r.index for r in ROWS if self.row_in_play[r.index]]
        for _ in range(SETUP_DESERT_CARDS):
            row = rows.pop(rng.below(len(rows)))
            self.row_desert[row].append(deck.pop())
        for p in range(n):
            for _ in range(JOKERS_AT_SETUP):
                self.jokers[p].append(deck.pop())
        self.desert_draw = deck
        # N2.4 water cards dealt evenly, each player's split into two piles
        water = list(range(len(WATER_CARDS)))
        rng.shuffle(water)
        each = len(water) // n
        self.water_unused = water[each * n :]
        for p in range(n):
            cards = water[p * each : (p + 1) * each]
            half = (len(cards) + 1) // 2
            self.piles[p] = [cards[:half], cards[half:]]
        self._log("setup.board", count=n, rows_out=[r.name for r in ROWS if not self.row_in_play[r.index]])
        self._log(
            "setup.desert",
            fields=[FIELDS[ROWS[r].first_field + ROWS[r].length - 1].name for r in range(len(ROWS)) if self.row_desert[r]],
        )
        # N2.5 / N12 the start player
        if self.options.has("N12"):
            self._begin_bidding(list(range(n)), first=True)
            return
        if self.options.start == START_RANDOM:
            self.start_player = rng.below(n)
            self._log("setup.start_random", player=self.start_player)
        else:
            self.start_player = int(self.options.start)
            self._log("setup.start_chosen", player=self.start_player)
        self._begin_setup_step(BOAT)

    # ------------------------------------------------------------------ protocol
    def to_act(self) -> tuple[int, ...]:
        if self.phase in (START_BID, AUCTION):
            return tuple(self.bidders)
        if self.phase == OVER or self.actor is None:
            return ()
        return (self.actor,)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def secret_decision(self) -> bool:
        """Sealed bids (N11, N12) stay secret even when only one bidder is left."""
        return self.phase in (START_BID, AUCTION)

    def secret_decided(self) -> tuple[int, ...]:
        """Who has bid in this bidding round (a tie's re-bid is a round of its own); a bidder with an
        empty supply bid nothing without deciding and is not named."""
        if self.phase not in (START_BID, AUCTION):
            return ()
        return tuple(sorted(p for p in self.bids if self.supply[p]))

    def parse_action(self, text: str) -> Action:
        return act.parse(text)

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know (N9); None for a spectator. See ``nile.banks.view``."""
        return view_of(self, player)

    def _play(self, player: int, action: Action) -> None:
        turn = self._turn_key()
        self.history.append((player, action))
        self._HANDLERS[action.kind](self, player, action)
        if self._turn_key() != turn:
            self.turn_mark = len(self.history)

    def _turn_key(self) -> tuple[Any, ...]:
        return (self.round, self.phase, self.actor, self.turn_index)

    def undo_floor(self) -> int:
        """History length below which nothing may be undone: the start of the current
        player's turn or step, or the last action that revealed something hidden."""
        return max(self.reveal_mark, self.turn_mark)

    def cost(self, action: Action, player: int | None = None) -> int:
        """The action points ``action`` costs now (N6); 0 for everything that is free."""
        kind = action.kind
        if kind == "sow":
            return 1 + len(self.field_markers[act.field_of(action.args[1])])
        if kind in ("grow", "harvest"):
            return len(self.field_markers[act.field_of(action.args[0])])
        if kind == "buy":
            return 1
        if kind == "hoard":
            return 2
        return 0

    # ------------------------------------------------------------------ helpers
    def _log(self, key: str, **params: Any) -> None:
        self.log.append(Entry(key, **params))

    def _mark_reveal(self) -> None:
        self.reveal_mark = len(self.history)

    def _take_from(self, markers: list[int], player: int, crop: int, prefer_used: bool = False) -> int:
        """Remove and return ``player``'s marker of ``crop`` from a container.

        Markers of one crop and owner differ only in whether they were used this
        round; the engine takes an unused one unless ``prefer_used``.
        """
        best = None
        for m in markers:
            if owner_of(m) == player and crop_of(m) == crop:
                if (m in self.used) == prefer_used:
                    best = m
                    break
                if best is None:
                    best = m
        assert best is not None
        markers.remove(best)
        return best

    def _to_boat(self, marker: int) -> None:
        self.ripe_side[marker] = False
        self.condition[marker] = RIPE
        self.boat.append(marker)

    def _wash_field(self, field: int, cause: str) -> None:
        """Markers on a flooded or deserted field go to the boat, seed side up (N4, N8)."""
        markers = self.field_markers[field]
        if markers:
            self._log(
                "field.to_boat",
                field=FIELDS[field].name,
                cause=cause,
                markers=[[owner_of(m), CROPS[crop_of(m)]] for m in markers],
            )
            for m in markers:
                self._to_boat(m)
            markers.clear()

    def _draw_desert(self) -> int | None:
        """Top desert card; the discard pile is reshuffled when the draw pile is empty (N1)."""
        if not self.desert_draw and self.desert_discard:
            self.desert_draw = self.desert_discard
            self.desert_discard = []
            self.rng.shuffle(self.desert_draw)
            self._log("desert.reshuffled", cards=len(self.desert_draw))
        return self.desert_draw.pop() if self.desert_draw else None

    # ------------------------------------------------------------------ placement rules
    # ------------------------------------------------------------------ legal actions (nile.banks.legal)
    def _generate(self, player: int) -> list[Action]:
        return legal.generate(self, player)

    # ------------------------------------------------------------------ set-up steps (N2.6–N2.8)
    def _begin_setup_step(self, phase: str) -> None:
        self.phase = phase
        self.turn_index = 0
        self._next_setup_player()

    def _next_setup_player(self) -> None:
        """Give the set-up step to the next player who can act in it; skip the others (N2.7, N2.8)."""
        while self.turn_index < self.num_players:
            player = (self.start_player + self.turn_index) % self.num_players
            self.actor = player
            self.setup_placed = []
            self._legal.clear()
            if self._generate(player):
                return
            self._log("setup.skip", player=player, step=self.phase)
            self.turn_index += 1
        following = {BOAT: SETUP_WATER, SETUP_WATER: SETUP_SOW}.get(self.phase)
        if following:
            self._begin_setup_step(following)
        else:
            self._begin_round()

    def _setup_done_for_player(self) -> None:
        self.turn_index += 1
        self._next_setup_player()

    def _do_boat(self, player: int, action: Action) -> None:
        marker = self._take_from(self.supply[player], player, act.crop_of(action.args[0]))
        self._to_boat(marker)
        self.setup_placed.append("boat")
        self._log("setup.boat", player=player, crop=action.args[0])
        if len(self.setup_placed) >= MARKERS_TO_BOAT_AT_SETUP or not self.supply[player]:
            self._setup_done_for_player()

    def _do_water(self, player: int, action: Action) -> None:
        pile, field = act.pile_of(action.args[0]), act.field_of(action.args[1])
        card = self.piles[player][pile].pop()
        row = FIELDS[field].row
        self.row_water[row].append(card)
        self._log("water.placed", player=player, pile=action.args[0], field=action.args[1])
        if self.phase == SETUP_WATER:
            self._setup_done_for_player()
            return
        # N4: flooding during phase 1
        self.round_active = True
        self.tide_done += 1
        self._wash_field(field, "flood")
        if self.field_has_desert(field):  # the card went onto a desert card
            desert_card = self.row_desert[row].pop()
            self.jokers[self.start_player].append(desert_card)
            self._log("desert.flooded", field=action.args[1], player=self.start_player)
            self._reveal(DESERT_CARDS[desert_card].event, row, "desert")
        else:
            self._continue_tide()

    def _do_setup_sow(self, player: int, action: Action) -> None:
        crop, field = act.crop_of(action.args[0]), act.field_of(action.args[1])
        marker = self._take_from(self.supply[player], player, crop)
        self.ripe_side[marker] = action.kind == "ripe"
        self.field_markers[field].append(marker)
        self.setup_placed.append(action.kind)
        self._log("setup.sow", player=player, crop=action.args[0], field=action.args[1], side=action.kind)
        self._legal.clear()
        if len(self.setup_placed) >= 2 or not legal.setup_sow_actions(self, player):
            self._setup_done_for_player()

    # ------------------------------------------------------------------ secret bids (N11, N12)
    def _begin_bidding(self, bidders: list[int], first: bool) -> None:
        self.phase = START_BID if self.round == 0 else AUCTION
        self.bids = {}
        self.bid_round = 1 if first else self.bid_round + 1
        self.bidders = list(bidders)
        self.actor = None
        self._log("bid.open", reason=self.phase, players=list(bidders))
        for player in bidders:  # nothing to choose with an empty supply
            if not self.supply[player]:
                self.bids[player] = ()
                self.bidders.remove(player)
                self._log("bid.empty_supply", player=player)
        if not self.bidders:
            self._reveal_bids()

    def _do_bid(self, player: int, action: Action) -> None:
        self.bids[player] = act.bid_crops(action)
        self.bidders.remove(player)
        self._log("bid.made", player=player)
        if not self.bidders:
            self._reveal_bids()

    def _bid_to_boat(self, player: int) -> None:
        for crop in self.bids[player]:
            self._to_boat(self._take_from(self.supply[player], player, crop, prefer_used=True))

    def _reveal_bids(self) -> None:
        self._mark_reveal()
        bids = self.bids
        if self.phase == START_BID:
            self._log("bid.revealed", bids={str(p): [CROPS[c] for c in b] for p, b in sorted(bids.items())})
            for player in sorted(bids):
                self._bid_to_boat(player)
            best = max(len(b) for b in bids.values())
            tied = sorted(p for p, b in bids.items() if len(b) == best)
            if len(tied) > 1 and self.bid_round == 1:
                self._log("bid.tie_rebid", players=tied)
                self._begin_bidding(tied, first=False)
                return
            if len(tied) > 1:
                self.start_player = tied[self.rng.below(len(tied))]
                self._log("bid.tie_draw", players=tied, player=self.start_player)
            else:
                self.start_player = tied[0]
            self._log("bid.start_player", player=self.start_player)
            self.bidders = []
            self._begin_setup_step(SETUP_WATER)  # N12: no markers to the boat (N2.6)
            return
        # N11 hippo auction: markers in hand + own markers on the boat
        on_boat = [0] * self.num_players
        for m in self.boat:
            on_boat[owner_of(m)] += 1
        totals = {p: len(b) + on_boat[p] for p, b in bids.items()}
        self._log(
            "auction.revealed",
            bids={str(p): [CROPS[c] for c in b] for p, b in sorted(bids.items())},
            totals={str(p): t for p, t in sorted(totals.items())},
        )
        best = max(totals.values())
        leaders = [p for p in totals if totals[p] == best]
        if len(leaders) > 1:
            most = max(len(bids[p]) for p in leaders)
            leaders = [p for p in leaders if len(bids[p]) == most]
        self.bidders = []
        if len(leaders) != 1:
            self._log("auction.no_winner")
            self._finish_card()
            return
        winner = leaders[0]
        self._bid_to_boat(winner)
        self._log("auction.won", player=winner, markers=len(bids[winner]))
        self.phase = EXTRA_TURN
        self.actor = winner
        self.ap = ACTION_POINTS

    # ------------------------------------------------------------------ rounds and the tide (N3–N5, N8)
    def _begin_round(self) -> None:
        self.round += 1
        self.used.clear()
        self.jokers_bought.clear()
        self.round_active = False
        self._log("round.start", round=self.round, player=self.start_player, tide=TIDE_NAMES[self.tide])
        self._start_tide()

    def _tide_possible(self, mode: str) -> bool:
        if mode == FLOOD_MODE:
            return bool(legal.water_actions(self, self.start_player, free_only=False))
        return any(self.row_water)

    def _start_tide(self) -> None:
        self.tide_mode = FLOOD_MODE if self.tide == FLOOD else EBB_MODE
        self.tide_done = 0
        self.tide_ended_by_arrow = False
        self.pending_arrow = False
        if not self._tide_possible(self.tide_mode):
            # N4/N5: nothing to do at the start: switch and do the other at once
            if self.tide_mode == FLOOD_MODE:
                self.tide, self.tide_mode = EBB1, EBB_MODE
            else:
                self.tide, self.tide_mode = FLOOD, FLOOD_MODE
            self._log("tide.switch_now", player=self.start_player, tide=TIDE_NAMES[self.tide])
            if not self._tide_possible(self.tide_mode):
                self._log("tide.nothing", player=self.start_player)  # N5 Decision
                self._end_tide()
                return
        self.phase = TIDE
        self.actor = self.start_player

    def _continue_tide(self) -> None:
        if self.tide_ended_by_arrow or self.tide_done >= 2:
            self._end_tide()
            return
        if self._tide_possible(self.tide_mode):
            self.phase = TIDE
            self.actor = self.start_player
            return
        # only one card this phase: switch for the next start player (N4, N5)
        self.tide = EBB1 if self.tide_mode == FLOOD_MODE else FLOOD
        self._log("tide.switch_next", player=self.start_player, tide=TIDE_NAMES[self.tide])
        self._end_tide()

    def _end_tide(self) -> None:
        self.turn_index = 0
        self._begin_turn(self.start_player)

    def _do_ebb(self, player: int, action: Action) -> None:
        row = act.row_of(action.args[0])
        card = self.row_water[row].pop()
        self.water_discard.append(card)
        self.tide_done += 1
        self.round_active = True
        field = ROWS[row].first_field + len(self.row_water[row])
        self._log("water.removed", player=player, field=FIELDS[field].name)
        self._reveal(WATER_CARDS[card].event, row, "water")

    def _reveal(self, event: Event, row: int, source: str) -> None:
        """A card is turned over during phase 1: its picture, then its arrow (N8)."""
        self._mark_reveal()
        self._log("event.revealed", source=source, event=event.key, arrow=event.arrow, row=ROWS[row].name)
        self.pending_arrow = event.arrow
        if event.picture == DESERT:
            self._desert_event(row)
        elif event.picture == ROT:
            self.rot_palms = event.palms
            if any(legal.rot_candidates(self, m) for m in legal.rot_markets(self)):
                self.phase = ROT_CHOICE
                self.actor = self.start_player
                return
            self._log("rot.nothing", palms=event.palms)
        elif event.picture == HIPPO:
            if self.options.has("N11"):
                self._begin_bidding(list(self._seats_from(self.start_player)), first=True)
                return
            self._log("hippo.nothing")
        self._finish_card()

    def _seats_from(self, first: int) -> list[int]:
        n = self.num_players
        return [(first + i) % n for i in range(n)]

    def _desert_event(self, row: int) -> None:
        """N8 desert: the next desert card goes on the row's outermost field not yet desert."""
        r = ROWS[row]
        deserts = self.row_desert[row]
        position = r.length - 1 - len(deserts)
        if position < len(self.row_water[row]):  # that field holds water (or the row is all desert)
            self._log("desert.blocked", row=r.name)
            return
        field = r.first_field + position
        card = self._draw_desert()
        if card is None:
            self._log("desert.no_card")
            return
        deserts.append(card)
        self._log("desert.placed", field=FIELDS[field].name)
        self._wash_field(field, "desert")

    def _do_rot(self, player: int, action: Action) -> None:
        market, stalls = act.rot_target(action)
        hit = []
        for stall in stalls:
            m = self.market[market][stall]
            self.condition[m] = SPOILED if self.condition[m] == RIPE else ROTTEN
            hit.append([stall + 1, owner_of(m), CROPS[crop_of(m)], CONDITION_NAMES[self.condition[m]]])
        self._log("rot.applied", player=player, palms=self.rot_palms, market=MARKET_NAMES[market], fruits=hit)
        self._finish_card()

    def _finish_card(self) -> None:
        if self.pending_arrow:
            self.pending_arrow = False
            before = self.tide
            self.tide = (self.tide + 1) % len(TIDE_NAMES)
            switched = (before == FLOOD) != (self.tide == FLOOD)
            self.tide_ended_by_arrow = self.tide_ended_by_arrow or switched
            self._log("tide.arrow", tide=TIDE_NAMES[self.tide], ends_phase=switched)
        self._continue_tide()

    # ------------------------------------------------------------------ phase 2 actions (N6, N10, N13)
    def _begin_turn(self, player: int) -> None:
        self.phase = ACTIONS
        self.actor = player
        self.ap = ACTION_POINTS
        self._log("turn.start", player=player)

    def _spend(self, cost: int) -> None:
        self.ap -= cost
        self.round_active = True

    def _do_sow(self, player: int, action: Action) -> None:
        crop, field = act.crop_of(action.args[0]), act.field_of(action.args[1])
        cost = 1 + len(self.field_markers[field])
        marker = self._take_from(self.supply[player], player, crop)
        self.field_markers[field].append(marker)
        self.ripe_side[marker] = False
        self.used.add(marker)
        self._spend(cost)
        self._log("action.sow", player=player, crop=action.args[0], field=action.args[1], ap=cost)

    def _my_marker(self, field: int, player: int) -> int:
        return next(m for m in self.field_markers[field] if owner_of(m) == player)

    def _do_grow(self, player: int, action: Action) -> None:
        field = act.field_of(action.args[0])
        marker = self._my_marker(field, player)
        cost = len(self.field_markers[field])
        self.ripe_side[marker] = True
        self.used.add(marker)
        self._spend(cost)
        self._log("action.grow", player=player, crop=CROPS[crop_of(marker)], field=action.args[0], ap=cost)

    def _do_harvest(self, player: int, action: Action) -> None:
        field, market = act.field_of(action.args[0]), act.market_of(action.args[1])
        marker = self._my_marker(field, player)
        cost = len(self.field_markers[field])
        self.field_markers[field].remove(marker)
        self.market[market].append(marker)
        self.condition[marker] = RIPE
        self.used.add(marker)
        self._spend(cost)
        self._log(
            "action.harvest",
            player=player,
            crop=CROPS[crop_of(marker)],
            field=action.args[0],
            market=action.args[1],
            stall=len(self.market[market]),
            ap=cost,
        )

    def _do_buy(self, player: int, action: Action) -> None:
        if action == act.BUY_JOKER:
            card = self._draw_desert()
            assert card is not None
            self.jokers[player].append(card)
            self.jokers_bought.add(player)
            self.ap -= 1
            self._mark_reveal()
            self._log("action.buy_joker", player=player, ap=1)
            return
        marker = self._take_from(self.boat, player, act.crop_of(action.args[0]))
        self.supply[player].append(marker)
        self.used.add(marker)
        self._spend(1)
        self._log("action.buy", player=player, crop=action.args[0], ap=1)

    def _do_hoard(self, player: int, action: Action) -> None:
        owner = int(action.args[0][1:]) - 1
        marker = self._take_from(self.boat, owner, act.crop_of(action.args[1]))
        self.hoard[player].append(marker)
        self._spend(2)
        self._log("action.hoard", player=player, owner=owner, crop=action.args[1], ap=2)

    def _discard_joker(self, player: int) -> None:
        self.desert_discard.append(self.jokers[player].pop())

    def _do_joker(self, player: int, action: Action) -> None:
        self._discard_joker(player)
        self.ap += 1
        self._log("action.joker", player=player)

    def _do_refresh(self, player: int, action: Action) -> None:
        market = act.market_of(action.args[0])
        stall = act.stall_of(market, action.args[1])
        marker = self.market[market][stall]
        self._discard_joker(player)
        self.condition[marker] = RIPE
        self._log(
            "action.refresh", player=player, market=action.args[0], stall=stall + 1, owner=owner_of(marker),
            crop=CROPS[crop_of(marker)],
        )

    def _do_end(self, player: int, action: Action) -> None:
        self._log("turn.end", player=player, ap_left=self.ap)
        self.ap = 0
        if self.phase == EXTRA_TURN:  # N11: back to the start player's phase 1
            self._finish_card()
            return
        self.turn_index += 1
        if self.turn_index < self.num_players:
            self._begin_turn((self.start_player + self.turn_index) % self.num_players)
        else:
            self._end_round()

    # ------------------------------------------------------------------ phases 3 and 4 (N7)
    def _end_round(self) -> None:
        self.start_player = (self.start_player + 1) % self.num_players
        self.actor = None
        self._log("round.pillar", player=self.start_player)
        scored = self._scoring()
        self.idle_rounds = 0 if self.round_active else self.idle_rounds + 1
        reason = None
        if scored and any(1 + s >= self.obelisk for s in self.score):
            reason = "obelisk"
        elif not self.boat and not any(self.supply) and not any(self.field_markers):
            # N7 Decision (extended in docs/rules.md): no marker can be used again, so no row
            # can fill and no score can change: every marker is out, hoarded or stuck on the market
            reason = "no_markers"
        elif self.idle_rounds >= IDLE_ROUNDS_TO_END:
            reason = "idle"
        if reason:
            self._end_game(reason)
        else:
            self._begin_round()

    def _scoring(self) -> bool:
        full = [m for m in range(len(MARKET_NAMES)) if len(self.market[m]) >= MARKET_STALLS[m]]
        if not full:
            return False
        # step 1: the boat empties; the obelisk moves back one space per colour
        lost = [0] * self.num_players
        for m in self.boat:
            lost[owner_of(m)] += 1
        colours = sum(1 for n in lost if n)
        obelisk_before = self.obelisk
        self.obelisk = max(1, self.obelisk - colours)
        self.out.extend(self.boat)
        self.boat.clear()
        for p, n in enumerate(lost):
            self.lost[p] += n
        # steps 2 and 3: full rows left to right, points floored at 0 per phase
        rows = [
            (m, [Fruit(owner_of(x), crop_of(x), self.condition[x]) for x in self.market[m]]) for m in full
        ]
        detail = score_phase(rows, self.num_players)
        before = list(self.score)
        for p, points in enumerate(detail["points"]):
            self.score[p] += points
        # step 4: all fruits of the scored rows to the boat
        for m in full:
            for x in self.market[m]:
                self._to_boat(x)
            self.market[m].clear()
        detail.update(
            round=self.round,
            start_player=self.start_player,
            boat_lost=lost,
            colours_lost=colours,
            obelisk_before=obelisk_before,
            obelisk_after=self.obelisk,
            scores_before=before,
            scores_after=list(self.score),
        )
        self.scorings.append(detail)
        self._log(
            "scoring.done",
            markets=[MARKET_NAMES[m] for m in full],
            points=detail["points"],
            lost=lost,
            obelisk=self.obelisk,
        )
        return True

    def _end_game(self, reason: str) -> None:
        n = self.num_players
        order = sorted(range(n), key=lambda p: (-self.score[p], self.lost[p], p))
        ranking: list[dict[str, Any]] = []
        tie_break = "score"
        for i, p in enumerate(order):
            place = i + 1
            if i and (self.score[p], self.lost[p]) == (self.score[order[i - 1]], self.lost[order[i - 1]]):
                place = ranking[-1]["place"]
            ranking.append({"player": p, "score": self.score[p], "lost": self.lost[p], "place": place})
        winners = [r["player"] for r in ranking if r["place"] == 1]
        top_score = self.score[order[0]]
        if sum(1 for p in range(n) if self.score[p] == top_score) > 1:
            tie_break = "shared" if len(winners) > 1 else "lost_markers"
        self.final = {"reason": reason, "ranking": ranking, "winners": winners, "tie_break": tie_break}
        self.phase = OVER
        self.actor = None
        self._log("game.over", reason=reason, winners=winners, tie_break=tie_break)

    # ------------------------------------------------------------------ explanations
    def refusal(self, action: Action, player: int) -> IllegalActionError:
        """Why ``action`` is not allowed now: the rule it breaks, from the same checks that make the
        legal actions (``nile.banks.legal``), as an error the UI can say in any language."""
        text = action.text()
        kinds = legal.KINDS_OF_PHASE.get(self.phase, ())
        if self.phase == TIDE:
            kinds = ("water",) if self.tide_mode == FLOOD_MODE else ("ebb",)
        if action.kind not in kinds:
            return IllegalActionError("why.not_now", text=text, phase=self.phase)
        reason = legal.explain(self, action, player)
        if reason is None:
            return IllegalActionError("why.not_here", text=text)
        return IllegalActionError("why.not_allowed", text=text, why=reason.error())

    # ------------------------------------------------------------------ copies
    def clone(self) -> BanksState:
        """An independent copy (for bots and search); shares only immutable data."""
        new = object.__new__(BanksState)
        d = new.__dict__
        d.update(self.__dict__)
        for name in _LIST_FIELDS:
            d[name] = list(d[name])
        for name in _NESTED_FIELDS:
            d[name] = [list(x) for x in d[name]]
        new.piles = [[list(a), list(b)] for a, b in self.piles]
        new.used = set(self.used)
        new.jokers_bought = set(self.jokers_bought)
        new.bids = dict(self.bids)
        new.final = copy_json(self.final)
        new.rng = self.rng.clone()
        new._legal = dict(self._legal)  # same position, same legal actions (apply clears it)
        return new


    _HANDLERS: dict[str, Any] = {}


_LIST_FIELDS = (
    "ripe_side", "condition", "boat", "out", "water_discard", "water_unused", "desert_draw",
    "desert_discard", "score", "lost", "setup_placed", "bidders", "history", "log", "scorings",
)
_NESTED_FIELDS = ("supply", "field_markers", "market", "hoard", "row_water", "row_desert", "jokers")

BanksState._HANDLERS = {
    "boat": BanksState._do_boat,
    "water": BanksState._do_water,
    "seed": BanksState._do_setup_sow,
    "ripe": BanksState._do_setup_sow,
    "ebb": BanksState._do_ebb,
    "rot": BanksState._do_rot,
    "bid": BanksState._do_bid,
    "sow": BanksState._do_sow,
    "grow": BanksState._do_grow,
    "harvest": BanksState._do_harvest,
    "buy": BanksState._do_buy,
    "hoard": BanksState._do_hoard,
    "joker": BanksState._do_joker,
    "refresh": BanksState._do_refresh,
    "end": BanksState._do_end,
}


def new_game(options: Options, seed: int) -> BanksState:
    return BanksState(options, seed)
