"""The moments of *Vom Kap bis Kairo* worth pausing on, drawn for the shell's moment panel.

Only what a player must take in stops the table (each asks for a Continue):

- the auction's sealed bids opened (K3): every bid, the choosing order, and how ties were
  broken (money left, then cards turned up, then the draw);
- the game's end (K5): why, and who won (with the last crossing, when it ended the game).

Routine events (``NEWS_KEYS``) — a crossing (K4) with its rails and income, a bonus rail, a card
turned up onto the common row, the discard pile reshuffled — are shown on the board and said by
the shell in a short line that needs no click. One of them stops the table only when the device
is about to go round for the next auction's secret bids (two or more people at the table): the
crossing that ended the building phase, so that everyone sees it before the hand-over
(``moment`` draws it; the shell decides when, ``nile.web.rooms.moments``).

Everything comes from the public log, so no bid is shown before every bidder has bid.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..kit import Frame, esc
from ..words import describe, plural
from ..words import text as msg

MOMENT_KEYS = frozenset({"cape.bid.revealed", "cape.over"})
NEWS_KEYS = frozenset({"cape.build", "cape.bonus", "cape.turn.card", "cape.turn.no_card", "cape.reshuffle"})
_TIE_LINES = ("cape.tie.money", "cape.tie.draw", "cape.tie.random", "cape.order")
#: what a crossing's moment says, in the log's order: the crossing, the bonus rails it brought, a reshuffle,
#: the new auction it opened
_CROSSING_LINES = ("cape.build", "cape.bonus", "cape.reshuffle", "cape.auction.open", "cape.auction.no_cards")


def moment(frame: Frame, entries: Sequence[dict[str, Any]]) -> tuple[str, str] | None:
    """(title, body HTML) of the panel for these new log entries, or None if nothing to pause on: bids
    opened, the end, or a crossing (K4; the shell asks for it only before a hand-over)."""
    keys = {e["key"] for e in entries}
    if not (MOMENT_KEYS & keys or "cape.build" in keys):
        return None
    lang, names = frame.lang, frame.names
    title, parts = "", []
    for e in entries:
        key, params = e["key"], e["params"]
        if key == "cape.bid.revealed":
            title = msg("cape.moment.bids_title", lang)
            rows = "".join(
                f'<tr><td>{esc(names[int(p)])}</td><td>{esc(plural("cape.n.pond", int(a), lang))}</td></tr>'
                for p, a in params["bids"].items()
            )
            parts.append(
                f'<table class="moment-table"><thead><tr><th scope="col">{esc(msg("cape.moment.player", lang))}</th>'
                f'<th scope="col">{esc(msg("cape.moment.bid", lang))}</th></tr></thead><tbody>{rows}</tbody></table>'
            )
            parts.extend(f'<p class="moment-why">{esc(describe(t, names, lang))}</p>' for t in entries if t["key"] in _TIE_LINES)
        elif key in _CROSSING_LINES:
            if key == "cape.build":
                title = title or msg("cape.moment.crossing_title", lang, player=names[params["player"]])
            if key.startswith("cape.auction."):
                parts.append(f'<p class="moment-total">{esc(msg("cape.moment.auction", lang))}</p>')
            parts.append(f'<p>{esc(describe(e, names, lang))}</p>')
        elif key == "cape.over":
            title = msg("ui.game_over", lang)
            parts.append(f'<p class="moment-end">{esc(describe(e, names, lang))}</p>')
    return title, "".join(parts)
