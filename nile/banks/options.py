"""Set-up options of *An den Ufern des Nils*: players, start player rule, variants (N2, N10–N13).

``Options.from_json`` is the checked way in (from a save file or the set-up
screen): every problem is reported in a sentence naming the field at fault.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.players import (
    OptionsError,
    Player,
    check_seats,
    players_from_json,
    players_to_json,
)
from .data import COLOURS, MAX_PLAYERS, MIN_PLAYERS

VARIANTS = {
    "N10": "buying other players' seeds (hoarding)",
    "N11": "hippo auction",
    "N12": "bidding for the start player",
    "N13": "refreshing spoiled fruit with a joker",
}
START_RANDOM = "random"


@dataclass(frozen=True)
class Options:
    players: tuple[Player, ...]
    #: "random" or the seat (0-based) of the chosen start player; ignored with N12
    start: str | int = 0
    variants: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        n = len(self.players)
        check_seats(self.players, COLOURS, MIN_PLAYERS, MAX_PLAYERS)
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
    def default(cls, players: int, *, variants: frozenset[str] | set[str] = frozenset(), start: str | int = 0) -> Options:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise OptionsError("options.player_count", min=MIN_PLAYERS, max=MAX_PLAYERS, count=players)
        return cls(
            tuple(Player(f"Player {i + 1}", COLOURS[i]) for i in range(players)),
            start,
            frozenset(variants),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "players": players_to_json(self.players),
            "start": self.start,
            "variants": sorted(self.variants),
        }

    @classmethod
    def from_json(cls, data: Any) -> Options:
        if not isinstance(data, dict):
            raise OptionsError("options.not_object")
        unknown = set(data) - {"players", "start", "variants"}
        if unknown:
            raise OptionsError("options.unknown", names=", ".join(sorted(map(str, unknown))))
        seats = players_from_json(data.get("players"), COLOURS, MIN_PLAYERS, MAX_PLAYERS)
        variants = data.get("variants", [])
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise OptionsError("options.variants_type")
        return cls(tuple(seats), data.get("start", 0), frozenset(variants))
