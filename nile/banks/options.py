"""Set-up options of *An den Ufern des Nils*: players, start player rule, variants (N2, N10–N13).

``Options.from_json`` is the checked way in (from a save file or the set-up
screen): every problem is reported in a sentence naming the field at fault.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from .data import COLOURS, MAX_PLAYERS, MIN_PLAYERS

VARIANTS = {
    "N10": "buying other players' seeds (hoarding)",
    "N11": "hippo auction",
    "N12": "bidding for the start player",
    "N13": "refreshing spoiled fruit with a joker",
}
MAX_NAME_LENGTH = 40
START_RANDOM = "random"


class OptionsError(ValueError):
    """Set-up options that cannot make a game."""


def clean_name(name: Any, seat: int) -> str:
    """A player name as the game keeps it: text, trimmed, 1–40 characters, no control characters.

    Markup is not refused here: a name is only ever shown as text.
    """
    if not isinstance(name, str):
        raise OptionsError(f"player {seat + 1}'s name must be text")
    name = " ".join(name.split())
    if not name:
        raise OptionsError(f"player {seat + 1} needs a name")
    if len(name) > MAX_NAME_LENGTH:
        raise OptionsError(f"player {seat + 1}'s name is longer than {MAX_NAME_LENGTH} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in name):
        raise OptionsError(f"player {seat + 1}'s name contains invisible or control characters")
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
            raise OptionsError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
        colours = [p.colour for p in self.players]
        for seat, colour in enumerate(colours):
            if colour not in COLOURS:
                raise OptionsError(f"player {seat + 1}'s colour {colour!r} is not one of {', '.join(COLOURS)}")
        if len(set(colours)) != n:
            raise OptionsError("two players have the same colour")
        if self.start != START_RANDOM and not (
            isinstance(self.start, int) and not isinstance(self.start, bool) and 0 <= self.start < n
        ):
            raise OptionsError(f"start player must be 'random' or a seat from 0 to {n - 1}, not {self.start!r}")
        unknown = set(self.variants) - set(VARIANTS)
        if unknown:
            raise OptionsError(f"unknown variant(s): {', '.join(sorted(map(str, unknown)))}")

    @property
    def num_players(self) -> int:
        return len(self.players)

    def has(self, variant: str) -> bool:
        return variant in self.variants

    @classmethod
    def default(cls, players: int, *, variants: frozenset[str] | set[str] = frozenset(), start: str | int = 0) -> "Options":
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise OptionsError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
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
            raise OptionsError("options must be an object")
        unknown = set(data) - {"players", "start", "variants"}
        if unknown:
            raise OptionsError(f"unknown option(s): {', '.join(sorted(map(str, unknown)))}")
        players = data.get("players")
        if not isinstance(players, list):
            raise OptionsError("options.players must be a list")
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise OptionsError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}")
        seats = []
        for seat, p in enumerate(players):
            if not isinstance(p, dict) or set(p) != {"name", "colour"}:
                raise OptionsError(f"player {seat + 1} must be an object with a name and a colour")
            if not isinstance(p["colour"], str):
                raise OptionsError(f"player {seat + 1}'s colour must be text")
            seats.append(Player(clean_name(p["name"], seat), p["colour"]))
        variants = data.get("variants", [])
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise OptionsError("options.variants must be a list of variant ids like 'N11'")
        return cls(tuple(seats), data.get("start", 0), frozenset(variants))
