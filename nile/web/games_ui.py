"""Find a game's UI module from the registry: ``spec.ui_module``, imported on first use.

The shell never imports a game's UI by name; it asks here with the game's save name. A UI
module provides the names of ``nile.web.kit.GameUI`` at module level.
"""

from __future__ import annotations

import importlib
from typing import cast

from ..games import spec_of
from .kit import GameUI

_LOADED: dict[str, GameUI] = {}


def ui_for(game: str) -> GameUI:
    ui = _LOADED.get(game)
    if ui is None:
        module = importlib.import_module(spec_of(game).ui_module)  # the module itself follows GameUI
        ui = _LOADED[game] = cast(GameUI, module)
    return ui
