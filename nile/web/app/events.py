"""Input events: the player's clicks, keys, typing, form changes and files, and the window's size, to the controller.

Each event becomes ``Controller.handle(intent, value)`` (``data-i``/``data-v`` of the element it reached) and
is answered through the App (``App._safely``: the work, then the redraw). Typing in a text field is
recorded as it happens, without a redraw. An imported save or a backup is size-checked before it is read.
Under a hand-over screen the keyboard stays on it. A phone held upright gets the portrait board. By touch
(issue 53): a press held long (past half a second, or one that opened the context menu: static/answer.js) is not a tap, and the
browser's Back (a long sideways swipe on a tablet) goes home from a game instead of leaving the page
(``nile.web.app.paint`` keeps the history entry it comes back from).
"""

from __future__ import annotations

import traceback
from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from ...core.save import MAX_SAVE_CHARS
from ...kit.intents import Intent
from ...messages import text as msg
from ..controller import HOME, Controller
from ..render import start_option_label
from ..storage import MAX_BACKUP_CHARS
from .bridge import Answer, js_str
from .paint import is_covered

#: the letters that are keys of their own, without Ctrl: (intent, value) — E and U the table's, S where the game
#: stands (the herald)
PLAIN_KEYS = {"e": ("key", "e"), "u": ("key", "u"), "s": ("standing", "")}


def letter_intent(event: Any) -> tuple[str, str] | None:
    """The intent of a letter pressed outside a text field: a plain key of its own, or Ctrl+Z (undo)."""
    if event.target.tagName in ("INPUT", "SELECT", "TEXTAREA") or event.altKey:
        return None
    key = str(event.key).lower()
    if event.ctrlKey or event.metaKey:
        return ("key", "u") if key == "z" else None
    return PLAIN_KEYS.get(key)


