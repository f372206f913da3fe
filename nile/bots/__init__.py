"""Computer players (issue 10): bots at several strengths, for every registered game, that never peek.

A bot is asked for one seat's decision: ``bot.choose(state, seat, rng) -> Action``.
It decides from what that seat may know only: first it puts every hidden fact of the
state into a canonical form (``nile.bots.base.canonical``), which is a function of
``view(seat)`` and the public history, then it uses only that canonical state and its
own ``Rng``. The game's own random stream is never advanced (bots work on copies).

    from nile.bots import make_bot
    bot = make_bot("strong", iterations=300)
    action = bot.choose(state, seat, Rng(seed))
    state.apply(action, seat)
"""

from __future__ import annotations

from .base import Bot
from .players import BOT_NAMES, make_bot

__all__ = ["BOT_NAMES", "Bot", "make_bot"]
