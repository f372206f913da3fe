"""Every number of *An den Ufern des Nils* in one place (N1, N2, N6, N7).

The board, the decks and the crops as the project's edition fixes them
(`shared/rules/nile.md`). Nothing else in the engine writes a board size, a palm
count or a card count as a literal: it reads them from here.

Fields are numbered 0..27 over all eight rows (out-of-play rows included, so a
field's index never depends on the player count); a field's *name* is its row
and 1-based position, ``W4-2``. Market rows are indexed 0..3 (``M1``..``M4``),
stalls 0-based inside the engine, 1-based in names (stall 1 is at the house wall).
"""

from __future__ import annotations

from typing import NamedTuple

# --- waves (N1) -------------------------------------------------------------
NONE, SINGLE, DOUBLE = 0, 1, 2
WAVE_NAMES = ("none", "single", "double")

# --- players and crops (N1, N2) ---------------------------------------------
MIN_PLAYERS, MAX_PLAYERS = 2, 5
COLOURS = ("red", "blue", "green", "yellow", "white")
#: One letter per colour, so pieces can be told apart without seeing colour.
COLOUR_LETTERS = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "white": "W"}
CROPS = ("flax", "grain", "grapes", "onion", "aubergine")
CROP_COUNTS = (5, 4, 3, 2, 1)
MARKERS_PER_PLAYER = sum(CROP_COUNTS)  # 15
#: crop index of a player's k-th marker (k in 0..14)
CROP_OF_SLOT = tuple(c for c, n in enumerate(CROP_COUNTS) for _ in range(n))


def owner_of(marker: int) -> int:
    """Markers are ints: player p's k-th marker is ``p * 15 + k``."""
    return marker // MARKERS_PER_PLAYER


def crop_of(marker: int) -> int:
    return CROP_OF_SLOT[marker % MARKERS_PER_PLAYER]
CROP_INDEX = {name: i for i, name in enumerate(CROPS)}

# --- the rows of fields (N1) ------------------------------------------------
PALMS_BY_LENGTH = {
    2: (4, 2),
    3: (4, 3, 2),
    4: (4, 3, 2, 1),
    5: (4, 3, 3, 2, 1),
}


class Row(NamedTuple):
    index: int  # type: ignore[assignment]  # a field named like tuple.index
    name: str  # "W2"
    bank: str  # "west" / "east"
    length: int
    nile_wave: int  # the wave at the river edge, touching field 1
    first_field: int  # global index of field 1


_ROW_SPECS = (  # name, bank, length, Nile wave (Decision in N1)
    ("W2", "west", 2, SINGLE),
    ("W3", "west", 3, DOUBLE),
    ("W4", "west", 4, SINGLE),
    ("W5", "west", 5, DOUBLE),
    ("E2", "east", 2, DOUBLE),
    ("E3", "east", 3, SINGLE),
    ("E4", "east", 4, DOUBLE),
    ("E5", "east", 5, SINGLE),
)


def _build_rows() -> tuple[Row, ...]:
    rows, first = [], 0
    for i, (name, bank, length, wave) in enumerate(_ROW_SPECS):
        rows.append(Row(i, name, bank, length, wave, first))
        first += length
    return tuple(rows)


ROWS = _build_rows()
ROW_INDEX = {row.name: row.index for row in ROWS}
NUM_FIELDS = sum(row.length for row in ROWS)  # 28


class Field(NamedTuple):
    index: int  # type: ignore[assignment]
    name: str  # "W4-2"
    row: int
    position: int  # 0-based distance from the Nile
    palms: int


FIELDS = tuple(
    Field(row.first_field + k, f"{row.name}-{k + 1}", row.index, k, PALMS_BY_LENGTH[row.length][k])
    for row in ROWS
    for k in range(row.length)
)
FIELD_INDEX = {f.name: f.index for f in FIELDS}

#: rows taken out of play by player count (N2.1)
ROWS_OUT_OF_PLAY = {2: ("W2", "E2", "W3"), 3: ("W2", "E2"), 4: ("W2",), 5: ()}

# --- the market (N1, N6) -----------------------------------------------------
MARKET_NAMES = ("M1", "M2", "M3", "M4")
MARKET_STALLS = (3, 4, 4, 5)
#: the fewest palms a fruit's field needs for a market row (N6 harvest)
MARKET_MIN_PALMS = (4, 3, 2, 1)
MARKET_INDEX = {name: i for i, name in enumerate(MARKET_NAMES)}
#: fruit conditions on the market (N1)
RIPE, SPOILED, ROTTEN = 0, 1, 2
CONDITION_NAMES = ("ripe", "spoiled", "rotten")

