"""The save format: ``{format, game, rules, options, seed, actions}`` as JSON.

Loading a save replays it from the start, so every action is checked again by
the rules: a save that loads is a game that could have been played. Every
refusal is a ``SaveError`` whose sentence says what is wrong and where
(``action 37 of 120 ('p2 sow flax W9-1'): 'W9-1' is not a field``).

``rules`` (format 2) is the game's rules version when the save was written
(``GameSpec.rules_version``). Format 1 saves have none: they were all written
under rules version 1, and still load. A save from newer rules than this engine
knows is refused as such; one from older rules that no longer replays is refused
saying so, with the reason inside (``save.rules_changed``), so the player reads
that an update, not their save, is the cause.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from .actions import ActionError, IllegalActionError
from .explained import Explained
from .game import GameState
from .rng import MAX_SEED


class Rules(Protocol):
    """What loading a save needs of a game (its ``GameSpec`` has it): its name and rules version, its options
    from their saved form, and a new game from options and a seed."""

    @property
    def name(self) -> str: ...

    @property
    def rules_version(self) -> int: ...

    @property
    def options_from_json(self) -> Callable[[Any], Any]: ...

    @property
    def new_state(self) -> Callable[[Any, int], GameState]: ...


FORMAT_VERSION = 2
#: format 1 saves (no ``rules`` field) were all written under rules version 1
FORMAT_1_RULES = 1
#: a finished 5-player game is some 10 kB; anything near this is not a save of ours
MAX_SAVE_CHARS = 1_000_000
MAX_ACTIONS = 50_000
FIELDS = ("format", "game", "rules", "options", "seed", "actions")
#: format 1 had no rules version
FIELDS_1 = ("format", "game", "options", "seed", "actions")
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


class SaveError(Explained):
    """A save that cannot be loaded: ``SaveError(key, **params)`` with a ``save.*`` catalog key,
    so the player reads why in their language (``nile.core.explained``)."""


def to_json(state: GameState) -> dict[str, Any]:
    return {
        "format": FORMAT_VERSION,
        "game": state.GAME,
        "rules": state.RULES_VERSION,
        "options": state.options_json(),
        "seed": state.seed,
        "actions": state.history_texts(),
    }


def dumps(state: GameState) -> str:
    return json.dumps(to_json(state), ensure_ascii=False, separators=(",", ":"))


def parse(data: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """Check a save's shape (not yet its moves) and return it as a dict."""
    if isinstance(data, (str, bytes)):
        data = _json(data)
    if not isinstance(data, Mapping):
        raise SaveError("save.not_object")
    version = _format(data)
    fields = FIELDS_1 if version == 1 else FIELDS
    missing = [k for k in fields if k not in data]
    if missing:
        raise SaveError("save.missing", names=", ".join(missing))
    extra = sorted(str(k) for k in data if k not in fields)
    if extra:
        raise SaveError("save.unknown_fields", names=", ".join(extra))
    if version < 1:
        raise SaveError("save.version_unknown", version=version)
    if not isinstance(data["game"], str):
        raise SaveError("save.game_type")
    rules = data.get("rules", FORMAT_1_RULES)
    if not _whole(rules) or rules < 1:
        raise SaveError("save.rules_type")
    if not _whole(data["seed"]) or not 0 <= data["seed"] <= MAX_SEED:
        raise SaveError("save.seed", max=MAX_SEED)
    _check_actions(data["actions"])
    return dict(data, rules=rules)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _json(data: str | bytes) -> Any:
    """The text of a save parsed as JSON, refused before parsing when too large or too deep."""
    if len(data) > MAX_SAVE_CHARS:
        raise SaveError("save.too_large", chars=len(data))
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("save.not_utf8") from None
    try:
        too_deep = nesting_depth(data) > MAX_NESTING
    except ValueError:
        raise SaveError("save.not_json_end") from None
    if too_deep:
        raise SaveError("save.too_deep")
    try:
        return json.loads(data)
    except RecursionError:
        raise SaveError("save.too_deep") from None
    except json.JSONDecodeError as e:
        raise SaveError("save.not_json", line=e.lineno, column=e.colno) from None
    except (ValueError, UnicodeDecodeError):
        raise SaveError("save.not_json_end") from None


def _format(data: Mapping[str, Any]) -> int:
    """The save's format version (0 when missing); a newer format is refused first (it may have other fields)."""
    raw = data.get("format")
    version: int = raw if isinstance(raw, int) and not isinstance(raw, bool) else 0
    if version > FORMAT_VERSION:
        raise SaveError("save.too_new", version=version, supported=FORMAT_VERSION)
    if "format" in data and not _whole(raw):
        raise SaveError("save.version_type")
    return version


def _check_actions(actions: Any) -> None:
    if not isinstance(actions, list):
        raise SaveError("save.actions_type")
    if len(actions) > MAX_ACTIONS:
        raise SaveError("save.too_many_actions", count=len(actions))
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise SaveError("save.action_type", number=i + 1, total=len(actions))


def load(data: str | bytes | Mapping[str, Any], games: Mapping[str, Rules]) -> GameState:
    """Rebuild a game from a save by replaying every action; SaveError if anything is wrong.

    A save from rules newer than the game's is refused before replaying
    (``save.rules_too_new``); one from older rules that fails to replay is refused as
    ``save.rules_changed`` with the replay's own error inside (``why``).
    """
    save = parse(data)
    spec = games.get(save["game"])
    if spec is None:
        raise SaveError("save.unknown_game", game=repr(save["game"]), known=", ".join(sorted(games)))
    saved, current = save["rules"], spec.rules_version
    if saved > current:
        raise SaveError("save.rules_too_new", saved=saved, current=current)
    try:
        return _replay(save, spec)
    except SaveError as e:
        if saved < current:
            raise SaveError("save.rules_changed", saved=saved, current=current, why=e) from None
        raise


def _replay(save: Mapping[str, Any], spec: Rules) -> GameState:
    try:
        options = spec.options_from_json(save["options"])
    except ValueError as e:
        raise SaveError("save.bad_options", why=e) from None
    state = spec.new_state(options, save["seed"])
    actions = save["actions"]
    for i, text in enumerate(actions):
        try:
            state.apply_text(text)
        except (ActionError, IllegalActionError) as e:
            raise SaveError("save.bad_action", number=i + 1, total=len(actions), action=repr(text[:60]), why=e) from None
    return state
