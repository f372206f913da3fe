"""Computer players (issue 10): bots at several strengths, for every registered game, that never peek.

A bot is asked for one seat's decision: ``bot.choose(state, seat, rng) -> Action``.
It decides from what that seat may know only: first it puts every hidden fact of the
state into a canonical form (``nile.bots.base.canonical``), which is a function of
``view(seat)`` and the public history, then it uses only that canonical state and its
own ``Rng``. The game's own random stream is never advanced (bots work on copies).

    from nile.bots.players import make_bot
    bot = make_bot("strong", iterations=300)
    action = bot.choose(state, seat, Rng(seed))
    state.apply(action, seat)

From a web worker (the browser half): the worker needs only the engine wheel. Post it the
save (``nile.core.save``: options and actions so far) and the seat; it rebuilds the state
with ``nile.games.load_save``, asks ``make_bot(strength, budget_ms=...)`` for one decision
with its own ``Rng`` and posts back ``action.text()``; the page applies it
with ``state.apply_text(text, seat)``. The bot sees the whole state object, but decides
only from ``canonical(state, seat)``, so sending the full save to the worker is safe. Seed
the bot's Rng from a salt the page keeps for the game (never the game's own seed, which
fixes the hidden cards), the history length and the seat: a reload in the middle of a bot's
turn then makes the same choice (with ``iterations``; a ``budget_ms`` search depends on speed).

The package itself imports nothing, so the page can read the worker's message shapes
(``nile.bots.protocol``) without loading a single bot.
"""