# --- track, tide, action points (N1, N2, N6) --------------------------------
TRACK_LENGTH = 30
OBELISK_START = 30
PAWN_START = 1
FLOOD, EBB1, EBB2 = 0, 1, 2
TIDE_NAMES = ("flood", "ebb1", "ebb2")
ACTION_POINTS = 3
MARKERS_TO_BOAT_AT_SETUP = 2
SETUP_DESERT_CARDS = 3
JOKERS_AT_SETUP = 2
#: scoring awards by the number of players with fruit in a full row (N7)
AWARDS = {1: (6,), 2: (4, 2)}
AWARDS_THREE_OR_MORE = (3, 2, 1)
#: N7 decision: the game also ends after this many whole rounds without activity
IDLE_ROUNDS_TO_END = 3

# --- events (N1, N8) --------------------------------------------------------
ROT, DESERT, HIPPO = "rot", "desert", "hippo"


class Event(NamedTuple):
    picture: str  # ROT / DESERT / HIPPO
    palms: int  # 1..4 for ROT, else 0
    arrow: bool

    @property
    def key(self) -> str:
        return f"rot{self.palms}" if self.picture == ROT else self.picture


class WaterCard(NamedTuple):
    index: int  # type: ignore[assignment]
    wave_in: int  # SINGLE / DOUBLE, toward the river
    wave_out: int  # NONE / SINGLE / DOUBLE, away from the river
    event: Event


class DesertCard(NamedTuple):
    index: int  # type: ignore[assignment]
    event: Event


def _event(text: str) -> Event:
    words = text.split()
    picture, arrow = words[0], "arrow" in words[1:]
    if picture.startswith(ROT):
        return Event(ROT, int(picture[len(ROT):]), arrow)
    return Event(picture, 0, arrow)


_WAVE = {"none": NONE, "single": SINGLE, "double": DOUBLE}

# The fixed deck of 45 water cards: in-wave, out-wave, event side (N1 Decision).
# Wave sides 7 single→single, 6 single→double, 9 single→none, 7 double→double,
# 7 double→single, 9 double→none; events rot 1-4 ×5, desert ×9, hippo ×16;
# arrows on one rot of each palm count, 4 deserts and 4 hippos.
_WATER_TABLE = """
 1 double none    hippo
 2 single none    desert
 3 double double  desert arrow
 4 double single  hippo
 5 single single  hippo arrow
 6 single double  rot1
 7 double none    rot2
 8 single none    rot3
 9 double double  rot4
10 double single  hippo
11 single single  hippo
12 single double  desert
13 double none    desert arrow
14 single none    hippo
15 double double  hippo arrow
16 double single  rot1
17 single single  rot2
18 double none    rot3
19 single none    rot4
20 single double  hippo
21 double double  desert
22 double none    rot1 arrow
23 double single  rot2 arrow
24 single none    rot3 arrow
25 single single  rot4 arrow
26 single double  hippo
27 double none    desert arrow
28 single none    hippo
29 double double  hippo arrow
30 double single  rot1
31 single single  rot2
32 double none    rot3
33 single none    rot4
34 single double  desert
35 double double  hippo
36 double single  hippo
37 single single  desert arrow
38 double none    hippo
39 single none    hippo arrow
40 single double  rot1
41 double double  rot2
42 double single  rot3
43 single single  rot4
44 double none    desert
45 single none    hippo
"""

# The 30 desert cards' event sides (N1 Decision): rot 1-4 ×3, desert ×9,
# hippo ×9; arrows on one rot of each palm count, 3 deserts and 3 hippos.
_DESERT_TABLE = """
 1 desert
 2 hippo
 3 desert arrow
 4 hippo arrow
 5 desert
 6 hippo
 7 rot1
 8 rot2
 9 rot3
10 rot4
11 desert
12 hippo
13 desert arrow
14 hippo arrow
15 rot1 arrow
16 rot2 arrow
17 rot3 arrow
18 rot4 arrow
19 desert
20 hippo
21 desert
22 hippo
23 rot1
24 rot2
25 rot3
26 rot4
27 desert arrow
28 hippo arrow
29 desert
30 hippo
"""


def _water_cards() -> tuple[WaterCard, ...]:
    cards = []
    for line in _WATER_TABLE.strip().splitlines():
        words = line.split()
        number, wave_in, wave_out, rest = words[0], words[1], words[2], words[3:]
        cards.append(WaterCard(int(number) - 1, _WAVE[wave_in], _WAVE[wave_out], _event(" ".join(rest))))
    return tuple(cards)


def _desert_cards() -> tuple[DesertCard, ...]:
    cards = []
    for line in _DESERT_TABLE.strip().splitlines():
        number, *rest = line.split()
        cards.append(DesertCard(int(number) - 1, _event(" ".join(rest))))
    return tuple(cards)


WATER_CARDS = _water_cards()
DESERT_CARDS = _desert_cards()
