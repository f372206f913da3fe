"""The moments of *An den Ufern des Nils* worth pausing on, drawn for the shell's moment panel.

After an action the shell hands the game's UI the log entries it produced; when they hold
one of ``MOMENT_KEYS`` the board pauses on a short, dismissible panel drawn here:

- sealed bids opened (N12 start-player bid, N11 hippo auction): every bid, the totals with
  the markers already on the boat (N11), who won and by which rule, or that a tie means
  bidding again / the draw decides / nobody wins;
- a market scoring (N7): each scored row with every player's fruits and points (and who
  won a tie by the later fruit), rot penalties, the boat emptying and the obelisk's move;
- the game's end (N7, N13): why, and who won.

Routine events (``NEWS_KEYS``: the card a round turns up, a desert card, an arrow moving the tide,
rot, a flooded desert card kept as a joker) do not stop the table: they are shown on the board and
said by the shell in a short line that needs no click.

Everything comes from the public log and the spectator view, so no hidden card shows early.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..kit import Frame, esc
from ..words import describe, plural
from ..words import text as msg
from . import art
from .catalog import bid_words
from .scoring import tie_outcome

MOMENT_KEYS = frozenset({"bid.revealed", "auction.revealed", "scoring.done", "game.over"})
NEWS_KEYS = frozenset({"round.start", "event.revealed", "desert.placed", "desert.blocked", "desert.no_card",
                       "desert.reshuffled", "desert.flooded", "tide.arrow", "tide.switch_now", "tide.switch_next",
                       "tide.nothing", "hippo.nothing", "rot.applied", "rot.nothing"})
#: the log lines that say how a bid was settled (shown under the bids, in the catalog's words)
_BID_OUTCOMES = ("bid.tie_rebid", "bid.tie_draw", "bid.start_player", "auction.no_winner", "auction.won")


def moment(frame: Frame, entries: Sequence[dict[str, Any]]) -> tuple[str, str] | None:
    """(title, body HTML) of the panel for these new log entries, or None if nothing to pause on."""
    keys = [e["key"] for e in entries]
    if not MOMENT_KEYS.intersection(keys):
        return None
    lang, names = frame.lang, frame.names
    parts: list[str] = []
    title = ""
    for e in entries:
        if e["key"] in ("bid.revealed", "auction.revealed"):
            title = msg("moment.bids_title" if e["key"] == "bid.revealed" else "moment.hippo_title", lang)
            if e["key"] == "auction.revealed":  # N11: the hippo the bids were for
                parts.append(f'<p class="bid-hippo">{art.HIPPO_ICON}</p>')
            parts.append(_bids(e, entries, lang, names))
        elif e["key"] == "scoring.done":
            title = title or msg("ui.scoring_round", lang, round=frame.view["scorings"][-1]["round"])
            parts.append(_scoring(frame.view["scorings"][-1], lang, names))
        elif e["key"] == "game.over":
            title = msg("ui.game_over", lang)
            parts.append(f'<p class="moment-end">{esc(describe(e, names, lang))}</p>')
    return title, "".join(parts)


def _bids(revealed: dict[str, Any], entries: Sequence[dict[str, Any]], lang: str, names: Sequence[str]) -> str:
    params = revealed["params"]
    totals = params.get("totals")
    head = [msg("moment.player", lang), msg("moment.bid", lang)]
    if totals is not None:
        head += [msg("moment.on_boat", lang), msg("moment.total", lang)]
    rows = []
    for p, crops in params["bids"].items():
        bid = bid_words(crops, lang) or msg("word.nothing", lang)
        cells = [esc(names[int(p)]), esc(plural("moment.markers", len(crops), lang, crops=bid))]
        if totals is not None:
            cells += [str(totals[p] - len(crops)), f"<strong>{totals[p]}</strong>"]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    outcome = [describe(e, names, lang) for e in entries if e["key"] in _BID_OUTCOMES]
    return (
        f'<table class="moment-table"><thead><tr>{"".join(f"<th scope=col>{esc(h)}</th>" for h in head)}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>'
        + "".join(f'<p class="moment-why">{esc(line)}</p>' for line in outcome)
    )


def _tie_note(entry: dict[str, Any], ranking: Sequence[dict[str, Any]], lang: str) -> str:
    """Whether this player won or lost a tie of equal fruits by the later fruit, as the engine says (N7)."""
    outcome = tie_outcome(ranking, entry["player"])
    return msg(f"moment.tie_{outcome}", lang) if outcome else ""


def _scoring(sc: dict[str, Any], lang: str, names: Sequence[str]) -> str:
    blocks = []
    for row in sc["rows"]:
        lines = []
        for r in row["ranking"]:
            note = _tie_note(r, row["ranking"], lang)
            fruits = plural("moment.fruits_points", r["fruits"], lang, points=plural("ui.points_n", r["award"], lang))
            lines.append(f'<tr><td>{esc(names[r["player"]])}</td><td>{esc(fruits)}</td><td>{esc(note)}</td></tr>')
        for p, n in row["rotten"].items():
            lines.append(f'<tr class="rot"><td>{esc(names[int(p)])}</td>'
                         f'<td>{esc(plural("moment.rotten", n, lang))}</td><td></td></tr>')
        blocks.append(f'<h3>{esc(msg("moment.row", lang, market=row["market"]))}</h3>'
                      f'<table class="moment-table"><tbody>{"".join(lines) or "<tr><td>–</td></tr>"}</tbody></table>')
    totals = msg("list.sep", lang).join(
        msg("moment.gain", lang, player=names[p], points=n, score=sc["scores_after"][p]) for p, n in enumerate(sc["points"])
    )
    lost = [plural("moment.boat_part", n, lang, player=names[p]) for p, n in enumerate(sc["boat_lost"]) if n]
    boat = msg("moment.boat", lang, lost=msg("list.sep", lang).join(lost)) if lost else msg("moment.boat_empty", lang)
    obelisk = msg("moment.obelisk", lang, before=sc["obelisk_before"], after=sc["obelisk_after"]) if (
        sc["obelisk_after"] != sc["obelisk_before"]) else msg("moment.obelisk_stays", lang, at=sc["obelisk_after"])
    return ("".join(blocks) + f'<p class="moment-total">{esc(totals)}</p>'
            f'<p class="moment-why">{esc(boat)} {esc(obelisk)}</p>')
