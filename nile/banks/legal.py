"""What the rules allow, said once: the rule checks of *An den Ufern des Nils*, and the two things made
from them — the legal actions of a seat, and why an action is refused.

Each check is a small function of the position that returns None when its rule
holds, else a ``Reason`` (the sentence's catalog key, the rule id, its
parameters). ``generate`` builds the legal actions from the checks (field by
field, crop by crop, so it stays fast enough for thousands of random games);
``explain`` takes an action apart and runs the same checks in the rules' order,
so a highlighted target and a refusal can never contradict each other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..core.actions import Action, Reason
from . import actions as act
from .data import (
    CROPS,
    FIELDS,
    MARKET_MIN_PALMS,
    MARKET_NAMES,
    MARKET_STALLS,
    ROTTEN,
    ROWS,
    SPOILED,
    WATER_CARDS,
    crop_of,
    owner_of,
)
from .position import (
    ACTIONS,
    AUCTION,
    BOAT,
    EXTRA_TURN,
    FLOOD_MODE,
    ROT_CHOICE,
    SETUP_SOW,
    SETUP_WATER,
    START_BID,
    TIDE,
    Position,
)

#: the reasons without parameters, made once (move generation meets them thousands of times a game)
_ALREADY_RIPE = Reason("why.already_ripe", "N6")
_BID = Reason("why.bid", "N11")
_CARD_ON_FIELD = Reason("why.card_on_field", "N6")
_EXTRA_TURN_JOKER = Reason("why.extra_turn_joker", "N11")
_FIELD_FULL = Reason("why.field_full", "N6")
_HOARD_OWN = Reason("why.hoard_own", "N10")
_MARKER_USED = Reason("why.marker_used", "N6")
_NOT_RIPE = Reason("why.not_ripe", "N6")
_NOT_SPOILED = Reason("why.not_spoiled", "N13")
_NO_AP = Reason("why.no_ap", "N6")
_NO_DESERT = Reason("why.no_desert", "N1")
_NO_JOKER = Reason("why.no_joker", "N6")
_NO_MARKER_THERE = Reason("why.no_marker_there", "N6")
_ONE_JOKER = Reason("why.one_joker", "N6")
_OWN_MARKER_THERE = Reason("why.own_marker_there", "N6")
_SETUP_WATER_FREE = Reason("why.setup_water_free", "N2")
_WATER_PLACE = Reason("why.water_place", "N4")
_WAVE = Reason("why.wave", "N4")

#: how one kind of action is taken apart and checked: (state, its arguments, player) → the rule broken
Explainer = Callable[[Position, tuple[str, ...], int], Reason | None]

#: the kinds of action each phase takes (anything else is refused as not now)
KINDS_OF_PHASE = {
    START_BID: ("bid",), AUCTION: ("bid",), BOAT: ("boat",), SETUP_WATER: ("water",), SETUP_SOW: ("seed", "ripe"),
    ROT_CHOICE: ("rot",),
    ACTIONS: ("sow", "grow", "harvest", "buy", "hoard", "joker", "refresh", "end"),
    EXTRA_TURN: ("sow", "grow", "harvest", "buy", "hoard", "end"),
}


# ---------------------------------------------------------------------- the checks (each rule once)
def in_play(s: Position, field: int) -> Reason | None:
    """N2: rows out of play do not exist for the whole game."""
    row = FIELDS[field].row
    if not s.row_in_play[row]:
        return Reason("why.row_out", "N2", {"row": ROWS[row].name, "count": s.num_players})
    return None


def takes_marker(s: Position, field: int, player: int) -> Reason | None:
    """N6 (and N2.8): no card on the field, at most two markers, never two of one player."""
    markers = s.field_markers[field]
    if s.field_has_card(field):
        return _CARD_ON_FIELD
    if len(markers) >= 2:
        return _FIELD_FULL
    if any(owner_of(m) == player for m in markers):
        return _OWN_MARKER_THERE
    return None


def in_supply(s: Position, player: int, crop: int, unused: bool) -> Reason | None:
    """The crop is in the player's supply; to sow it, a marker of it not used this round (N6)."""
    mine = [m for m in s.supply[player] if crop_of(m) == crop]
    if not mine:
        return Reason("why.no_crop", "N6", {"crop": CROPS[crop]})
    if unused and all(m in s.used for m in mine):
        return Reason("why.crop_used", "N6", {"crop": CROPS[crop]})
    return None


def affordable(s: Position, cost: int) -> Reason | None:
    """N6: an action needs its action points in hand."""
    if s.ap <= 0:
        return _NO_AP
    if s.ap < cost:
        return Reason("why.cost", "N6", {"cost": cost, "ap": s.ap})
    return None


