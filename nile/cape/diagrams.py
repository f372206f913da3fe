"""Pictures for the rules help of *Vom Kap bis Kairo*, drawn by the table's own renderer
(``nile.cape.board``) from small constructed positions (to be filled per rule)."""

from __future__ import annotations


def diagrams(rule: str, lang: str) -> list[tuple[str, str]]:
    """(SVG markup, caption) of each picture of ``rule`` (none yet)."""
    return []
