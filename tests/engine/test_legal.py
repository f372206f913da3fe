"""Each rule said once (issue 20): the legal actions and the reasons for refusing an action come from the
same rule checks (``nile.banks.legal``, ``nile.cape.legal``), so they cannot disagree.

Over seeded random games of both games, at every position: no legal action gets a reason; every
other action of the phase is refused with a specific reason (never "not possible here"), naming a
rule id of the game; and that reason is true of the position as a player sees it — an oracle
written here from the public view, not from the engine's checks, confirms each one."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from nile.banks import data as nd
from nile.banks.legal import explain as banks_explain
from nile.banks.options import Options as BanksOptions
from nile.banks.state import BanksState
from nile.cape.data import CARDS
from nile.cape.legal import explain as cape_explain
from nile.cape.options import Options as CapeOptions
from nile.cape.state import CapeState
from nile.core.actions import Action, IllegalActionError
from nile.core.rng import Rng

Oracle = Callable[[dict[str, Any], Action, int, Any], bool]


# ---------------------------------------------------------------------- An den Ufern des Nils
def _field(view, name):
    return next(f for row in view["rows"] for f in row["fields"] if f["name"] == name)


def _row_of(view, name):
    return next(row for row in view["rows"] if any(f["name"] == name for f in row["fields"]))


def _mine(view, name, p):
    return [m for m in _field(view, name)["markers"] if m["player"] == p]


def _supply(view, p, crop):
    return view["players"][p]["supply"].get(crop, {"count": 0, "used": 0})


def _next_water_slot(view, row):
    """(field name, the wave it touches) where the row's next water card goes, from the view."""
    fields = row["fields"]
    wet = [f for f in fields if f["water"]]
    if len(wet) == len(fields):
        return None
    wave = row["nile_wave"] if not wet else wet[-1]["water"]["out"]
    return None if wave == "none" else (fields[len(wet)]["name"], wave)


def _market(view, name):
    return next(m for m in view["market"] if m["name"] == name)


BANKS_ORACLE: dict[str, Oracle] = {
    "why.row_out": lambda v, a, p, s: not _row_of(v, a.args[-1] if a.kind != "harvest" else a.args[0])["in_play"],
    "why.card_on_field": lambda v, a, p, s: bool(_field(v, a.args[1])["water"] or _field(v, a.args[1])["desert"]),
    "why.field_full": lambda v, a, p, s: len(_field(v, a.args[1])["markers"]) >= 2,
    "why.own_marker_there": lambda v, a, p, s: bool(_mine(v, a.args[1], p)),
    "why.no_crop": lambda v, a, p, s: _supply(v, p, a.args[0])["count"] == 0,
    "why.crop_used": lambda v, a, p, s: 0 < _supply(v, p, a.args[0])["count"] == _supply(v, p, a.args[0])["used"],
    "why.no_ap": lambda v, a, p, s: v["ap"] == 0,
    "why.cost": lambda v, a, p, s: 0 < v["ap"] < s.cost(a),
    "why.no_marker_there": lambda v, a, p, s: not _mine(v, a.args[0], p),
    "why.marker_used": lambda v, a, p, s: _mine(v, a.args[0], p)[0]["used"],
    "why.already_ripe": lambda v, a, p, s: _mine(v, a.args[0], p)[0]["side"] == "ripe",
    "why.not_ripe": lambda v, a, p, s: _mine(v, a.args[0], p)[0]["side"] == "seed",
    "why.market_palms": lambda v, a, p, s: _field(v, a.args[0])["palms"] < _market(v, a.args[1])["min_palms"],
    "why.market_full": lambda v, a, p, s: len(_market(v, a.args[1])["fruits"]) == _market(v, a.args[1])["stalls"],
    "why.crop_rule": lambda v, a, p, s: _mine(v, a.args[0], p)[0]["crop"] in [f["crop"] for f in _market(v, a.args[1])["fruits"][-2:]],
    "why.pile_empty": lambda v, a, p, s: v["players"][p]["piles"]["ab".index(a.args[0])]["size"] == 0,
    "why.water_place": lambda v, a, p, s: (_next_water_slot(v, _row_of(v, a.args[1])) or ("",))[0] != a.args[1],
    "why.setup_water_free": lambda v, a, p, s: bool(_field(v, a.args[1])["desert"] or _field(v, a.args[1])["markers"]),
    "why.wave": lambda v, a, p, s: v["players"][p]["piles"]["ab".index(a.args[0])]["top"]["in"]
    != _next_water_slot(v, _row_of(v, a.args[1]))[1],
    "why.extra_turn_joker": lambda v, a, p, s: v["phase"] == "extra_turn",
    "why.no_joker": lambda v, a, p, s: v["players"][p]["jokers"] == 0,
    "why.one_joker": lambda v, a, p, s: v["players"][p]["bought_joker"],
    "why.no_desert": lambda v, a, p, s: v["desert"]["draw"] + v["desert"]["discard"] == 0,
    "why.not_on_boat": lambda v, a, p, s: not [m for m in v["boat"] if m["player"] == p and m["crop"] == a.args[0] and not m["used"]],
    "why.n10_off": lambda v, a, p, s: "N10" not in v["variants"],
    "why.n13_off": lambda v, a, p, s: "N13" not in v["variants"],
    "why.hoard_own": lambda v, a, p, s: a.args[0] == f"p{p + 1}",
    "why.not_spoiled": lambda v, a, p, s: len(_market(v, a.args[0])["fruits"]) < int(a.args[1])
    or _market(v, a.args[0])["fruits"][int(a.args[1]) - 1]["condition"] != "spoiled",
    "why.ebb_dry": lambda v, a, p, s: not any(f["water"] for f in next(r for r in v["rows"] if r["name"] == a.args[0])["fields"]),
    "why.seed_placed": lambda v, a, p, s: _placed(v, p, "seed"),
    "why.ripe_placed": lambda v, a, p, s: _placed(v, p, "ripe"),
    "why.rot": lambda v, a, p, s: True,  # any choice but the legal ones (two non-rotten fruits of a row in reach)
    "why.bid": lambda v, a, p, s: any(a.args.count(c) > _supply(v, p, c)["count"] for c in set(a.args) - {"none"}),
}