def own_marker(s: Position, field: int, player: int) -> tuple[Reason | None, int]:
    """(reason, marker): the player's marker on the field, not used yet this round (N6)."""
    for m in s.field_markers[field]:
        if owner_of(m) == player:
            return (_MARKER_USED if m in s.used else None), m
    return _NO_MARKER_THERE, -1


def can_grow(s: Position, marker: int) -> Reason | None:
    return _ALREADY_RIPE if s.ripe_side[marker] else None


def can_harvest(s: Position, marker: int) -> Reason | None:
    return None if s.ripe_side[marker] else _NOT_RIPE


def market_takes(s: Position, market: int, palms: int, crop: int) -> Reason | None:
    """N6: the field's palms reach the row, a stall is free, the crop differs from the row's last two."""
    name = MARKET_NAMES[market]
    if MARKET_MIN_PALMS[market] > palms:
        return Reason("why.market_palms", "N6", {"market": name, "palms": MARKET_MIN_PALMS[market]})
    row = s.market[market]
    if len(row) >= MARKET_STALLS[market]:
        return Reason("why.market_full", "N6", {"market": name})
    if any(crop_of(m) == crop for m in row[-2:]):
        return Reason("why.crop_rule", "N6", {"market": name, "crop": CROPS[crop]})
    return None


def joker_in_turn(s: Position, player: int) -> Reason | None:
    """A joker may be discarded in one's own turn, not in the hippo's extra turn (N6, N11)."""
    if s.phase == EXTRA_TURN:
        return _EXTRA_TURN_JOKER
    if not s.jokers[player]:
        return _NO_JOKER
    return None


def joker_to_buy(s: Position, player: int) -> Reason | None:
    """N6: one joker a round, while a desert card can be drawn (N1)."""
    if player in s.jokers_bought:
        return _ONE_JOKER
    if not (s.desert_draw or s.desert_discard):
        return _NO_DESERT
    return None


def on_boat(s: Position, owner: int, crop: int, unused: bool) -> Reason | None:
    """A marker of ``owner``'s crop is on the boat (to buy back: one not used this round)."""
    there = [m for m in s.boat if owner_of(m) == owner and crop_of(m) == crop]
    if not there or (unused and all(m in s.used for m in there)):
        return Reason("why.not_on_boat", "N6", {"crop": CROPS[crop]})
    return None


def variant_on(s: Position, rule: str) -> Reason | None:
    return None if s.options.has(rule) else Reason(f"why.{rule.lower()}_off", rule)


def hoardable(s: Position, owner: int, player: int) -> Reason | None:
    """N10: another player's marker; one's own is bought back instead."""
    return _HOARD_OWN if owner == player else None


def spoiled(s: Position, market: int, stall: int) -> Reason | None:
    """N13: only a spoiled fruit can be refreshed."""
    row = s.market[market]
    if stall >= len(row) or s.condition[row[stall]] != SPOILED:
        return _NOT_SPOILED
    return None


def pile_ready(s: Position, player: int, pile: int) -> Reason | None:
    if not s.piles[player][pile]:
        return Reason("why.pile_empty", "N4", {"pile": act.PILES[pile]})
    return None


def water_fits(s: Position, player: int, pile: int, field: int, free_only: bool) -> Reason | None:
    """N4 (N2.7): the row's next field, the card's inner wave matching, and in set-up a free field."""
    slot = s.water_slot(FIELDS[field].row)
    if slot is None or slot[0] != field:
        return _WATER_PLACE
    if free_only and (s.field_has_desert(field) or s.field_markers[field]):
        return _SETUP_WATER_FREE
    if WATER_CARDS[s.piles[player][pile][-1]].wave_in != slot[1]:
        return _WAVE
    return None


def ebbs(s: Position, row: int) -> Reason | None:
    """N5: a row with water gives up its outermost card."""
    return None if s.row_water[row] else Reason("why.ebb_dry", "N5", {"row": ROWS[row].name})


def first_placement(s: Position, side: str) -> Reason | None:
    """N2.8: one seed and one ripe fruit each."""
    if side not in s.setup_placed:
        return None
    return Reason("why.seed_placed" if side == "seed" else "why.ripe_placed", "N2")


def rot_markets(s: Position) -> range:
    """N8: rot with p palms reaches the p rightmost market rows."""
    return range(len(MARKET_NAMES) - s.rot_palms, len(MARKET_NAMES))


def rot_candidates(s: Position, market: int) -> list[int]:
    """N8: the fruits rot can hit: every one not rotten yet."""
    return [i for i, m in enumerate(s.market[market]) if s.condition[m] != ROTTEN]


