"""*Vom Kap bis Kairo* (Adlung 2001, 2–4 players): rules K1–K6, its catalog and its screen.

``spec.SPEC`` is what the app registers; ``state.CapeState`` is the rules engine.
"""
