"""What changed since a person's own last move (issue 21, "Motion that tells what happened").

When a person's turn comes after other players' (or bots') moves, the board marks what those moves
changed (static/motion.js) and one short summary says them: "Since your turn (2 moves): Flood on
W3 …; Amun harvests grain to M2." Both are worked out here from the history and the log, for any
game (nothing here names one):

- ``mark_window`` — the moves whose changes the board marks: after the last one of the person to act,
  or only the last move (the person's own, a bot's while nobody waits, a spectator's game);
- ``since_entries`` — the log entries since the person's own last move (the controller keeps where
  the log stood after it) that the game lists as moves worth saying (``GameUI.since_keys``), said by
  ``summary`` in the log's own sentences under one plural-aware heading. Only the log of the view the screen draws is read, so a summary says nothing the
  person may not know (N9, K6): the log holds public facts only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.game import GameState
from ..kit import esc
from ..messages import describe, plural

#: the moves a summary shows (the latest); the earlier ones are folded under them, a key away (the heading counts
#: them all)
SINCE_LINES = 5


def waiting_person(state: GameState, kinds: Sequence[str]) -> int | None:
    """The one person whose move is due now (None: a bot's, several at once, or the game is over)."""
    if state.is_terminal():
        return None
    people = [p for p in state.to_act() if not kinds[p]]
    return people[0] if len(people) == 1 and len(state.to_act()) == 1 else None


def mark_window(state: GameState, kinds: Sequence[str]) -> tuple[int, int]:
    """(step, since): the game has had ``step`` moves; the board marks the changes of moves
    ``since + 1 … step`` (counted from 1). When a person's turn comes after others' moves, that is
    every move since the person's own last one; otherwise the last move only."""
    step = len(state.history)
    person = waiting_person(state, kinds)
    if person is None or not step or state.history[-1][0] == person:
        return step, max(0, step - 1)
    own = [i for i, (p, _) in enumerate(state.history) if p == person]
    return step, (own[-1] + 1 if own else 0)


def since_entries(log: Sequence[dict[str, Any]], person: int, start: int, keys: frozenset[str]) -> list[dict[str, Any]]:
    """The log entries from ``start`` (where the log stood after ``person``'s own last move) that the
    game says as moves (``keys``), of other players (or of nobody: a flood washing markers away)."""
    return [e for e in log[start:] if e["key"] in keys and e.get("params", {}).get("player") != person]


def own_last_moves(log: Sequence[dict[str, Any]], people: Sequence[int], keys: frozenset[str]) -> dict[int, int]:
    """Where the log stood after each person's own last move (the entry after their last move of ``keys``; the
    game's start for one who has not moved yet), read from the log alone: a game opened again (a reload) says
    "since your turn" as it did before."""
    found: dict[int, int] = {}
    for i in range(len(log) - 1, -1, -1):
        entry = log[i]
        player = entry.get("params", {}).get("player")
        if entry["key"] in keys and player in people and player not in found:
            found[player] = i + 1
            if len(found) == len(people):
                break
    return {p: found.get(p, 0) for p in people}


def summary(entries: Sequence[dict[str, Any]], names: Sequence[str], lang: str) -> str:
    """The summary line: a heading counting the moves, then every one of them in the log's words, the latest
    ``SINCE_LINES`` shown and the earlier ones folded above them ("23 earlier moves", a ``<details>`` the
    keyboard opens: they were cut, and a person who cannot see the board never heard them — issue 43)."""
    if not entries:
        return ""
    shown = entries[-SINCE_LINES:]
    earlier = entries[:-SINCE_LINES]
    items = "".join(f"<li>{esc(describe(e, names, lang))}</li>" for e in shown)
    folded = ""
    if earlier:
        lines = "".join(f"<li>{esc(describe(e, names, lang))}</li>" for e in earlier)
        folded = (f'<details class="more"><summary>{esc(plural("since.more", len(earlier), lang))}</summary>'
                  f'<ul>{lines}</ul></details>')
    title = plural("since.title", len(entries), lang)
    # (not a live region: a screen reader heard each move as it came, from the herald: nile/web/rooms/herald.py)
    return (f'<section class="since" aria-label="{esc(title)}">'
            f'<h3>{esc(title)}</h3>{folded}<ul>{items}</ul></section>')


def since_line(state: GameState, view: dict[str, Any], kinds: Sequence[str], since_log: dict[int, int],
               news_from: int, keys: tuple[frozenset[str], frozenset[str]], names: Sequence[str], lang: str) -> str:
    """The summary at a person's turn of the moves since their own last one (``since_log``: where the log
    stood after it; else ``news_from``, where it stood when the game was opened or a move taken back).
    ``keys``: the game's moves and its routine events — a crossing or another routine event is said by
    the news line beside it, not twice. "" when nobody waits or nothing moved."""
    person = waiting_person(state, kinds)
    if person is None or state.secret_decision():
        return ""
    moves, news = keys
    entries = [e for e in since_entries(view["log"], person, since_log.get(person, news_from), moves) if e["key"] not in news]
    return summary(entries, names, lang)
