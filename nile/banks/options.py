"""Set-up options of *An den Ufern des Nils*: players, start player rule, variants (N2, N10–N13).

``Options.from_json`` is the checked way in (from a save file or the set-up
screen): every problem is reported in a sentence naming the field at fault.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from ..core.explained import Explained
from .data import COLOURS, MAX_PLAYERS, MIN_PLAYERS

VARIANTS = {
    "N10": "buying other players' seeds (hoarding)",
    "N11": "hippo auction",
    "N12": "bidding for the start player",
    "N13": "refreshing spoiled fruit with a joker",
}
MAX_NAME_LENGTH = 40
START_RANDOM = "random"


class OptionsError(Explained):
    """Set-up options that cannot make a game: ``OptionsError(key, **params)``, an ``options.*`` key."""


def clean_name(name: Any, seat: int) -> str:
    """A player name as the game keeps it: text, trimmed, 1–40 characters, no control characters.

    Markup is not refused here: a name is only ever shown as text.
    """
    if not isinstance(name, str):
        raise OptionsError("options.name_type", number=seat + 1)
    name = " ".join(name.split())
    if not name:
        raise OptionsError("options.name_missing", number=seat + 1)
    if len(name) > MAX_NAME_LENGTH:
        raise OptionsError("options.name_long", number=seat + 1, max=MAX_NAME_LENGTH)
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in name):
        raise OptionsError("options.name_control", number=seat + 1)
    return name


@dataclass(frozen=True)
class Player:
    name: str
    colour: str


@dataclass(frozen=True)
class Options:
    players: tuple[Player, ...]
    #: "random" or the seat (0-based) of the chosen start player; ignored with N12
    start: str | int = 0
    variants: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        n = len(self.players)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise OptionsError("options.player_count", min=MIN_PLAYERS, max=MAX_PLAYERS, count=n)
        colours = [p.colour for p in self.players]
        for seat, colour in enumerate(colours):
            if colour not in COLOURS:
                raise OptionsError("options.colour", number=seat + 1, colour=repr(colour), colours=", ".join(COLOURS))
        if len(set(colours)) != n:
            raise OptionsError("options.same_colour")
        if self.start != START_RANDOM and not (
            isinstance(self.start, int) and not isinstance(self.start, bool) and 0 <= self.start < n
        ):
            raise OptionsError("options.start", last=n - 1, start=repr(self.start))
        unknown = set(self.variants) - set(VARIANTS)
        if unknown:
            raise OptionsError("options.unknown_variants", names=", ".join(sorted(map(str, unknown))))

    @property
    def num_players(self) -> int:
        return len(self.players)

    def has(self, variant: str) -> bool:
        return variant in self.variants

    @classmethod
    def default(cls, players: int, *, variants: frozenset[str] | set[str] = frozenset(), start: str | int = 0) -> "Options":
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise OptionsError("options.player_count", min=MIN_PLAYERS, max=MAX_PLAYERS, count=players)
        return cls(
            tuple(Player(f"Player {i + 1}", COLOURS[i]) for i in range(players)),
            start,
            frozenset(variants),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "players": [{"name": p.name, "colour": p.colour} for p in self.players],
            "start": self.start,
            "variants": sorted(self.variants),
        }

    @classmethod
    def from_json(cls, data: Any) -> "Options":
        if not isinstance(data, dict):
            raise OptionsError("options.not_object")
        unknown = set(data) - {"players", "start", "variants"}
        if unknown:
            raise OptionsError("options.unknown", names=", ".join(sorted(map(str, unknown))))
        players = data.get("players")
        if not isinstance(players, list):
            raise OptionsError("options.players_type")
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise OptionsError("options.player_count", min=MIN_PLAYERS, max=MAX_PLAYERS, count=len(players))
        seats = []
        for seat, p in enumerate(players):
            if not isinstance(p, dict) or set(p) != {"name", "colour"}:
                raise OptionsError("options.player_type", number=seat + 1)
            if not isinstance(p["colour"], str):
                raise OptionsError("options.colour_type", number=seat + 1)
            seats.append(Player(clean_name(p["name"], seat), p["colour"]))
        variants = data.get("variants", [])
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise OptionsError("options.variants_type")
        return cls(tuple(seats), data.get("start", 0), frozenset(variants))
