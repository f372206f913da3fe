"""The messages between the page and its bot worker, declared once and used by both sides.

The page (``nile.web.app``, from ``bots.job`` in ``nile.web.rooms``) posts a ``Decide`` request; the
worker (``static/bot-worker.js``, a thin relay) hands every message it gets to ``handle``
and posts back what it returns: ``Decided`` (the action's text and the thinking time) or
``Failed`` (why not). The coach (issue 22) asks the same worker: ``Hint`` (a person's three best
choices now, from that seat's knowledge) is answered with ``Hinted``, ``Review`` (a finished game)
with ``Reviewed`` (each seat's chance per round and each reviewed person's costliest moves). When its Pyodide is up it posts ``Ready``; if it cannot start, the
JavaScript posts a ``Failed`` with an empty key itself. Every message carries the protocol
version ``v``: a page and a worker of different versions never act on each other's
messages (``Failed`` says so), so a page left open across an update cannot be answered
by a newer worker. Beyond the messages' shape, ``Ready`` names the *build* the worker runs
(``BUILD``, the site's version that ``tools/build_site.py`` writes into ``nile.tar.gz``): the page
compares it with its own and, on a mismatch, acts on none of that worker's answers (it says so and
offers a reload). Run from the sources (tests, the command line) the build is ``"dev"``.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, TypedDict, cast

from ..core.players import BOT_STRENGTHS

#: bump with any change to these messages' fields or meaning
VERSION = 3


def _read_build() -> str:
    """The build this package came from: ``nile/BUILD`` in the site's nile.tar.gz, else ``"dev"``."""
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


class Hint(TypedDict):
    """The coach's hints for the person to act (``nile.bots.coach.hints``)."""

    v: int
    kind: Literal["hint"]
    key: str
    save: str
    seat: int
    salt: int


class Choice(TypedDict):
    """One hinted choice: the action's text, the estimated chance to win after it (0–1), and why (a
    catalog key ``coach.<game>.<term>`` and its parameters, for ``nile.messages.describe``)."""

    text: str
    win_chance: float
    reason: str
    params: dict[str, str | int | float]


class Hinted(TypedDict):
    v: int
    kind: Literal["hinted"]
    key: str
    #: best first (up to three)
    hints: list[Choice]
    ms: float


class Review(TypedDict):
    """Review a game (``nile.bots.coach``): every seat's chances, and the costliest moves of ``seats``."""

    v: int
    kind: Literal["review"]
    key: str
    save: str
    #: the seats whose decisions are reviewed (the people at the table)
    seats: list[int]
    #: the search's budget per decision (a whole game is reviewed at once)
    iterations: int


class Moment(TypedDict):
    """One of a seat's costliest decisions: before which action (its index in the game), the move
    played and the strong bot's best, with the estimated chance to win after each (0–1)."""

    seat: int
    index: int
    played: str
    best: str
    played_chance: float
    best_chance: float


class Reviewed(TypedDict):
    v: int
    kind: Literal["reviewed"]
    key: str
    #: per seat, the estimated chance to win at the start and at every round's end (0–1)
    chances: list[list[float]]
    #: up to three per reviewed seat, in game order
    moments: list[Moment]
    ms: float


Answer = Decided | Failed | Ready | Hinted | Reviewed


class ProtocolError(ValueError):
    """A message that is not one of ours (another version, a missing or mistyped field)."""


def decide(key: str, save: str, seat: int, strength: str, salt: int) -> Decide:
    return {"v": VERSION, "kind": "decide", "key": key, "save": save, "seat": seat, "strength": strength, "salt": salt}


def hint(key: str, save: str, seat: int, salt: int) -> Hint:
    return {"v": VERSION, "kind": "hint", "key": key, "save": save, "seat": seat, "salt": salt}


def review(key: str, save: str, seats: list[int], iterations: int) -> Review:
    return {"v": VERSION, "kind": "review", "key": key, "save": save, "seats": list(seats), "iterations": iterations}


def ready() -> Ready:
    return {"v": VERSION, "kind": "ready", "build": BUILD}


def failed(key: str, error: str) -> Failed:
    return {"v": VERSION, "kind": "failed", "key": key, "error": error[:500]}


class ListOf:
    """A field holding a list whose every item has the shape ``item``."""

    def __init__(self, item: Shape) -> None:
        self.item = item


