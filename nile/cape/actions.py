"""The action grammar of *Vom Kap bis Kairo*: four kinds, each a word and at most one argument.

    bid 35      a secret bid of 35 Pond (K3), 0 up to the bidder's money
    take R4     the chooser takes card R4 from the cards on offer (K3)
    build 2     cross the next landscape using 2 bonus rails; any rails still missing
                are bought at 10 Pond each (K4) — implied, never chosen
    pass        the left neighbour takes a turn (K4)

``parse`` checks the syntax only (``ActionError`` for malformed text); whether an
action is legal now is the state's business. ``parse(a.text()) == a``.
"""

from __future__ import annotations

from ..core.actions import Action, ActionError
from .data import CARD_INDEX

KINDS = ("bid", "take", "build", "pass")
MAX_NUMBER_DIGITS = 6


def bid(amount: int) -> Action:
    return Action("bid", (str(amount),))


def take(card_id: str) -> Action:
    return Action("take", (card_id,))


def build(bonus: int) -> Action:
    return Action("build", (str(bonus),))


PASS = Action("pass")


def _number(word: str, kind: str) -> str:
    if not (word.isascii() and word.isdigit()) or len(word) > MAX_NUMBER_DIGITS or (len(word) > 1 and word[0] == "0"):
        raise ActionError("cape.parse.number", kind=kind, word=repr(word[:20]))
    return word


def parse(text: str) -> Action:
    if not isinstance(text, str):
        raise ActionError("parse.not_text")
    words = text.split()
    if not words:
        raise ActionError("cape.parse.empty", kinds=", ".join(KINDS))
    kind, args = words[0], words[1:]
    if kind not in KINDS:
        raise ActionError("cape.parse.unknown", kind=repr(kind[:20]), kinds=", ".join(KINDS))
    if kind == "pass":
        if args:
            raise ActionError("cape.parse.pass_args")
        return PASS
    if len(args) != 1:
        raise ActionError("cape.parse.one_arg", kind=kind)
    if kind == "take":
        if args[0] not in CARD_INDEX:
            raise ActionError("cape.parse.card", card=repr(args[0][:20]))
        return take(args[0])
    return Action(kind, (_number(args[0], kind),))
