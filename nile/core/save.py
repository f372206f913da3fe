"""The save format: ``{format, game, options, seed, actions}`` as JSON.

Loading a save replays it from the start, so every action is checked again by
the rules: a save that loads is a game that could have been played. Every
refusal is a ``SaveError`` whose sentence says what is wrong and where
(``action 37 of 120 ('p2 sow flax W9-1'): 'W9-1' is not a field``).
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Mapping, NamedTuple

from .actions import ActionError, IllegalActionError
from .game import GameState
from .rng import MAX_SEED

FORMAT_VERSION = 1
#: a finished 5-player game is some 10 kB; anything near this is not a save of ours
MAX_SAVE_CHARS = 1_000_000
MAX_ACTIONS = 50_000
FIELDS = ("format", "game", "options", "seed", "actions")
#: a save nests 4 deep; json.loads on deep nesting overflows Pyodide's JS stack (a fatal
#: error that kills the page), so nesting is measured before parsing
MAX_NESTING = 32
# one JSON string (unrolled, possessive: linear time), a bracket, or a quote that opens no string
_TOKEN = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"|[\[\]{}]|"')


def nesting_depth(text: str) -> int:
    """How deeply the JSON text's arrays and objects nest, without parsing it (linear time).

    Raises ValueError for an unterminated string: such a text is not JSON at all.
    """
    depth = deepest = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_NESTING:
                    break
        elif token in "]}":
            depth -= 1
        elif token == '"':
            raise ValueError("unterminated string")
    return deepest


class SaveError(ValueError):
    """A save that cannot be loaded; the message says why, for a player to read."""


class GameSpec(NamedTuple):
    """How the save format makes a game's initial state."""

    name: str
    options_from_json: Callable[[Any], Any]
    new_state: Callable[[Any, int], GameState]


def to_json(state: GameState) -> dict[str, Any]:
    return {
        "format": FORMAT_VERSION,
        "game": state.GAME,
        "options": state.options_json(),
        "seed": state.seed,
        "actions": state.history_texts(),
    }


def dumps(state: GameState) -> str:
    return json.dumps(to_json(state), ensure_ascii=False, separators=(",", ":"))


def parse(data: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """Check a save's shape (not yet its moves) and return it as a dict."""
    if isinstance(data, (str, bytes)):
        if len(data) > MAX_SAVE_CHARS:
            raise SaveError(f"this file is too large to be a saved game ({len(data):,} characters)")
        if isinstance(data, bytes):
            try:
                data = data.decode("utf-8")
            except UnicodeDecodeError:
                raise SaveError("this is not a saved game: it is not UTF-8 text") from None
        try:
            too_deep = nesting_depth(data) > MAX_NESTING
        except ValueError as e:
            raise SaveError(f"this is not a saved game: it is not valid JSON ({e})") from None
        if too_deep:
            raise SaveError("this file is nested too deeply to be a saved game")
        try:
            data = json.loads(data)
        except RecursionError:
            raise SaveError("this file is nested too deeply to be a saved game") from None
        except (ValueError, UnicodeDecodeError) as e:
            raise SaveError(f"this is not a saved game: it is not valid JSON ({e})") from None
    if not isinstance(data, Mapping):
        raise SaveError("this is not a saved game: it should be a JSON object")
    missing = [k for k in FIELDS if k not in data]
    if missing:
        raise SaveError(f"this saved game is missing: {', '.join(missing)}")
    extra = sorted(str(k) for k in data if k not in FIELDS)
    if extra:
        raise SaveError(f"this saved game has unknown fields: {', '.join(extra)}")
    version = data["format"]
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError("the save's format version must be a number")
    if version > FORMAT_VERSION:
        raise SaveError(f"this game was saved by a newer version of Nile (format {version}; this one reads {FORMAT_VERSION})")
    if version < 1:
        raise SaveError(f"unknown save format version {version}")
    if not isinstance(data["game"], str):
        raise SaveError("the save's game must be a name like 'banks'")
    seed = data["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise SaveError(f"the save's seed must be a whole number from 0 to {MAX_SEED}")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise SaveError("the save's actions must be a list")
    if len(actions) > MAX_ACTIONS:
        raise SaveError(f"the save has too many actions ({len(actions):,})")
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise SaveError(f"action {i + 1} of {len(actions)} is not text")
    return dict(data)


def load(data: str | bytes | Mapping[str, Any], games: Mapping[str, GameSpec]) -> GameState:
    """Rebuild a game from a save by replaying every action; SaveError if anything is wrong."""
    save = parse(data)
    spec = games.get(save["game"])
    if spec is None:
        raise SaveError(f"unknown game {save['game']!r} (known: {', '.join(sorted(games))})")
    try:
        options = spec.options_from_json(save["options"])
    except ValueError as e:
        raise SaveError(f"the save's options are not valid: {e}") from None
    state = spec.new_state(options, save["seed"])
    actions = save["actions"]
    for i, text in enumerate(actions):
        try:
            state.apply_text(text)
        except (ActionError, IllegalActionError) as e:
            raise SaveError(f"action {i + 1} of {len(actions)} ({text[:60]!r}) cannot be replayed: {e}") from None
    return state
