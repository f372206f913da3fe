"""The actions of *An den Ufern des Nils* and their text form.

Every decision the rules give a player is one action (rule ids in brackets):

==============================  ===================================================
``boat flax``                   put a marker from supply on the boat (N2.6)
``water a W4-2``                place the top water card of pile a/b on a field (N2.7, N4)
``seed flax W4-2``              set-up: place a marker as a seed (N2.8)
``ripe grain E3-1``             set-up: place a marker as a ripe fruit (N2.8)
``ebb W4``                      remove the outermost water card of a row (N5)
``rot M3 1 4``                  rot: market row and the (up to two) stalls hit (N8)
``bid flax flax grain``         a secret bid of those supply markers; ``bid none`` (N11, N12)
``sow flax W4-2``               sow a marker from supply (N6)
``grow W4-2``                   turn your seed on that field ripe (N6)
``harvest W4-2 M3``             move your ripe fruit to a market row (N6)
``buy flax``                    buy your marker back from the boat (N6)
``buy joker``                   draw a desert card as a joker (N6)
``hoard p2 flax``               take another player's marker off the boat (N10)
``joker``                       discard a joker for 1 action point (N6)
``refresh M2 3``                discard a joker to make a spoiled fruit ripe (N13)
``end``                         end your turn (N6)
==============================  ===================================================

Fields are named by row and position from the Nile (``W4-2``), stalls by number
from the house wall (1 = nearest). ``parse`` is the checked way in from text;
the engine builds actions with the constructors below, which share one
instance per action so generating legal actions stays cheap.
"""

from __future__ import annotations

from itertools import combinations

from ..core.actions import Action, ActionError, parse_player_token, player_token
from .data import (
    CROP_INDEX,
    CROPS,
    FIELD_INDEX,
    FIELDS,
    MARKET_INDEX,
    MARKET_NAMES,
    MARKET_STALLS,
    MAX_PLAYERS,
    ROW_INDEX,
    ROWS,
)

PILES = ("a", "b")
NOTHING = "none"

# --- interned constructors (engine side: ints in, Action out) ----------------
_BOAT = tuple(Action("boat", (c,)) for c in CROPS)
_BUY = tuple(Action("buy", (c,)) for c in CROPS)
_SOW = tuple(tuple(Action("sow", (c, f.name)) for f in FIELDS) for c in CROPS)
_SEED = tuple(tuple(Action("seed", (c, f.name)) for f in FIELDS) for c in CROPS)
_RIPE = tuple(tuple(Action("ripe", (c, f.name)) for f in FIELDS) for c in CROPS)
_WATER = tuple(tuple(Action("water", (p, f.name)) for f in FIELDS) for p in PILES)
_GROW = tuple(Action("grow", (f.name,)) for f in FIELDS)
_HARVEST = tuple(tuple(Action("harvest", (f.name, m)) for m in MARKET_NAMES) for f in FIELDS)
_EBB = tuple(Action("ebb", (r.name,)) for r in ROWS)
_HOARD = tuple(tuple(Action("hoard", (player_token(p), c)) for c in CROPS) for p in range(MAX_PLAYERS))
_REFRESH = tuple(
    tuple(Action("refresh", (m, str(s + 1))) for s in range(n)) for m, n in zip(MARKET_NAMES, MARKET_STALLS)
)
END = Action("end")
JOKER = Action("joker")
BUY_JOKER = Action("buy", ("joker",))


def boat(crop: int) -> Action:
    return _BOAT[crop]


def buy(crop: int) -> Action:
    return _BUY[crop]


def sow(crop: int, field: int) -> Action:
    return _SOW[crop][field]


def seed(crop: int, field: int) -> Action:
    return _SEED[crop][field]


def ripe(crop: int, field: int) -> Action:
    return _RIPE[crop][field]


def water(pile: int, field: int) -> Action:
    return _WATER[pile][field]


def grow(field: int) -> Action:
    return _GROW[field]


def harvest(field: int, market: int) -> Action:
    return _HARVEST[field][market]


def ebb(row: int) -> Action:
    return _EBB[row]


def hoard(owner: int, crop: int) -> Action:
    return _HOARD[owner][crop]


def refresh(market: int, stall: int) -> Action:
    return _REFRESH[market][stall]


def rot(market: int, stalls: tuple[int, ...]) -> Action:
    """``stalls`` 0-based and ascending; at most two."""
    return Action("rot", (MARKET_NAMES[market], *(str(s + 1) for s in stalls)))


