"""*Vom Kap bis Kairo* as the registry lists it before its rules are needed: what the home screen shows of it,
from modules light to import, and the facts its spec adds the rules to (``nile.cape.spec``; issue 42)."""

from __future__ import annotations

from ..kit.spec import GameEntry
from .art import SYMBOLS, picture
from .catalog import WORDS
from .data import COLOURS, MAX_PLAYERS, MIN_PLAYERS

ENTRY = GameEntry(
    name="cape",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    colours=COLOURS,
    words=WORDS,
    picture=picture,
    symbols=SYMBOLS,
    title="game.cape",
    about="game.cape.about",
    cost="cost.cape",
    variants=(),
    minutes=(30, 45),
)