def _placed(view, p, side):
    """Whether the player placed their seed (or ripe fruit) in the set-up, as the log says (N2.8)."""
    return any(e["key"] == "setup.sow" and e["params"]["player"] == p and e["params"]["side"] == side for e in view["log"])


def banks_universe(s: BanksState) -> Iterator[Action]:
    """Every action of the kinds the phase takes, legal or not (bids: the empty one and one of each crop)."""
    crops, fields = nd.CROPS, [f.name for f in nd.FIELDS]
    kinds = {"actions": ("sow", "grow", "harvest", "buy", "hoard", "joker", "refresh", "end"),
             "extra_turn": ("sow", "grow", "harvest", "buy", "hoard", "end"), "boat": ("boat",),
             "setup_water": ("water",), "setup_sow": ("seed", "ripe"), "rot": ("rot",),
             "start_bid": ("bid",), "auction": ("bid",)}.get(s.phase, ())
    if s.phase == "tide":
        kinds = ("water",) if s.tide_mode == "flood" else ("ebb",)
    for kind in kinds:
        if kind in ("sow", "seed", "ripe"):
            yield from (Action(kind, (c, f)) for c in crops for f in fields)
        elif kind == "boat":
            yield from (Action(kind, (c,)) for c in crops)
        elif kind == "water":
            yield from (Action(kind, (p, f)) for p in "ab" for f in fields)
        elif kind == "grow":
            yield from (Action(kind, (f,)) for f in fields)
        elif kind == "harvest":
            yield from (Action(kind, (f, m)) for f in fields for m in nd.MARKET_NAMES)
        elif kind == "buy":
            yield from (Action(kind, (c,)) for c in (*crops, "joker"))
        elif kind == "hoard":
            yield from (Action(kind, (f"p{o + 1}", c)) for o in range(s.num_players) for c in crops)
        elif kind == "refresh":
            yield from (Action(kind, (m, str(st))) for i, m in enumerate(nd.MARKET_NAMES) for st in range(1, nd.MARKET_STALLS[i] + 1))
        elif kind == "ebb":
            yield from (Action(kind, (r.name,)) for r in nd.ROWS)
        elif kind == "rot":
            for i, m in enumerate(nd.MARKET_NAMES):
                stalls = [str(x) for x in range(1, nd.MARKET_STALLS[i] + 1)]
                yield Action(kind, (m,))
                yield from (Action(kind, (m, a)) for a in stalls)
                yield from (Action(kind, (m, a, b)) for a, b in itertools.combinations(stalls, 2))
        elif kind == "bid":
            yield Action(kind, ("none",))
            yield from (Action(kind, (c,)) for c in crops)
        else:
            yield Action(kind)


