"""The protocol every game's State follows (after OpenSpiel's Game/State split).

A state says who must act now (``to_act``: one seat normally, several at once
for secret bids, none when the game is over), lists every legal action for a
seat, and changes only through ``apply``. Illegal or malformed input raises
and leaves the state untouched. ``view(seat)`` is what that seat may know;
``view(None)`` is the spectator's (public) view.

The shared part here: the checked application of text actions (``p2 sow flax
W4-2`` in a save file), the history, and small helpers. Each game subclasses it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .actions import Action, ActionError, IllegalActionError, parse_player_token, player_token


class GameState:
    """Base class of a game's state; subclasses implement the rules."""

    GAME: ClassVar[str] = ""
    #: the rules version this engine plays (``GameSpec.rules_version`` is the same number):
    #: written into every save; bump it with any change that makes an older save replay
    #: differently (the order of random draws, a rule), see ``nile.kit.spec``
    RULES_VERSION: ClassVar[int] = 1

    # --- implemented by each game -------------------------------------------
    num_players: int
    seed: int
    #: the game's set-up options (its own class; ``options_json()`` is their saved form)
    options: Any
    history: list[tuple[int, Action]]
    #: what happened, public to every seat (``nile.core.log.Entry``: a catalog key and its parameters)
    log: list[Any]
    #: the round being played (0 during a set-up), as the status bar shows it
    round: int
    #: the result once the game is over (``winners``, ``ranking``, ``reason``), else None
    final: dict[str, Any] | None
    #: legal actions by seat, worked out once per position (``legal_actions``)
    _legal: dict[int, tuple[Action, ...]]

    def to_act(self) -> tuple[int, ...]:
        raise NotImplementedError

    def _generate(self, player: int) -> list[Action]:
        """Every legal action of ``player``, who is to act, in a fixed order (the game's rules)."""
        raise NotImplementedError

    def _play(self, player: int, action: Action) -> None:
        """Carry out a legal action: record it in ``history`` and change the position (the game's rules)."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def clone(self) -> GameState:
        raise NotImplementedError

    def view(self, player: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def parse_action(self, text: str) -> Action:
        """Parse action text by this game's grammar (syntax only); ActionError if malformed."""
        raise NotImplementedError

    def options_json(self) -> dict[str, Any]:
        """The options in their saved form (every game's options class has ``to_json``)."""
        return dict(self.options.to_json())

    def cost(self, action: Action, player: int | None = None) -> int:
        """What ``action`` costs now in the game's currency (AP, money); the UI shows it before a commit."""
        raise NotImplementedError

    def undo_floor(self) -> int:
        """History length below which nothing may be undone (turn start, or something hidden revealed)."""
        raise NotImplementedError

    def refusal(self, action: Action, player: int) -> IllegalActionError:
        """Why ``action`` is not legal for ``player`` now, as an error the app can say in words."""
        raise NotImplementedError

    # --- shared -------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> tuple[Action, ...]:
        """Every legal action for ``player`` (default: the one player to act), in a fixed order.

        A tuple: it is the cache ``apply`` checks against, so no caller can change it."""
        if player is None:
            player = self.current_player()
            if player is None:
                return ()
        cached = self._legal.get(player)
        if cached is None:
            cached = self._legal[player] = tuple(self._generate(player)) if player in self.to_act() else ()
        return cached

    def apply(self, action: Action, player: int | None = None) -> None:
        """Apply a legal action; IllegalActionError (state untouched) otherwise."""
        player = self.resolve_player(player)
        if not isinstance(action, Action):
            raise IllegalActionError("why.not_an_action", value=repr(action))
        if action not in self.legal_actions(player):
            raise self.refusal(action, player)
        self._legal.clear()
        self._play(player, action)
        self._legal.clear()

    def __eq__(self, other: object) -> bool:
        """Same game, same position, same hidden facts and random state (caches aside)."""
        return type(other) is type(self) and self._comparable() == other._comparable()

    __hash__ = None  # type: ignore[assignment]

    def _comparable(self) -> dict[str, Any]:
        d = dict(self.__dict__)
        d.pop("_legal", None)
        d.pop("_texts_made", None)
        d["rng"] = d["rng"].state
        return d

    def result(self) -> dict[str, Any] | None:
        """The final ranking and how the game ended, or None while it runs."""
        return self.final

    def returns(self) -> list[float]:
        """1 for each winner shared equally, 0 for the others; all 0 while the game runs."""
        if not self.final:
            return [0.0] * self.num_players
        winners = self.final["winners"]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(self.num_players)]

    def secret_decision(self) -> bool:
        """Whether the seats to act decide in secret (sealed bids): the app then hands the device
        to each of them in private. By default: when several seats act at once."""
        return len(self.to_act()) > 1

    def secret_decided(self) -> tuple[int, ...]:
        """The seats that have already made their sealed decision in the current round of a secret
        decision (a re-bid after a tie is a new round: only its bidders count), for the hand-over
        screen. By default none are told."""
        return ()

    def current_player(self) -> int | None:
        """The single seat to act, or None when several act at once or the game is over."""
        seats = self.to_act()
        return seats[0] if len(seats) == 1 else None

    def resolve_player(self, player: int | None) -> int:
        """The seat an action is for: the given one, or the only one to act."""
        seats = self.to_act()
        if player is None:
            if len(seats) == 1:
                return seats[0]
            if not seats:
                raise IllegalActionError("why.game_over")
            raise IllegalActionError("why.say_who", seats=", ".join(player_token(s) for s in seats))
        if not isinstance(player, int) or not 0 <= player < self.num_players:
            raise IllegalActionError("why.no_such_player", token=repr(player))
        if player not in seats:
            if not seats:
                raise IllegalActionError("why.game_over")
            raise IllegalActionError(
                "why.not_your_turn", token=player_token(player), seats=", ".join(player_token(s) for s in seats)
            )
        return player

    def apply_text(self, text: str, player: int | None = None) -> Action:
        """Parse and apply checked text; ``p2 sow flax W4-2`` names the player itself."""
        if not isinstance(text, str):
            raise ActionError("parse.not_text")
        words = text.split()
        if words and words[0].startswith("p") and words[0][1:].isdigit():
            named = parse_player_token(words[0], self.num_players)
            if player is not None and player != named:
                raise IllegalActionError("why.names_other", text=repr(text), named=words[0], token=player_token(player))
            player, text = named, " ".join(words[1:])
        action = self.parse_action(text)
        self.apply(action, player)
        return action

    def history_texts(self) -> list[str]:
        """The actions so far, each prefixed with its player: the save file's ``actions``. Each action's text
        is worked out once (the page saves the game after every move: late in a game the texts of hundreds
        of actions were made again at every click); the texts kept stand for the history they were made
        from only while its last action is that very entry (the history only grows, or is replaced whole)."""
        h = self.history
        made, last, texts = self.__dict__.get("_texts_made", (0, None, ()))
        if made > len(h) or (made and h[made - 1] is not last):
            made, texts = 0, ()
        if made < len(h):
            texts += tuple(f"{player_token(p)} {a.text()}" for p, a in h[made:])
            self.__dict__["_texts_made"] = (len(h), h[-1], texts)
        return list(texts)
