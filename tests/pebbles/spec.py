"""Pebbles as the app sees it: the one description the tests register (``nile.games.register(SPEC)``)."""

from __future__ import annotations

from nile.kit import GameSpec

from . import bot, ui
from .catalog import WORDS
from .rules import COLOURS, Options, PebblesState, resample_hidden, violations

SPEC = GameSpec(
    name="pebbles",
    rules_version=PebblesState.RULES_VERSION,
    min_players=2,
    max_players=2,
    colours=COLOURS,
    options_from_json=Options.from_json,
    new_state=PebblesState,
    default_options=Options.default,
    invariants=violations,
    resample_hidden=resample_hidden,
    words=WORDS,
    ui=ui,
    bots=bot,
    title="game.pebbles",
    about="game.pebbles.about",
    cost="pebbles.cost",
    setup_players=2,
    minutes=(5, 10),
)
