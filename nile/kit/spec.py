"""What a game hands the app: one description, everything the shell needs to know of it.

A game is one package (e.g. An den Ufern des Nils) that builds one ``GameSpec``
in its ``spec.py``, and one ``GameEntry`` in its ``entry.py``: what the home screen shows of it,
with no import of its rules, and the way to the rest (issue 42: the first screen comes before any
game's rules are imported). ``nile.games`` lists the entries. The shell (save format, command
line, web app, tests) reaches a game only through this description, never by
importing the game's modules, so the next game adds a package and one line.

Versioning (issue 8): ``rules_version`` is written into every save. Bump it in
the same commit as any change that makes an older save replay differently
(the order of random draws, a rule), and explain it in the golden-save tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from functools import cached_property
from typing import Any, Protocol

from ..core.actions import Action
from ..core.game import GameState
from ..core.rng import Rng
from ..words import Domain
from .screen import GameUI


@dataclass(frozen=True)
class SearchPlan:
    """How the strong bot's tree search (``nile.bots.players.ISMCTSBot``) plays a game at one size of table."""

    #: progressive widening inside the tree: a decision point lets in 1 + widen × √(passes) of its moves,
    #: the easy policy's first; 0: a fresh random handful at each visit (``ISMCTSBot.width``)
    widen: float = 0.0
    #: how many actions the playouts go on (the easy policy) before the evaluation judges the position
    playout_depth: int = 0
    #: the leaves are judged by ``outlook`` (True) or by ``heuristic``, the greedy bot's evaluation (False)
    fitted: bool = True
    #: the root's choices: 0, the greedy bot's best few by one move (when there are many); k > 0, the
    #: normal bot's best k judged by where its turn ends (``nile.bots.players.plan_scores``)
    root_plans: int = 0


def one_plan(plan: SearchPlan) -> Callable[[int], SearchPlan]:
    """``search_plan`` for a game whose strong bot searches alike at every size of table."""
    return lambda players: plan


class BotKnowledge(Protocol):
    """What a game tells the computer players (``nile.bots``), as module-level names of its ``bot.py``."""

    #: how many units of ``heuristic`` make a clear lead
    SCALE: float
    #: the strong bot's search budget (iterations per decision) when none is given: what fits its
    #: thinking time in the browser (``make bench``)
    STRONG_ITERATIONS: int
    #: how many units of ``outlook`` make odds of e : 1
    OUTLOOK_SCALE: float

    def search_plan(self, players: int) -> SearchPlan:
        """How the strong bot searches at a table of ``players`` (``SearchPlan``)."""
        ...

    def canonical(self, state: Any, seat: int) -> Any:
        """A copy whose hidden facts are in a canonical order: a function of what ``seat`` may know only."""
        ...

    def heuristic(self, state: Any) -> list[float]:
        """A rough score per seat, in the game's own units."""
        ...

    def outlook(self, state: Any) -> list[float]:
        """The strong bot's evaluation of a position per seat (the leaves of its search, the coach's
        chances): a game may fit it to who went on to win, or give ``heuristic`` again."""
        ...

    def easy(self, state: Any, seat: int, legal: tuple[Action, ...], rng: Rng) -> Action:
        """A quick plausible choice (the easy computer player, playouts, other seats' sealed bids)."""
        ...

    def guess_hidden(self, sample: Any, seat: int, rng: Rng) -> None:
        """Redraw, in a sample of the hidden facts, what rivals already chose in secret (their
        sealed bids) as the bots expect them to choose (``rival_secret``), in place."""
        ...

    def rival_secret(self, state: Any, seat: int, legal: tuple[Action, ...], rng: Rng) -> Action:
        """How the bots expect a rival (``seat``) to decide a sealed choice."""
        ...

    def terms(self, state: Any) -> dict[str, list[float]]:
        """The parts of ``heuristic`` by name, per seat (they add up to it): the coach's reasons."""
        ...

    def explain(self, before: Any, after: Any, seat: int, term: str) -> tuple[str, dict[str, Any]]:
        """Why a move from ``before`` to ``after`` that raised ``term`` most helps ``seat``: a key
        (``coach.<game>.<key>`` in the game's catalog) and its parameters."""
        ...

    def outcome_key(self, entries: Sequence[Any]) -> tuple[Any, ...]:
        """What the log lines a move wrote (``nile.core.log`` entries) made public, as far as it
        matters for the choices that follow: the strong bot's search keeps one decision point per
        key (``exact_outcome`` tells every public fact apart)."""
        ...


def exact_outcome(entries: Sequence[Any]) -> tuple[Any, ...]:
    """Every public fact a move's log lines name, told apart (a game's ``outcome_key`` by default)."""
    return tuple((e.key, str(e.params)) for e in entries)


