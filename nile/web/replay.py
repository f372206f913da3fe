"""Stepping through a game as a spectator saw it (issue 9, "Replay"): by action, by round, to the
start or to now. Any game works: positions are the engine's own, rebuilt from the game's options,
seed and history, and drawn from ``view(None)``, so no hidden card or sealed bid shows early."""

from __future__ import annotations

from ..core.game import GameState
from ..games import spec_of


class Replay:
    """The open game after ``at`` of its actions; ``step`` moves, ``state()`` is that position."""

    def __init__(self, live: GameState) -> None:
        self.live = live
        self.at = len(live.history)
        self.round_starts, self._log_at = marks(live)
        self._shown: GameState | None = None

    @property
    def total(self) -> int:
        return len(self.live.history)

    def step(self, value: str) -> None:
        """``-1``/``+1`` one action; ``round-``/``round+`` to the start of the previous/next round;
        ``start``/``end``; or a number: that many actions from the start."""
        n, at = self.total, self.at
        if value in ("-1", "+1"):
            at += int(value)
        elif value == "start":
            at = 0
        elif value == "end":
            at = n
        elif value == "round-":
            at = max((i for i in self.round_starts if i < at), default=0)
        elif value == "round+":
            at = min((i for i in self.round_starts if i > at), default=n)
        elif value.isdigit():
            at = int(value)
        self.at = max(0, min(n, at))

    def log_at(self, actions: int) -> int:
        """How long the log was after this many actions (what a step added comes after)."""
        return self._log_at[max(0, min(actions, len(self._log_at) - 1))]

    def state(self) -> GameState:
        """The position after ``at`` actions (moving on from the last one shown when stepping forward)."""
        r = self._shown
        if r is None or len(r.history) > self.at:
            r = spec_of(self.live.GAME).new_state(self.live.options, self.live.seed)
        for player, action in self.live.history[len(r.history):self.at]:
            r.apply(action, player)
        self._shown = r
        return r


def marks(state: GameState) -> tuple[list[int], list[int]]:
    """By replaying the game once: how many actions into it each round began (the round steps), and
    the log's length after each number of actions (what each step said)."""
    replay = spec_of(state.GAME).new_state(state.options, state.seed)
    starts, last, log_at = [], replay.round, [len(replay.log)]
    for i, (player, action) in enumerate(state.history):
        replay.apply(action, player)
        log_at.append(len(replay.log))
        if replay.round != last:
            starts.append(i + 1)
            last = replay.round
    return starts, log_at
