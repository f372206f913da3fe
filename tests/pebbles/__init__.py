"""*Pebbles*: a tiny third game that lives in the tests, to prove that a game is one package and one line.

Two players share a pile of 12 pebbles; one of them, at a depth nobody knows, is gold. Each round
both secretly choose to take 1, 2 or 3; the smaller choice takes first; a pebble is a point, the
gold one three. It has what the real games have — several seats acting at once (the sealed choice),
a random draw (the gold pebble's depth), a hidden fact (that depth) and its resampling — with its
own spec, state, rule checks, sentences in English and German, screen and bot knowledge.
Nothing in ``nile`` names it: the tests register it (``nile.games.register``).
"""
