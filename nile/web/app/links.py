"""Links of games played from afar (issue 44), as the page meets them: the page's own address, a link opened in it
(``#far=…``, read here and never sent anywhere: a fragment does not leave the browser), and the link sent on
(the system's share sheet, the clipboard).

- At start, and whenever the address's fragment changes (a link pasted into the address bar of an open tab),
  a ``#far=…`` fragment is handed to the far room (``FAR_OPEN``, through ``Keeper.open_link``: a link that
  brought news plays its game in this tab, even where another tab had it open), then taken out of the address,
  so that a reload does not open it again and the address shown is the page's own.
- Share: ``navigator.share`` where the browser has it (phones), with the link and a sentence; else, and when
  the person closes the sheet without choosing, nothing more is done (Copy is beside it). Where it is missing
  the link is copied instead, and the person is told so as Copy tells it (``far.copied``).
- Copy: the clipboard; where the browser refuses it, the link's field is selected and copied the old way, so
  that the person can copy it by hand at worst.
"""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from ...messages import text as msg
from ..controller import Controller
from ..rooms.far import FRAGMENT
from .bridge import Answer, js_str


class Links:
    """The page's address and the links sent from it."""

    def __init__(self, controller: Controller, answer: Answer) -> None:
        self.controller = controller
        self._safely = answer
        location = window.location
        controller.far.page_url = f"{location.origin}{location.pathname}{location.search}"
        self._proxy = create_proxy(self.on_hash_change)
        window.addEventListener("hashchange", self._proxy)

    def take_address(self) -> bool:
        """A link in the page's address: handed to the far room and taken out of the address. True if there was one."""
        fragment = js_str(window.location.hash) or ""
        if not fragment.startswith("#" + FRAGMENT):
            return False
        window.history.replaceState(js.Object.new(), "", self.controller.far.page_url)
        self.controller.keeper.open_link(fragment)
        return True

    def on_hash_change(self, event: Any) -> None:
        self._safely(self.take_address)

    def share(self, url: str, text: str) -> None:
        navigator = window.navigator
        if js_str(getattr(navigator, "share", None)) is None:
            self.copy(url)
            # said as Copy says it, once this redraw (of the effect) is done: a redraw of its own
            js.setTimeout(create_once_callable(lambda: self._safely(self._copied)), 0)
            return
        data = to_js({"url": url, "text": text, "title": text}, dict_converter=js.Object.fromEntries)
        promise = navigator.share(data)
        promise.catch(create_proxy(lambda error: None))  # closed without choosing: Copy is beside it

    def _copied(self) -> None:
        c = self.controller
        c.notice = ("info", msg("far.copied", c.lang))

    def copy(self, url: str) -> None:
        clipboard: Any = getattr(window.navigator, "clipboard", None)

        def by_hand(*_: object) -> None:
            field = document.getElementById("far-url")
            if js_str(field) is not None:
                field.focus()
                field.select()
                document.execCommand("copy")

        if js_str(clipboard) is None:
            by_hand()
            return
        clipboard.writeText(url).catch(create_proxy(by_hand))
