"""*An den Ufern des Nils* as the app sees it: the one description this game registers.

Everything the shell (saves, command line, web app, bots) needs about this game is
here — its rules, its sentences, its screen, what its computer players know — and the
shell imports nothing else from ``nile.banks``.
"""

from __future__ import annotations

from . import bot, ui
from .determinize import resample_hidden
from .entry import ENTRY
from .invariants import violations
from .options import Options
from .state import BanksState, new_game


def default_options(players: int, variants: frozenset[str] = frozenset()) -> Options:
    """Options for random play and tests: default names and colours, a random start player."""
    return Options.default(players, variants=variants, start="random")


SPEC = ENTRY.described(
    rules_version=BanksState.RULES_VERSION,
    options_from_json=Options.from_json,
    new_state=new_game,
    default_options=default_options,
    invariants=violations,
    resample_hidden=resample_hidden,
    ui=ui,
    bots=bot,
)
