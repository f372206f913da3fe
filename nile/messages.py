"""The message catalog: every sentence a player reads, by key, per language.

The engine's log holds only keys and parameters (``nile.core.log``); this module
turns them into words. Parameters that name players hold seat numbers and are
replaced by the players' names here; names are inserted as plain text (the web
front-end escapes all text it shows). Adding a language = adding a dict with
the same keys; a missing key falls back to English, then to the key itself.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

EN: dict[str, str] = {
    # set-up (N2, N12)
    "setup.board": "A game for {count} players; rows out of play: {rows_out}.",
    "setup.desert": "Desert cards lie on {fields}.",
    "setup.start_random": "{player} is the start player, drawn at random.",
    "setup.start_chosen": "{player} is the start player.",
    "setup.boat": "{player} puts {crop} on the boat.",
    "setup.sow": "{player} places {crop} on {field} as a {side} fruit.",
    "setup.skip": "{player} cannot act in this set-up step and is skipped.",
    "bid.open": "Secret bids: {players}.",
    "bid.empty_supply": "{player} has no markers in supply and bids nothing.",
    "bid.made": "{player} has made a secret bid.",
    "bid.revealed": "Bids revealed: {bids}. All bid markers go to the boat.",
    "bid.tie_rebid": "Tie between {players}: they bid again.",
    "bid.tie_draw": "Still tied between {players}: the draw picks {player}.",
    "bid.start_player": "{player} is the start player.",
    # rounds and the tide (N3-N5, N8)
    "round.start": "Round {round}: {player} is the start player; the tide is at {tide}.",
    "round.pillar": "The start pillar passes to {player}.",
    "tide.switch_now": "{player} cannot do the tide's phase: the marker moves to {tide} and they do that at once.",
    "tide.switch_next": "Only one card this phase: the tide marker moves to {tide} for the next start player.",
    "tide.nothing": "{player} can neither flood nor ebb: phase 1 ends.",
    "tide.arrow": "Arrow: the tide marker moves to {tide}.",
    "water.placed": "{player} places a water card from pile {pile} on {field}.",
    "water.removed": "{player} removes the water card from {field}.",
    "field.to_boat": "{cause} on {field}: {markers} washed to the boat.",
    "desert.flooded": "The desert card on {field} is flooded; {player} keeps it as a joker.",
    "desert.placed": "Desert: a desert card is placed on {field}.",
    "desert.blocked": "Desert: the next field of row {row} holds water; nothing happens.",
    "desert.no_card": "Desert: no desert card is left; nothing happens.",
    "desert.reshuffled": "The desert discard pile is shuffled into a new draw pile ({cards} cards).",
    "event.revealed": "The {source} card shows {event}{arrow} (row {row}).",
    "rot.applied": "Rot ({palms} palms): {player} chooses {market}: {fruits}.",
    "rot.nothing": "Rot ({palms} palms): no fruit in reach can rot.",
    "hippo.nothing": "Hippo: no effect.",
    "auction.revealed": "Hippo auction bids: {bids}; totals with the boat: {totals}.",
    "auction.no_winner": "The auction is tied: nobody wins.",
    "auction.won": "{player} wins the auction, puts {markers} marker(s) on the boat and takes an extra turn.",
    # actions (N6, N10, N13)
    "turn.start": "{player}'s turn.",
    "turn.end": "{player} ends the turn.",
    "action.sow": "{player} sows {crop} on {field} ({ap} AP).",
    "action.grow": "{player} grows {crop} on {field} ({ap} AP).",
    "action.harvest": "{player} harvests {crop} from {field} to {market}, stall {stall} ({ap} AP).",
    "action.buy": "{player} buys {crop} back from the boat (1 AP).",
    "action.buy_joker": "{player} buys a joker (1 AP).",
    "action.hoard": "{player} takes {owner}'s {crop} off the boat (2 AP).",
    "action.joker": "{player} discards a joker for 1 AP.",
    "action.refresh": "{player} discards a joker: {owner}'s {crop} on {market} stall {stall} is ripe again.",
    # scoring and the end (N7)
    "scoring.done": "Scoring of {markets}: {points}. Markers lost from the boat: {lost}. The obelisk stands on {obelisk}.",
    "game.over": "Game over ({reason}): {winners} {verb}.",
    # words used inside messages
    "word.flood": "Flood",
    "word.desert": "Desert",
    "word.nothing": "nothing",
    "word.none": "none",
    "word.water": "water",
    "word.arrow": " with an arrow",
    "word.wins": "wins",
    "word.share": "share the win",
    "event.rot1": "rot (1 palm)",
    "event.rot2": "rot (2 palms)",
    "event.rot3": "rot (3 palms)",
    "event.rot4": "rot (4 palms)",
    "event.desert": "desert",
    "event.hippo": "a hippo",
    "tide.flood": "Flood",
    "tide.ebb1": "Ebb 1",
    "tide.ebb2": "Ebb 2",
    "reason.obelisk": "a pawn reached the obelisk",
    "reason.no_markers": "every marker has left the game",
    "reason.idle": "three rounds without any activity",
    "tie_break.score": "highest score",
    "tie_break.lost_markers": "tie on points, broken by fewest markers lost",
    "tie_break.shared": "tie on points and on markers lost: a shared win",
    "crop.flax": "flax",
    "crop.grain": "grain",
    "crop.grapes": "grapes",
    "crop.onion": "onion",
    "crop.aubergine": "aubergine",
    "condition.ripe": "ripe",
    "condition.spoiled": "spoiled",
    "condition.rotten": "rotten",
    "side.seed": "seed",
    "side.ripe": "ripe",
    "phase.start_bid": "Everyone bids secretly for the start player (N12).",
    "phase.boat": "Put two markers on the boat (N2.6).",
    "phase.setup_water": "Place one water card (N2.7).",
    "phase.setup_sow": "Place one seed and one ripe fruit (N2.8).",
    "phase.tide": "The start player floods or ebbs (N4, N5).",
    "phase.rot": "Choose which fruits rot (N8).",
    "phase.auction": "Hippo auction: bid markers secretly (N11).",
    "phase.extra_turn": "Extra turn of the auction winner (N11).",
    "phase.actions": "Actions (N6).",
    "phase.over": "The game is over.",
}

CATALOGS: dict[str, dict[str, str]] = {"en": EN}


def text(key: str, lang: str = "en", **params: Any) -> str:
    """The sentence for ``key`` in ``lang`` (English if missing), filled with ``params``."""
    template = CATALOGS.get(lang, EN).get(key) or EN.get(key) or key
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _word(lang: str, prefix: str, value: Any) -> str:
    return text(f"{prefix}.{value}", lang) if isinstance(value, str) else str(value)


def describe(entry: Mapping[str, Any], names: Sequence[str], lang: str = "en") -> str:
    """One log entry (``{"key", "params"}``) in words."""
    key = entry.get("key", "")
    params = dict(entry.get("params", {}))
    w: Callable[[str, Any], str] = lambda prefix, v: _word(lang, prefix, v)  # noqa: E731
    out: dict[str, Any] = {}
    for k, v in params.items():
        if k in ("player", "owner"):
            out[k] = _name(names, v)
        elif k in ("players", "winners"):
            out[k] = ", ".join(_name(names, p) for p in v)
        elif k == "crop":
            out[k] = w("crop", v)
        elif k == "side":
            out[k] = w("side", v)
        elif k == "tide":
            out[k] = w("tide", v)
        elif k == "event":
            out[k] = w("event", v)
        elif k == "reason":
            out[k] = w("reason", v)
        elif k == "cause":
            out[k] = w("word", v)
        elif k == "source":
            out[k] = w("word", v)
        elif k == "arrow":
            out[k] = text("word.arrow", lang) if v else ""
        elif k in ("rows_out", "fields", "markets"):
            out[k] = ", ".join(v) or text("word.none", lang)
        elif k == "markers" and isinstance(v, list):
            out[k] = ", ".join(f"{_name(names, o)}'s {w('crop', c)}" for o, c in v)
        elif k in ("bids",):
            out[k] = "; ".join(
                f"{_name(names, int(p))}: {', '.join(w('crop', c) for c in b) or text('word.nothing', lang)}"
                for p, b in v.items()
            )
        elif k in ("totals",):
            out[k] = ", ".join(f"{_name(names, int(p))} {t}" for p, t in v.items())
        elif k in ("points", "lost"):
            out[k] = ", ".join(f"{_name(names, p)} {n}" for p, n in enumerate(v))
        elif k == "fruits":
            out[k] = ", ".join(
                f"stall {s} ({_name(names, o)}'s {w('crop', c)} → {w('condition', cond)})" for s, o, c, cond in v
            ) or text("word.nothing", lang)
        else:
            out[k] = v
    if key == "game.over":
        out["verb"] = text("word.share" if len(params.get("winners", [])) > 1 else "word.wins", lang)
    if key == "field.to_boat":
        out["cause"] = text("word.flood" if params.get("cause") == "flood" else "word.desert", lang)
    return text(key, lang, **out)
