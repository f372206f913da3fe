"""A player who has only the keyboard (issue 43): Tab, Shift+Tab, the arrow keys, Home/End, Enter, Space, Escape;
never a click, never ``element.focus()``. It counts every key it presses.

At each step it chooses what to activate as a player would: an open dialog's main button first (a lesson's
"Got it", a moment's "Continue", a question's yes, the hand-over, the private bid's submit), else one of the
controls offered for the person's move (the action panel's buttons that are not dimmed, the board's targets),
chosen by a seeded ``random.Random`` kind by kind (so that over a game every kind of move is made). It moves
the focus there by keys alone, the shorter way: inside one ``[data-roving]`` container (its ``[data-i]`` items
in a row, one of them in the tab order) by the arrow keys (or Home/End), else by Tab or Shift+Tab along the
page's sequential focus order; then Enter (Space for a check box). It waits for the app's redraw as
``ui.click`` does (``data-renders`` grows) and for the bots, whose speed it sets to the fastest offered.

What it counts, per move type: the keys since the person's previous committed action (the selections made in
between belong to the move), the type read from the engine's action text in the stored save (its first word:
``sow``, ``harvest``, ``end``, ``bid``…). The keys that reach and press a dialog's main button are counted as
"dialog", unless that press commits the person's action (a bid's submit, a "yes" that ends the turn): then
they are the move's. Set-up's keys (the form, the bots' speed) are counted as "setup".

What it notes (``findings``), each with its step: the focus lost (on ``<body>`` or outside ``#app`` when a
step begins), the focus outside an open dialog, a control it could not reach within ``max_keys`` keys (or
not in the tab order at all), a key press the app did not answer with a redraw.

It reads only the page's stable markup (``data-i``/``data-v``, ``<body>``'s ``data-*``, the stored save), so
``tools/bench/keys.py`` measures any commit's build with it; it imports nothing from the project.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .ui import REDRAWN_AFTER_JS

PREFIX = "nile:game:"

#: an open dialog's main button, in this order
DIALOG_MAIN = (
    "[data-i=lesson-close]",
    "[data-i=moment-close]",
    "[data-i=confirm]",
    ".handover [data-i=reveal-bidder]",
    ".bid-private [data-i=bid-submit]",
)
#: the controls offered for the person's move: the action panel's, the board's targets
MOVE_CONTROLS = (
    ".actions [data-i]",
    "g.act, g.sel, button.target",
    "g.card.act, [data-i=act]",
)
#: never a move: the head line's and the menu's controls, the coach, undo, home, the rules, the bots' controls
NOT_A_MOVE = ("home", "menu", "hints", "hint", "undo", "rules", "rules-open", "rules-back", "rules-search",
              "bot-speed", "bot-skip", "bot-pause", "lang", "zoom", "sound", "layout", "coach-tip", "coach-list",
              "review", "review-exit", "cancel", "confirm-cancel", "bid-hide", "dismiss", "key", "export")
#: the dialogs of a game screen
DIALOGS = "[role=dialog], [role=alertdialog]"

#: JS shared by every script below: what is shown, the page's sequential focus order, finding an element again
COMMON_JS = r"""
const FOCUSABLE = 'a[href], area[href], button, input:not([type=hidden]), select, textarea, summary, iframe, '
                + '[tabindex], [contenteditable=""], [contenteditable=true]';
const shown = el => {
  if (!el.getClientRects().length) return false;
  const cs = getComputedStyle(el);
  return cs.visibility !== 'hidden' && cs.display !== 'none';
};
const usable = el => shown(el) && !el.disabled && el.getAttribute('aria-disabled') !== 'true'
                     && !el.classList.contains('unavailable') && !el.closest('[inert]');
const tabOrder = () => [...document.querySelectorAll(FOCUSABLE)].filter(
  el => el.tabIndex >= 0 && !el.disabled && !el.closest('[inert]') && shown(el));
