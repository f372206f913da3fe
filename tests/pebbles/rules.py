"""The rules of Pebbles (P1–P4) and one position of it, as the engine's protocol wants them.

- P1 Set-up: a pile of 12 pebbles; one, at a depth drawn from the seed, is gold (hidden).
- P2 A round: both players secretly choose to take 1, 2 or 3 (never more than the pile holds).
- P3 Taking: the smaller choice takes first (on equal choices, the round's leader, who alternates);
  each takes from the top; a pebble is 1 point, the gold one 3.
- P4 End: an empty pile ends the game; most points wins, equal points share the win.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from nile.core.actions import Action, ActionError, IllegalActionError, Reason
from nile.core.game import GameState
from nile.core.log import Entry
from nile.core.players import Player, check_seats, players_from_json, players_to_json
from nile.core.rng import Rng

PILE = 12
MAX_TAKE = 3
GOLD_POINTS = 3
COLOURS = ("red", "blue")
CHOOSE, OVER = "choose", "over"


@dataclass(frozen=True)
class Options:
    players: tuple[Player, ...]

    def __post_init__(self) -> None:
        check_seats(self.players, COLOURS, 2, 2)

    @property
    def num_players(self) -> int:
        return len(self.players)

    def to_json(self) -> dict[str, Any]:
        return {"players": players_to_json(self.players)}

    @classmethod
    def from_json(cls, data: Any) -> Options:
        return cls(players_from_json(data.get("players") if isinstance(data, dict) else None, COLOURS, 2, 2))

    @classmethod
    def default(cls, players: int = 2, variants: frozenset[str] = frozenset()) -> Options:
        return cls(tuple(Player(f"Player {i + 1}", COLOURS[i]) for i in range(2)))


def parse(text: str) -> Action:
    words = text.split() if isinstance(text, str) else []
    if len(words) != 2 or words[0] != "take" or words[1] not in ("1", "2", "3"):
        raise ActionError("pebbles.parse", text=repr(str(text)[:30]))
    return Action("take", (words[1],))


def too_many(s: PebblesState, n: int) -> Reason | None:
    """P2: 1 to 3 pebbles, never more than the pile holds."""
    return Reason("pebbles.why.too_many", "P2", {"count": n, "pile": s.pile}) if n > min(MAX_TAKE, s.pile) else None


class PebblesState(GameState):
    GAME = "pebbles"
    RULES_VERSION = 1

    def __init__(self, options: Options, seed: int) -> None:
        self.options, self.seed, self.rng = options, seed, Rng(seed)
        self.num_players = 2
        self.gold_at = self.rng.below(PILE)  # P1: the gold pebble's place in the order pebbles are taken
        self.pile, self.taken, self.scores = PILE, 0, [0, 0]
        self.choices: dict[int, int] = {}
        self.last: dict[int, int] = {}
        self.gold_found: int | None = None
        self.round, self.lead, self.phase = 1, 0, CHOOSE
        self.final: dict[str, Any] | None = None
        self.history: list[tuple[int, Action]] = []
        self.log: list[Entry] = [Entry("pebbles.setup", count=PILE)]
        self._legal: dict[int, tuple[Action, ...]] = {}

    # the protocol
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else tuple(p for p in (0, 1) if p not in self.choices)

    def secret_decision(self) -> bool:
        return self.phase == CHOOSE

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def cost(self, action: Action, player: int | None = None) -> int:
        return 0

    def undo_floor(self) -> int:
        return len(self.history)  # every choice is sealed: nothing to take back

    def _generate(self, player: int) -> list[Action]:
        return [Action("take", (str(n),)) for n in range(1, MAX_TAKE + 1) if too_many(self, n) is None]

    def refusal(self, action: Action, player: int) -> IllegalActionError:
        reason = too_many(self, int(action.args[0])) if action.kind == "take" else None
        why = reason.error() if reason else IllegalActionError("pebbles.why.not_now")
        return IllegalActionError("pebbles.why.refused", text=action.text(), why=why)

    def _play(self, player: int, action: Action) -> None:
        self.history.append((player, action))
        self.choices[player] = int(action.args[0])
        self.log.append(Entry("pebbles.chosen", player=player))
        if len(self.choices) == 2:
            self._take()

    def _take(self) -> None:
        """P3, P4."""
        order = sorted(self.choices, key=lambda p: (self.choices[p], p != self.lead))
        self.log.append(Entry("pebbles.revealed", choices={str(p): self.choices[p] for p in sorted(self.choices)}))
        for p in order:
            n = min(self.choices[p], self.pile)
            points = n + (GOLD_POINTS - 1 if self.taken <= self.gold_at < self.taken + n else 0)
            if points > n:
                self.gold_found = p
                self.log.append(Entry("pebbles.gold", player=p))
            self.taken, self.pile, self.scores[p] = self.taken + n, self.pile - n, self.scores[p] + points
            self.log.append(Entry("pebbles.took", player=p, count=n, points=points))
        self.last, self.choices = dict(self.choices), {}
        if self.pile == 0:
            best = max(self.scores)
            winners = [p for p in (0, 1) if self.scores[p] == best]
            ranking = [{"place": 1 if self.scores[p] == best else 2, "player": p, "points": self.scores[p]}
                       for p in sorted((0, 1), key=lambda p: -self.scores[p])]
            self.final = {"winners": winners, "ranking": ranking, "reason": "empty"}
            self.phase = OVER
            self.log.append(Entry("pebbles.over", winners=winners))
        else:
            self.round, self.lead = self.round + 1, 1 - self.lead

    def view(self, player: int | None) -> dict[str, Any]:
        """What a seat may know: never the gold pebble's depth before it is taken, never the other's choice."""
        return {
            "game": self.GAME, "round": self.round, "phase": self.phase, "to_act": list(self.to_act()),
            "pile": self.pile, "taken": self.taken, "lead": self.lead,
            "players": [{"seat": p, "name": self.options.players[p].name, "colour": self.options.players[p].colour,
                         "score": self.scores[p], "chose": p in self.choices} for p in (0, 1)],
            "mine": self.choices.get(player) if player is not None else None,
            "last": {str(p): n for p, n in self.last.items()},
            "gold": self.gold_found, "log": [e.to_json() for e in self.log], "result": copy.deepcopy(self.final),
            "legal": [a.text() for a in self.legal_actions(player)] if player in self.to_act() else [],
        }

    def clone(self) -> PebblesState:
        new = copy.copy(self)
        new.scores, new.choices, new.last = list(self.scores), dict(self.choices), dict(self.last)
        new.history, new.log, new.final = list(self.history), list(self.log), copy.deepcopy(self.final)
        new.rng, new._legal = self.rng.clone(), {}
        return new


def resample_hidden(state: PebblesState, player: int | None, rng: Rng) -> PebblesState:
    """A copy with what ``player`` cannot know redrawn: the gold pebble's depth (if not found yet) and
    the other seat's sealed choice."""
    s = state.clone()
    if s.gold_found is None:
        s.gold_at = s.taken + rng.below(s.pile)
    for p in list(s.choices):
        if p != player:
            s.choices[p] = 1 + rng.below(min(MAX_TAKE, s.pile))
    s.rng = Rng(rng.next64())
    return s


def violations(s: PebblesState) -> list[str]:
    problems = []
    if s.pile + s.taken != PILE or s.pile < 0:
        problems.append(f"pebbles not all accounted for: {s.pile} + {s.taken}")
    if sum(s.scores) != s.taken + (GOLD_POINTS - 1 if s.gold_found is not None else 0):
        problems.append(f"scores {s.scores} do not add up to the pebbles taken")
    return problems
