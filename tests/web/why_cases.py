"""Positions where a click on something that cannot be done now meets a given Nile rule (the why-line,
issue 9 "Say why"), found by seeded random play: the save to open and the clicks that ask for it.

Used by the CPython test (``test_why.py``) and the browser test (``tests/browser/test_table.py``):
each case is ``(rule key, save text, clicks)`` with clicks as the page sends them (``pick`` +
``field:W4-2``, ``act`` + ``buy joker``).
"""

from __future__ import annotations

from functools import cache
from random import Random

from nile.banks.options import Options
from nile.banks.state import ACTIONS, BanksState
from nile.core import save
from nile.core.players import Player

#: the refusals a player meets most, with how the page asks for each
WANTED = ("why.card_on_field", "why.marker_used", "why.one_joker", "why.market_full", "why.crop_rule",
          "why.market_palms")


def _key(state: BanksState, text: str) -> str | None:
    actor = state.current_player()
    action = state.parse_action(text)
    if action in state.legal_actions(actor):
        return None
    why = state.refusal(action, actor)  # "'x' is not allowed: <the rule>": the rule is inside
    while getattr(why, "params", {}).get("why") is not None and hasattr(why.params["why"], "key"):
        why = why.params["why"]
    return getattr(why, "key", None)


def _cases_here(state: BanksState) -> dict[str, list[tuple[str, str]]]:
    """For this position, the first click recipe that meets each wanted rule."""
    found: dict[str, list[tuple[str, str]]] = {}
    view = state.view(None)
    actor = state.current_player()
    fields = [f for row in view["rows"] if row["in_play"] for f in row["fields"]]
    legal = state.legal_actions(actor)
    sowable = sorted({a.args[0] for a in legal if a.kind == "sow"})
    if sowable:
        crop = sowable[0]
        for f in fields:
            if f["water"] or f["desert"]:
                if _key(state, f"sow {crop} {f['name']}") == "why.card_on_field":
                    found.setdefault("why.card_on_field", [("pick", f"supply:{crop}"), ("pick", f"field:{f['name']}")])
                    break
    for f in fields:
        mine = [m for m in f["markers"] if m["player"] == actor]
        if not mine:
            continue
        if mine[0]["side"] == "seed" and _key(state, f"grow {f['name']}") == "why.marker_used":
            found.setdefault("why.marker_used", [("pick", f"field:{f['name']}")])
        if mine[0]["side"] == "ripe" and not mine[0]["used"]:
            for m in view["market"]:
                key = _key(state, f"harvest {f['name']} {m['name']}")
                if key in ("why.market_full", "why.crop_rule", "why.market_palms"):
                    found.setdefault(key, [("pick", f"field:{f['name']}"), ("pick", f"market:{m['name']}")])
    if _key(state, "buy joker") == "why.one_joker":
        found.setdefault("why.one_joker", [("act", "buy joker")])
    return found


@cache
def find_cases(players: int = 3, seeds: int = 40) -> dict[str, tuple[str, tuple[tuple[str, str], ...]]]:
    """One case per wanted rule: rule key → (save text, clicks)."""
    cases: dict[str, tuple[str, tuple[tuple[str, str], ...]]] = {}
    for seed in range(1, seeds + 1):
        names = ("Amun", "Bastet", "Horus", "Isis", "Thoth")[:players]
        opts = Options(tuple(Player(n, c) for n, c in zip(names, ("red", "blue", "green", "yellow", "white"), strict=False)), 0)
        state = BanksState(opts, seed)
        rng = Random(seed)
        while not state.is_terminal() and len(cases) < len(WANTED):
            seats = state.to_act()
            if state.phase == ACTIONS and len(seats) == 1:
                for key, clicks in _cases_here(state).items():
                    cases.setdefault(key, (save.dumps(state), tuple(clicks)))
            p = seats[0]
            legal = state.legal_actions(p)
            # a player who sows and buys jokers often, and ends a turn now and then
            pick = [a for a in legal if a.kind in ("sow", "harvest", "grow", "buy")] if rng.random() < 0.8 else []
            state.apply(rng.choice(pick or list(legal)), p)
        if len(cases) == len(WANTED):
            break
    return cases
