"""*Vom Kap bis Kairo* as the app sees it: the one description this game registers.

Everything the shell (saves, command line, web app) needs about this game is
here; the shell imports nothing else from ``nile.cape``.
"""

from __future__ import annotations

from ..kit.spec import GameSpec
from . import bot, ui
from .catalog import WORDS
from .data import COLOURS, MAX_PLAYERS, MIN_PLAYERS
from .determinize import resample_hidden
from .invariants import violations
from .options import Options
from .state import CapeState, new_game


def default_options(players: int, variants: frozenset[str] = frozenset()) -> Options:
    """Options for random play and tests: default names and colours (the game has no variants)."""
    return Options.default(players)


SPEC = GameSpec(
    name="cape",
    rules_version=CapeState.RULES_VERSION,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    colours=COLOURS,
    options_from_json=Options.from_json,
    new_state=new_game,
    default_options=default_options,
    invariants=violations,
    resample_hidden=resample_hidden,
    words=WORDS,
    title="game.cape",
    about="game.cape.about",
    cost="cost.cape",
    ui=ui,
    bots=bot,
    variants=(),
    minutes=(30, 45),
)