const describe = el => {
  if (!el || el === document.body) return '<body>';
  if (el === document.documentElement) return '<html>';
  const i = el.getAttribute && el.getAttribute('data-i'), v = el.getAttribute && el.getAttribute('data-v');
  const name = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
  return el.tagName.toLowerCase() + (el.classList.length ? '.' + [...el.classList].join('.') : '')
         + (i ? `[data-i=${i}]` : '') + (v ? `[data-v=${v}]` : '') + (name ? ` "${name}"` : '');
};
const same = (el, d) => el.getAttribute('data-i') === d.i && (el.getAttribute('data-v') || '') === (d.v || '');
const byDesc = d => [...document.querySelectorAll('[data-i]')].filter(el => same(el, d))[d.nth] || null;
const roving = el => el && el.closest ? el.closest('[data-roving]') : null;
// a group's items as static/roving.js walks them: its places with a tabindex and its buttons (a dimmed one too: it
// answers with its rule), in the order of the page
const items = box => [...box.querySelectorAll('[data-i]')].filter(el => el.matches(FOCUSABLE) && shown(el) && !el.disabled);
const openDialog = () => [...document.querySelectorAll('DIALOGS')].find(shown) || null;
"""

#: where the focus is: {lost, in_app, dialog (an open dialog's description or null), in_dialog, where}
FOCUS_JS = "() => {" + COMMON_JS + """
  const a = document.activeElement;
  const app = document.getElementById('app');
  const d = openDialog();
  return {lost: !a || a === document.body || a === document.documentElement || !app || !app.contains(a),
          in_app: !!(a && app && app.contains(a) && a !== app),
          dialog: d ? describe(d).slice(0, 80) : null, in_dialog: !!(d && d.contains(a)), where: describe(a),
          control: !!(a && a.matches && a.matches(FOCUSABLE) && a !== document.body),
          head: !!(a && a.closest && a.closest('.status'))};
}"""

#: what the person may activate now: the dialog's main button, else the move controls, each as a descriptor
CANDIDATES_JS = "(arg) => {" + COMMON_JS + """
  const [mains, moves, skip] = arg;
  const desc = (el, dialog) => {
    const i = el.getAttribute('data-i'), v = el.getAttribute('data-v');
    const nth = [...document.querySelectorAll('[data-i]')].filter(x => same(x, {i, v})).indexOf(el);
    return {i, v, nth, dialog, what: describe(el)};
  };
  for (const sel of mains) {
    const el = [...document.querySelectorAll(sel)].find(usable);
    if (el) return {main: desc(el, true), moves: []};
  }
  const seen = new Set(), out = [];
  for (const sel of moves) for (const el of document.querySelectorAll(sel)) {
    const i = el.getAttribute('data-i');
    if (!i || seen.has(el) || skip.includes(i) || !usable(el) || el.closest('.status, .menu, .more')) continue;
    if (el.tagName === 'SELECT' || (el.tagName === 'INPUT' && el.type === 'text')) continue;
    seen.add(el);
    out.push(desc(el, false));
  }
  return {main: null, moves: out};
}"""

#: the next key that brings the focus nearer to the element ``d``: {at} when there, {gone} when it went away,
#: {unreachable} when no key can reach it, else {key}
NEXT_KEY_JS = "(d) => {" + COMMON_JS + """
  const target = byDesc(d);
  if (!target || !shown(target)) return {gone: true};
  const a = document.activeElement;
  if (a === target) return {at: true};
  const box = roving(target);
  if (box && a && roving(a) === box) {
    const list = items(box), i = list.indexOf(a), j = list.indexOf(target), n = list.length;
    if (i >= 0 && j >= 0) {
      const fwd = (j - i + n) % n, back = n - fwd, arrows = Math.min(fwd, back);
      if (j === 0 && arrows > 1) return {key: 'Home'};
      if (j === n - 1 && arrows > 1) return {key: 'End'};
      return {key: fwd <= back ? 'ArrowRight' : 'ArrowLeft'};
    }
  }
  let stop = target;
  if (target.tabIndex < 0 && box) stop = items(box).find(el => el.tabIndex >= 0) || target;
  const order = tabOrder(), n = order.length, t = order.indexOf(stop);
  if (t < 0) return {unreachable: 'not in the tab order (tabindex ' + target.tabIndex + ')'};
  let c = order.indexOf(a);
  if (c < 0 && roving(a)) c = order.indexOf(items(roving(a)).find(el => el.tabIndex >= 0));
  if (c < 0) return {key: t + 1 <= n - t ? 'Tab' : 'Shift+Tab'};  // from the page: Tab starts at its top
  const fwd = (t - c + n) % n;
  return {key: fwd <= n - fwd ? 'Tab' : 'Shift+Tab'};
}"""

#: the one-letter key of the element ``d`` (its ``aria-keyshortcuts``' first), or null
SHORTCUT_JS = "(d) => {" + COMMON_JS + """
  const el = byDesc(d);
  const k = el && (el.getAttribute('aria-keyshortcuts') || '').split(' ')[0];
  return k && k.length === 1 ? k.toLowerCase() : null;
}"""

#: the stored save's engine actions of the open game
SAVED_ACTIONS_JS = """() => {
  const id = localStorage.getItem('nile:current');
  const raw = id && localStorage.getItem('PREFIX' + id);
  if (!raw) return null;
  try { return JSON.parse(raw).actions || null; } catch (e) { return null; }
}""".replace("PREFIX", PREFIX)

WAITING_JS = "(arg) => {" + COMMON_JS + """
  const [mains, moves, before] = arg;
  if (document.querySelector('.end')) return true;
  if (+document.body.dataset.renders > before && document.body.dataset.done === document.body.dataset.renders) return true;
  return [...mains, ...moves].some(s => [...document.querySelectorAll(s)].some(usable));
}"""


def _js(script: str) -> str:
    return script.replace("'DIALOGS'", json.dumps(DIALOGS))


@dataclass
class Move:
    step: int
    kind: str  # the engine action's first word, or "dialog", or "setup"
    keys: int
    what: str  # the engine action, or the button pressed


@dataclass
class Finding:
    step: int
    kind: str  # "focus lost", "focus outside the dialog", "unreachable", "no redraw"
    where: str
    context: str


class Unreachable(AssertionError):
    pass


@dataclass
class KeyboardPlayer:
    page: Page
    seed: int = 1
    max_keys: int = 200
    #: True: an unreachable control fails at once (a test); False: it is noted and another one chosen (the bench)
    strict: bool = True
    #: a control with a key of its own (``aria-keyshortcuts``, said in the rules help's "How to play here": E ends
    #: a Nile turn) is pressed by that key, as a person who read it would; False: reached by Tab and arrows
    shortcuts: bool = True
    #: called after each activation, once the app has redrawn: (player, what was pressed)
    after: Callable[[KeyboardPlayer, dict[str, Any]], None] | None = None
    keys: int = 0
    steps: int = 0
    moves: list[Move] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    rng: random.Random = field(init=False)
    _pending: int = 0  # keys pressed for the person's next action (selections included)
    _last: str = ""  # what the last step pressed (for the findings' context)
    _lost_in_setup: bool = False  # set-up lost the focus: the next step's check would find it so again
    _speed_set: bool = False  # the bots' speed set (once the head line offers it)
    _idle: int = 0  # activations since the person's last committed action
    _excluded: set[tuple[str, str, int]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    # ------------------------------------------------------------------ reading the page
    def body(self) -> dict[str, str]:
        return self.page.evaluate("() => ({...document.body.dataset})")

    def renders(self) -> int:
        return int(self.page.evaluate("() => Number(document.body.dataset.renders || 0)"))

    def actions(self) -> int:
        return int(self.page.evaluate("() => Number(document.body.dataset.actions || 0)"))

    def focus(self) -> dict[str, Any]:
        return self.page.evaluate(_js(FOCUS_JS))

    def over(self) -> bool:
        return bool(self.page.locator(".end").count())

    def context(self) -> str:
        b = self.body()
        rnd = self.page.locator(".status .round")
        where = rnd.first.inner_text() if rnd.count() else ""
        return f"screen {b.get('screen', '')}, {where or 'no round'}, action {b.get('actions', '?')}, after {self._last}"

    def note(self, kind: str, where: str) -> None:
        self.findings.append(Finding(self.steps, kind, where, self.context()))

    # ------------------------------------------------------------------ keys
    def press(self, key: str) -> None:
        arrow = key.startswith("Arrow") or key in ("Home", "End")
        if arrow:
            self.page.evaluate("() => { window.__kbPrev = document.activeElement; }")
        self.page.keyboard.press(key)
        self.keys += 1
        if arrow:  # the app may move the focus itself, in a redraw
            try:
                self.page.wait_for_function("() => document.activeElement !== window.__kbPrev", timeout=1_000)
            except PlaywrightTimeoutError:
                pass

    def reach(self, d: dict[str, Any]) -> tuple[bool, int]:
        """Move the focus to the element ``d`` describes by keys; (reached, keys pressed). Not reached: it went
        away meanwhile (the bots moved), or ``Unreachable`` (never in the tab order, or ``max_keys`` spent)."""
        used = 0
        while True:
            r = self.page.evaluate(_js(NEXT_KEY_JS), d)
            if r.get("at"):
                return True, used
            if r.get("gone"):
                return False, used
            if r.get("unreachable"):
                raise Unreachable(f"step {self.steps}: {d['what']} cannot be reached by keys: {r['unreachable']} "
                                  f"({self.context()})")
            if used >= self.max_keys:
                raise Unreachable(f"step {self.steps}: {d['what']} not reached within {self.max_keys} keys; the focus "
                                  f"is on {self.focus()['where']} ({self.context()})")
            self.press(r["key"])
            used += 1

    def activate(self, d: dict[str, Any]) -> tuple[bool, int]:
        """Reach ``d`` and press it (Enter, Space for a check box), or press its own key; wait for the app's
        redraw. (pressed, keys)."""
        own = self.page.evaluate(_js(SHORTCUT_JS), d) if self.shortcuts else None
        if own:
            before = self.renders()
            self.press(own)
            try:
                self.page.wait_for_function(REDRAWN_AFTER_JS, arg=before,
                                            timeout=15_000)
            except PlaywrightTimeoutError:
                self.note("no redraw", f'{d["what"]} (its key {own})')
            return True, 1
        reached, used = self.reach(d)
        if not reached:
            return False, used
        box = self.page.evaluate("() => document.activeElement.matches('input[type=checkbox]')")
        before = self.renders()
        self.press("Space" if box else "Enter")
        used += 1
        try:
            self.page.wait_for_function(REDRAWN_AFTER_JS, arg=before,
                                        timeout=15_000)
        except PlaywrightTimeoutError:
            self.note("no redraw", d["what"])
        return True, used

    # ------------------------------------------------------------------ set-up, by keys
    def setup_control(self, i: str, v: str | None = None) -> dict[str, Any]:
        return {"i": i, "v": v, "nth": 0, "dialog": False, "what": f"[data-i={i}]" + (f"[data-v={v}]" if v else "")}

    def setup_press(self, i: str, v: str | None = None) -> None:
        pressed, used = self.activate(self.setup_control(i, v))
        assert pressed, f"set-up: [data-i={i}][data-v={v}] went away"
        self.moves.append(Move(self.steps, "setup", used, f"{i}:{v}"))

    def setup_choose(self, i: str, value: str, nth: int = 0, v: str | None = None) -> None:
        """A select box set to ``value`` by keys: reached, then the arrow keys (each change redraws)."""
        d = dict(self.setup_control(i, v), nth=nth)
        d["v"] = self.page.evaluate("([i, n]) => [...document.querySelectorAll(`[data-i='${i}']`)][n].getAttribute('data-v')",
                                    [i, nth])
        reached, used = self.reach(d)
        assert reached, f"set-up: {d['what']} went away"
        for _ in range(12):
            state = self.page.evaluate("""(value) => { const s = document.activeElement;
                if (s.tagName !== 'SELECT') return null;
                return {at: s.selectedIndex, want: [...s.options].findIndex(o => o.value === value)}; }""", value)
            if state is None:  # the change took the box away (a menu closed): the focus is lost
                self.note("focus lost in set-up", f"{self.focus()['where']} after a change of {d['what']}")
                self._lost_in_setup = True
                break
            assert state["want"] >= 0, f"set-up: {d['what']} has no option {value!r}"
            if state["at"] == state["want"]:
                break
            before = self.renders()
            self.press("ArrowDown" if state["want"] > state["at"] else "ArrowUp")
            used += 1
            self.page.wait_for_function(REDRAWN_AFTER_JS, arg=before, timeout=15_000)
        self.moves.append(Move(self.steps, "setup", used, f"{i}={value}"))

    def setup_type(self, i: str, v: str, text: str) -> None:
        d = self.setup_control(i, v)
        reached, used = self.reach(d)
        assert reached, f"set-up: {d['what']} went away"
        self.press("Control+a")
        self.page.keyboard.type(text)
        self.keys += len(text)
        self.moves.append(Move(self.steps, "setup", used + 1 + len(text), f"{i}={text}"))

    def start(self, game: str, names: tuple[str, ...], kinds: tuple[str, ...]) -> None:
        """From home: the game's New game button, the player count, the names, who plays each seat, Start."""
        self.setup_press("new", game)
        assert self.body().get("screen") == "setup", self.body()
        self.setup_choose("setup-count", str(len(names)))
        for n, name in enumerate(names):
            self.setup_type("setup-name", str(n), name)
        for n, kind in enumerate(kinds):
            if kind:
                self.setup_choose("setup-kind", f"{n}:{kind}", nth=n)
        self.setup_press("start-game")
        assert self.body().get("screen") == "game", self.page.locator(".form-error").all_inner_texts()

    def fastest_bots(self) -> str:
        """The bots' speed set to the fastest the head line offers (its last option), by keys; the menu opened
        first when the speed is behind it (and again when a change closed it). Returns the speed chosen."""
        sel = self.page.locator("[data-i=bot-speed]")
        if not sel.count():
            return ""
        fastest = self.page.evaluate("() => { const o = document.querySelector('[data-i=bot-speed]').options;"
                                     " return o[o.length - 1].value; }")
        for _ in range(8):
            if sel.first.input_value() == fastest:
                if self.page.locator(".status .more.open").count():  # the menu stays open for more: Escape closes it
                    before = self.renders()
                    self.press("Escape")
                    self.wait_renders(before)
                return fastest
            if not sel.first.is_visible() and self.page.locator(".status [data-i=menu]").count():
                self.setup_press("menu")
            self.setup_choose("bot-speed", fastest)
        raise AssertionError(f"the bots' speed could not be set to {fastest!r} by keys")

    def wait_renders(self, before: int, timeout: float = 15_000) -> None:
        self.page.wait_for_function(REDRAWN_AFTER_JS, arg=before, timeout=timeout)

    # ------------------------------------------------------------------ playing
    def candidates(self) -> dict[str, Any]:
        return self.page.evaluate(_js(CANDIDATES_JS), [list(DIALOG_MAIN), list(MOVE_CONTROLS), list(NOT_A_MOVE)])

    def choose(self, moves: list[dict[str, Any]]) -> dict[str, Any]:
        """A kind of control at random (its intent and the first part of its value: ``pick:field``, ``act:end``),
        then one of that kind; after many presses without a committed action, only the panel's actions."""
        pool = [m for m in moves if (m["i"], m["v"] or "", m["nth"]) not in self._excluded] or moves
        if self._idle >= 12:
            pool = [m for m in pool if m["i"] == "act"] or pool
        kinds: dict[str, list[dict[str, Any]]] = {}
        for m in pool:
            kinds.setdefault(f'{m["i"]}:{(m["v"] or "").split(":")[0].split(" ")[0]}', []).append(m)
        kind = self.rng.choice(sorted(kinds))
        return self.rng.choice(kinds[kind])

    def saved_actions(self, count: int) -> list[str]:
        """The stored save's actions once it holds ``count`` of them (the page saves a move after the frame that shows it)."""
        for _ in range(50):
            got = self.page.evaluate(SAVED_ACTIONS_JS)
            if got is not None and len(got) >= count:
                return list(got)
            time.sleep(0.02)
        return list(self.page.evaluate(SAVED_ACTIONS_JS) or [])

    def wait_for_person(self, timeout: float = 180_000) -> None:
        before = self.renders()
        self.page.wait_for_function(_js(WAITING_JS), arg=[list(DIALOG_MAIN), list(MOVE_CONTROLS), before],
                                    timeout=timeout)

    def check_focus(self) -> None:
        if self._lost_in_setup:  # noted once, as set-up's
            self._lost_in_setup = False
            return
        f = self.focus()
        if f["lost"]:
            self.note("focus lost", f["where"])
        elif f["dialog"] and not f["in_dialog"]:
            self.note("focus outside the dialog", f"{f['where']} (open: {f['dialog']})")
        elif f["head"] and self.steps > 1:  # on a control, but not where the game goes on (issue 43: "sends focus to Home")
            self.note("focus on the head line", f["where"])

    def step(self) -> bool:
        """One thing done as the person: a dialog's button or a move's control pressed, or a wait for the bots.
        False once the game is over."""
        if self.over():
            return False
        errors = self.page.locator(".notice.error")
        assert not errors.count(), f"step {self.steps}: " + errors.first.inner_text()
        c = self.candidates()
        if not c["main"] and not c["moves"]:
            self.wait_for_person()
            return True
        if not self._speed_set and not c["main"] and self.page.locator("[data-i=bot-speed]").count():
            self._speed_set = True
            self.fastest_bots()
            return True
        self.steps += 1
        self.check_focus()
        d = c["main"] or self.choose(c["moves"])
        before = self.actions()
        try:
            pressed, used = self.activate(d)
        except Unreachable as e:
            if self.strict:
                raise
            self.note("unreachable", str(e))
            self._excluded.add((d["i"], d["v"] or "", d["nth"]))
            return True
        self._last = d["what"]
        if d["dialog"]:
            dialog_keys, used = used, 0
        else:
            dialog_keys = 0
        self._pending += used
        self._idle += 1
        after = self.actions()
        committed = None
        if pressed and after > before:
            saved = self.saved_actions(after)
            new = saved[before:after]
            if new:
                committed = new[0]
                kind = move_type(committed)
                self.moves.append(Move(self.steps, kind, self._pending + dialog_keys, committed))
                self._pending, self._idle, dialog_keys = 0, 0, 0
                self._excluded.clear()
        if dialog_keys:
            self.moves.append(Move(self.steps, "dialog", dialog_keys, d["what"]))
        if pressed and self.after is not None:
            self.after(self, {"pressed": d, "committed": committed})
        return True

    def play(self, max_steps: int = 3000) -> None:
        """Step until the game is over."""
        for _ in range(max_steps):
            if not self.step():
                return
        raise AssertionError(f"the game did not end within {max_steps} steps ({self.context()})")

    # ------------------------------------------------------------------ the numbers
    def per_kind(self) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for m in self.moves:
            out.setdefault(m.kind, []).append(m.keys)
        return out


def move_type(action: str) -> str:
    """An engine action's type: its first word, after the seat the save may put first (``p1 sow flax W4-2``)."""
    words = action.split()
    if len(words) > 1 and words[0][:1] == "p" and words[0][1:].isdigit():
        words = words[1:]
    return words[0] if words else "?"


def nearest_rank(xs: list[int], p: float) -> int:
    s = sorted(xs)
    return s[max(0, min(len(s) - 1, int(round(p / 100 * len(s) + 0.5)) - 1))]


def summary(keys: list[int]) -> dict[str, Any]:
    return {"count": len(keys), "median": statistics.median(keys) if keys else None,
            "p90": nearest_rank(keys, 90) if keys else None, "max": max(keys) if keys else None}
