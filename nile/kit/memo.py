"""Parts of the screen drawn again only when what they show changed (issue 21: every tap answers within a frame).

Every click redraws the whole screen as HTML, and most of it shows the same as before: a selection changes
the targets on the board, not the log or the pieces; an End turn question changes the action panel, not the
board. Two kinds of keeping:

- ``Memo`` keeps one part's markup with the *key* it was drawn from — everything the part shows: the view
  (by the game's state and its number of moves), the interaction, the selection, the language, the names,
  the layout — and hands it back while the key is equal, drawing it again when it is not.
- ``Places`` keeps many small pieces (a log's lines, a board's fields) each by its place (a line's index, a
  field's name) with the value it was drawn from, within one context (the language, the layout): a move
  draws again only the pieces whose value changed.

- ``part`` notes a whole element of the screen (the board, one of its pictures, the log) with a selector that
  finds it in the page: nile.web.app sends a part that is what it painted there last time as a hole the page
  fills with the element it has (static/morph.js), so it is neither sent, parsed nor compared again.
- the parts that lie in no other part are the screen's *regions* (the head line, the board, the action panel, the
  side with the players and the log); ``locate`` finds them and the parts inside each, ``skeleton`` is the screen
  outside them. While the skeleton stays what was painted, nile.web.app.paint sends only the regions that changed
  (``patches``), each patched on its own element (issue 51: no whole-screen parse, no diff of unchanged regions).

A key that leaves out something the part shows would show stale markup, so each key is written beside its
part, and ``tests/web/test_memo.py`` checks that every screen of played games is exactly the screen drawn
afresh (``forget_all``) and what redraws what. A game's state changes in place as moves are applied, so it
is keyed by identity (``Same``) together with its number of moves: an undo, a load or a replay step makes
another state object. The counts (``drawn``, ``kept``) are for tests and tools.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")


class Same:
    """An object in a memo key compared by identity (a game's state), held so that its id cannot be
    reused by another object while the key is kept."""

    __slots__ = ("obj",)

    def __init__(self, obj: object) -> None:
        self.obj = obj

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.obj is self.obj

    def __hash__(self) -> int:
        return id(self.obj)

    def __repr__(self) -> str:
        return f"Same({type(self.obj).__name__} at {id(self.obj):#x})"


_UNSET = object()

# ---------------------------------------------------------------------- parts the page may keep as they are
#: the parts of the screen being drawn (``part``), noted as they are drawn: (a selector of the part's element in
#: #app, its markup); nile.web.render hands them to the page with the screen (``Screen.parts``)
_PARTS: list[tuple[str, str]] = []


class Memo:
    """One part of the screen (or one thing worked out for it): the last value, kept while its key is equal."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.key: Any = _UNSET
        self.value: Any = None
        self.parts: list[tuple[str, str]] = []  # the parts noted while it was drawn
        self.drawn = 0  # times drawn (the key had changed)
        self.kept = 0  # times handed back unchanged

    def get(self, key: Any, draw: Callable[..., T], *args: Any) -> T:
        """The value drawn from ``key``: kept if ``key`` equals the last one, else ``draw(*args)``. The parts
        the drawing noted (``part``) are noted again when it is kept."""
        if self.key is not _UNSET and key == self.key:
            self.kept += 1
            _PARTS.extend(self.parts)
            value: T = self.value
            return value
        self.key = _UNSET  # a draw that raises leaves nothing kept
        start = len(_PARTS)
        self.value = draw(*args)
        self.parts = _PARTS[start:]
        self.key = key
        self.drawn += 1
        return self.value

    def forget(self) -> None:
        self.key, self.value, self.parts = _UNSET, None, []

    def holds(self, key: Any) -> bool:
        """Whether its value is the one drawn from ``key``."""
        return self.key is not _UNSET and key == self.key

    def adopt(self, key: Any, value: Any) -> None:
        """Take ``value``, drawn from ``key`` for another memo, as its own (counted as drawn: its key changed)."""
        self.key, self.value, self.parts = key, value, []
        self.drawn += 1


class Places:
    """Small pieces each kept by its place and the value it was drawn from, within one context: asked
    for a place whose value is unchanged, the kept markup; else drawn again. At most ``room`` places
    are kept (then all are dropped: a new game, another layout)."""

    def __init__(self, name: str, room: int = 400) -> None:
        self.name = name
        self.room = room
        self.context: Any = _UNSET
        self.places: dict[Hashable, tuple[Any, Any]] = {}
        self.drawn = 0
        self.kept = 0

    def get(self, context: Any, place: Hashable, value: Any, draw: Callable[..., T], *args: Any) -> T:
        """The piece at ``place`` drawn from ``value``: kept if drawn from an equal value in this context,
        else ``draw(*args)``."""
        if context != self.context or len(self.places) > self.room:
            self.context, self.places = context, {}
        hit = self.places.get(place)
        if hit is not None and hit[0] == value:
            self.kept += 1
            kept: T = hit[1]
            return kept
        drawn = draw(*args)
        self.places[place] = (value, drawn)
        self.drawn += 1
        return drawn

    def forget(self) -> None:
        self.context, self.places = _UNSET, {}


#: every memo and every set of places by name: tests and tools read their counts
MEMOS: dict[str, Memo] = {}
PLACES: dict[str, Places] = {}


def memo(name: str) -> Memo:
    """The memo of a part, made on first use."""
    found = MEMOS.get(name)
    if found is None:
        found = MEMOS[name] = Memo(name)
    return found


#: the memos ``view_once`` has kept views in
_VIEWS: list[Memo] = []


def view_once(name: str, state: Any, viewer: int | None) -> dict[str, Any]:
    """``state.view(viewer)`` worked out once per position in the memo ``name`` (one per use: a memo keeps one
    key), keyed by the state's identity, its number of moves and the viewer: a view is a function of those.
    A view another use has worked out already for the same key is taken from it (issue 51: at a table whose
    viewer is nobody, the board's view and the one the targets are worked out from are one view, and each move
    worked it out twice). The view handed back is shared: only read it."""
    key = (Same(state), len(state.history), viewer)
    m = memo(name)
    if not m.holds(key):
        if m not in _VIEWS:
            _VIEWS.append(m)
        for other in _VIEWS:
            if other is not m and other.holds(key):
                m.adopt(key, other.value)
                view: dict[str, Any] = other.value
                return view
    return m.get(key, state.view, viewer)


def places(name: str, room: int = 400) -> Places:
    """The kept pieces of a part, made on first use."""
    found = PLACES.get(name)
    if found is None:
        found = PLACES[name] = Places(name, room)
    return found


def counts() -> dict[str, tuple[int, int]]:
    """(drawn, kept) of every memo and set of places, by name."""
    out = {name: (m.drawn, m.kept) for name, m in MEMOS.items()}
    out.update((name, (p.drawn, p.kept)) for name, p in PLACES.items())
    return out


def forget_all() -> None:
    """Drop everything kept: the next screen is drawn from scratch (tests compare the two)."""
    for m in MEMOS.values():
        m.forget()
    for p in PLACES.values():
        p.forget()


def part(selector: str, html: str) -> str:
    """Note ``html``, one whole element of the screen being drawn that ``selector`` finds in #app (and nothing
    else of the screen does), as a part the page may keep as it is when it is what it painted there last time
    (static/morph.js). Parts may hold parts (the board, its pictures). Returns ``html``."""
    _PARTS.append((selector, html))
    return html


def parts_begin() -> None:
    _PARTS.clear()


def parts_drawn() -> tuple[tuple[str, str], ...]:
    """The parts noted since ``parts_begin``; a selector noted twice finds more than its part: left out."""
    seen: dict[str, int] = {}
    for selector, _ in _PARTS:
        seen[selector] = seen.get(selector, 0) + 1
    return tuple((s, h) for s, h in _PARTS if seen[s] == 1)


# ---------------------------------------------------------------------- redraw by region (issue 51)
class Spot:
    """A part found in the screen's HTML: its selector and markup, where it starts in what holds it (the screen,
    or the part it lies in), and the parts inside it, in their order."""

    __slots__ = ("selector", "markup", "at", "inner")

    def __init__(self, selector: str, markup: str, at: int, inner: list[Spot]) -> None:
        self.selector, self.markup, self.at, self.inner = selector, markup, at, inner


#: how much of a part's markup is looked for before the whole is compared where it was found (``_find``)
_HEAD = 48


def _find(hay: str, needle: str, start: int = 0, end: int | None = None, last: bool = False) -> int:
    """Where ``needle`` is in ``hay[start:end]`` (the last place with ``last``), or -1: as ``str.find``/``rfind``, but
    looking for its head only, then comparing the whole there. A search for a whole part (the board: ~20 kB in a
    screen of ~80 kB) cost more than all the comparisons (issue 51)."""
    end = len(hay) if end is None else min(end, len(hay))
    if len(needle) <= _HEAD:
        return hay.rfind(needle, start, end) if last else hay.find(needle, start, end)
    head = needle[:_HEAD]
    stop = end - len(needle)  # the last place the whole fits
    if stop < start:
        return -1
    if last:
        i = hay.rfind(head, start, stop + _HEAD)
        while i >= 0 and not hay.startswith(needle, i):
            i = hay.rfind(head, start, i + _HEAD - 1)
        return i
    i = hay.find(head, start, stop + _HEAD)
    while i >= 0 and not hay.startswith(needle, i):
        i = hay.find(head, i + 1, stop + _HEAD)
    return i


def locate(html: str, parts: tuple[tuple[str, str], ...]) -> list[Spot]:
    """The parts of ``html`` that lie in no other part (the screen's regions), each with the parts inside it.

    Parts are noted as they are drawn (``part``): the parts inside a part before it, side by side in their order. So
    the parts a part holds are the last ones noted and not yet placed: each is looked for in its markup only, from
    its end backwards (no search of the whole screen per part); a region is looked for in the screen after the one
    before it. A part found nowhere (drawn, then not used) is left out, and so are the parts it hid: what is left out
    is only sent again, never wrong."""
    pending: list[Spot] = []
    for selector, markup in parts:
        inner: list[Spot] = []
        end = len(markup)
        while pending:
            i = _find(markup, pending[-1].markup, 0, end, last=True)
            if i < 0:
                break
            spot = pending.pop()
            spot.at = end = i
            inner.append(spot)
        inner.reverse()
        pending.append(Spot(selector, markup, -1, inner))
    found: list[Spot] = []
    after = 0
    for spot in pending:
        i = _find(html, spot.markup, after)
        if i < 0:  # (noted out of the screen's order: a panel drawn after the side it stands before)
            i = _find(html, spot.markup)
        if i >= 0:
            spot.at, after = i, i + len(spot.markup)
            found.append(spot)
    found.sort(key=lambda spot: spot.at)
    regions: list[Spot] = []
    end = 0
    for spot in found:
        if spot.at >= end:  # (one found inside another is left out)
            regions.append(spot)
            end = spot.at + len(spot.markup)
    return regions


def skeleton(html: str, regions: list[Spot]) -> str:
    """``html`` with each region a mark naming its selector: what a redraw by region must find unchanged."""
    pieces: list[str] = []
    at = 0
    for spot in regions:
        pieces += [html[at:spot.at], "\0", spot.selector, "\0"]
        at = spot.at + len(spot.markup)
    pieces.append(html[at:])
    return "".join(pieces)


def with_holes(markup: str, inner: list[Spot], painted: dict[str, str], keep: list[str]) -> str:
    """``markup`` with each part inside it that is what the page shows already (``painted``: the parts painted last
    time, by selector) as a hole ``<nile-keep data-n>`` the page fills with the element it has; the holes' selectors
    are added to ``keep``, in the holes' order. A changed part's own parts are looked at in turn."""
    pieces: list[str] = []
    at = 0
    for spot in inner:
        if spot.at < at:
            continue  # (found overlapping the last: left as it is)
        pieces.append(markup[at:spot.at])
        if painted.get(spot.selector) == spot.markup:
            pieces.append(f'<nile-keep data-n="{len(keep)}"></nile-keep>')
            keep.append(spot.selector)
        else:
            pieces.append(with_holes(spot.markup, spot.inner, painted, keep))
        at = spot.at + len(spot.markup)
    if not pieces:
        return markup
    pieces.append(markup[at:])
    return "".join(pieces)


#: a patch of the page: (the selector of a region's element, its new markup with holes, the holes' selectors)
Patch = tuple[str, str, list[str]]


def patches(regions: list[Spot], painted: dict[str, str]) -> list[Patch]:
    """The regions that changed since they were painted, each as a patch of its element alone (with the parts
    inside it that did not change as holes); an unchanged region is not sent at all."""
    out: list[Patch] = []
    for spot in regions:
        if painted.get(spot.selector) != spot.markup:
            keep: list[str] = []
            out.append((spot.selector, with_holes(spot.markup, spot.inner, painted, keep), keep))
    return out
