"""Teaching *Vom Kap bis Kairo*: the coach's tips, the lessons of a guided first game, the rule behind
each log line and refusal, the round summary, and the guided game's set-up.

Derived from the engine: the coach reads the legal actions of the player to act
and what each costs (``state.cost``, in Pond) and names the rule; a lesson is
started by the first log entry of its kind. Pure: a frame in, words out.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from ..kit import Frame, Lesson, Tip, summary_card
from ..words import Word, plural, text
from .data import RAIL_PRICE
from .lesson_pictures import lesson_picture
from .options import Options

RULE_OF_KEY: dict[str, str] = {
    "cape.setup": "K2", "cape.reshuffle": "K4", "cape.auction.": "K3", "cape.bid.": "K3", "cape.tie.": "K3",
    "cape.order": "K3", "cape.take": "K3", "cape.build.phase": "K4", "cape.turn.": "K4", "cape.pass": "K4",
    "cape.build": "K4", "cape.bonus": "K4", "cape.over": "K5",
    "cape.why.bid_too_high": "K3", "cape.why.not_on_offer": "K3", "cape.why.already_bid": "K3",
    "cape.why.route_empty": "K4", "cape.why.bonus_held": "K4", "cape.why.bonus_waste": "K4", "cape.why.too_poor": "K4",
    "cape.why.game_over": "K5", "cape.why.tap.choose": "K3", "cape.why.tap.build": "K4",
}

#: the first time one of these log entries appears in a guided game, its lesson comes (one at a time:
#: ``nile.web.teaching``). The first lesson is the goal and the auction's simple rule, which the newcomer
#: needs for their first bid; how a tie is broken waits for the first tie.
LESSON_TRIGGERS: dict[str, str] = {
    "cape.setup": "welcome", "cape.bid.revealed": "bids", "cape.tie.money": "ties", "cape.tie.draw": "ties",
    "cape.tie.random": "ties", "cape.take": "route", "cape.build.phase": "building", "cape.build": "crossing",
    "cape.bonus": "bonus", "cape.reshuffle": "reshuffle", "cape.over": "end",
}
LESSON_RULES = {"welcome": "K3", "bids": "K3", "ties": "K3", "route": "K3", "building": "K4", "crossing": "K4",
                "bonus": "K4", "reshuffle": "K4", "end": "K5"}

#: the guided first game (tools/tutorial_seed.py --game cape --seeds 2000 --draws 8 --learner newcomer chose
#: it): a newcomer who bids little and builds when the coach says they can crosses first, buying rails, unless
#: the easy computer player bids only 10-11 % of its money (then it can buy its way across at once; no seed
#: among the first 2,000 does better: tests/web/test_teach.py); the computer player then stands before a river
#: and gets a bonus rail
TUTORIAL_SEED = 1064


def log_rule(log: Sequence[Mapping[str, Any]], index: int) -> str | None:
    """The rule behind a log entry: its key's (no Kap entry depends on the ones before it)."""
    return rule_of(str(log[index].get("key", "")))


def rule_of(key: str) -> str | None:
    """The rule id behind a log or refusal key (the longest matching prefix in ``RULE_OF_KEY``)."""
    best = max((p for p in RULE_OF_KEY if key == p or (p.endswith(".") and key.startswith(p))), key=len, default=None)
    return RULE_OF_KEY[best] if best is not None else None


@functools.lru_cache(maxsize=64)
def lesson(lesson_id: str, lang: str) -> Lesson:
    """A lesson of the guided game, with its own picture (``nile.cape.lesson_pictures``)."""
    return Lesson(text(f"cape.lesson.{lesson_id}.title", lang), text(f"cape.lesson.{lesson_id}", lang),
                  LESSON_RULES.get(lesson_id, ""), lesson_picture(lesson_id, lang))


def tutorial(players: Sequence[Any]) -> tuple[Options, int]:
    """A learner and an easy computer player."""
    return Options(players=tuple(players)), TUTORIAL_SEED


def round_summary(lang: str) -> str:
    """A round on one screen: the auction, building, the river's bonus rails, the end."""
    return summary_card("cape.summary.", (("auction", "K3"), ("building", "K4"), ("river", "K4"), ("end", "K5")), lang)


def coach(frame: Frame) -> list[Tip]:
    """What the player to act can do now (choose a card; build or pass), why, and its rule. A build is said as
    its button says it: the cheapest one, with the bonus rails it uses and the rails it buys (K4); when none is
    possible, the action panel says the engine's reason beside Pass."""
    s, view, lang = frame.state, frame.view, frame.lang
    actor = s.current_player()
    if actor is None:
        return []
    legal = s.legal_actions(actor)
    if view["phase"] == "choose":
        return [Tip(text("cape.coach.choose", lang), "K3", tuple(f"card:{a.args[0]}" for a in legal if a.kind == "take"))]
    if view["phase"] != "build":
        return []
    tips = []
    builds = [a for a in legal if a.kind == "build"]
    if view.get("build") and builds:
        cheapest = min(builds, key=lambda a: (s.cost(a), -int(a.args[0])))
        cost, bonus = s.cost(cheapest), int(cheapest.args[0])
        buy = cost // RAIL_PRICE
        land = Word("cape.landscape." + view["players"][actor]["route"][0]["landscape"])
        if not buy and not bonus:
            tips.append(Tip(text("cape.coach.build_free", lang, landscape=land), "K4"))
        elif not buy:
            tips.append(Tip(plural("cape.coach.build_bonus", bonus, lang, landscape=land), "K4"))
        elif not bonus:
            key = "cape.coach.build_buy_one" if buy == 1 else "cape.coach.build_buy"  # "the missing rail", not "the 1 missing rail"
            tips.append(Tip(plural(key, buy, lang, cost=cost, landscape=land), "K4"))
        else:
            tips.append(Tip(plural("cape.coach.build_bonus_buy", buy, lang, cost=cost, landscape=land,
                                   bonus=plural("cape.n.bonus_rails", bonus, lang), buy=plural("cape.n.rails", buy, lang)),
                            "K4"))
    if any(a.kind == "pass" for a in legal):
        tips.append(Tip(text("cape.coach.pass", lang), "K4"))
    return tips
