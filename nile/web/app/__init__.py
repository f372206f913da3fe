"""The PyScript glue: browser events in, the controller's HTML out. The only module that touches the DOM.

Everything it does: wrap localStorage as a ``Store`` (a full store becomes
``StorageFull``), draw seeds from ``crypto.getRandomValues``, send clicks, key
presses and form changes to ``Controller.handle``, read imported files (size
checked before reading), start downloads, and re-render ``#app`` after each
event. A redraw patches only what changed (``static/morph.js``'s
``window.nileMorph``; if it is missing or fails, ``#app`` is replaced whole), and
keyboard focus stays on the element the player was on (same ``data-i``/``data-v``)
or, when that is gone, moves to the first target of the action panel, else of the
board — never back to the top of the page. After each redraw the screen's HTML is
kept in localStorage (``nile:last-screen``; never a secret bid) so that a reload
shows it at once, inert, while Python starts (``static/boot.js``). When the first
screen is drawn it sets ``data-app-state="ready"`` on ``<body>``. An unexpected
error never breaks the page: it is shown as a notice and logged to the console.

The computer players and the coach think in the bot worker: ``workers.py``.

One game, one tab (the Web Locks), persistent storage, storage events, a new version and the
controller's effects: ``conditions.py``.
"""

from __future__ import annotations

import gc
import json
import traceback
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from ...bots import protocol
from ...core.save import MAX_SAVE_CHARS
from ...games import load_save
from ...messages import pick_language
from ...messages import text as msg
from ..controller import GAME, LANG_KEY, Controller
from ..help import CONTENTS, SEARCH
from ..render import Screen, render_screen, start_option_label
from ..since import mark_window
from ..storage import MAX_BACKUP_CHARS, Library
from .bridge import LAST_SCREEN_KEY, js_str, new_seed, open_store
from .conditions import Conditions
from .workers import Workers

#: longer screens are not kept (boot.js refuses more, too): room in localStorage is for saves
LAST_SCREEN_MAX = 300_000
#: the kept screen is written when the browser is idle after the redraw, at the latest this long after it
KEEP_WITHIN_MS = 300
#: where a table marked .fit fills the window (static/app.css: the same media query)
FITTING = "(min-width: 700px) and (min-height: 600px)"
#: where the keyboard goes when the focused element is gone: the action panel, else the board
FOCUS_FALLBACK = (
    ".actions [data-i]:not([disabled])",
    ".board [data-i][tabindex]:not([disabled]), .board button[data-i]:not([disabled])",
    "[data-i]:not([disabled])",
)


