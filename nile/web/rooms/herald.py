"""The herald: what a screen reader says of the open game, each change once (issue 43, "every change heard").

A sighted player sees a move happen; a player who cannot see hears it. The herald keeps where the game's
log stood when it last spoke (``heard``) and, each time the page redraws, hands the page the sentences
of what came since (``take``): every new log line, in the log's own words and the player's language — the
person's own move and what it brought (a flood washing flax to the boat), the computer players' moves, a
scoring, the sealed bids opened, the game's end and its winner. The page appends them to one persistent
live region outside the redrawn screen (``#say``, nile/web/app/voice.py), the pattern screen readers follow
reliably. Beside the log it says what was asked by key (``ask_standing``: where the game stands), a move
taken back in the log's own words ("Undone: Anna sows flax on W4-2.", the public log's line of that move, never
the engine's action text), and the coach at work (thinking, its hints, why it could not answer).

Only the log of the view the board draws is read (``view_once``): the log holds public facts only, so the
herald says nothing the person may not know (N9, K6). A game that starts says its first lines (the board laid
out, who starts: issue 53, they went unsaid); opening a game played on says nothing of its past (its "Since
your turn" line and the log are there to be read); a replay speaks through its own step line.
"""

from __future__ import annotations

from ...core.game import GameState
from ...kit.intents import Intent
from ...kit.memo import view_once
from ...messages import describe
from ...messages import text as msg
from ..core import GAME, Core, Handler, Room
from .coach import Coach
from .replayer import Replayer


class Herald(Room):
    def __init__(self, core: Core, replayer: Replayer, coach: Coach) -> None:
        super().__init__(core)
        self.replayer, self.coach = replayer, coach
        #: how many of the open game's log lines have been said (or were there when it was opened)
        self.heard = 0
        #: sentences asked for, said at the next redraw (where the game stands; a move taken back)
        self.asked: list[str] = []
        #: the coach's state last said: the hint asked, the hints shown, why it could not answer
        self._coached: tuple[object, ...] = (None, None, "")
        #: the game's state last read: undo puts a new one in its place, and this one still holds the move undone
        self._read: object = None

    def intents(self) -> dict[Intent, Handler]:
        return {Intent.STANDING: lambda value: self.ask_standing()}

    # ------------------------------------------------------------------ hooks
    def opened(self) -> None:
        s = self.core.state
        # a game that starts (no move yet) is heard from its first line; one played on from where it stands
        self.heard = len(s.log) if s is not None and s.history else 0
        self._read = s
        self.asked.clear()

    def closed(self) -> None:
        self.heard = 0
        self._read = None
        self.asked.clear()

    def changed(self) -> None:
        s = self.core.state
        if s is not None and len(s.log) < self.heard:  # a move taken back: its lines are gone, said so
            self.heard = len(s.log)
            self.asked.append(self._undone(s))
        self._read = s

    def _undone(self, s: GameState) -> str:
        """What was taken back, in the public log's words: the first line the move undone wrote ("Undone: Anna
        sows flax on W4-2."); where that is not known, that the last move was taken back."""
        core, before = self.core, self._read
        if isinstance(before, GameState) and before is not s and len(before.log) > len(s.log):
            log = before.view(core.viewer())["log"]  # (the viewer's view: nothing they may not know, N9, K6)
            if len(log) > len(s.log):
                return msg("ui.said_undone_move", core.lang, move=describe(log[len(s.log)], core.names, core.lang))
        return msg("ui.said_undone", core.lang)

    # ------------------------------------------------------------------ speaking
    def ask_standing(self) -> None:
        """The person asked (by key) where the game stands: the round, the scores, what they have."""
        core = self.core
        s = core.state
        if core.screen != GAME or s is None:
            return
        text = core.ui.standing(s, view_once("view", s, core.viewer()), core.lang, core.names)
        if text:
            self.asked.append(text)

    def take(self) -> list[str]:
        """What to say now, each sentence once: the log's new lines since the last redraw, then what was
        asked. Nothing away from a game being played (a replay speaks through its own step line)."""
        core = self.core
        s = core.state
        if core.screen != GAME or s is None:
            self.asked.clear()
            return []
        self._read = s
        said: list[str] = []
        if self.replayer.replay is None:
            log = view_once("view", s, core.viewer())["log"]
            said = [describe(e, core.names, core.lang) for e in log[self.heard:]]
            self.heard = len(log)
        said += self.asked + self._coach_news()
        self.asked = []
        return said

    def _coach_news(self) -> list[str]:
        """The coach at work, once each: it thinks, its hints (their heading, then each as it reads), or why
        it could not answer."""
        core, coaching = self.core, self.coach.coaching
        now = (coaching.asked, coaching.shown[0] if coaching.shown else None, coaching.error)
        before, self._coached = self._coached, now
        said = []
        if now[0] and now[0] != before[0]:
            said.append(msg("ui.hint_thinking", core.lang))
        key = self.coach.hint_key()
        if now[1] and now[1] != before[1] and now[1] == key and core.state is not None:
            said += [msg("ui.hint_heading", core.lang), *coaching.lines(now[1], core.state, core.lang, core.names)]
        if now[2] and now[2] != before[2]:
            said.append(now[2])
        return said
