"""JSON-like data (dicts, lists, strings, numbers, booleans, None) as the games keep their records: a deep copy.

``copy.deepcopy`` does the same for any object, keeping a memo of every object it has seen; for the records
a game keeps (its scorings, its final result) that is several times slower, and a position's view copies them
at every move (issue 21: every tap answers within a frame).
"""

from __future__ import annotations

from typing import Any


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-like data: new dicts and lists all the way down, the scalars shared."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value
