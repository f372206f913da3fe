"""Teaching *An den Ufern des Nils*: the coach's tips, the lessons of a guided first game, the rule
behind each log line and refusal, the round summary, and the guided game's set-up.

Everything here is derived from the engine: the coach reads the legal actions of
the player to act and what they cost (``state.cost``) and names the rule each
comes from; a lesson is started by the first log entry of its kind; no list of
clicks is fixed anywhere. Pure: a frame in, words out.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.game import GameState
from ..kit import Frame, Lesson, Tip, summary_card
from ..words import Word, plural, text
from .data import CROPS
from .lesson_pictures import lesson_picture
from .options import Options

#: the rule behind each log entry and refusal (``why.*``) key; keys of one rule share a prefix
RULE_OF_KEY: dict[str, str] = {
    "setup.": "N2", "bid.": "N12", "round.start": "N3", "round.pillar": "N3",
    "tide.switch_now": "N4", "tide.switch_next": "N4", "tide.nothing": "N5", "tide.arrow": "N8",
    "water.placed": "N4", "water.removed": "N5", "field.to_boat": "N4", "desert.flooded": "N4",
    "desert.reshuffled": "N1", "desert.": "N8", "event.revealed": "N8", "rot.": "N8", "hippo.": "N8",
    "auction.": "N11", "turn.": "N6", "action.hoard": "N10", "action.refresh": "N13", "action.": "N6",
    "scoring.done": "N7", "game.over": "N7",
    "why.row_out": "N2", "why.no_desert": "N1", "why.pile_empty": "N4", "why.water_place": "N4", "why.wave": "N4",
    "why.extra_turn_joker": "N11", "why.n10_off": "N10", "why.n13_off": "N13", "why.bid": "N11", "why.rot": "N8",
    "why.card_on_field": "N6", "why.field_full": "N6", "why.own_marker_there": "N6", "why.no_crop": "N6",
    "why.crop_used": "N6", "why.cost": "N6", "why.no_marker_there": "N6", "why.marker_used": "N6",
    "why.already_ripe": "N6", "why.not_ripe": "N6", "why.market_palms": "N6", "why.market_full": "N6",
    "why.crop_rule": "N6", "why.one_joker": "N6", "why.no_ap": "N6", "why.no_joker": "N6",
    # a tap the step does not offer (issue 53): the rule of the step it belongs to, one tap away
    "why.tap.crop_first": "N6", "why.tap.fruit_first": "N6", "why.tap.sow_on_field": "N6", "why.tap.market_next": "N6",
    "why.tap.no_market": "N6", "why.tap.cannot_harvest": "N6", "why.tap.fruit_used": "N6", "why.tap.ebb_outermost": "N5",
    "why.tap.rot_buttons": "N8", "why.tap.pile_in_use": "N4", "why.tap.pile_fits_nowhere": "N4",
}

#: the first time one of these log entries appears in a guided game, its lesson is shown
LESSON_TRIGGERS: dict[str, str] = {
    "setup.board": "welcome", "water.placed": "flood", "field.to_boat": "boat", "turn.start": "actions",
    "action.grow": "grow", "action.harvest": "harvest", "desert.flooded": "joker", "water.removed": "ebb",
    "rot.applied": "rot", "rot.nothing": "rot", "desert.placed": "desert", "scoring.done": "scoring",
    "game.over": "end",
}
LESSON_RULES = {"welcome": "N2", "flood": "N4", "boat": "N7", "actions": "N6", "grow": "N6", "harvest": "N6",
                "joker": "N6", "ebb": "N5", "rot": "N8", "desert": "N8", "scoring": "N7", "end": "N7"}

#: the guided first game (tools/tutorial_seed.py chose it: flood, harvests, an ebb with its events and a
#: scoring come early when the learner plays sensibly against the easy computer player)
TUTORIAL_SEED = 176


@functools.lru_cache(maxsize=512)
def rule_of(key: str) -> str | None:
    """The rule id behind a log or refusal key (the longest matching prefix in ``RULE_OF_KEY``); kept per key (the
    log's lines are ruled at every redraw, and the search of every prefix was a fifth of a game screen's Python)."""
    best = max((p for p in RULE_OF_KEY if key == p or (p.endswith(".") and key.startswith(p))), key=len, default=None)
    return RULE_OF_KEY[best] if best is not None else None


def log_rule(log: Sequence[Mapping[str, Any]], index: int) -> str | None:
    """The rule behind a log entry: a sealed bid's lines (``bid.*``) belong to the bidding they are part of —
    the hippo auction (N11) or the start-player bid (N12), which the bidding's opening line names."""
    key = str(log[index].get("key", ""))
    if key.startswith("bid."):
        for entry in reversed(log[: index + 1]):
            if entry.get("key") == "bid.open":
                return "N11" if entry.get("params", {}).get("reason") == "auction" else "N12"
    return rule_of(key)


@functools.lru_cache(maxsize=64)
def lesson(lesson_id: str, lang: str) -> Lesson:
    """A lesson of the guided game, with its own picture (``nile.banks.lesson_pictures``: no two lessons share one)."""
    return Lesson(text(f"lesson.{lesson_id}.title", lang), text(f"lesson.{lesson_id}", lang), LESSON_RULES.get(lesson_id, ""),
                  lesson_picture(lesson_id, lang))


