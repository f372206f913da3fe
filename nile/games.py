"""The games Nile knows, by the name a save file uses, and the ways in: new, load."""

from __future__ import annotations

from typing import Any

from .banks.options import Options as BanksOptions
from .banks.state import new_game as new_banks_game
from .core.game import GameState
from .core.save import GameSpec, load

GAMES = {
    "banks": GameSpec("banks", BanksOptions.from_json, new_banks_game),
}


def new_state(game: str, options: Any, seed: int) -> GameState:
    """A new game from options (an options object or its JSON form)."""
    spec = GAMES[game]
    if isinstance(options, dict):
        options = spec.options_from_json(options)
    return spec.new_state(options, seed)


def load_save(data: Any) -> GameState:
    """Replay a save (JSON text or dict); SaveError says what is wrong with a bad one."""
    return load(data, GAMES)
