"""*An den Ufern des Nils* as the app sees it: the one description this game registers.

Everything the shell (saves, command line, web app, bots) needs about this game is
here — its rules, its sentences, its screen, what its computer players know — and the
shell imports nothing else from ``nile.banks``.
"""

from __future__ import annotations

from ..kit.spec import GameSpec
from . import bot, ui
from .catalog import WORDS
from .data import COLOURS, MAX_PLAYERS, MIN_PLAYERS
from .determinize import resample_hidden
from .invariants import violations
from .options import VARIANTS, Options
from .state import BanksState, new_game


def default_options(players: int, variants: frozenset[str] = frozenset()) -> Options:
    """Options for random play and tests: default names and colours, a random start player."""
    return Options.default(players, variants=variants, start="random")


SPEC = GameSpec(
    name="banks",
    rules_version=BanksState.RULES_VERSION,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    colours=tuple(COLOURS),
    options_from_json=Options.from_json,
    new_state=new_game,
    default_options=default_options,
    invariants=violations,
    resample_hidden=resample_hidden,
    words=WORDS,
    title="game.banks",
    about="game.banks.about",
    cost="cost.banks",
    ui=ui,
    bots=bot,
    variants=tuple(sorted(VARIANTS)),
    minutes=(45, 90),
)
