"""Why a save was set aside, as the index keeps it: the error's catalog key and parameters, never words.

The home screen says a stored reason in the player's language, so the index records the ``SaveError``
itself (``error_json``) and rebuilds it when read (``error_from_json``). Rules kept:

- a reason is its key and parameters; an error among the parameters is kept the same way, at most 4 deep;
  texts are cut to ``MAX_REASON`` characters and lists to 50 items (the index lives in localStorage too);
- what is read back is believed only if it is a reason we could have written: a ``save.*`` key no longer
  than a title, parameter names that are identifiers, nothing nested deeper than we nest; else None;
- an engine failure while replaying is this version's fault, never the file's: it becomes
  ``save.crashed`` with the exception named (``crashed``), so the save is set aside, not lost.
"""

from __future__ import annotations

from typing import Any

from ...core.explained import Explained
from ...core.save import SaveError
from .where import MAX_TITLE

#: a stored reason's texts are cut to this length (the index lives in localStorage too)
MAX_REASON = 300


def crashed(error: Exception) -> SaveError:
    """An engine failure while replaying a save, as the reason it is set aside."""
    return SaveError("save.crashed", error=f"{type(error).__name__}: {error}"[:MAX_REASON])


def error_json(error: Explained) -> dict[str, Any]:
    """A reason as JSON for the index: its key and parameters (an error inside, the same way)."""
    return {"key": error.key, "params": {str(k): _param_json(v, 0) for k, v in error.params.items()}}


def _param_json(value: Any, depth: int) -> Any:
    if isinstance(value, Explained) and depth < 4:
        return {"error": {"key": value.key, "params": {str(k): _param_json(v, depth + 1) for k, v in value.params.items()}}}
    if isinstance(value, bool) or value is None or isinstance(value, (int, float)):
        return value
    if isinstance(value, (list, tuple)) and depth < 4:
        return [_param_json(v, depth + 1) for v in value[:50]]
    return str(value)[:MAX_REASON]


def error_from_json(data: Any) -> SaveError | None:
    """The reason an index entry records, rebuilt (None if absent or not a reason we wrote)."""
    error = _explained_from_json(data, 0)
    if error is None or not error.key.startswith("save."):
        return None
    return SaveError(error.key, **error.params)


def _explained_from_json(data: Any, depth: int) -> Explained | None:
    if not isinstance(data, dict) or not isinstance(data.get("key"), str) or not isinstance(data.get("params"), dict):
        return None
    if depth > 4 or len(data["key"]) > MAX_TITLE:
        return None
    params = {}
    for k, v in data["params"].items():
        if not isinstance(k, str) or not k.isidentifier():
            return None
        inner = v.get("error") if isinstance(v, dict) and set(v) == {"error"} else None
        if inner is not None:
            v = _explained_from_json(inner, depth + 1)
            if v is None:
                return None
        elif isinstance(v, str):
            v = v[:MAX_REASON]
        params[k] = v
    return Explained(data["key"], **params)
