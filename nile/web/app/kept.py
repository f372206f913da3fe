"""The screen kept for the next load: after a redraw the screen's HTML goes to localStorage.

Kept under ``nile:last-screen`` (never a secret bid: the screen says whether it may be kept,
``Screen.keep``), so that a reload shows it at once while Python starts (``static/boot.js``: a tap on it is
done once Python is ready). It is
written when the browser is idle after the redraw (at the latest ``KEEP_WITHIN_MS`` after it, at once when
the page is left), only when what a reload would show changes, and never by a tab that shows another tab's
game. Full or blocked storage just means the next load shows the loading screen.
"""

from __future__ import annotations

import json
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import window

from ..controller import Controller
from ..render import Screen
from .bridge import LAST_SCREEN_KEY, js_str

#: longer screens are not kept (boot.js refuses more, too): room in localStorage is for saves
LAST_SCREEN_MAX = 300_000
#: the kept screen is written when the browser is idle after the redraw, at the latest this long after it
KEEP_WITHIN_MS = 300


class KeptScreen:
    """Keeps the screen drawn last in ``storage`` (``window.localStorage``; None: nothing is kept)."""

    def __init__(self, controller: Controller, storage: Any) -> None:
        self.controller = controller
        self._storage = storage
        self._kept: tuple[object, ...] | None = None  # what the kept screen showed (see keep)
        self._keep_pending: Screen | None = None  # the screen to keep, written when the browser is idle
        self._keep_proxy = create_proxy(self.write)
        window.addEventListener("pagehide", self._keep_proxy)  # leaving: write it now

    def keep(self, screen: Screen) -> None:
        """Keep the screen for static/boot.js's next load (or drop the kept one: a secret bid, set-up),
        as the screen says of itself (``Screen.keep``), with its name for boot.js."""
        storage = self._storage
        c = self.controller
        if storage is None or c.read_only:  # the tab that plays the game keeps its screen, not this one
            return
        # written when what a reload would show changes (another screen, game, move or language), not
        # for a selection or a notice a reload drops anyway: storage changes only with the game
        state = c.state
        moment = (c.screen, c.game_id, len(state.history) if state else -1, c.lang, c.layout)
        if moment == self._kept:
            return
        self._kept = moment
        # written once the browser is idle after this frame (issue 21: ~55 kB of JSON into localStorage is not
        # the click's to wait for), the latest screen winning; at once if the page is left before then
        first = self._keep_pending is None
        self._keep_pending = screen
        if first:
            idle: Any = getattr(window, "requestIdleCallback", None)
            if js_str(idle) is not None:
                idle(self._keep_proxy, to_js({"timeout": KEEP_WITHIN_MS}, dict_converter=js.Object.fromEntries))
            else:
                js.setTimeout(self._keep_proxy, 50)

    def write(self, *_: Any) -> None:
        """Write the screen waiting to be kept (or drop the kept one: a secret bid, set-up)."""
        screen, self._keep_pending = self._keep_pending, None
        storage = self._storage
        if screen is None or storage is None:
            return
        keep = screen.keep and len(screen.html) <= LAST_SCREEN_MAX
        try:
            if keep:
                storage.setItem(LAST_SCREEN_KEY, json.dumps({"screen": screen.name, "html": screen.html}))
            else:
                storage.removeItem(LAST_SCREEN_KEY)
        except Exception:  # full or blocked storage: the next load just shows the loading screen
            try:
                storage.removeItem(LAST_SCREEN_KEY)
            except Exception:  # noqa: BLE001
                pass
