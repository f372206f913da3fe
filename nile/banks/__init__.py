"""*An den Ufern des Nils* (Abacus 1994), rules N1–N13 of ``shared/rules/nile.md``: one package.

``spec.SPEC`` is what the app registers (rules, words, screen, bots); ``state.BanksState`` is the
rules engine, ``legal`` its rule checks, ``view`` what a seat may see, ``ui`` its screen.
"""
