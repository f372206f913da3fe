"""The PyScript glue: browser events in, the controller's HTML out. The only module that touches the DOM.

Everything it does: wrap localStorage as a ``Store`` (a full store becomes
``StorageFull``), draw seeds from ``crypto.getRandomValues``, send clicks, key
presses and form changes to ``Controller.handle``, read imported files (size
checked before reading), and re-render ``#app`` after each event. When the first
screen is drawn it sets ``data-app-state="ready"`` on ``<body>``. An unexpected
error never breaks the page: it is shown as a notice and logged to the console.

The redraw (morph, focus, scrolling into sight, motion, sound): ``paint.py``; the screen kept in
localStorage for the next load (``static/boot.js``): ``kept.py``.

The computer players and the coach think in the bot worker: ``workers.py``.

One game, one tab (the Web Locks), persistent storage, storage events, a new version and the
controller's effects: ``conditions.py``.
"""

from __future__ import annotations

import gc
import traceback
from typing import Any

import js
from pyodide.ffi import create_proxy
from pyscript import document, window

from ...bots import protocol
from ...core.save import MAX_SAVE_CHARS
from ...games import load_save
from ...messages import pick_language
from ...messages import text as msg
from ..controller import LANG_KEY, Controller
from ..render import start_option_label
from ..storage import MAX_BACKUP_CHARS, Library
from .bridge import js_str, new_seed, open_store
from .conditions import Conditions
from .kept import KeptScreen
from .paint import Painter, is_covered
from .workers import Workers


