"""The table: what the person at the screen chooses and plays on the board and in the action panel.

``handle`` takes what the page reports (``pick`` + ``field:W4-2``, ``act`` + ``end`` …) and turns it into
an engine action **only** by looking it up among the engine's legal actions; it never decides a rule
itself. What a click would do (and its AP cost) is worked out by ``interaction()`` from the legal actions
and ``state.cost``, so the page can highlight it before the player commits. A tap the rules refuse changes
nothing and says why, with its rule one tap away; undo takes the person's own last move back.
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, ActionError
from ...core.explained import Explained
from ...games import spec_of
from ...kit import Interaction
from ...kit.intents import Intent
from ...messages import text as msg
from ..core import GAME, Core, Handler, Room
from ..since import own_last_moves
from .bots import Bots
from .keeper import Keeper
from .replayer import Replayer
from .secret import Secret


class Table(Room):
    def __init__(self, core: Core, bots: Bots, secret: Secret, replayer: Replayer, keeper: Keeper) -> None:
        super().__init__(core)
        self.bots, self.secret, self.replayer, self.keeper = bots, secret, replayer, keeper
        self.selection: dict[str, Any] | None = None
        #: an action waiting for the player's yes, and the question asked (``Button.confirm``)
        self.confirm: tuple[str, str] | None = None
        #: where the log's routine events said in the news line begin (``GameUI.news_keys``): from the
        #: last action of a person, so the bots' moves since then are said until the person acts
        self.news_from = 0
        #: where the log stood after each person's own last move (seat → entries): the "since your
        #: turn" summary says the moves after it (``nile.web.since``); a seat not in it: ``news_from``
        self.since_log: dict[int, int] = {}
        self._interaction: tuple[tuple[Any, ...], Interaction] | None = None

    def intents(self) -> dict[Intent, Handler]:
        return {Intent.PICK: self._on_pick, Intent.ACT: self._on_act, Intent.CONFIRM: self._on_confirm,
                Intent.CONFIRM_CANCEL: self._on_confirm_cancel, Intent.CANCEL: self.drop_choice,
                Intent.SELECT: self._on_select, Intent.UNDO: self._on_undo, Intent.KEY: self._on_key}

    # ------------------------------------------------------------------ hooks
    def opened(self) -> None:
        core = self.core
        assert core.state is not None
        self.drop_choice()
        self.news_from = len(core.state.log)
        # "since your turn" after a reload: where the log stood after each person's own last move
        self.since_log = own_last_moves([e.to_json() for e in core.state.log], core.humans(), core.ui.since_keys)

    def closed(self) -> None:
        self.selection = None

    def dropped(self) -> None:
        self.drop_choice()

    def moved(self, before: int, player: int | None, by_person: bool) -> None:
        s = self.core.state
        assert s is not None
        if by_person:
            self.news_from = before  # the routine events said are this move's on
            if player is not None:
                self.since_log[player] = len(s.log)
        self.drop_choice()

    def drop_choice(self, value: str = "") -> None:
        """Nothing chosen, nothing asked."""
        self.selection = None
        self.confirm = None

    def drop_confirm(self) -> bool:
        """The Escape key: take back the question asked, if any."""
        was, self.confirm = self.confirm is not None, None
        return was

    # ------------------------------------------------------------------ reading
    def actor(self) -> int | None:
        """The seat the person at the screen moves for now (never a computer player's)."""
        s = self.core.state
        if s is None or s.is_terminal() or self.replayer.replay is not None or self.core.read_only:
            return None
        p = s.current_player()
        return p if self.core.plays_here(p) else None

    def undo_possible(self) -> bool:
        s = self.core.state
        if s is None or s.is_terminal() or s.secret_decision() or not s.history or self.replayer.replay is not None or self.core.read_only:
            return False
        if not self.core.plays_here(s.current_player()):
            return False  # a bot's moves are not the person's to take back, nor a move made far away
        return len(s.history) > s.undo_floor() and s.history[-1][0] == s.current_player()

    def variants_in_play(self) -> frozenset[str] | None:
        """The variants of the game on screen (None when no game is open)."""
        if self.core.screen != GAME or self.core.state is None:
            return None
        return self.core.ui.variants_of(self.core.state)

    def interaction(self) -> Interaction:
        """Board targets and buttons for the player to act (the game's UI reads the engine's legal actions)."""
        core = self.core
        s = core.state
        if s is None or core.read_only:
            return Interaction()  # a game played in another tab: nothing to do here
        # (what the bots wait for changes without a move: a moment closed makes "Press Continue" "… is thinking")
        key = (core.game_id, id(s), len(s.history), repr(self.selection), core.lang, self.bots.paused, core.bots_held(),
               core.hold)
        if self._interaction is not None and self._interaction[0] == key:
            return self._interaction[1]  # worked out once per event and position, not per reader
        if not s.is_terminal() and all(p in core.hold for p in s.to_act()):
            # played from afar: nothing to do here until a link brings their move (rooms.far says whose device)
            inter = Interaction(prompt=core.waiting_elsewhere())
        elif not s.is_terminal() and core.is_bot(s.current_player()):
            inter = Interaction(prompt=self.bots.thinking_text())
        else:
            inter = core.ui.interaction(s, self.selection or {}, core.lang, core.names)
        self._interaction = (key, inter)
        return inter

    def rule_of(self, error: BaseException) -> str | None:
        """The rule id an error of the open game is about (the reason inside it first)."""
        if not isinstance(error, Explained) or self.core.state is None:
            return None
        inner = error.params.get("why")
        return (self.rule_of(inner) if isinstance(inner, Explained) else None) or self.core.ui.rule_of(error.key)

    # ------------------------------------------------------------------ intents
    def _on_pick(self, target: str) -> None:
        """A click on a board target (``field:W4-2``, ``supply:flax`` …)."""
        if self.core.state is None:
            return
        t = self.interaction().targets.get(target)
        if t is None:
            self._explain_refusal(target)
            return
        if t.action:
            self.core.apply(t.action, self.actor())
        elif t.select is not None:
            self.selection = None if self.selection == t.select else t.select

    def _on_act(self, text: str) -> None:
        s, actor = self.core.state, self.actor()
        if s is None or actor is None:
            return
        legal = {a.text() for a in s.legal_actions(actor)}
        if text not in legal:
            action = s.parse_action(text)
            if any(b.value == text and not b.available for b in self.interaction().buttons):
                self._say_refusal(action, actor)  # a dimmed button: why it cannot be done now, with its rule
                return
            raise s.refusal(action, actor)
        question = next((b.confirm for b in self.interaction().buttons if b.value == text and b.confirm), "")
        if question and self.confirm != (text, question):
            self.confirm = (text, question)  # asked once; the answer is "confirm" or "confirm-cancel"
            return
        self.core.apply(text, actor)

    def _on_confirm(self, value: str) -> None:
        if self.confirm is not None and self.confirm[0] == value:
            self._on_act(value)

    def _on_confirm_cancel(self, value: str) -> None:
        self.confirm = None

    def _on_select(self, value: str) -> None:
        """A button that changes what is being chosen (the game's UI says what it means)."""
        if self.core.state is not None:
            chosen = self.core.ui.select(self.core.state, self.selection or {}, value)
            if chosen is not None:
                self.selection = chosen

    def _on_undo(self, value: str) -> None:
        core = self.core
        if not self.undo_possible():
            core.notice = ("info", msg("ui.nothing_to_undo", core.lang))
            return
        s = core.state
        assert s is not None  # undo_possible() says a game is open
        previous = spec_of(s.GAME).new_state(s.options, s.seed)
        for player, action in s.history[:-1]:
            previous.apply(action, player)
        core.state = previous
        self.selection = None
        self.news_from = len(previous.log)
        self.since_log = {}
        self.keeper.autosave()

    def _on_key(self, value: str) -> None:
        """A shortcut key on the game screen: U (or Ctrl+Z) undoes, and a button's own key presses it
        (E ends a Nile turn). Keys do nothing where no such button is offered."""
        if self.core.screen != GAME or self.core.state is None or self.secret.bidder is not None:
            return
        if value == "u":
            if self.undo_possible():
                self._on_undo("")
            return
        for b in self.interaction().buttons:
            if b.key and b.key == value and b.intent == "act":
                self._on_act(b.value)  # a second press answers yes to its question
                return

    # ------------------------------------------------------------------ refusals
    def _explain_refusal(self, target: str) -> None:
        """A tap on what the step does not offer: nothing changes, and it says why in a few words (issue 53:
        every tap answered) — the engine's refusal of the action it meant, the game's reason where it meant
        none, else that only what is highlighted can be chosen now."""
        s, actor = self.core.state, self.actor()
        if s is None:
            return
        if actor is None:
            actor = self.secret.active_bidder()  # a sealed decision at its table: made in the panel, not on the board
            if actor is None:
                # a tap while a computer player or a person far away is awaited: what the game waits for (the
                # step's own line), unless a replay or another tab holds the screen
                if not s.is_terminal() and self.replayer.replay is None and not self.core.read_only:
                    waiting = self.interaction().prompt
                    if waiting:
                        self.core.notice = ("info", waiting)
                return
        meant = self.core.ui.refused_action(s, target, self.selection or {}, self.interaction())
        if isinstance(meant, Explained):
            self._say(meant)
            return
        if meant:
            try:
                action = s.parse_action(meant)
            except ActionError:
                action = None
            if action is not None:
                self._say_refusal(action, actor)
                return
        self._say(Explained("ui.why_tap_other"))

    def _say(self, why: Explained) -> None:
        """A reason the game or the shell gives for a tap, with its rule one tap away when it has one."""
        core = self.core
        s = core.state
        assert s is not None
        core.notice = ("info", core.say(why))
        rule = self.rule_of(why)
        core.notice_rule = (core.notice, f"{s.GAME}:{rule}") if rule else None

    def _say_refusal(self, action: Action, actor: int) -> None:
        """Why ``action`` cannot be done now, in the engine's words, with its rule one tap away."""
        core = self.core
        s = core.state
        if s is None:
            return
        refusal = s.refusal(action, actor)
        core.notice = ("info", core.say(refusal))
        rule = self.rule_of(refusal)
        core.notice_rule = (core.notice, f"{s.GAME}:{rule}") if rule else None