def bid(crops: tuple[int, ...]) -> Action:
    """A bid of these markers (crop indices, any order; written in crop order)."""
    return Action("bid", tuple(CROPS[c] for c in sorted(crops)) or (NOTHING,))


# --- reading an action back (ints out) ---------------------------------------
def crop_of(token: str) -> int:
    try:
        return CROP_INDEX[token]
    except KeyError:
        raise ActionError("parse.crop", token=repr(token[:20]), crops=", ".join(CROPS)) from None


def field_of(token: str) -> int:
    try:
        return FIELD_INDEX[token]
    except KeyError:
        raise ActionError("parse.field", token=repr(token[:20])) from None


def market_of(token: str) -> int:
    try:
        return MARKET_INDEX[token]
    except KeyError:
        raise ActionError("parse.market", token=repr(token[:20])) from None


def stall_of(market: int, token: str) -> int:
    if token.isdigit() and 1 <= int(token) <= MARKET_STALLS[market]:
        return int(token) - 1
    raise ActionError("parse.stall", token=repr(token[:20]), market=MARKET_NAMES[market], stalls=MARKET_STALLS[market])


def row_of(token: str) -> int:
    try:
        return ROW_INDEX[token]
    except KeyError:
        raise ActionError("parse.row", token=repr(token[:20])) from None


def pile_of(token: str) -> int:
    try:
        return PILES.index(token)
    except ValueError:
        raise ActionError("parse.pile", token=repr(token[:20])) from None


def bid_crops(action: Action) -> tuple[int, ...]:
    return () if action.args == (NOTHING,) else tuple(CROP_INDEX[c] for c in action.args)


def rot_target(action: Action) -> tuple[int, tuple[int, ...]]:
    market = MARKET_INDEX[action.args[0]]
    return market, tuple(int(s) - 1 for s in action.args[1:])


# --- the grammar ---------------------------------------------------------------
def _check_rot(args: list[str]) -> None:
    if not 1 <= len(args) <= 3:
        raise ActionError("parse.rot_args")
    market = market_of(args[0])
    stalls = [stall_of(market, s) for s in args[1:]]
    if stalls != sorted(set(stalls)):
        raise ActionError("parse.rot_order")


def _check_bid(args: list[str]) -> None:
    if args == [NOTHING]:
        return
    if not args:
        raise ActionError("parse.bid_empty")
    crops = [crop_of(c) for c in args]
    if crops != sorted(crops):
        raise ActionError("parse.bid_order", crops=", ".join(CROPS))


def _check_buy(args: list[str]) -> None:
    if args == ["joker"]:
        return
    if len(args) != 1:
        raise ActionError("parse.buy_args")
    crop_of(args[0])


def _check_refresh(args: list[str]) -> None:
    if len(args) != 2:
        raise ActionError("parse.refresh_args")
    stall_of(market_of(args[0]), args[1])


#: kinds whose arguments are more than a fixed list of tokens
_SPECIAL = {"buy": _check_buy, "refresh": _check_refresh, "rot": _check_rot, "bid": _check_bid}
#: every other kind: one check per argument token
_GRAMMAR = {
    "boat": (crop_of,),
    "water": (pile_of, field_of),
    "seed": (crop_of, field_of),
    "ripe": (crop_of, field_of),
    "ebb": (row_of,),
    "sow": (crop_of, field_of),
    "grow": (field_of,),
    "harvest": (field_of, market_of),
    "hoard": (lambda t: parse_player_token(t, MAX_PLAYERS), crop_of),
    "joker": (),
    "end": (),
}


def parse(text: str) -> Action:
    """The action written ``text``; ActionError (with the reason) if it is not one."""
    if not isinstance(text, str):
        raise ActionError("parse.not_text")
    if len(text) > 200:
        raise ActionError("parse.too_long")
    words = text.split()
    if not words:
        raise ActionError("parse.empty")
    kind, args = words[0], words[1:]
    special = _SPECIAL.get(kind)
    if special is not None:
        special(args)
        return Action(kind, tuple(args))
    checks = _GRAMMAR.get(kind)
    if checks is None:
        raise ActionError("parse.unknown", kind=repr(kind[:20]))
    if len(args) != len(checks):
        raise ActionError("parse.arg_count", kind=kind, count=len(checks), given=len(args))
    for check, arg in zip(checks, args):
        check(arg)
    return Action(kind, tuple(args))


def all_rot_choices(market: int, candidates: list[int]) -> list[Action]:
    """The rot choices in one row: every pair of candidates, or all of them if fewer than two."""
    if len(candidates) < 2:
        return [rot(market, tuple(candidates))]
    return [rot(market, pair) for pair in combinations(candidates, 2)]
