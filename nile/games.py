"""The registry: every game Nile knows, by the name a save file uses, and the ways in.

Each game package registers one ``GameSpec`` (``nile/<game>/spec.py``); adding a
game is one line here. Nothing else in the shell names a game.
"""

from __future__ import annotations

from typing import Any

from . import words
from .banks.spec import SPEC as BANKS
from .cape.spec import SPEC as CAPE
from .core.game import GameState
from .core.save import load
from .kit.spec import GameSpec

GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Make a game known to the app: its saves load, its sentences are spoken, the shell offers it.
    The two games below are registered here; the tests register a third one of their own
    (``tests/pebbles``) to prove a game is one package and one line."""
    if GAMES.get(spec.name) not in (None, spec):
        raise ValueError(f"a different game is already registered as {spec.name!r}")
    words.add_domain(spec.words)
    GAMES[spec.name] = spec
    return spec


register(BANKS)
register(CAPE)


def spec_of(game: str) -> GameSpec:
    """The description of ``game``; KeyError names the known games."""
    try:
        return GAMES[game]
    except KeyError:
        raise KeyError(f"unknown game {game!r}; known: {', '.join(sorted(GAMES))}") from None


def new_state(game: str, options: Any, seed: int) -> GameState:
    """A new game from options (an options object or its JSON form)."""
    spec = spec_of(game)
    if isinstance(options, dict):
        options = spec.options_from_json(options)
    return spec.new_state(options, seed)


def load_save(data: Any) -> GameState:
    """Replay a save (JSON text or dict); SaveError says what is wrong with a bad one."""
    return load(data, GAMES)