class App:
    def __init__(self) -> None:
        store, usable = open_store()
        lang = pick_language(store.get(LANG_KEY), js_str(window.navigator.language))
        self.controller = Controller(Library(store, load_save), new_seed, lang)
        if not usable:  # blocked: said once now, and by a mark on every screen after (storage_blocked)
            self.controller.storage_blocked = True
            self.controller.notice = ("error", msg("ui.no_storage", lang))
        self.root = document.getElementById("app")
        # the screen drawn last, kept for the next load (static/boot.js), and the painter that draws it into #app
        keeper = KeptScreen(self.controller, window.localStorage if usable else None)
        self.painter = Painter(self.controller, self.root, keeper)
        self.renders = 0
        self._lang = ""  # the language <html lang> says
        self._split: list[tuple[str, float]] = []  # (part, when it ended) of the event being answered (_safely)
        self._proxies = [
            create_proxy(self.on_click),
            create_proxy(self.on_change),
            create_proxy(self.on_key),
            create_proxy(self.on_resize),
            create_proxy(self.on_input),
            create_proxy(self.on_focus),
        ]
        self.root.addEventListener("click", self._proxies[0])
        self.root.addEventListener("change", self._proxies[1])
        document.addEventListener("keydown", self._proxies[2])  # shortcuts work wherever the focus is
        window.addEventListener("resize", self._proxies[3])
        self.root.addEventListener("input", self._proxies[4])
        self.root.addEventListener("focusin", self._proxies[5])
        self.controller.layout = self._layout()
        self.workers = Workers(self.controller, self._safely)  # the bot worker: bots' decisions, the coach
        # persistent storage, the tab locks, storage events, a new version; the controller's effects
        self.conditions = Conditions(self.controller, self._safely, usable)

    @property
    def _html(self) -> str:
        """What ``#app`` shows, whole (tests/browser/test_instant.py reads it as ``window.nileApp._html``)."""
        return self.painter.html

    # ------------------------------------------------------------------ drawing
    def render(self) -> None:
        """Draw the screen, then what follows from it: the game's lock, the controller's effects, the workers'
        requests, and the marks on ``<body>`` the tests and tools read."""
        self.painter.draw(self._split)
        self.conditions.hold_game()
        self.conditions.run_effects()
        self.workers.drive_bots()
        self.workers.post_coach()
        self.renders += 1
        document.body.dataset.renders = str(self.renders)
        document.body.dataset.screen = self.controller.screen
        if self._lang != self.controller.lang:  # written only when it changes: setting <html lang> even to the
            self._lang = self.controller.lang  # same value makes the browser restyle and repaint the whole page
            document.documentElement.lang = self._lang
        state = self.controller.state
        document.body.dataset.actions = str(len(state.history)) if state else "0"

    def _safely(self, work) -> None:  # noqa: ANN001
        started = js.performance.now()
        self._split = [("", started)]
        try:
            work()
        except Exception as e:  # never let an event break the page
            js.console.error(traceback.format_exc())
            self.controller.notice = ("error", msg("ui.unexpected", error=f"{type(e).__name__}: {e}"))
        try:
            self.render()
        except Exception:
            js.console.error(traceback.format_exc())
        ended = js.performance.now()
        document.body.dataset.lastEventMs = f"{ended - started:.1f}"
        # where it went (tools/bench.py): "handle:0.4 render:5.1 motion:0.8 morph:2.0 keep:0.1 rest:0.6",
        # each part's milliseconds; "rest" is after the redraw (focus, pop-ups, effects, bots)
        marks = [*self._split, ("rest", ended)]
        document.body.dataset.lastSplit = " ".join(
            f"{name}:{t - marks[i - 1][1]:.2f}" for i, (name, t) in enumerate(marks) if i)

    # ------------------------------------------------------------------ events
    def on_click(self, event) -> None:  # noqa: ANN001
        el = event.target.closest("[data-i]")
        if js_str(el) is None or el.tagName in ("INPUT", "SELECT", "OPTION") or el.hasAttribute("disabled"):
            return
        if el.tagName == "SUMMARY":  # a fold the app keeps (the coach's list): the redraw opens or closes it
            event.preventDefault()
        intent, value = js_str(el.getAttribute("data-i")) or "", js_str(el.getAttribute("data-v")) or ""
        self._safely(lambda: self.controller.handle(intent, value))

    def on_key(self, event) -> None:  # noqa: ANN001
        if event.key == "Escape":
            self._safely(lambda: self.controller.handle("escape"))
            return
        typing = event.target.tagName in ("INPUT", "SELECT", "TEXTAREA")
        key = str(event.key).lower()
        if not typing and not event.altKey and key in ("e", "u", "z"):
            undo_chord = key == "z" and (event.ctrlKey or event.metaKey)
            plain = key in ("e", "u") and not (event.ctrlKey or event.metaKey)
            if undo_chord or plain:
                event.preventDefault()
                self._safely(lambda: self.controller.handle("key", "u" if undo_chord else key))
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
        data_v = js_str(el.getAttribute("data-v"))
        if el.type == "checkbox":
            value = data_v or ""
        elif data_v is not None:
            value = f"{data_v}:{el.value}"
        else:
            value = str(el.value)
        self._safely(lambda: self.controller.handle(intent, value))

    def _import(self, el) -> None:  # noqa: ANN001
        files = el.files
        if js_str(files) is None or files.length == 0:
            return
        file = files.item(0)
        if file.size > MAX_SAVE_CHARS * 4:
            self._safely(lambda: self._refuse(msg("ui.import_failed", reason=msg("ui.file_too_large"))))
            return

        def loaded(text) -> None:  # noqa: ANN001
            self._safely(lambda: self.controller.import_text(str(text)))

        def failed(error) -> None:  # noqa: ANN001
            self._safely(lambda: self._refuse(msg("ui.import_failed", reason=str(error))))

        self._keep = (create_proxy(loaded), create_proxy(failed))
        file.text().then(*self._keep)
        el.value = ""

    def _restore(self, el) -> None:  # noqa: ANN001
        """A backup file chosen: size-checked before it is read, then restored (``Controller.restore_text``)."""
        files = el.files
        if js_str(files) is None or files.length == 0:
            return
        file = files.item(0)
        if file.size > MAX_BACKUP_CHARS * 2:
            lang = self.controller.lang
            self._safely(lambda: self._refuse(msg("ui.restore_failed", lang, reason=msg("backup.too_large", lang))))
            return

        def loaded(text) -> None:  # noqa: ANN001
            self._safely(lambda: self.controller.restore_text(str(text)))

        def failed(error) -> None:  # noqa: ANN001
            self._safely(lambda: self._refuse(msg("ui.restore_failed", self.controller.lang, reason=str(error))))

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



def main() -> None:
    js.performance.mark("nile:imported")  # the boot's split (tools/bench.py): the app's imports are done
    app = App()
    try:
        app.controller.resume()
    except Exception:
        js.console.error(traceback.format_exc())
    app.render()
    # everything made so far (the modules, the catalogs, the first screen) lives as long as the page: out of
    # the cyclic collector's sight, so its full collections, which come in the middle of some click, scan
    # only what the game makes since (issue 21: in CPython over the bench's game 5 -> 0.5 ms each)
    gc.freeze()
    app.conditions.ask_persisted()
    loading = document.getElementById("loading")
    if js_str(loading) is not None:
        loading.remove()
    app.root.removeAttribute("hidden")
    app.root.removeAttribute("inert")  # the screen boot.js showed from the last visit is live now
    starting = document.getElementById("starting")
    if js_str(starting) is not None:
        starting.remove()
    document.body.dataset.build = protocol.BUILD  # which version of Nile this page runs
    document.body.dataset.appState = "ready"
    window.nileApp = create_proxy(app)  # keeps the app (and its proxies) alive