def rot_choice(s: Position, market: int, stalls: tuple[int, ...]) -> Reason | None:
    """N8: one of the ``palms`` rightmost rows; two different non-rotten fruits (all if fewer)."""
    candidates = rot_candidates(s, market)
    wanted = min(2, len(candidates))
    if market not in rot_markets(s) or len(stalls) != wanted or any(st not in candidates for st in stalls):
        return Reason("why.rot", "N8", {"palms": s.rot_palms})
    return None


def bid_held(s: Position, player: int, crops: tuple[int, ...]) -> Reason | None:
    """N11, N12: a bid is markers from one's own supply."""
    supply = [crop_of(m) for m in s.supply[player]]
    if any(crops.count(c) > supply.count(c) for c in set(crops)):
        return _BID
    return None




# ---------------------------------------------------------------------- explaining a refusal
def explain(s: Position, action: Action, player: int) -> Reason | None:
    """The first rule ``action`` breaks for ``player`` now, or None (then it is legal, or of another phase)."""
    kind, args = action.kind, action.args
    explainer = _EXPLAIN.get(kind)
    return explainer(s, args, player) if explainer is not None else None


def _sow(s: Position, args: tuple[str, ...], player: int) -> Reason | None:
    crop, field = act.crop_of(args[0]), act.field_of(args[1])
    return (in_play(s, field) or takes_marker(s, field, player) or in_supply(s, player, crop, unused=True)
            or affordable(s, 1 + len(s.field_markers[field])))


def _setup_marker(side: str) -> Explainer:
    def explain_side(s: Position, args: tuple[str, ...], player: int) -> Reason | None:
        crop, field = act.crop_of(args[0]), act.field_of(args[1])
        return (first_placement(s, side) or in_play(s, field) or takes_marker(s, field, player)
                or in_supply(s, player, crop, unused=False))
    return explain_side


def _grow_or_harvest(s: Position, args: tuple[str, ...], player: int, harvest: bool) -> Reason | None:
    field = act.field_of(args[0])
    reason = in_play(s, field)
    if reason:
        return reason
    reason, marker = own_marker(s, field, player)
    if reason:
        return reason
    reason = (can_harvest(s, marker) if harvest else can_grow(s, marker)) or affordable(s, len(s.field_markers[field]))
    if reason or not harvest:
        return reason
    return market_takes(s, act.market_of(args[1]), FIELDS[field].palms, crop_of(marker))


def _water(s: Position, args: tuple[str, ...], player: int) -> Reason | None:
    pile, field = act.pile_of(args[0]), act.field_of(args[1])
    return in_play(s, field) or pile_ready(s, player, pile) or water_fits(s, player, pile, field, s.phase == SETUP_WATER)


def _buy(s: Position, args: tuple[str, ...], player: int) -> Reason | None:
    if args == ("joker",):
        return affordable(s, 1) or joker_to_buy(s, player)
    return affordable(s, 1) or on_boat(s, player, act.crop_of(args[0]), unused=True)


def _hoard(s: Position, args: tuple[str, ...], player: int) -> Reason | None:
    owner, crop = int(args[0][1:]) - 1, act.crop_of(args[1])
    return variant_on(s, "N10") or affordable(s, 2) or hoardable(s, owner, player) or on_boat(s, owner, crop, unused=False)


def _refresh(s: Position, args: tuple[str, ...], player: int) -> Reason | None:
    market = act.market_of(args[0])
    return variant_on(s, "N13") or joker_in_turn(s, player) or spoiled(s, market, act.stall_of(market, args[1]))


_EXPLAIN: dict[str, Explainer] = {
    "sow": _sow,
    "seed": _setup_marker("seed"),
    "ripe": _setup_marker("ripe"),
    "grow": lambda s, args, p: _grow_or_harvest(s, args, p, harvest=False),
    "harvest": lambda s, args, p: _grow_or_harvest(s, args, p, harvest=True),
    "water": _water,
    "ebb": lambda s, args, p: ebbs(s, act.row_of(args[0])),
    "buy": _buy,
    "hoard": _hoard,
    "joker": lambda s, args, p: joker_in_turn(s, p),
    "refresh": _refresh,
    "boat": lambda s, args, p: in_supply(s, p, act.crop_of(args[0]), unused=True),
    "rot": lambda s, args, p: rot_choice(s, *act.rot_target(Action("rot", args))),
    "bid": lambda s, args, p: bid_held(s, p, act.bid_crops(Action("bid", args))),
}


