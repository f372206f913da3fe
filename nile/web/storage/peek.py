"""A stored save read as text, never replayed: which game and rules it names, and how two copies of one game stand.

Replaying a save is the only way to trust it; these are for what needs no trust and must be cheap (the
home screen, ``check_stale`` choosing what to replay, an import or a restore finding a copy already here).
Rules kept:

- a save too large, too deeply nested or not JSON names nothing (None), never an error;
- a format-1 save, written before saves named their rules, was played under rules version 1;
- two saves are copies of one game when game, options and seed agree; of two copies the one whose moves
  the other's extend is *older* (a strict prefix), so an import or a restore keeps the one further along.
"""

from __future__ import annotations

import json
from typing import Any

from ...core import save
from ...core.save import SaveError


def peek(raw: str | None) -> tuple[str | None, int | None]:
    """The game and rules version a save names, without replaying it (None if unreadable)."""
    try:
        if raw is None or len(raw) > save.MAX_SAVE_CHARS or save.nesting_depth(raw) > save.MAX_NESTING:
            return None, None
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return None, None
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        return None, None
    rules = data.get("rules", save.FORMAT_1_RULES if data.get("format") == 1 else None)
    return data["game"], rules if isinstance(rules, int) and not isinstance(rules, bool) else None


def relation(here: str, other: str | dict[str, Any]) -> str | None:
    """How two saves of one game stand: "same" moves; "older" (here's moves a strict prefix of the other's) or
    "newer" (the other way round); None: not the same game (game, options, seed), moves that part, unreadable."""
    try:
        a = save.parse(here)
        b = other if isinstance(other, dict) else save.parse(other)
    except SaveError:
        return None
    if any(a.get(k) != b.get(k) for k in ("game", "options", "seed")):
        return None
    x, y = a["actions"], b["actions"]
    if x == y:
        return "same"
    if len(x) < len(y) and y[: len(x)] == x:
        return "older"
    if len(y) < len(x) and x[: len(y)] == y:
        return "newer"
    return None
