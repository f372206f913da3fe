"""The messages between the page and its bot worker, declared once and used by both sides.

The page (``nile.web.app``, from ``Controller.bot_job``) posts a ``Decide`` request; the
worker (``static/bot-worker.js``, a thin relay) hands every message it gets to ``handle``
and posts back what it returns: ``Decided`` (the action's text and the thinking time) or
``Failed`` (why not). When its Pyodide is up it posts ``Ready``; if it cannot start, the
JavaScript posts a ``Failed`` with an empty key itself. Every message carries the protocol
version ``v``: a page and a worker of different versions never act on each other's
messages (``Failed`` says so), so a page left open across an update cannot be answered
by a newer worker. Beyond the messages' shape, ``Ready`` names the *build* the worker runs
(``BUILD``, the site's version that ``tools/build_site.py`` writes into ``nile.zip``): the page
compares it with its own and, on a mismatch, acts on none of that worker's answers (it says so and
offers a reload). Run from the sources (tests, the command line) the build is ``"dev"``.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, TypedDict

from ..core.players import BOT_STRENGTHS

#: bump with any change to these messages' fields or meaning
VERSION = 2


def _read_build() -> str:
    """The build this package came from: ``nile/BUILD`` in the site's nile.zip, else ``"dev"``."""
    try:
        text = (Path(__file__).resolve().parents[1] / "BUILD").read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return "dev"
    return text if text.isalnum() and len(text) <= 64 else "dev"


#: the site's version this code was built as (the page and its worker must agree)
BUILD = _read_build()


class Decide(TypedDict):
    v: int
    kind: Literal["decide"]
    #: which decision this is (game, position, seat): an answer is used only while the game is still there
    key: str
    #: the game so far as a save (``nile.core.save``)
    save: str
    seat: int
    strength: str
    #: seeds the bot's own random numbers (never the game's seed)
    salt: int


class Decided(TypedDict):
    v: int
    kind: Literal["decided"]
    key: str
    #: the action's text (the page checks it against the legal actions before applying it)
    text: str
    ms: float


class Failed(TypedDict):
    v: int
    kind: Literal["failed"]
    key: str  # "" when the worker itself failed (to start, or to read a message)
    error: str


class Ready(TypedDict):
    v: int
    kind: Literal["ready"]
    #: the build the worker runs (``BUILD``)
    build: str


Answer = Decided | Failed | Ready


class ProtocolError(ValueError):
    """A message that is not one of ours (another version, a missing or mistyped field)."""


def decide(key: str, save: str, seat: int, strength: str, salt: int) -> Decide:
    return {"v": VERSION, "kind": "decide", "key": key, "save": save, "seat": seat, "strength": strength, "salt": salt}


def ready() -> Ready:
    return {"v": VERSION, "kind": "ready", "build": BUILD}


def failed(key: str, error: str) -> Failed:
    return {"v": VERSION, "kind": "failed", "key": key, "error": error[:500]}


_FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "decide": {"key": str, "save": str, "seat": int, "strength": str, "salt": int},
    "decided": {"key": str, "text": str, "ms": (int, float)},
    "failed": {"key": str, "error": str},
    "ready": {"build": str},
}


def check(message: Mapping[str, Any]) -> str:
    """The kind of a well-formed message of this version; ProtocolError says what is wrong otherwise."""
    if not isinstance(message, Mapping):
        raise ProtocolError("not a message")
    if message.get("v") != VERSION:
        raise ProtocolError(f"protocol version {message.get('v')!r}, this side speaks {VERSION}")
    kind = message.get("kind")
    fields = _FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise ProtocolError(f"unknown kind {kind!r}")
    for name, wanted in fields.items():
        value = message.get(name)
        if not isinstance(value, wanted) or isinstance(value, bool):
            raise ProtocolError(f"{kind}.{name} should be {wanted}, not {type(value).__name__}")
    if kind == "decide" and message["strength"] not in BOT_STRENGTHS:
        raise ProtocolError(f"unknown strength {message['strength']!r}")
    return str(kind)


def handle(message: Mapping[str, Any]) -> Decided | Failed:
    """The worker's whole job: answer one ``Decide`` with the bot's move, or say why it cannot."""
    key = message.get("key") if isinstance(message, Mapping) and isinstance(message.get("key"), str) else ""
    try:
        if check(message) != "decide":
            raise ProtocolError(f"a worker answers decide, not {message.get('kind')!r}")
        from .worker import decide_move  # the bots and the engine: loaded on the first request

        started = time.perf_counter()
        text = decide_move(message["save"], message["seat"], message["strength"], message["salt"])
        return {"v": VERSION, "kind": "decided", "key": str(key), "text": text,
                "ms": round((time.perf_counter() - started) * 1000, 2)}
    except Exception as e:  # noqa: BLE001 - every failure is an answer the page can act on
        return failed(str(key), f"{type(e).__name__}: {e}")
