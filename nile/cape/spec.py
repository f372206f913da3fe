"""*Vom Kap bis Kairo* as the app sees it: the one description this game registers.

Everything the shell (saves, command line, web app) needs about this game is
here; the shell imports nothing else from ``nile.cape``.
"""

from __future__ import annotations

from . import bot, ui
from .determinize import resample_hidden
from .entry import ENTRY
from .invariants import violations
from .options import Options
from .state import CapeState, new_game


def default_options(players: int, variants: frozenset[str] = frozenset()) -> Options:
    """Options for random play and tests: default names and colours (the game has no variants)."""
    return Options.default(players)


SPEC = ENTRY.described(
    rules_version=CapeState.RULES_VERSION,
    options_from_json=Options.from_json,
    new_state=new_game,
    default_options=default_options,
    invariants=violations,
    resample_hidden=resample_hidden,
    ui=ui,
    bots=bot,
)
