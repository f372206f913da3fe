"""The statistics of a game of *Vom Kap bis Kairo*, replayed from its public log.

``game_stats(view)`` walks the log of any view (K6: the log is public; bids appear only
once revealed, bonus rails only as counts) and returns

- ``series``: one point per auction round (K3) after a start point at round 0 — each
  player's crossings (K4) and money at the end of that round, i.e. just before the next
  auction opens, and a last point at the end (K5);
- ``totals``: per player ``bids`` (money paid for bids, everyone pays their own, K3.2),
  ``rails`` (money paid for bought rails, 10 each, K4), ``rails_bought`` (how many),
  ``income`` (money earned by crossings, K4), ``crossings``, ``bonus_used`` (bonus rails
  built with, K4), ``start_money`` and ``money`` (at the end). Money always adds up:
  ``money == start_money - bids - rails + income``.
"""

from __future__ import annotations

from typing import Any

#: what ``totals`` holds per player, in the order the end screen shows it
TOTALS = ("crossings", "bids", "rails_bought", "rails", "bonus_used", "income", "money")


def game_stats(view: dict[str, Any]) -> dict[str, Any]:
    """Series and totals of the game in ``view`` (any seat's or the spectator's view)."""
    n = len(view["players"])
    start = 0
    money = [0] * n
    crossings = [0] * n
    totals: list[dict[str, int]] = [dict.fromkeys((*TOTALS, "start_money"), 0) for _ in range(n)]
    series: list[dict[str, Any]] = []
    done_round = 0

    def snapshot(round_: int) -> None:
        series.append({"round": round_, "crossings": list(crossings), "money": list(money)})

    for entry in view["log"]:
        key, params = entry["key"], entry["params"]
        if key == "cape.setup":
            start = params["money"]
            money = [start] * n
            snapshot(0)
        elif key in ("cape.auction.open", "cape.auction.no_cards"):
            if params["round"] > 1:  # the previous round is over
                snapshot(params["round"] - 1)
            done_round = params["round"]
        elif key == "cape.bid.revealed":
            for p, amount in params["bids"].items():
                money[int(p)] -= amount
                totals[int(p)]["bids"] += amount
        elif key == "cape.build":
            p = params["player"]
            money[p] += params["income"] - params["paid"]
            crossings[p] = params["crossed"]
            totals[p]["rails"] += params["paid"]
            totals[p]["rails_bought"] += params["bought"]
            totals[p]["bonus_used"] += params["bonus"]
            totals[p]["income"] += params["income"]
    if done_round and (not series or series[-1]["round"] != done_round):
        snapshot(done_round)
    for p in range(n):
        totals[p].update(start_money=start, crossings=crossings[p], money=money[p])
    return {"series": series, "totals": totals}
