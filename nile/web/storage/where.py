"""What the saved-games list shows of a game, in no language: its title and where it stands.

The page words these in the player's language, so the index keeps facts, not sentences. Rules kept:

- where a game stands is the round, and who is to play (several at once: a secret decision) or who won,
  by the names its players had (``where_of``); an entry an older release wrote has none (it has a
  ``summary`` in words instead);
- a stored ``where`` or title is checked when read (the index is ours, but storage can be edited by hand):
  a title is cut to ``MAX_TITLE`` characters, a ``where`` of the wrong shape is None, at most 8 names.
"""

from __future__ import annotations

from typing import Any

from ...core.game import GameState

MAX_TITLE = 80


def where_of(state: GameState) -> dict[str, Any]:
    """Where a game stands, for the saved-games list, in no language (the page words it in the
    player's): the round, and who is to play (several at once: a secret decision) or who won."""
    names = [str(p.get("name", "")) for p in state.options_json()["players"]]
    seats = state.final["winners"] if state.is_terminal() and state.final else state.to_act()
    who = [names[p] for p in seats if 0 <= p < len(names)]
    return {"round": state.round, "winners" if state.is_terminal() else "to_play": who}


def where_from_json(data: Any) -> dict[str, Any] | None:
    """A stored ``where``, checked (the index is ours, but storage can be edited by hand)."""
    if not isinstance(data, dict) or not isinstance(data.get("round"), int):
        return None
    key = "winners" if "winners" in data else "to_play"
    who = data.get(key)
    if not isinstance(who, list) or not all(isinstance(n, str) for n in who):
        return None
    return {"round": data["round"], key: [n[:MAX_TITLE] for n in who][:8]}


def title_of(item: Any) -> str:
    """The title an entry (of the index, the bin or a backup) gives, checked: "" when it has none."""
    title = item.get("title") if isinstance(item, dict) else None
    return title[:MAX_TITLE] if isinstance(title, str) else ""
