"""The page's conditions: what it learns of the browser and other tabs, and the effects the controller asks for.

- Persistent storage: at start the page asks whether the browser keeps the site's storage for good (the
  home screen says so), and asks for it once the first game is saved (``Keeper.storage_persistent``).
- One game, one tab (issue 23): while a game is open here the page holds its Web Lock
  (``static/tablock.js``, ``window.nileTabs``: "nile:game:<id>", released when the tab leaves the game or
  closes) and hands what it learns to ``Keeper.tab_news``; Take over steals the lock. Decided fallback,
  for a browser without Web Locks: the ``storage`` event alone — a tab that sees another tab write the game
  it plays shows it read-only from then on (``Keeper.other_tab_changed``), and Take over simply plays it
  here from the stored copy (the other tab turns read-only at this tab's next move). The home screen redraws
  on every storage event, so games started or moved on in another tab show there at once.
- A link opened in this tab that brought news of a game (``Keeper.open_link``) takes its lock as Take over does
  (the ``take-over`` effect, not first queued for it as a game opened from the shelf); a tab that hears the
  game's id written under ``LINK_KEY`` (another tab's link took it) says why it only shows it from then on
  (``Keeper.linked_elsewhere``).
- A new version installed in the background (``static/boot.js``'s ``nile:update-ready``, maybe before Python
  ran): ``Updates.new_version_ready``; its Reload applies it.
- The controller's effects (``Controller.effects``), run after each redraw: take over, persist, update,
  download a file, share or copy a link (``links.py``).
"""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from ..controller import GAME, Controller
from ..rooms.keeper import LINK_KEY
from ..storage import PREFIX
from .bridge import LAST_SCREEN_KEY, Answer, js_str
from .links import Links


class Conditions:
    """Listens to the window (storage, update ready) and to the tab locks; runs the controller's effects."""

    def __init__(self, controller: Controller, answer: Answer, storage_usable: bool, links: Links) -> None:
        self.controller = controller
        self.links = links
        self._safely = answer
        self._storage_usable = storage_usable  # the browser's localStorage, not a store in memory
        self._storage_proxy = create_proxy(self.on_storage)
        window.addEventListener("storage", self._storage_proxy)
        self._held: str | None = None  # the game whose lock this tab asked for (static/tablock.js)
        self._tab_proxy = create_proxy(self.on_tab_news)
        # a new version installed in the background (static/boot.js says so, maybe before Python ran)
        self._update_proxy = create_proxy(self.on_update_ready)
        window.addEventListener("nile:update-ready", self._update_proxy)
        if getattr(window, "nileUpdateReady", False) is True:
            self.controller.updates.new_version_ready()

    # ------------------------------------------------------------------ persistent storage
    def _storage_manager(self) -> Any:
        """``navigator.storage`` where the browser has persistent storage (``persist``/``persisted``), else None."""
        manager = getattr(window.navigator, "storage", None)
        if js_str(manager) is None or js_str(getattr(manager, "persist", None)) is None:
            return None
        return manager

    def ask_persisted(self) -> None:
        """At start: does the browser keep our storage for good? (The home screen says so.)"""
        manager = self._storage_manager()
        if manager is not None and self._storage_usable:
            manager.persisted().then(create_once_callable(self._persistence_known))

    def _persist(self) -> None:
        """The first game was saved: ask the browser to keep this site's storage (it may ask the player)."""
        manager = self._storage_manager()
        if manager is not None:
            manager.persist().then(create_once_callable(self._persistence_known))

    def _persistence_known(self, granted) -> None:  # noqa: ANN001
        self._safely(lambda: self.controller.keeper.storage_persistent(bool(granted)))

    # ------------------------------------------------------------------ one game, one tab
    @staticmethod
    def _tabs() -> Any:
        """``window.nileTabs`` (static/tablock.js) where the browser has Web Locks, else None."""
        tabs = getattr(window, "nileTabs", None)
        return tabs if js_str(tabs) is not None and bool(getattr(tabs, "supported", False)) else None

    def hold_game(self) -> None:
        """Hold the lock of the game open here (and only of it): asked when a game opens, let go when it closes."""
        c = self.controller
        gid = c.game_id if c.screen == GAME else None
        if gid == self._held or ("take-over", gid) in c.effects:
            return  # (a game this tab takes, for a link opened here: the effect steals its lock)
        self._held = gid
        tabs = self._tabs()
        if tabs is None:
            return
        if gid is None:
            tabs.close()
        else:
            tabs.open(gid, False, self._tab_proxy)

    def _take_over(self, gid: str) -> None:
        """Take over: steal the game's lock from the tab that plays it (without Web Locks: just play it here)."""
        tabs = self._tabs()
        self._held = gid
        if tabs is None or not tabs.open(gid, True, self._tab_proxy):
            js.setTimeout(create_once_callable(lambda: self.on_tab_news(gid, "held")), 0)

    def on_tab_news(self, gid, news) -> None:  # noqa: ANN001
        self._safely(lambda: self.controller.keeper.tab_news(str(gid), str(news)))

    def on_storage(self, event) -> None:  # noqa: ANN001
        """Another tab wrote to storage: if it is our game, say so (the next save would conflict)."""
        c = self.controller
        if js_str(event.key) is None:  # another tab cleared the site's storage (clear() names no key)
            self._safely(c.keeper.storage_cleared)
            return
        key = js_str(event.key) or ""
        if key == LAST_SCREEN_KEY:
            return  # another tab's kept screen: nothing of ours changed
        if key == LINK_KEY:  # another tab's link took a game there (written anew each time; its removal: nothing)
            linked = js_str(event.newValue)
            if linked:
                self._safely(lambda: c.keeper.linked_elsewhere(linked))
            return
        if c.game_id and c.screen == GAME and key == PREFIX + c.game_id:
            self._safely(c.keeper.other_tab_changed)  # read-only here from now on, showing the other tab's moves
        elif c.screen == "home":
            self._safely(lambda: None)

    # ------------------------------------------------------------------ a new version, the controller's effects
    def on_update_ready(self, event) -> None:  # noqa: ANN001
        self._safely(self.controller.updates.new_version_ready)

    def run_effects(self) -> None:
        """What the controller asked of the page while it answered (``Controller.effects``), done now."""
        effects, self.controller.effects = self.controller.effects, []
        for effect in effects:
            if effect[0] == "take-over":
                self._take_over(effect[1])
            elif effect[0] == "persist":
                self._persist()
            elif effect[0] == "share":
                self.links.share(effect[1], effect[2])
            elif effect[0] == "copy":
                self.links.copy(effect[1])
            elif effect[0] == "update":
                updater: Any = getattr(window, "nileUpdate", None)  # static/boot.js: the waiting service worker
                if js_str(updater) is not None:
                    updater.apply()
                else:
                    window.location.reload()
            elif effect[0] == "download":
                _, name, text = effect
                blob = js.Blob.new([text], js.Object.fromEntries([["type", "application/json"]]))
                url = js.URL.createObjectURL(blob)
                link = document.createElement("a")
                link.href = url
                link.download = name
                document.body.appendChild(link)
                link.click()
                link.remove()
                js.setTimeout(create_proxy(lambda url=url: js.URL.revokeObjectURL(url)), 1000)
