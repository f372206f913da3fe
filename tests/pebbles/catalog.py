"""Pebbles' sentences: its gettext domain (``locale/pebbles.pot``, English; ``de.po``, German)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from nile.words import Domain, text


def describe_param(key: str, name: str, value: Any, lang: str, names: Sequence[str]) -> str | None:
    """The choices of a round, revealed: "Ann 2, Bo 1"."""
    if name == "choices" and isinstance(value, dict):
        return text("list.sep", lang).join(f"{names[int(p)]} {n}" for p, n in value.items())
    return None


WORDS = Domain("pebbles", os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale"),
               describe_param=describe_param, counted={"pebbles.over": "winners", "pebbles.took": "count"})
