"""Small constructed positions of *An den Ufern des Nils*: a state with exactly the pieces one names.

``blank()`` gives a game in round 1 with an empty board, market and boat (all
markers in supply, all water cards in piles or unused, all desert cards in the
draw pile or hands). The helpers then move pieces from where they are to where a
position wants them, so every marker and card stays accounted for and the
invariants keep holding. The rules help's pictures (``nile.banks.diagrams``) and
the rule scenario tests (``tests/engine``) both build their positions here.
"""

from __future__ import annotations

from . import data
from .invariants import violations
from .options import Options
from .state import ACTIONS, BanksState, crop_of, owner_of

F = data.FIELD_INDEX
M = data.MARKET_INDEX
R = data.ROW_INDEX
C = data.CROP_INDEX
WAVE = {"none": data.NONE, "single": data.SINGLE, "double": data.DOUBLE}


def blank(players: int = 4, variants: tuple[str, ...] = (), seed: int = 1, start: int = 0) -> BanksState:
    s = BanksState(Options.default(players, variants=frozenset(variants)), seed)
    # return everything set-up placed
    for p in range(players):
        s.supply[p] = list(range(p * 15, (p + 1) * 15))
    for f in s.field_markers:
        f.clear()
    s.boat.clear()
    for r in range(len(data.ROWS)):
        s.water_unused.extend(s.row_water[r])
        s.row_water[r] = []
        s.desert_draw.extend(s.row_desert[r])
        s.row_desert[r] = []
    s.ripe_side = [False] * len(s.ripe_side)
    s.round = 1
    s.start_player = start
    s.bidders, s.bids = [], {}
    set_turn(s, start)
    s.log.clear()
    s.history.clear()
    assert not violations(s), violations(s)
    return s


def set_turn(s: BanksState, player: int, ap: int = 3, turn_index: int = 0) -> None:
    s.phase = ACTIONS
    s.actor = player
    s.ap = ap
    s.turn_index = turn_index
    s._legal.clear()


def take_marker(s: BanksState, player: int, crop: str) -> int:
    """Remove one of ``player``'s markers of ``crop`` from wherever it is (supply first)."""
    c = C[crop]
    containers = [s.supply[player], s.boat, *s.field_markers, *s.market, s.out, *s.hoard]
    for container in containers:
        for m in container:
            if owner_of(m) == player and crop_of(m) == c:
                container.remove(m)
                return m
    raise ValueError(f"player {player} has no {crop} left")


def put_field(s: BanksState, field: str, player: int, crop: str, ripe: bool = False) -> int:
    m = take_marker(s, player, crop)
    s.field_markers[F[field]].append(m)
    s.ripe_side[m] = ripe
    s._legal.clear()
    return m


def put_boat(s: BanksState, player: int, crop: str) -> int:
    m = take_marker(s, player, crop)
    s.boat.append(m)
    s._legal.clear()
    return m


def put_market(s: BanksState, market: str, *fruits: tuple[int, str, str]) -> list[int]:
    """Append fruits (player, crop, condition) to a market row, as the stalls fill."""
    placed = []
    for player, crop, condition in fruits:
        m = take_marker(s, player, crop)
        s.market[M[market]].append(m)
        s.condition[m] = data.CONDITION_NAMES.index(condition)
        s.ripe_side[m] = condition == "ripe"
        placed.append(m)
    s._legal.clear()
    return placed


def water_card(
    wave_in: str, wave_out: str | None = None, event: str | None = None, arrow: bool | None = None, exclude=()
) -> int:
    """A water card with these sides (event like 'rot2', 'desert', 'hippo'; None: any)."""
    for card in data.WATER_CARDS:
        if card.index in exclude:
            continue
        if card.wave_in != WAVE[wave_in] or (wave_out is not None and card.wave_out != WAVE[wave_out]):
            continue
        if event is not None and card.event.key != event:
            continue
        if arrow is not None and card.event.arrow != arrow:
            continue
        return card.index
    raise ValueError(f"no water card {wave_in}->{wave_out} {event} arrow={arrow}")


def desert_card(event: str, arrow: bool = False, exclude=()) -> int:
    for card in data.DESERT_CARDS:
        if card.index not in exclude and card.event.key == event and card.event.arrow == arrow:
            return card.index
    raise ValueError(f"no desert card {event} arrow={arrow}")


def _water_places(s: BanksState) -> list[list[int]]:
    """Everywhere a water card can be: the rows, the unused and discarded cards, the players' piles."""
    return [*s.row_water, s.water_unused, s.water_discard, *(p for ps in s.piles for p in ps)]


def _desert_places(s: BanksState) -> list[list[int]]:
    """Everywhere a desert card can be: the rows, the jokers, the draw pile and the discards."""
    return [*s.row_desert, *s.jokers, s.desert_draw, s.desert_discard]


def _detach(places: list[list[int]], card: int, kind: str) -> None:
    for container in places:
        if card in container:
            container.remove(card)
            return
    raise ValueError(f"{kind} card {card} not found")


def _set_row(s: BanksState, row: list[int], spare: list[int], places: list[list[int]], cards: list[int], kind: str) -> None:
    """Put ``cards`` on ``row`` (a row's or a pile's cards) in order, taken from wherever they were;
    the cards it held go to ``spare``."""
    spare.extend(row)
    row.clear()
    for card in cards:
        _detach(places, card, kind)
        row.append(card)
    s._legal.clear()


def set_row_water(s: BanksState, row: str, cards: list[int]) -> None:
    """Water cards on a row from field 1 outward (the rest of the row keeps its desert)."""
    _set_row(s, s.row_water[R[row]], s.water_unused, _water_places(s), cards, "water")


def set_row_desert(s: BanksState, row: str, cards: list[int]) -> None:
    """Desert cards on a row from its last field inward."""
    _set_row(s, s.row_desert[R[row]], s.desert_draw, _desert_places(s), cards, "desert")


def set_pile(s: BanksState, player: int, pile: int, cards: list[int]) -> None:
    """A player's pile, bottom first (the last card is the top)."""
    _set_row(s, s.piles[player][pile], s.water_unused, _water_places(s), cards, "water")


def empty_piles(s: BanksState, player: int) -> None:
    for pile in (0, 1):
        set_pile(s, player, pile, [])


def set_desert_draw_top(s: BanksState, card: int) -> None:
    _detach(_desert_places(s), card, "desert")
    s.desert_draw.append(card)


def set_jokers(s: BanksState, player: int, count: int) -> None:
    while len(s.jokers[player]) > count:
        s.desert_draw.insert(0, s.jokers[player].pop())
    while len(s.jokers[player]) < count:
        s.jokers[player].append(s.desert_draw.pop(0))
    s._legal.clear()


def begin_tide(s: BanksState, start: int = 0, tide: int = data.FLOOD) -> None:
    """Start phase 1 of the current round with this start player and tide marker."""
    s.start_player = start
    s.tide = tide
    s._legal.clear()
    s._start_tide()
