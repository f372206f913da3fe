"""What a player may know in *Vom Kap bis Kairo* (K6), as plain JSON.

Public: every route and common-row card, the cards on offer, money, how many
bonus rails each player holds, crossings, the sizes of the draw and discard
piles, bids once all are revealed and the order of choosing. Hidden: the draw
pile's order and the faces of bonus rails. Private: a bid until all are in —
only its bidder sees it (``view(bidder)``); the others see that it was made.
"""

from __future__ import annotations

from typing import Any

from .data import CARDS, LANDSCAPES, NEED
from .position import Position

VIEW_VERSION = 1


def card(c: int) -> dict[str, Any]:
    k = CARDS[c]
    return {"id": k.id, "landscape": k.landscape, "rails": k.rails, "income": k.income}


def view(s: Position, player: int | None) -> dict[str, Any]:
    bidding = s.phase == "bid"
    players = []
    for p in range(s.num_players):
        seat = s.options.players[p]
        entry: dict[str, Any] = {
            "seat": p,
            "name": seat.name,
            "colour": seat.colour,
            "money": s.money[p],
            "crossed": len(s.crossed[p]),
            "route": [card(c) for c in s.routes[p]],
            "bonus": len(s.bonus[p]),
            "need": s.need(p),
        }
        if bidding:
            entry["bid_status"] = "waiting" if p in s.bidders else "made"
            if p == player and p in s.bids:
                entry["bid"] = s.bids[p]
        players.append(entry)
    build = None
    if s.phase == "build" and s.actor is not None and s.routes[s.actor]:
        a = s.actor
        common = sum(CARDS[c].rails for c in s.common)
        route = sum(CARDS[c].rails for c in s.routes[a])
        need = s.need(a) or 0
        short = s.shortfall(a)
        build = {"need": need, "common": common, "route": route, "available": common + route,
                 "bonus_held": len(s.bonus[a]), "short": short, "cost": 10 * short}
    acting = player is not None and player in s.to_act()
    return {
        "game": s.GAME,
        "view_version": VIEW_VERSION,
        "viewer": player,
        "round": s.round,
        "phase": s.phase,
        "to_act": list(s.to_act()),
        "needs": {land: NEED[land] for land in LANDSCAPES},
        "players": players,
        "offer": [card(c) for c in s.offer],
        "common": [card(c) for c in s.common],
        "common_rails": sum(CARDS[c].rails for c in s.common),
        "draw_size": len(s.draw),
        "discard_size": len(s.discard),
        "bids_revealed": {str(p): a for p, a in s.revealed.items()} if s.revealed is not None else None,
        "choose_order": list(s.order),
        "first_builder": s.first_builder,
        "build": build,
        "log": [e.to_json() for e in s.log],
        "result": None if s.final is None else {**s.final, "ranking": [dict(r) for r in s.final["ranking"]],
                                                "winners": list(s.final["winners"])},
        "legal": [a.text() for a in s.legal_actions(player)] if acting else [],
    }
