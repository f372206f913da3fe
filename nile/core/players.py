"""Seats at the table, shared by every game: a player's name and colour, and the name rules.

``clean_name`` is the one place that decides what a player name may be (1–40
characters after trimming, no control or invisible characters); markup is
allowed because a name is only ever shown as text. ``OptionsError`` is the
error of any game's set-up options (an ``options.*`` catalog key).

A seat is played by a person or by a computer player of one of ``BOT_STRENGTHS``
(issue 10): saved as ``"bot": "<strength>"`` in the seat's options, absent for a
person, so every save made before bots existed reads exactly as it did.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from .explained import Explained

MAX_NAME_LENGTH = 40
#: the computer players a seat can be given in set-up, weakest first (``nile.bots`` plays them)
BOT_STRENGTHS = ("easy", "normal", "strong")


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
    #: "" for a person, else the computer player's strength (one of ``BOT_STRENGTHS``)
    bot: str = ""


def players_from_json(players: Any, colours: tuple[str, ...], min_players: int, max_players: int) -> tuple[Player, ...]:
    """The checked ``players`` list of a save's options: each ``{"name", "colour"}``, plus
    ``"bot": strength`` for a computer player."""
    if not isinstance(players, list):
        raise OptionsError("options.players_type")
    if not min_players <= len(players) <= max_players:
        raise OptionsError("options.player_count", min=min_players, max=max_players, count=len(players))
    seats = []
    for seat, p in enumerate(players):
        if not isinstance(p, dict) or not {"name", "colour"} <= set(p) <= {"name", "colour", "bot"}:
            raise OptionsError("options.player_type", number=seat + 1)
        if not isinstance(p["colour"], str):
            raise OptionsError("options.colour_type", number=seat + 1)
        bot = p.get("bot", "")
        if "bot" in p and bot not in BOT_STRENGTHS:  # "" is how a person is written in memory, never in a save
            raise OptionsError("options.bot", number=seat + 1, bot=repr(bot)[:40], bots=", ".join(BOT_STRENGTHS))
        seats.append(Player(clean_name(p["name"], seat), p["colour"], bot))
    check_seats(tuple(seats), colours, min_players, max_players)
    return tuple(seats)


def check_seats(players: tuple[Player, ...], colours: tuple[str, ...], min_players: int, max_players: int) -> None:
    """Player count in range, known colours, no colour twice."""
    n = len(players)
    if not min_players <= n <= max_players:
        raise OptionsError("options.player_count", min=min_players, max=max_players, count=n)
    for seat, p in enumerate(players):
        if p.colour not in colours:
            raise OptionsError("options.colour", number=seat + 1, colour=repr(p.colour), colours=", ".join(colours))
        if p.bot and p.bot not in BOT_STRENGTHS:
            raise OptionsError("options.bot", number=seat + 1, bot=repr(p.bot)[:40], bots=", ".join(BOT_STRENGTHS))
    if len({p.colour for p in players}) != n:
        raise OptionsError("options.same_colour")


def players_to_json(players: tuple[Player, ...]) -> list[dict[str, str]]:
    """Seats as saved: a person's without a ``bot`` key (as before bots existed)."""
    return [{"name": p.name, "colour": p.colour, **({"bot": p.bot} if p.bot else {})} for p in players]
