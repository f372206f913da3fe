"""Pictures for the rules help of *An den Ufern des Nils*, drawn by the board's own renderer
(``nile.banks.board``) from small constructed positions (to be filled per rule)."""

from __future__ import annotations


def diagrams(rule: str, lang: str) -> list[tuple[str, str]]:
    """(SVG markup, caption) of each picture of ``rule`` (none yet)."""
    return []
