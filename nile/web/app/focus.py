"""Where the keyboard is after a redraw (issue 43, "the keyboard never lost").

A person who plays by keyboard or screen reader must always know where they are, so after every redraw
the focus is on something, and on something predictable:

- a dialog that opens (a lesson, a moment, a question, the hand-over, the rules help) takes the keyboard
  — its main button, inside the dialog, whose title a screen reader says — and gives it back to what had
  it (the Rules button, the control that asked) when it closes;
- after the person's own move or choice, the keyboard goes to the next step's place (``to_place``): the
  first place the choice offers on the board (a field for the crop just chosen; after a move made on the
  board, the board's next place: a rot's next fruit), else the prompt that says what to do now — never onto
  a button of the panel that would play (after Build, Pass is one Enter away); a place chosen on the board (the
  fruit to harvest, pressed) keeps the keyboard, and the voice says what is chosen;
- when the bots have moved and the person's turn comes, a keyboard resting on a place (the prompt) stays
  there: the live regions say what happened (``nile.web.app.voice``) and whose turn it is;
- otherwise it stays on the control it was on (the same ``data-i``/``data-v``); when a redraw took that
  control away, it goes to the step's place, never back to the top of the page.

A pointer's clicks are left alone (the page would jump): only a dialog's opening moves their focus, without
scrolling. Which hand the person uses is told by static/roving.js (``data-input`` on ``<html>``).
"""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import to_js
from pyscript import document

from ..controller import Controller
from .bridge import js_str

#: the dialogs of a game screen (a lesson, a moment, a question, the hand-over; the rules help has its own rule)
DIALOGS = "[role=dialog]:not(.rules-help), [role=alertdialog]"
#: the places a choice offers, on the board and in the action panel (static/roving.js: one Tab stop a group, the
#: arrows inside)
OFFERED = '[data-roving="places"] [data-i][tabindex], [data-roving="places"] button[data-i]:not([disabled])'
#: the board, and the places it offers
BOARD = ".board-frame"
BOARD_OFFERED = f"{BOARD} [data-i][tabindex], {BOARD} button[data-i]:not([disabled])"
#: where the keyboard goes when nothing better is there, in this order: the name a guided game asks first,
#: the prompt, the action panel's first control, the board's, any control
FALLBACK = (
    ".learn input[type=text]",
    "#prompt",
    ".actions [data-i]:not([disabled])",
    OFFERED,
    "[data-i]:not([disabled])",
)
#: the place that says what to do (focusable, not a control): a keyboard resting there follows the step
WAITING = ("#prompt",)
#: a place read at leisure: a keyboard in the log stays there, whatever the bots do
READING = ".side > .log"

#: where the keyboard is: ("i", intent, value or None) on a control, ("at", selector) on a place
Key = tuple[str | None, ...]


def key_of(el: Any) -> Key | None:
    """Where ``el`` is, as a key a redraw can find again (None: nowhere the keyboard is kept)."""
    if js_str(el) is None or not hasattr(el, "getAttribute"):
        return None
    intent = js_str(el.getAttribute("data-i"))
    if intent:
        return ("i", intent, js_str(el.getAttribute("data-v")))
    ident = js_str(el.getAttribute("id"))
    if ident and f"#{ident}" in WAITING:
        return ("at", f"#{ident}")
    if hasattr(el, "closest") and js_str(el.closest(READING)) is not None:
        return ("at", READING)  # the log or one of its lines (static/roving.js): the log is where the reader was
    return None


def by_keyboard() -> bool:
    """The person uses the keyboard (static/roving.js marks the last kind of input on ``<html>``)."""
    return js_str(document.documentElement.getAttribute("data-input")) == "keyboard"