class App:
    def __init__(self) -> None:
        store, usable = open_store()
        lang = pick_language(store.get(LANG_KEY), js_str(window.navigator.language))
        self.controller = Controller(Library(store, load_save), new_seed, lang)
        if not usable:  # blocked: said once now, and by a mark on every screen after (storage_blocked)
            self.controller.storage_blocked = True
            self.controller.notice = ("error", msg("ui.no_storage", lang))
        self.root = document.getElementById("app")
        self._storage = window.localStorage if usable else None
        self._kept: tuple[object, ...] | None = None  # what the kept screen showed (see _keep_screen)
        self._place: tuple[str, str | None] | None = None  # the screen and game last drawn (_top_of_new_place)
        self._keep_pending: Screen | None = None  # the screen to keep, written when the browser is idle
        self._keep_proxy = create_proxy(self._write_kept)
        window.addEventListener("pagehide", self._keep_proxy)  # leaving: write it now
        self.renders = 0
        self._html = ""
        self._painted: dict[str, str] = {}  # the parts of the screen painted last time (Screen.parts), by selector
        self._lang = ""  # the language <html lang> says
        self._split: list[tuple[str, float]] = []  # (part, when it ended) of the event being answered (_safely)
        self._step = -1  # the moves of the game drawn last (static/motion.js follows pieces when it changes)
        self._rules_open = False
        self._popups: tuple[Any, ...] = (None, None)  # the moment and lesson last shown (``_show_popups``)
        self._chosen: str | None = None  # the selection last shown (``_show_targets``)
        self._rules_page: tuple[str, str] | None = None
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
        self._was_at_top = False  # the page fitted the window before the last redraw: it was at its top (``_paint``)
        self._fitting = window.matchMedia(FITTING)  # a .game.fit fills the window at this size
        self.workers = Workers(self.controller, self._safely)  # the bot worker: bots' decisions, the coach
        # persistent storage, the tab locks, storage events, a new version; the controller's effects
        self.conditions = Conditions(self.controller, self._safely, usable)

    # ------------------------------------------------------------------ drawing
    def render(self) -> None:
        active = document.activeElement
        focus = None
        keyboard = False
        if js_str(active) is not None and hasattr(active, "getAttribute") and js_str(active.getAttribute("data-i")):
            focus = (js_str(active.getAttribute("data-i")), js_str(active.getAttribute("data-v")))
            keyboard = bool(active.matches(":focus-visible"))
        split = self._split
        split.append(("handle", js.performance.now()))
        screen = render_screen(self.controller)
        html = screen.html
        split.append(("render", js.performance.now()))
        step, since, animate = self._motion()
        moved = step != self._step  # a move made or taken back: pieces are followed (static/motion.js)
        mover = getattr(window, "nileMotion", None) if moved else None
        if mover is not None and js_str(mover) is None:
            mover = None
        if html != self._html:  # an unchanged screen is left alone (no flicker, focus kept)
            if mover is not None:
                mover.before(self.root)
            split.append(("motion", js.performance.now()))  # what moved, and the pieces' places before
            self._paint(html, screen.parts)
            self._html = html
            split.append(("morph", js.performance.now()))
            self._keep_screen(screen)
            split.append(("keep", js.performance.now()))
        if mover is not None:  # (nothing moves under a hand-over screen: its table is covered, a flyer would cross the cover)
            mover.after(self.root, step, since, animate and not self._covered)
        self._step = step
        self._play_sound(animate)
        self._top_of_new_place()
        opened = self.controller.show_rules and not self._rules_open
        self._rules_open = self.controller.show_rules
        help_ = self.controller.help
        page = (help_.game, help_.page) if help_ is not None else None
        turned, self._rules_page = page != self._rules_page, page
        if opened:  # a dialog just opened: the keyboard goes to it (its Close button)
            close = self.root.querySelector(".rules-help [data-i=rules]")
            if js_str(close) is not None:
                close.focus()
        if not opened and focus:
            self._refocus(focus[0] or "", focus[1], keyboard)
        if turned and page is not None and page[1] not in (CONTENTS, SEARCH):
            self._show_page()  # on a phone the contents above a page may fill the screen: the page comes into sight
        self._show_popups()
        self._show_targets()
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

    def _top_of_new_place(self) -> None:
        """Another screen or another game starts at the top of the page, not at the place the last one
        was scrolled to (a game left from far down its market would open the next game's end
        screen in the middle of its table)."""
        place = (self.controller.screen, self.controller.game_id)
        if place != self._place:
            if self._place is not None:
                window.scrollTo(0, 0)
            self._place = place

    def _play_sound(self, animate: bool) -> None:
        """The last move's sound (``Controller.sound_due``), only while the Sound switch is on
        (static/sound.js's ``window.nileSound``): a move's tick only where the move is shown moving."""
        c = self.controller
        kind, c.sound_due = c.sound_due, None
        if kind is None or not c.sound or (kind == "tick" and not animate):
            return
        player = getattr(window, "nileSound", None)
        if player is None or js_str(player) is None:
            return
        try:
            player.play(kind)
        except Exception:  # a page without sound still plays
            js.console.error(traceback.format_exc())

    def _show_popups(self) -> None:
        """A moment panel (a scoring, bids opened, the end) or a lesson that has just opened comes into
        sight with its title: on a phone the page may be scrolled down to the market when it opens
        above the board (issue 21). Only the title's own box is scrolled to, and only if it is hidden."""
        c = self.controller
        popups = (c.moment, c.teaching.lessons[0] if c.teaching.lessons else None)
        opened = [sel for sel, now, before in zip(("#moment-title", "#lesson-title"), popups, self._popups, strict=True)
                  if now is not None and now != before]
        self._popups = popups
        if opened and self._fitting.matches and not self._covered and (self.root.classList.contains("fits") or self._was_at_top):
            # In sight without asking where its title is, which would make the browser lay the page out in the middle
            # of the tap (Kap's bids opened: 2.4-12 ms of it; a game's end: 12-19 ms): a dialog fixed over a table that
            # fits the window is whole in it (static/app.css .game.fit > .popups), and a page that fitted the window
            # until now is at its top, where the new screen shows its pop-ups (under the head line; the end's report
            # follows them). (A hand-over screen's cover scrolls by itself: there the title is looked for.)
            return
        for sel in opened:
            title = self.root.querySelector(sel)
            if js_str(title) is None:
                continue
            box = title.getBoundingClientRect()
            if box.top < 0 or box.bottom > window.innerHeight:
                title.scrollIntoView(js.Object.fromEntries(to_js([["block", "nearest"]])))
            return

    def _show_targets(self) -> None:
        """On a phone a choice may light places on the board that are off the screen or under the
        action panel (a ripe marker's market rows, below the fields): when none of them is in sight,
        the page scrolls the first one into sight, clear of the head line and the panel (their room
        is the page's scroll padding, static/app.css). Wider, the whole board is on the screen."""
        selection = self.controller.selection
        chosen = json.dumps(selection, sort_keys=True, default=str) if selection else None
        if chosen == self._chosen:
            return
        self._chosen = chosen
        if chosen is None or not window.matchMedia("(max-width: 699px)").matches:
            return
        targets = self.root.querySelectorAll(".table .board .act[data-i], .table .board .target[data-i]")
        if not targets.length:
            return
        head, panel = self.root.querySelector(".game > .status"), self.root.querySelector(".table > .actions")
        top = head.getBoundingClientRect().bottom if js_str(head) is not None else 0
        bottom = min(panel.getBoundingClientRect().top, window.innerHeight) if js_str(panel) is not None else window.innerHeight
        for target in targets:
            box = target.getBoundingClientRect()
            if box.width and box.top >= top and box.bottom <= bottom:
                return  # one is in sight: the page stays where the person put it
        # the first one scrolled to just above the docked panel (or just under the head line), whatever the
        # panel's height this step (the page's scroll padding is a guess at it)
        box = targets.item(0).getBoundingClientRect()
        margin = 8
        if box.bottom > bottom:
            window.scrollBy(0, min(box.bottom - bottom + margin, box.top - top - margin))
        elif box.top < top:
            window.scrollBy(0, box.top - top - margin)

    def _show_page(self) -> None:
        """Scroll the help's open page into sight, just under the help's sticky head, if its top is hidden
        under the head or low on the screen."""
        box, page, head = (self.root.querySelector(s) for s in (".rules-help", ".rules-page", ".rules-help .rules-head"))
        if js_str(box) is None or js_str(page) is None or js_str(head) is None:
            return
        top, under = page.getBoundingClientRect().top, head.getBoundingClientRect().bottom
        if top < under or top > window.innerHeight * 0.6:
            box.scrollTop = box.scrollTop + top - under

    def _motion(self) -> tuple[int, int, bool]:
        """(step, since, animate) for static/motion.js: the open game's moves so far, after which move
        the board marks what changed (``nile.web.since.mark_window``), and whether the last move
        moves on the screen (not a bot's at the fast pace or while skipping to a person's turn).
        (-1, -1, False) away from a game being played: nothing followed, nothing marked."""
        c = self.controller
        s = c.state
        if s is None or c.screen != GAME or c.replay is not None:
            return -1, -1, False
        step, since = mark_window(s, c.kinds)
        last = s.history[-1][0] if s.history else None
        return step, since, not (c.is_bot(last) and (c.bot_speed == "fast" or c.skipping))

    def _paint(self, html: str, parts: tuple[tuple[str, str], ...] = ()) -> None:
        """Make ``#app`` show ``html``: patched by static/morph.js, else replaced whole. A part of the screen
        that is what was painted last time (``Screen.parts``: the board, the players, the log, the artwork)
        is sent as a hole the page fills with the element it has (issue 21: neither parsed nor compared again)."""
        morph = getattr(window, "nileMorph", None)
        how, kept = "replaced", 0
        if morph is not None and js_str(morph) is not None:
            try:
                holes = self._holes(html, parts)
                if holes is not None:
                    how = js_str(morph(self.root, holes[0], to_js(holes[1]))) or "failed"
                    kept = len(holes[1]) if how == "morph" else 0
                if holes is None or how not in ("morph", "replaced"):  # no part kept, or one was not found
                    how = js_str(morph(self.root, html)) or "replaced"  # it falls back to innerHTML itself
            except Exception:  # never let a redraw break the page
                js.console.error(traceback.format_exc())
                self.root.innerHTML = html
        else:
            self.root.innerHTML = html
        self._painted = dict(parts)
        fit = getattr(window, "nileFit", None)  # the board's pictures fill their frames (static/fit.js)
        if fit is not None and js_str(fit) is not None:
            fit(self.root)
        self._was_at_top = self.root.classList.contains("fits") and self._fitting.matches  # (``_show_popups``)
        fits = js_str(self.root.querySelector(":scope > .game.fit")) is not None
        if fits != self.root.classList.contains("fits"):  # the table fills the window (static/app.css #app.fits)
            self.root.classList.toggle("fits", fits)
        covered = js_str(self.root.querySelector(":scope > .handover-cover")) is not None
        if covered != self._covered:  # the page does not scroll under a hand-over screen (static/app.css html.covered)
            document.documentElement.classList.toggle("covered", covered)
            if covered and not self._fitting.matches:  # on a phone the next person's table opens at its top, as
                window.scrollTo(0, 0)  # it did under a short hand-over screen (not where the last bidder left it)
        document.body.dataset.paint = how
        document.body.dataset.kept = str(kept)  # how many parts were kept as they were (tests, tools)

    @property
    def _covered(self) -> bool:
        """A hand-over screen covers the table: ``_paint`` marks the page so (static/app.css html.covered)."""
        return bool(document.documentElement.classList.contains("covered"))

    def _holes(self, html: str, parts: tuple[tuple[str, str], ...]) -> tuple[str, list[str]] | None:
        """``html`` with each part that is what the page shows already as a hole (``<nile-keep data-n>``),
        and the selectors that find those parts' elements; None when no part is kept."""
        painted = self._painted
        found = []  # (where, -length, selector) of each part painted as it is now; a part may hold parts
        after = 0  # parts side by side are noted in their order (a board's fields): each is looked for after the last
        for selector, part in parts:
            if painted.get(selector) == part and ((i := html.find(part, after)) >= 0 or (i := html.find(part)) >= 0):
                found.append((i, -len(part), selector))
                after = i + len(part)
        if not found:
            return None
        found.sort()  # by place, the outer of two parts at the same place first
        pieces: list[str] = []
        keep: list[str] = []
        at = 0
        for i, minus, selector in found:
            if i < at:
                continue  # inside a part kept whole
            pieces += [html[at:i], f'<nile-keep data-n="{len(keep)}"></nile-keep>']
            keep.append(selector)
            at = i - minus
        pieces.append(html[at:])
        return "".join(pieces), keep

    def _refocus(self, intent: str, value: str | None, keyboard: bool) -> None:
        """Keep the keyboard on the element the player was on, else on the next sensible target."""
        active = document.activeElement
        if (js_str(active) is not None and hasattr(active, "getAttribute") and js_str(active.getAttribute("data-i")) == intent
                and js_str(active.getAttribute("data-v")) == value and self.root.contains(active)):
            return  # the redraw kept it (static/morph.js keeps unchanged elements)
        sel = f'[data-i="{js.CSS.escape(intent)}"]' + (f'[data-v="{js.CSS.escape(value)}"]' if value is not None else ":not([data-v])")
        same = self.root.querySelector(sel)
        if js_str(same) is not None:
            same.focus()
            return
        # gone (used up, or the screen moved on): the first target of the action panel, else the
        # board; a pointer user's page is not scrolled to it
        options = js.Object.fromEntries(to_js([["preventScroll", not keyboard]]))
        for selector in FOCUS_FALLBACK:
            for el in self.root.querySelectorAll(selector):
                if el.getClientRects().length > 0:
                    el.focus(options)
                    return

    # ------------------------------------------------------------------ the screen kept for the next load
    def _keep_screen(self, screen: Screen) -> None:
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

    def _write_kept(self, *_: Any) -> None:
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
        if not self._covered:
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