class MapOf:
    """A field holding a dict from text to values of the type ``value``."""

    def __init__(self, value: type | tuple[type, ...]) -> None:
        self.value = value


#: a field's shape: a type (or types), a list of a shape, a dict of values, or a record of named fields
Shape = type | tuple[type, ...] | ListOf | MapOf | dict[str, Any]
NUMBER = (int, float)

_FIELDS: dict[str, dict[str, Shape]] = {
    "decide": {"key": str, "save": str, "seat": int, "strength": str, "salt": int},
    "decided": {"key": str, "text": str, "ms": NUMBER},
    "failed": {"key": str, "error": str},
    "ready": {"build": str},
    "hint": {"key": str, "save": str, "seat": int, "salt": int},
    "hinted": {"key": str, "ms": NUMBER, "hints": ListOf(
        {"text": str, "win_chance": NUMBER, "reason": str, "params": MapOf((str, int, float))})},
    "review": {"key": str, "save": str, "seats": ListOf(int), "iterations": int},
    "reviewed": {"key": str, "ms": NUMBER, "chances": ListOf(ListOf(NUMBER)), "moments": ListOf(
        {"seat": int, "index": int, "played": str, "best": str, "played_chance": NUMBER, "best_chance": NUMBER})},
}


def _check_value(where: str, value: Any, shape: Shape) -> None:
    """ProtocolError unless ``value`` has ``shape`` (``where`` names it in the error)."""
    if isinstance(shape, ListOf):
        if not isinstance(value, list):
            raise ProtocolError(f"{where} should be a list, not {type(value).__name__}")
        for i, item in enumerate(value):
            _check_value(f"{where}[{i}]", item, shape.item)
    elif isinstance(shape, MapOf):
        if not isinstance(value, Mapping):
            raise ProtocolError(f"{where} should be a dict, not {type(value).__name__}")
        for k, item in value.items():
            if not isinstance(k, str):
                raise ProtocolError(f"{where} has a key that is not text: {k!r}")
            _check_value(f"{where}.{k}", item, shape.value)
    elif isinstance(shape, dict):
        if not isinstance(value, Mapping):
            raise ProtocolError(f"{where} should be a record, not {type(value).__name__}")
        for name, wanted in shape.items():
            _check_value(f"{where}.{name}", value.get(name), wanted)
    elif not isinstance(value, shape) or isinstance(value, bool):
        raise ProtocolError(f"{where} should be {shape}, not {type(value).__name__}")


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
        _check_value(f"{kind}.{name}", message.get(name), wanted)
    if kind == "decide" and message["strength"] not in BOT_STRENGTHS:
        raise ProtocolError(f"unknown strength {message['strength']!r}")
    return str(kind)


#: the requests a worker answers
REQUESTS = ("decide", "hint", "review")


def handle(message: Mapping[str, Any]) -> Decided | Failed | Hinted | Reviewed:
    """The worker's whole job: answer one request (``Decide``, ``Hint``, ``Review``), or say why it cannot."""
    key = message.get("key") if isinstance(message, Mapping) and isinstance(message.get("key"), str) else ""
    try:
        kind = check(message)
        if kind not in REQUESTS:
            raise ProtocolError(f"a worker answers {', '.join(REQUESTS)}, not {kind!r}")
        from . import worker  # the bots and the engine: loaded on the first request

        started = time.perf_counter()
        answer: Decided | Hinted | Reviewed
        if kind == "hint":
            answer = {"v": VERSION, "kind": "hinted", "key": str(key), "ms": 0.0,
                      "hints": cast(list[Choice], worker.hint_moves(message["save"], message["seat"], message["salt"]))}
        elif kind == "review":
            chances, moments = worker.review_game(message["save"], message["seats"], message["iterations"])
            answer = {"v": VERSION, "kind": "reviewed", "key": str(key), "ms": 0.0, "chances": chances,
                      "moments": cast(list[Moment], moments)}
        else:
            text = worker.decide_move(message["save"], message["seat"], message["strength"], message["salt"])
            answer = {"v": VERSION, "kind": "decided", "key": str(key), "text": text, "ms": 0.0}
        answer["ms"] = round((time.perf_counter() - started) * 1000, 2)
        return answer
    except Exception as e:  # noqa: BLE001 - every failure is an answer the page can act on
        return failed(str(key), f"{type(e).__name__}: {e}")