class Focus:
    """Keeps the keyboard's focus in ``root`` (``#app``) where a person who cannot see it expects it."""

    def __init__(self, controller: Controller, root: Any) -> None:
        self.controller = controller
        self.root = root
        self._dialogs: set[str] = set()  # the dialogs shown last time
        self._rules_open = False
        self._opener: Key | None = None  # what had the keyboard when a dialog opened: it gets it back
        self._last: Key | None = None  # where a keyboard last was (a redraw that took it away leaves <body>)
        self._step: tuple[Any, ...] | None = None  # the game, its moves and the choice half made, last redraw
        self._before: Key | None = None
        self._closed = False  # a dialog closed at this redraw
        self._on_board = False  # the keyboard was on a place of the board before the redraw

    def before(self) -> None:
        """Before the redraw: where the keyboard is (or was, if the last redraw took its control away)."""
        active = document.activeElement
        key = key_of(active)
        if key is not None:
            self._last = key if by_keyboard() else None
        elif (js_str(active) is None or active == document.body) and self._last is not None:
            key = self._last  # a keyboard's control taken away by the last redraw: not lost for good
        self._before = key
        self._on_board = key is not None and js_str(active) is not None and hasattr(active, "closest") \
            and js_str(active.closest(BOARD)) is not None

    def after(self, by_person: bool) -> None:
        """After the redraw (``by_person``: it answers the person's own input, not a bot's move or another tab)."""
        c = self.controller
        modal = getattr(js.window, "nileModal", None)  # the page behind the rules help inert (static/roving.js)
        if modal is not None and js_str(modal) is not None:
            modal(self.root)
        keyboard = by_keyboard()
        key = self._before
        # (the choice half made as the table keys its own work: ``Table.interaction``)
        step = (c.screen, c.game_id, len(c.state.history) if c.state is not None else -1, repr(c.table.selection))
        moved, self._step = step != self._step, step
        rules = c.helpdesk.show_rules
        opened, closed = rules and not self._rules_open, self._rules_open and not rules
        self._rules_open = rules
        if opened:  # the rules help: its Close button
            self._opener = key
            self._put_el(self.root.querySelector(".rules-help [data-i=rules]"), keyboard)
            return
        if self._to_new_dialog(key, keyboard):
            return
        if closed or self._closed:  # back where the keyboard was when the dialog opened
            opener, self._opener = self._opener, None
            if opener is not None and keyboard and self._put(opener, keyboard):
                return
        if keyboard and moved and by_person and self._on_board and key is not None and self._chosen(key):
            return  # a place chosen on the board (the fruit to harvest) keeps the keyboard: the next place is an arrow away
        if keyboard and moved and (by_person or (key is not None and key[1] in WAITING)):
            # the person's move or choice, or the turn came to a keyboard waiting on the prompt; a move made on the
            # board leaves the keyboard on the board when the board offers more (a rot's next fruit, the next card)
            self.to_place(keyboard, on_board=by_person and self._on_board)
            return
        if key is None:
            return
        if not keyboard:
            # a pointer's click is left alone: its control kept by the redraw keeps the focus; one the redraw took away
            # leaves it to the page (issue 51: finding where else it could go asked the browser to style the page in
            # the middle of the tap — checkVisibility, focus — and the frame styled it again after the motion's marks)
            return
        if not self._put(key, keyboard):
            self.to_place(keyboard)

    # ------------------------------------------------------------------ where it goes
    def to_place(self, keyboard: bool, on_board: bool = False) -> None:
        """The step's place: the first place a choice half made offers (or, ``on_board``, the first the board offers),
        else the prompt, else the first control found (``FALLBACK``)."""
        if self.controller.table.selection or on_board:
            for el in self.root.querySelectorAll(BOARD_OFFERED if on_board else OFFERED):
                if self._put_el(el, keyboard, shown=True):
                    return
        for selector in FALLBACK:
            for el in self.root.querySelectorAll(selector):
                if (js_str(el.id) != "prompt" or js_str(el.textContent)) and self._put_el(el, keyboard, shown=True):
                    return

    def _chosen(self, key: Key) -> bool:
        """The keyboard's place is a toggle the person has just pressed on (``aria-pressed``, the fruit chosen to
        harvest) and is still there: it keeps the keyboard (issue 53: it went to the board's first field)."""
        if key[0] != "i" or not self._put(key, True):
            return False
        return js_str(document.activeElement.getAttribute("aria-pressed")) == "true"

    def _put(self, key: Key, keyboard: bool) -> bool:
        """Focus the element ``key`` names, if it is (still) there and takes the focus."""
        active = document.activeElement
        if key_of(active) == key and self.root.contains(active) and (not keyboard or active.checkVisibility()):
            # the redraw kept it (static/morph.js keeps unchanged elements) — and shows it: a control the redraw hid
            # (a select in the menu Escape closed) would lose the focus a moment later, to the page
            return True
        if key[0] == "at":
            sel = str(key[1])
        else:
            sel = f'[data-i="{js.CSS.escape(key[1])}"]' + (f'[data-v="{js.CSS.escape(key[2])}"]' if key[2] is not None else ":not([data-v])")
        return self._put_el(self.root.querySelector(sel), keyboard)

    def _put_el(self, el: Any, keyboard: bool, shown: bool = False) -> bool:
        """Focus ``el`` if it takes the focus (only if it is shown, for a keyboard or where ``shown`` asks — that
        asks the browser's styles, so not for a pointer's click that kept its control); a pointer user's page is
        not scrolled to it."""
        if js_str(el) is None or ((shown or keyboard) and not el.checkVisibility()):
            return False  # (a hidden control keeps a focus it had until the next frame, then drops it to the page)
        el.focus(js.Object.fromEntries(to_js([["preventScroll", not keyboard]])))
        return bool(document.activeElement == el)

    # ------------------------------------------------------------------ dialogs
    def _to_new_dialog(self, key: Key | None, keyboard: bool) -> bool:
        """A dialog that has just opened takes the keyboard: its main button, the one that goes on. A dialog
        that stays open keeps no hold on it; what had the keyboard gets it back when the dialog closes."""
        shown = list(self.root.querySelectorAll(DIALOGS))  # (asking the layout here would force it before the frame)
        names = [js_str(el.getAttribute("aria-labelledby")) or js_str(el.className) or "" for el in shown]
        before, self._dialogs = self._dialogs, set(names)
        self._closed = bool(before - self._dialogs)
        for el, name in zip(shown, names, strict=True):
            if name in before:
                continue
            target = el.querySelector(".buttons .primary")
            if js_str(target) is None:
                target = el.querySelector("button[data-i]")
            if self._put_el(target, keyboard):
                if self._opener is None:
                    self._opener = key
                return True
        return False