def tutorial(players: Sequence[Any]) -> tuple[Options, int]:
    """A learner (seat 1, the start player) and an easy computer player, base game, no variants."""
    return Options(players=tuple(players), variants=frozenset(), start=0), TUTORIAL_SEED


def round_summary(lang: str) -> str:
    """A round on one screen (after the printed round summary card): the four phases and the events."""
    return summary_card("summary.", (("tide", "N4 N5"), ("actions", "N6"), ("pillar", "N3"), ("scoring", "N7"),
                                     ("events", "N8")), lang)


# ---------------------------------------------------------------------- the coach
def coach(frame: Frame) -> list[Tip]:
    """What the player to act can do now, each with why, its rule and where on the board."""
    s, view, lang = frame.state, frame.view, frame.lang
    actor = s.current_player()
    if actor is None:
        return []
    legal = s.legal_actions(actor)
    phase = view["phase"]
    if phase == "boat":
        left = 2 - sum(1 for m in view["boat"] if m["player"] == actor) % 2
        return [Tip(plural("coach.boat", left, lang), "N2", _keys("supply:", (a.args[0] for a in legal)))]
    if phase in ("setup_water", "tide") and any(a.kind == "water" for a in legal):
        key = "coach.setup_water" if phase == "setup_water" else "coach.flood"
        return [Tip(text(key, lang), "N4", tuple(frame.interaction.targets))]
    if phase == "tide":
        return [Tip(text("coach.ebb", lang), "N5", tuple(frame.interaction.targets))]
    if phase == "setup_sow":
        return [Tip(text("coach.setup_sow", lang), "N2", tuple(frame.interaction.targets))]
    if phase == "rot":
        return [Tip(plural("coach.rot", int(view["rot_palms"] or 0), lang), "N8")]
    if phase in ("actions", "extra_turn"):
        return _turn_tips(s, frame, legal, actor)
    return []


def _keys(prefix: str, names: Any) -> tuple[str, ...]:
    return tuple(dict.fromkeys(prefix + n for n in names))


def _turn_tips(s: GameState, frame: Frame, legal: Sequence[Any], actor: int) -> list[Tip]:
    lang, sel = frame.lang, frame.selection
    by_kind: dict[str, list[Any]] = {}
    for a in legal:
        kind = "buy_joker" if a.kind == "buy" and a.args[0] == "joker" else a.kind
        by_kind.setdefault(kind, []).append(a)
    tips = []
    if sel.get("kind") == "supply":  # a crop chosen: where it can be sown
        fields = [a.args[1] for a in by_kind.get("sow", []) if a.args[0] == sel["crop"]]
        return [Tip(plural("coach.sow_where", len(fields), lang, crop=Word("crop." + sel["crop"])), "N6",
                    _keys("field:", fields))]
    if sel.get("kind") == "fruit":  # a marker chosen: grow it here, or the rows its fruit can go to
        markets = [a.args[1] for a in by_kind.get("harvest", []) if a.args[0] == sel["field"]]
        if markets:
            return [Tip(plural("coach.harvest_where", len(markets), lang, field=sel["field"]), "N6", _keys("market:", markets))]
        return [Tip(text("coach.grow_here", lang, field=sel["field"]), "N6", (f"field:{sel['field']}",))]
    ap = int(frame.view.get("ap") or 0)
    if ap:  # with none left, the tip to end the turn (below) says so
        tips.append(Tip(plural("coach.ap", ap, lang), "N6"))
    if "harvest" in by_kind:
        fields = sorted({a.args[0] for a in by_kind["harvest"]})
        tips.append(Tip(plural("coach.harvest", len(fields), lang), "N6", _keys("field:", fields)))
    if "grow" in by_kind:
        fields = [a.args[0] for a in by_kind["grow"]]
        tips.append(Tip(plural("coach.grow", len(fields), lang), "N6", _keys("field:", fields)))
    if "sow" in by_kind:
        crops = sorted({a.args[0] for a in by_kind["sow"]}, key=CROPS.index)
        cheapest = min(s.cost(a) for a in by_kind["sow"])
        tips.append(Tip(plural("coach.sow", cheapest, lang), "N6", _keys("supply:", crops)))
    if "buy" in by_kind:
        tips.append(Tip(text("coach.buy", lang), "N6", _keys(f"boat:{actor}:", (a.args[0] for a in by_kind["buy"]))))
    if "hoard" in by_kind:
        keys = tuple(dict.fromkeys(f"boat:{int(a.args[0][1:]) - 1}:{a.args[1]}" for a in by_kind["hoard"]))
        tips.append(Tip(text("coach.hoard", lang), "N10", keys))
    if "refresh" in by_kind:
        tips.append(Tip(text("coach.refresh", lang), "N13", _keys("stall:", (f"{a.args[0]}:{a.args[1]}" for a in by_kind["refresh"]))))
    if "buy_joker" in by_kind:
        tips.append(Tip(text("coach.buy_joker", lang), "N6"))
    if "joker" in by_kind:
        tips.append(Tip(text("coach.joker", lang), "N6"))
    if "end" in by_kind:
        tips.append(Tip(text("coach.end" if ap else "coach.end_now", lang), "N6"))
    return tips