# ---------------------------------------------------------------------- Vom Kap bis Kairo
CAPE_ORACLE: dict[str, Oracle] = {
    "cape.why.bid_too_high": lambda v, a, p, s: int(a.args[0]) > v["players"][p]["money"],
    "cape.why.not_on_offer": lambda v, a, p, s: a.args[0] not in [c["id"] for c in v["offer"]],
    "cape.why.route_empty": lambda v, a, p, s: not v["players"][p]["route"],
    "cape.why.bonus_held": lambda v, a, p, s: int(a.args[0]) > v["players"][p]["bonus"],
    "cape.why.bonus_waste": lambda v, a, p, s: int(a.args[0]) > v["build"]["short"],
    "cape.why.too_poor": lambda v, a, p, s: 10 * (v["build"]["short"] - int(a.args[0])) > v["players"][p]["money"],
}


def cape_universe(s: CapeState) -> Iterator[Action]:
    if s.phase == "bid":
        yield from (Action("bid", (str(a),)) for a in (0, 1, 50, 99, 100, 101, 150, 300))
    elif s.phase == "choose":
        yield from (Action("take", (c.id,)) for c in CARDS)
    elif s.phase == "build":
        yield Action("pass")
        yield from (Action("build", (str(b),)) for b in range(7))


# ---------------------------------------------------------------------- the property
def positions(make: Callable[[int], Any], games: int) -> Iterator[Any]:
    """Every 7th position of seeded random games (and the last), copies the test may keep."""
    for i in range(games):
        s = make(i)
        rng = Rng(900 + i)
        count = 0
        while not s.is_terminal():
            if count % 7 == 0:
                yield s.clone()
            seats = s.to_act()
            p = seats[rng.below(len(seats))]
            legal = s.legal_actions(p)
            s.apply(legal[rng.below(len(legal))], p)
            count += 1


def check(s: Any, universe: Callable[[Any], Iterator[Action]], explain: Callable[..., Any], oracle: dict[str, Oracle],
          rule_ids: set[str], seen: dict[str, int]) -> None:
    for p in s.to_act():
        legal = set(s.legal_actions(p))
        view = s.view(p)
        for a in legal:
            assert explain(s, a, p) is None, (a, explain(s, a, p))
        for a in universe(s):
            if a in legal:
                continue
            refusal = s.refusal(a, p)
            assert refusal.key.endswith("not_allowed"), (s.phase, a.text(), refusal)
            reason = refusal.params["why"]
            assert isinstance(reason, IllegalActionError) and reason.params["rule"] in rule_ids, reason
            assert reason.key in oracle, f"no oracle for {reason.key}"
            assert oracle[reason.key](view, a, p, s), (s.phase, a.text(), reason)
            seen[reason.key] = seen.get(reason.key, 0) + 1


@pytest.mark.parametrize("players,variants", [(2, ()), (3, ("N10", "N13")), (4, ("N11", "N12")), (5, ("N10", "N11", "N12", "N13"))])
def test_banks_legal_actions_and_refusals_come_from_the_same_checks(players, variants):
    seen: dict[str, int] = {}
    make = lambda i: BanksState(BanksOptions.default(players, variants=frozenset(variants), start="random"), 70 + i)  # noqa: E731
    rule_ids = {f"N{i}" for i in range(1, 14)}
    for s in positions(make, 2):
        check(s, banks_universe, banks_explain, BANKS_ORACLE, rule_ids, seen)
    assert len(seen) >= 12, sorted(seen)  # the games met many kinds of refusal


def test_cape_legal_actions_and_refusals_come_from_the_same_checks():
    seen: dict[str, int] = {}
    for players in (2, 3, 4):
        make = lambda i, n=players: CapeState(CapeOptions.default(n), 40 + i)  # noqa: E731
        for s in positions(make, 2):
            check(s, cape_universe, cape_explain, CAPE_ORACLE, {f"K{i}" for i in range(1, 7)}, seen)
    assert {"cape.why.bid_too_high", "cape.why.not_on_offer", "cape.why.bonus_held"} <= set(seen), sorted(seen)

