"""Actions: small frozen values with a stable text form, and the errors for bad ones.

An action is a kind plus text arguments, e.g. ``Action("sow", ("flax", "W4-2"))``
whose text is ``sow flax W4-2`` (like python-chess's ``Move.uci()``). Each game
defines its grammar (which kinds, which arguments) and parses text with it; the
text form round-trips: ``parse(a.text()) == a``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from .explained import Explained


class ActionError(Explained):
    """The text is not an action of this game at all (malformed): ``ActionError(key, **params)`` with a
    ``parse.*`` catalog key. A player meets one in a damaged save ("action 6 of 12 cannot be
    replayed: …"), so it is said in their language like every other error."""


class IllegalActionError(Explained):
    """A well-formed action that the rules do not allow now; the state is unchanged.

    Raised as ``IllegalActionError(key, **params)`` with a ``why.*`` catalog key; a reason
    made from a ``Reason`` carries the rule's id as the parameter ``rule``.
    """


class Reason(NamedTuple):
    """A rule an action breaks: its sentence's catalog key, the rule id, the sentence's parameters.

    A game's rule checks return one (or None when the rule holds), and the same checks both
    generate the legal actions and explain a refusal, so the two cannot disagree. (A tuple:
    move generation makes many, and a reason without parameters is one shared constant.)"""

    key: str
    rule: str
    params: Mapping[str, Any] = MappingProxyType({})

    def error(self) -> IllegalActionError:
        return IllegalActionError(self.key, rule=self.rule, **self.params)


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    args: tuple[str, ...] = ()

    def text(self) -> str:
        return " ".join((self.kind, *self.args))

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Action({self.kind!r}, {self.args!r})"


def player_token(player: int) -> str:
    """Seat 0 is written ``p1`` in every text the player or a save file sees."""
    return f"p{player + 1}"


def parse_player_token(token: str, players: int) -> int:
    if len(token) >= 2 and token[0] == "p" and token[1:].isdigit():
        seat = int(token[1:]) - 1
        if 0 <= seat < players:
            return seat
    raise ActionError("parse.player", token=repr(token[:20]), players=players)
