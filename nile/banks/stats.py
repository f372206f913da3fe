"""The statistics of a game of *An den Ufern des Nils*, replayed from its public history.

``game_stats(view)`` reads only the spectator's view (``state.view(None)``): the log and
the scoring records (N9: both are public; no hidden card is ever read). It returns

- ``series``: one point per scoring (N7 phase 4) after a start point at round 0 — each
  player's score and the obelisk's space after that scoring, by round. A pawn stands on
  space 1 + score, so the obelisk is reached at the score ``obelisk - 1`` (N7 end);
  ``threshold`` in each point says that score, drawn as the obelisk's approach;
- ``totals``: per player, what the log tells honestly:
  ``harvested`` (fruits brought to the market, N6), ``scored`` (non-rotten fruits counted in a
  scored row, N7), ``points`` (points won at scorings, N7, floored per phase),
  ``rotten`` (rotten fruits in scored rows, −1 point each, N7/N8), ``rot_hits`` (fruits of
  the player made worse by rot, N8), ``flood`` and ``desert`` (markers washed from fields to
  the boat by a flood (N4) or a desert card (N8)), ``boat_lost`` (markers lost from the
  boat at scorings, N7 step 1 — the game's "markers lost"), ``jokers_bought`` (N6 buy a
  joker), ``jokers_found`` (a flooded desert card kept as a joker, N4), ``jokers_used``
  (discarded for 1 AP or to make a fruit ripe again, N6/N8); and, not shown as a row,
  ``jokers_start`` (dealt at set-up, N2.3), so that start + bought + found − used is what
  the player holds at the end.
"""

from __future__ import annotations

from typing import Any

from .data import JOKERS_AT_SETUP

#: what ``totals`` holds per player, in the order the end screen shows it
TOTALS = ("harvested", "scored", "points", "rotten", "rot_hits", "flood", "desert", "boat_lost",
          "jokers_bought", "jokers_found", "jokers_used")


def game_stats(view: dict[str, Any]) -> dict[str, Any]:
    """Series and totals of the game in ``view`` (any seat's or the spectator's view)."""
    n = len(view["players"])
    totals = [dict.fromkeys(TOTALS, 0) | {"jokers_start": JOKERS_AT_SETUP} for _ in range(n)]
    scorings = view["scorings"]
    start_obelisk = scorings[0]["obelisk_before"] if scorings else view["obelisk"]
    series = [{"round": 0, "scores": [0] * n, "obelisk": start_obelisk, "threshold": start_obelisk - 1}]
    for sc in scorings:
        series.append({"round": sc["round"], "scores": list(sc["scores_after"]), "obelisk": sc["obelisk_after"],
                       "threshold": sc["obelisk_after"] - 1})
        for p in range(n):
            totals[p]["points"] += sc["points"][p]
            totals[p]["boat_lost"] += sc["boat_lost"][p]
        for row in sc["rows"]:
            for entry in row["ranking"]:
                totals[entry["player"]]["scored"] += entry["fruits"]
            for p, count in row["rotten"].items():
                totals[int(p)]["rotten"] += count
    for entry in view["log"]:
        key, params = entry["key"], entry["params"]
        if key == "action.harvest":
            totals[params["player"]]["harvested"] += 1
        elif key == "field.to_boat" and params["cause"] in ("flood", "desert"):
            for owner, _crop in params["markers"]:
                totals[owner][params["cause"]] += 1
        elif key == "rot.applied":
            for _stall, owner, _crop, _condition in params["fruits"]:
                totals[owner]["rot_hits"] += 1
        elif key == "action.buy_joker":
            totals[params["player"]]["jokers_bought"] += 1
        elif key == "desert.flooded":
            totals[params["player"]]["jokers_found"] += 1
        elif key in ("action.joker", "action.refresh"):
            totals[params["player"]]["jokers_used"] += 1
    return {"series": series, "totals": totals}
