"""Set-up options of *Vom Kap bis Kairo* (K2): the seats, 2 to 4 players, each with a colour.

The game has no variants and no start-player choice: the auction decides who
builds first (K3, K4). ``Options.from_json`` is the checked way in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.players import OptionsError, Player, check_seats, players_from_json, players_to_json
from .data import COLOURS, MAX_PLAYERS, MIN_PLAYERS


@dataclass(frozen=True)
class Options:
    players: tuple[Player, ...]

    def __post_init__(self) -> None:
        check_seats(self.players, COLOURS, MIN_PLAYERS, MAX_PLAYERS)

    @property
    def num_players(self) -> int:
        return len(self.players)

    @classmethod
    def default(cls, players: int) -> Options:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise OptionsError("options.player_count", min=MIN_PLAYERS, max=MAX_PLAYERS, count=players)
        return cls(tuple(Player(f"Player {i + 1}", COLOURS[i]) for i in range(players)))

    def to_json(self) -> dict[str, Any]:
        return {"players": players_to_json(self.players)}

    @classmethod
    def from_json(cls, data: Any) -> Options:
        if not isinstance(data, dict):
            raise OptionsError("options.not_object")
        unknown = set(data) - {"players"}
        if unknown:
            raise OptionsError("options.unknown", names=", ".join(sorted(map(str, unknown))))
        return cls(players_from_json(data.get("players"), COLOURS, MIN_PLAYERS, MAX_PLAYERS))