class Events:
    """Listens to ``root`` (``#app``), the keyboard and the window's size; says the layout at start."""

    def __init__(self, controller: Controller, root: Any, answer: Answer) -> None:
        self.controller = controller
        self.root = root
        self._safely = answer
        self._proxies = [
            create_proxy(self.on_click),
            create_proxy(self.on_change),
            create_proxy(self.on_key),
            create_proxy(self.on_resize),
            create_proxy(self.on_input),
            create_proxy(self.on_focus),
            create_proxy(self.on_back),
        ]
        self._watching_focus = False  # ``on_focus`` listens only while a hand-over screen covers the table
        self.root.addEventListener("click", self._proxies[0])
        self.root.addEventListener("change", self._proxies[1])
        document.addEventListener("keydown", self._proxies[2])  # shortcuts work wherever the focus is
        window.addEventListener("resize", self._proxies[3])
        self.root.addEventListener("input", self._proxies[4])
        window.addEventListener("popstate", self._proxies[6])
        self.controller.layout = self._layout()

    def watch_focus(self, covered: bool) -> None:
        """Listen to the focus moving only while a hand-over screen covers the table (``on_focus``): elsewhere a
        call into Python on every control a click focuses cost the click its time (issue 51)."""
        if covered != self._watching_focus:
            self._watching_focus = covered
            (self.root.addEventListener if covered else self.root.removeEventListener)("focusin", self._proxies[5])

    @staticmethod
    def long_press(event: Any) -> bool:
        """The click ends a press held past half a second or one that opened the context menu (static/answer.js
        follows the presses and marks such a click ``nileLong``; a click the keyboard made is never one)."""
        return bool(getattr(event, "nileLong", False))

    def on_back(self, event: Any) -> None:
        """The browser's Back inside the app: from a game (or set-up, the rules help…) home, as the Home button does;
        the page stays. A link opened in the address is the links' (``nile.web.app.links``)."""
        if js_str(window.location.hash) or self.controller.screen == HOME:
            return
        self._safely(lambda: self.controller.handle(Intent.HOME))

    def on_click(self, event) -> None:  # noqa: ANN001
        el = event.target.closest("[data-i]")
        if js_str(el) is None or el.tagName in ("INPUT", "SELECT", "OPTION") or el.hasAttribute("disabled"):
            return
        if self.long_press(event):  # a finger held on a place does not commit (issue 53)
            if el.tagName == "SUMMARY":
                event.preventDefault()
            return
        if el.tagName == "SUMMARY":  # a fold the app keeps (the coach's list): the redraw opens or closes it
            event.preventDefault()
        intent, value = js_str(el.getAttribute("data-i")) or "", js_str(el.getAttribute("data-v")) or ""
        answer = getattr(window, "nileAnswer", None)
        if getattr(event, "nileEarly", None) and answer is not None and js_str(answer) is not None:
            # a choice the page has shown already (static/answer.js: the destinations the engine drew): made here
            # after that frame, so the tap is answered without waiting for Python (issue 51)
            answer.later(create_once_callable(lambda: self._safely(lambda: self.controller.handle(intent, value))))
            return
        self._safely(lambda: self.controller.handle(intent, value))

    def on_key(self, event) -> None:  # noqa: ANN001
        if event.key == "Escape":
            self._safely(lambda: self.controller.handle("escape"))
            return
        letter = letter_intent(event)
        if letter is not None:
            event.preventDefault()
            self._safely(lambda: self.controller.handle(*letter))
            return
        if event.key not in ("Enter", " "):
            return
        el = event.target
        if event.key == "Enter" and js_str(el.getAttribute("data-i")) == "setup-name":  # a name typed: start
            event.preventDefault()
            self._safely(lambda: self.controller.handle("start-game"))
            return
        if js_str(el.getAttribute("role")) != "button" or el.tagName in ("BUTTON", "INPUT", "SELECT"):
            return
        event.preventDefault()
        intent, value = js_str(el.getAttribute("data-i")) or "", js_str(el.getAttribute("data-v")) or ""
        self._safely(lambda: self.controller.handle(intent, value))

    def on_focus(self, event: Any) -> None:
        """Under a hand-over screen the keyboard stays on it: Tab past its last control, into the table it
        covers, comes back to its first. (The table is not made inert: an inert table is styled anew, all of it,
        as the cover comes and as it goes, 2.5 ms of each such tap in a trace of Kap's clicks. Screen readers
        keep to the cover: it is a modal dialog, static/app.css ``.handover-cover``.)"""
        if not is_covered():
            return
        target = event.target
        if js_str(target) is None or not hasattr(target, "closest") or js_str(target.closest("#app > .game")) is None:
            return
        first = self.root.querySelector(".handover-cover :is(button, select, [tabindex]):not([disabled])")
        if js_str(first) is not None:
            first.focus()

    def on_input(self, event) -> None:  # noqa: ANN001
        """Typing in a text field is recorded as it happens, without redrawing: a redraw while the
        player moves to the Start button would replace that button under their click."""
        el = event.target
        intent = js_str(el.getAttribute("data-i"))
        if intent == "rules-search":  # searching the rules redraws the results as the player types
            value = str(el.value)
            self._safely(lambda: self.controller.handle(intent, value))
            return
        if intent and el.type == "text":
            data_v = js_str(el.getAttribute("data-v"))
            value = f"{data_v}:{el.value}" if data_v is not None else str(el.value)
            try:
                self.controller.handle(intent, value)
                if intent == "setup-name" and data_v is not None:
                    self._rename_start_option(data_v, str(el.value))
            except Exception:
                js.console.error(traceback.format_exc())

    def _rename_start_option(self, seat: str, name: str) -> None:
        """Keep the start-player choice in step with a name being typed (no redraw, see on_input)."""
        option = self.root.querySelector(f'select[data-i="setup-option"][data-v="start"] option[value="{seat}"]') if seat.isdigit() else None
        if option is not None and js_str(option) is not None:
            option.textContent = start_option_label(name, int(seat))

    def on_change(self, event) -> None:  # noqa: ANN001
        el = event.target
        intent = js_str(el.getAttribute("data-i"))
        if not intent or el.type == "text":  # text fields already reported every keystroke
            return
        if intent == "import":
            self._import(el)
            return
        if intent == "restore":
            self._restore(el)
            return
        if intent == Intent.FAR_OPEN:  # a link pasted: as one opened in the address (its game may be taken here)
            link = str(el.value)
            self._safely(lambda: self.controller.keeper.open_link(link))
            return
        data_v = js_str(el.getAttribute("data-v"))
        if el.type == "checkbox":
            value = data_v or ""
        elif data_v is not None:
            value = f"{data_v}:{el.value}"
        else:
            value = str(el.value)
        self._safely(lambda: self.controller.handle(intent, value))

    def _import(self, el) -> None:  # noqa: ANN001
        """A saved game chosen: size-checked before it is read, then imported (``Shelf.import_text``)."""
        self._read_file(el, MAX_SAVE_CHARS * 4, "ui.import_failed", "ui.file_too_large",
                        lambda text: self.controller.shelf.import_text(text))

    def _restore(self, el) -> None:  # noqa: ANN001
        """A backup file chosen: size-checked before it is read, then restored (``Shelf.restore_text``)."""
        self._read_file(el, MAX_BACKUP_CHARS * 2, "ui.restore_failed", "backup.too_large",
                        lambda text: self.controller.shelf.restore_text(text))

    def _read_file(self, el, limit: int, failed_key: str, too_large_key: str, take) -> None:  # noqa: ANN001
        """The file chosen in ``el``: refused (``failed_key``, in the player's language) when over ``limit``
        bytes or unreadable, else its text handed to ``take``; the input is emptied for the next choice."""
        files = el.files
        if js_str(files) is None or files.length == 0:
            return
        file = files.item(0)
        lang = self.controller.lang
        if file.size > limit:
            self._safely(lambda: self._refuse(msg(failed_key, lang, reason=msg(too_large_key, lang))))
            return

        def loaded(text) -> None:  # noqa: ANN001
            self._safely(lambda: take(str(text)))

        def failed(error) -> None:  # noqa: ANN001
            self._safely(lambda: self._refuse(msg(failed_key, self.controller.lang, reason=str(error))))

        self._keep = (create_proxy(loaded), create_proxy(failed))
        file.text().then(*self._keep)
        el.value = ""

    def _refuse(self, text: str) -> None:
        self.controller.notice = ("error", text)

    @staticmethod
    def _layout() -> str:
        """Phones held upright get the portrait board (the Nile across, rows as columns)."""
        return "portrait" if int(window.innerWidth) < 700 else "landscape"

    def on_resize(self, event) -> None:  # noqa: ANN001
        layout = self._layout()
        if layout != self.controller.layout:
            self._safely(lambda: self.controller.handle("layout", layout))
