"""*An den Ufern des Nils* as the registry lists it before its rules are needed: what the home screen shows of
it, from modules light to import, and the facts its spec adds the rules to (``nile.banks.spec``; issue 42)."""

from __future__ import annotations

from ..kit.spec import GameEntry
from .art import SYMBOLS, picture
from .catalog import WORDS
from .data import COLOURS, MAX_PLAYERS, MIN_PLAYERS
from .options import VARIANTS

ENTRY = GameEntry(
    name="banks",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    colours=tuple(COLOURS),
    words=WORDS,
    picture=picture,
    symbols=SYMBOLS,
    title="game.banks",
    about="game.banks.about",
    cost="cost.banks",
    variants=tuple(sorted(VARIANTS)),
    minutes=(45, 90),
)
