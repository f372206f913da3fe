"""What a game registers with the app: one description, everything the shell needs to know.

A game is one package (e.g. An den Ufern des Nils) that builds one ``GameSpec``
in its ``spec.py``; ``nile.games`` lists them. The shell (save format, command
line, web app, tests) reaches a game only through this description, never by
importing the game's modules, so the next game adds a package and one line.

Versioning (issue 8): ``rules_version`` is written into every save. Bump it in
the same commit as any change that makes an older save replay differently
(the order of random draws, a rule), and explain it in the golden-save tests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .game import GameState
from .rng import Rng


@dataclass(frozen=True)
class GameSpec:
    #: the name a save file uses (``"banks"``); also the message key prefix ``game.<name>``
    name: str
    #: bumped whenever older saves could replay differently (see module docstring)
    rules_version: int
    min_players: int
    max_players: int
    #: the colours a seat may take, in set-up order
    colours: tuple[str, ...]
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
    #: the game's sentences: its ``nile.words.Domain`` (PO catalogs, how its log parameters read);
    #: the registry hands it to the word layer
    words: Any
    #: the variants a game can be played with (rule ids), for set-up and ``simulate --variants``
    variants: tuple[str, ...] = ()
    #: dotted path of the game's pure UI module (imported lazily: the engine never needs it)
    ui_module: str = ""
    #: rough minutes a game takes, for the home screen
    minutes: tuple[int, int] = (30, 60)