@dataclass(frozen=True, kw_only=True)
class GameFacts:
    """What the shell knows of a game before its rules: the facts a ``GameSpec`` and a ``GameEntry`` share."""

    #: the name a save file uses (``"banks"``); also the message key prefix ``game.<name>``
    name: str
    min_players: int
    max_players: int
    #: the colours a seat may take, in set-up order
    colours: tuple[str, ...]
    #: the game's sentences: its PO catalogs and how its log parameters read; the registry hands it
    #: to the word layer
    words: Domain
    #: catalog keys of the game's name, its one line on Home, and what an action costs ("{cost} AP")
    title: str = ""
    about: str = ""
    cost: str = ""
    #: how many seats set-up offers first (within the game's player counts)
    setup_players: int = 3
    #: the variants a game can be played with (rule ids), for set-up and ``simulate --variants``
    variants: tuple[str, ...] = ()
    #: rough minutes a game takes, for the home screen
    minutes: tuple[int, int] = (30, 60)

    def facts(self) -> dict[str, Any]:
        """These facts by name, to build another description of the same game from."""
        return {f.name: getattr(self, f.name) for f in fields(GameFacts)}


@dataclass(frozen=True, kw_only=True)
class GameSpec(GameFacts):
    """Everything the shell needs of a game: its facts, and its rules, screen and bots."""

    #: bumped whenever older saves could replay differently (see module docstring)
    rules_version: int
    #: options from their JSON form (checked: ``OptionsError`` says what is wrong)
    options_from_json: Callable[[Any], Any]
    #: a new game from options and a seed
    new_state: Callable[[Any, int], GameState]
    #: options for random play and tests: (players, variant set or None = the game's default)
    default_options: Callable[[int, frozenset[str]], Any]
    #: every broken invariant of a state, as sentences (empty when all hold)
    invariants: Callable[[Any], list[str]]
    #: a copy of the state with everything ``player`` cannot see redrawn (bots, leak tests)
    resample_hidden: Callable[[Any, int | None, Rng], GameState]
    #: the game's screen: targets from the legal actions, the board, set-up choices, the end (``GameUI``)
    ui: GameUI
    #: what the computer players know of the game (``BotKnowledge``)
    bots: BotKnowledge


@dataclass(frozen=True, kw_only=True)
class GameEntry(GameFacts):
    """A game as the registry lists it: what the home screen shows (its facts, picture and artwork symbols), from
    modules light to import, and ``load``, which imports the rest — the game's ``GameSpec`` — the first time the
    shell asks for any of it (``rules_version``, ``new_state``, ``ui``, ``bots``…: the same names as
    ``GameSpec``'s). A first visit draws its home before any game's rules are imported; the app loads them while
    the player looks (``nile.games.load_all``)."""

    #: the home screen's picture of the game, and its artwork as SVG symbols (the page's sprite)
    picture: Callable[[], str]
    symbols: str
    #: the game's ``GameSpec``: a function that imports it (``from .banks.spec import SPEC``), given by the
    #: registry (``loaded_by``: the game's spec imports its entry, so the entry cannot import its spec)
    load: Callable[[], GameSpec] | None = None

    def loaded_by(self, load: Callable[[], GameSpec]) -> GameEntry:
        """This entry, whose rules ``load`` imports."""
        return replace(self, load=load)

    @classmethod
    def of(cls, spec: GameSpec) -> GameEntry:
        """The entry of a game already imported (a game registered by its spec: the tests' third game)."""
        return cls(**spec.facts(), picture=spec.ui.picture, symbols=spec.ui.symbols, load=lambda: spec)

    def described(self, **rules: Any) -> GameSpec:
        """The game's whole description: this entry's facts and ``rules`` (the ``GameSpec`` fields it lacks)."""
        return GameSpec(**self.facts(), **rules)

    @cached_property
    def spec(self) -> GameSpec:
        """The game's ``GameSpec``, imported on first use."""
        if self.load is None:
            raise LookupError(f"the game {self.name!r} was registered without the way to its rules")
        spec = self.load()
        if spec.name != self.name:
            raise ValueError(f"the entry {self.name!r} loads the game {spec.name!r}")
        return spec

    @property
    def rules_version(self) -> int:
        return self.spec.rules_version

    @property
    def options_from_json(self) -> Callable[[Any], Any]:
        return self.spec.options_from_json

    @property
    def new_state(self) -> Callable[[Any, int], GameState]:
        return self.spec.new_state

    @property
    def default_options(self) -> Callable[[int, frozenset[str]], Any]:
        return self.spec.default_options

    @property
    def invariants(self) -> Callable[[Any], list[str]]:
        return self.spec.invariants

    @property
    def resample_hidden(self) -> Callable[[Any, int | None, Rng], GameState]:
        return self.spec.resample_hidden

    @property
    def ui(self) -> GameUI:
        return self.spec.ui

    @property
    def bots(self) -> BotKnowledge:
        return self.spec.bots
