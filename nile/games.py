"""The registry: every game Nile knows, by the name a save file uses, and the ways in.

Each game package registers one ``GameEntry`` (``nile/<game>/entry.py``): what the home screen shows of it,
and the way to its ``GameSpec`` (``nile/<game>/spec.py``), imported the first time the shell needs the
rules (issue 42: a first visit's home imports no game's rules; ``load_all`` imports them while the player
looks). Adding a game is its entry and the function that imports its spec, here. Nothing else in the shell names a game.
"""

from __future__ import annotations

from typing import Any

from . import words
from .banks.entry import ENTRY as BANKS
from .cape.entry import ENTRY as CAPE
from .core.game import GameState
from .core.save import load
from .kit.spec import GameEntry, GameSpec

GAMES: dict[str, GameEntry] = {}


def register(game: GameEntry | GameSpec) -> GameEntry:
    """Make a game known to the app: its saves load, its sentences are spoken, the shell offers it.
    The two games below are registered here by their entries; the tests register a third one of their own
    by its spec (``tests/pebbles``) to prove a game is one package and one line."""
    entry = game if isinstance(game, GameEntry) else GameEntry.of(game)
    known = GAMES.get(entry.name)
    if known is not None and known is not entry and not (isinstance(game, GameSpec) and known.spec is game):
        raise ValueError(f"a different game is already registered as {entry.name!r}")
    if known is not None:
        return known
    words.add_domain(entry.words)
    GAMES[entry.name] = entry
    return entry


def _banks() -> GameSpec:
    from .banks.spec import SPEC  # the rules, the screen, the bots: imported when the shell first needs them

    return SPEC


def _cape() -> GameSpec:
    from .cape.spec import SPEC

    return SPEC


register(BANKS.loaded_by(_banks))
register(CAPE.loaded_by(_cape))


def load_all() -> None:
    """Import every game's rules now (the page calls this once its first screen is up, while the player looks)."""
    for entry in GAMES.values():
        entry.spec  # noqa: B018 - the import is the point


def spec_of(game: str) -> GameEntry:
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