# ---------------------------------------------------------------------- generating the legal actions
def generate(s: Position, player: int) -> list[Action]:
    """Every legal action of ``player`` (who is to act) in a fixed order, from the checks above."""
    phase = s.phase
    if phase in (ACTIONS, EXTRA_TURN):
        return turn_actions(s, player)
    if phase == TIDE:
        if s.tide_mode == FLOOD_MODE:
            return water_actions(s, player, free_only=False)
        return [act.ebb(r) for r in range(len(ROWS)) if ebbs(s, r) is None]
    if phase == ROT_CHOICE:
        return rot_actions(s)
    if phase in (START_BID, AUCTION):
        return bid_actions(s, player)
    if phase == BOAT:
        return [act.boat(c) for c in range(len(CROPS)) if in_supply(s, player, c, unused=True) is None]
    if phase == SETUP_WATER:
        return water_actions(s, player, free_only=True)
    if phase == SETUP_SOW:
        return setup_sow_actions(s, player)
    return []


def water_actions(s: Position, player: int, free_only: bool) -> list[Action]:
    result = []
    for row in range(len(ROWS)):
        slot = s.water_slot(row)
        if slot is None:
            continue
        field = slot[0]
        for pile in (0, 1):
            if pile_ready(s, player, pile) is None and water_fits(s, player, pile, field, free_only) is None:
                result.append(act.water(pile, field))
    return result


def rot_actions(s: Position) -> list[Action]:
    choices: list[Action] = []
    for market in rot_markets(s):
        choices.extend(act.all_rot_choices(market, rot_candidates(s, market)))
    return choices


def bid_actions(s: Position, player: int) -> list[Action]:
    counts = [0] * len(CROPS)
    for m in s.supply[player]:
        counts[crop_of(m)] += 1
    bids: list[tuple[int, ...]] = [()]
    for crop, n in enumerate(counts):
        bids = [b + (crop,) * k for b in bids for k in range(n + 1)]
    bids.sort(key=lambda b: (len(b), b))
    return [act.bid(b) for b in bids]


def setup_sow_actions(s: Position, player: int) -> list[Action]:
    crops = [c for c in range(len(CROPS)) if in_supply(s, player, c, unused=False) is None]
    result: list[Action] = []
    for side, make in (("seed", act.seed), ("ripe", act.ripe)):
        if first_placement(s, side) is not None:
            continue
        for field in s.fields_in_play:
            if takes_marker(s, field, player) is None:
                result.extend(make(c, field) for c in crops)
    return result


def turn_actions(s: Position, player: int) -> list[Action]:
    """N6 (and N10, N13): what the player on turn may do with the AP left."""
    result = [act.END, *joker_actions(s, player)]
    if affordable(s, 1) is not None:
        return result
    if joker_to_buy(s, player) is None:
        result.append(act.BUY_JOKER)
    result.extend(act.buy(c) for c in range(len(CROPS)) if on_boat(s, player, c, unused=True) is None)
    result.extend(hoard_actions(s, player))
    sow_crops = [c for c in range(len(CROPS)) if in_supply(s, player, c, unused=True) is None]
    for field in s.fields_in_play:
        result.extend(_field_actions(s, player, field, sow_crops))
    return result


def joker_actions(s: Position, player: int) -> list[Action]:
    if joker_in_turn(s, player) is not None:
        return []
    result = [act.JOKER]
    if variant_on(s, "N13") is None:
        result.extend(act.refresh(m, st) for m, row in enumerate(s.market) for st in range(len(row))
                      if spoiled(s, m, st) is None)
    return result


def hoard_actions(s: Position, player: int) -> Iterable[Action]:
    if variant_on(s, "N10") is not None or affordable(s, 2) is not None:
        return []
    owners = sorted({(owner_of(m), crop_of(m)) for m in s.boat if hoardable(s, owner_of(m), player) is None})
    return [act.hoard(o, c) for o, c in owners]


def _field_actions(s: Position, player: int, field: int, sow_crops: list[int]) -> list[Action]:
    """What the player can do on one field: sow there, or grow or harvest their marker."""
    markers = s.field_markers[field]
    if not markers and not sow_crops:
        return []  # an empty field offers sowing only
    if takes_marker(s, field, player) is None:
        return [act.sow(c, field) for c in sow_crops] if affordable(s, 1 + len(markers)) is None else []
    reason, marker = own_marker(s, field, player)
    if reason is not None or affordable(s, len(markers)) is not None:
        return []
    if can_grow(s, marker) is None:
        return [act.grow(field)]
    palms, crop = FIELDS[field].palms, crop_of(marker)
    return [act.harvest(field, m) for m in range(len(MARKET_NAMES)) if market_takes(s, m, palms, crop) is None]
