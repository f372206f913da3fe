"""What one player may know (N9): the view the UI renders and bots reason from.

``view(state, seat)`` is a JSON-ready dict holding the public board and that
seat's private facts (its own secret bid); ``view(state, None)`` is the
spectator's view. Never in a view: any event side not yet turned over (water
cards in piles or on the board, desert cards on fields, jokers, the desert
draw pile), card identities that would give them away, the order of a pile
below its top card, the random generator's state, another player's bid before
the reveal.
"""

from __future__ import annotations

from typing import Any

from ..core.jsondata import copy_json
from .data import (
    COLOUR_LETTERS,
    CONDITION_NAMES,
    CROPS,
    FIELD_INDEX,
    FIELDS,
    MARKET_MIN_PALMS,
    MARKET_NAMES,
    MARKET_STALLS,
    ROWS,
    TIDE_NAMES,
    WATER_CARDS,
    WAVE_NAMES,
    crop_of,
    owner_of,
)
from .position import ACTIONS, AUCTION, EXTRA_TURN, ROT_CHOICE, START_BID, TIDE, Position

VIEW_VERSION = 1


def _waves(card: int) -> dict[str, str]:
    c = WATER_CARDS[card]
    return {"in": WAVE_NAMES[c.wave_in], "out": WAVE_NAMES[c.wave_out]}


def _crop_counts(state: Position, markers: list[int], player: int) -> dict[str, dict[str, int]]:
    counts: dict[str, dict[str, int]] = {}
    for m in markers:
        if owner_of(m) == player:
            entry = counts.setdefault(CROPS[crop_of(m)], {"count": 0, "used": 0})
            entry["count"] += 1
            entry["used"] += m in state.used
    return {c: counts[c] for c in CROPS if c in counts}


def _marker(state: Position, m: int) -> dict[str, Any]:
    return {"player": owner_of(m), "crop": CROPS[crop_of(m)], "used": m in state.used}


def view(state: Position, player: int | None) -> dict[str, Any]:
    s = state
    bidding = s.phase in (START_BID, AUCTION)
    players = []
    for p in range(s.num_players):
        spec = s.options.players[p]
        entry: dict[str, Any] = {
            "seat": p,
            "name": spec.name,
            "colour": spec.colour,
            "letter": COLOUR_LETTERS[spec.colour],
            "score": s.score[p],
            "pawn": 1 + s.score[p],
            "lost": s.lost[p],
            "jokers": len(s.jokers[p]),
            "bought_joker": p in s.jokers_bought,
            "supply": _crop_counts(s, s.supply[p], p),
            "supply_total": len(s.supply[p]),
            "piles": [{"size": len(pile), "top": _waves(pile[-1]) if pile else None} for pile in s.piles[p]],
            "hoard": [[owner_of(m), CROPS[crop_of(m)]] for m in s.hoard[p]],
            "out": sum(1 for m in s.out if owner_of(m) == p),
        }
        if bidding:
            entry["bid_status"] = "waiting" if p in s.bidders else "made"
            if p == player and p in s.bids:
                entry["bid"] = [CROPS[c] for c in s.bids[p]]
        players.append(entry)

    rows = []
    for row in ROWS:
        fields = []
        for k in range(row.length):
            f = FIELDS[row.first_field + k]
            water = s.row_water[row.index]
            fields.append(
                {
                    "name": f.name,
                    "palms": f.palms,
                    "water": _waves(water[k]) if k < len(water) else None,
                    "desert": s.field_has_desert(f.index),
                    "markers": [
                        dict(_marker(s, m), side="ripe" if s.ripe_side[m] else "seed") for m in s.field_markers[f.index]
                    ],
                }
            )
        rows.append(
            {
                "name": row.name,
                "bank": row.bank,
                "in_play": s.row_in_play[row.index],
                "nile_wave": WAVE_NAMES[row.nile_wave],
                "fields": fields,
            }
        )

    market = [
        {
            "name": MARKET_NAMES[i],
            "stalls": MARKET_STALLS[i],
            "min_palms": MARKET_MIN_PALMS[i],
            "fruits": [dict(_marker(s, m), condition=CONDITION_NAMES[s.condition[m]]) for m in s.market[i]],
        }
        for i in range(len(MARKET_NAMES))
    ]
    in_turn = s.phase in (ACTIONS, EXTRA_TURN)
    acting = player is not None and player in s.to_act()
    return {
        "game": s.GAME,
        "view_version": VIEW_VERSION,
        "viewer": player,
        "variants": sorted(s.options.variants),
        "round": s.round,
        "phase": s.phase,
        "to_act": list(s.to_act()),
        "start_player": s.start_player,
        "ap": s.ap if in_turn else None,
        "tide": TIDE_NAMES[s.tide],
        "tide_mode": s.tide_mode if s.phase in (TIDE, ROT_CHOICE, AUCTION, EXTRA_TURN) and s.round else None,
        "tide_done": s.tide_done if s.phase in (TIDE, ROT_CHOICE, AUCTION, EXTRA_TURN) and s.round else None,
        "rot_palms": s.rot_palms if s.phase == ROT_CHOICE else None,
        "obelisk": s.obelisk,
        "players": players,
        "rows": rows,
        "market": market,
        "boat": [_marker(s, m) for m in s.boat],
        "desert": {"draw": len(s.desert_draw), "discard": len(s.desert_discard)},
        "water": {
            "discard": [dict(_waves(c), event=WATER_CARDS[c].event.key, arrow=WATER_CARDS[c].event.arrow) for c in s.water_discard],
            "unused": len(s.water_unused),
        },
        "log": [e.to_json() for e in s.log],
        "scorings": copy_json(s.scorings),  # the view is the caller's to keep: never the state's own records
        "result": copy_json(s.final),
        "legal": [a.text() for a in s.legal_actions(player)] if acting else [],
    }


def board_view(state: Any, seen: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``seen`` (a view of ``state``, perhaps shared: the screen works a view out once per
    position) with what the board's pictures say beyond it: each marker on the board, in the market and
    on the boat its ``id``, so that the screen follows one marker from where it was to where it goes, and
    each water card the pile it was laid from (``from``, the log says it), so that a card just laid flies in
    from there (static/motion.js). Public — which token moved where is seen at the table — but kept out
    of ``view()`` itself, whose digest the golden saves hold. ``seen`` itself is left as it was."""
    out = dict(seen)
    piles = {e["params"]["field"]: f'pile{e["params"]["player"]}{e["params"]["pile"]}'
             for e in seen["log"] if e["key"] == "water.placed"}
    positioned = isinstance(state, Position)
    rows = []
    for row in seen["rows"]:
        fields = []
        for f in row["fields"]:
            f = dict(f)
            if positioned:
                ids = state.field_markers[FIELD_INDEX[f["name"]]]
                f["markers"] = [dict(marker, id=m) for m, marker in zip(ids, f["markers"], strict=True)]
            if f["water"] and f["name"] in piles:
                f["water"] = dict(f["water"], **{"from": piles[f["name"]]})
            fields.append(f)
        rows.append(dict(row, fields=fields))
    out["rows"] = rows
    if positioned:
        out["market"] = [dict(row, fruits=[dict(fruit, id=m) for m, fruit in zip(state.market[i], row["fruits"], strict=True)])
                         for i, row in enumerate(seen["market"])]
        out["boat"] = [dict(marker, id=m) for m, marker in zip(state.boat, seen["boat"], strict=True)]
    return out
