"""Build rule scenarios: the engine's constructed positions (``nile.banks.positions``) and a few test helpers."""

from __future__ import annotations

from nile.banks.invariants import violations
from nile.banks.positions import (  # noqa: F401 - the scenario vocabulary the tests import from here
    BanksState,
    C,
    F,
    M,
    R,
    begin_tide,
    blank,
    desert_card,
    empty_piles,
    put_boat,
    put_field,
    put_market,
    set_desert_draw_top,
    set_jokers,
    set_pile,
    set_row_desert,
    set_row_water,
    set_turn,
    take_marker,
    water_card,
)


def texts(actions) -> list[str]:
    return [a.text() for a in actions]


def play(s: BanksState, *lines: str) -> None:
    """Apply action texts (``p2 sow flax W4-2`` or plain for the player to act)."""
    for line in lines:
        s.apply_text(line)
    assert not violations(s), violations(s)


def log_keys(s: BanksState) -> list[str]:
    return [e.key for e in s.log]
