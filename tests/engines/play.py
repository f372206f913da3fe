"""Playing Nile through the driver's verbs, as tests/browser/ui.py does through Playwright's: the page's state on
``<body>`` (data-renders, data-screen, data-actions), every control found by its intent (data-i, data-v), a
click done once the page has redrawn. The selectors and the simple players are tests/browser's own."""

from __future__ import annotations

import json
from typing import Any

from tests.browser.ui import ADVANCE_ORDER, DRAWN_JS, NAMES3, PICK_ANY, WAIT_JS, intent

from .driver import EngineError, Tab

READY = "() => document.body.dataset.appState === 'ready'"
BOOT_S = 120.0

__all__ = ["ADVANCE_ORDER", "NAMES3", "intent"]

#: what the person clicks in a Kap game (in this order) when it is their move (tests/browser/test_bots.py)
KAP_PERSON = ("[data-i=moment-close]", ".bid-private [data-i=bid-submit]", "g.card.act",
              "[data-i=act][data-v^=build]", "[data-i=act][data-v=pass]")
#: a Nile person who ends every turn at once: the simple player, never shown a hand-over screen here
NILE_PERSON = tuple(sel for sel in ADVANCE_ORDER if "reveal-bidder" not in sel)


def wait_ready(tab: Tab) -> None:
    tab.wait(READY, timeout=BOOT_S, what="the app ready")


def open_app(tab: Tab, url: str) -> None:
    tab.goto(url)
    wait_ready(tab)


def body(tab: Tab) -> dict[str, str]:
    return dict(tab.js("() => ({...document.body.dataset})"))


def renders(tab: Tab) -> int:
    return int(tab.js("() => Number(document.body.dataset.renders || 0)"))


def actions(tab: Tab) -> int:
    return int(tab.js("() => Number(document.body.dataset.actions || 0)"))


def screen(tab: Tab) -> str:
    return str(tab.js("() => document.body.dataset.screen || ''"))


def storage(tab: Tab) -> dict[str, str]:
    """Everything in localStorage, once the page has saved what it shows (a move is saved after its frame: nile.web.app)."""
    tab.wait("() => !document.body || document.body.dataset.done === document.body.dataset.renders", timeout=10.0,
             what="the page's work after its last redraw")
    return dict(tab.js("() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))"))


def games(tab: Tab) -> dict[str, dict[str, Any]]:
    return {k[len("nile:game:"):]: json.loads(v) for k, v in storage(tab).items() if k.startswith("nile:game:")}


def drawn(tab: Tab, selector: str) -> str:
    return str(tab.js(f"(s) => ({DRAWN_JS})(document.querySelector(s))", selector))


def after_renders(tab: Tab, before: int, timeout: float = 30.0) -> None:
    # (and what it does after the redraw's frame: the move's save, what a screen reader hears; nile.web.app)
    tab.wait("(n) => Number(document.body.dataset.renders || 0) > n && document.body.dataset.done === document.body.dataset.renders",
             before, timeout=timeout, what="a redraw")


def click(tab: Tab, selector: str, nth: int = 0, timeout: float = 30.0) -> None:
    """Click a control (at its centre, with the mouse) and wait until the app has redrawn."""
    before = tab.click(selector, nth)
    after_renders(tab, before, timeout)


def press(tab: Tab, *keys: str) -> None:
    """Keys the app answers with a redraw (Enter on a control, Escape, a shortcut): wait for it."""
    before = renders(tab)
    tab.keys(*keys)
    after_renders(tab, before)


def choose(tab: Tab, selector: str, value: str, nth: int = 0) -> None:
    """A <select>'s option chosen (as a person picks it from the list) and the redraw that follows."""
    before = renders(tab)
    tab.js("(s, n, v) => { const el = document.querySelectorAll(s)[n]; el.value = v;"
           " el.dispatchEvent(new Event('input', {bubbles: true})); el.dispatchEvent(new Event('change', {bubbles: true})); }",
           selector, nth, value)
    after_renders(tab, before)


def type_into(tab: Tab, selector: str, text: str) -> None:
    """A text field typed into: focused by a click, then its value, reported as typing is (no redraw)."""
    tab.click(selector)
    tab.js("(s, t) => { const el = document.querySelector(s); el.value = t;"
           " el.dispatchEvent(new Event('input', {bubbles: true})); }", selector, text)


def reset_app(tab: Tab) -> None:
    """Bring a booted page back to an empty home screen with nothing stored, without reloading (ui.reset_app)."""
    tab.js("() => { localStorage.clear(); localStorage.setItem('nile:bot-speed', 'fast'); }")
    if screen(tab) != "home" and tab.shown(intent("home")):
        click(tab, intent("home"))
    before = renders(tab)
    tab.js("() => window.dispatchEvent(new StorageEvent('storage', {key: 'nile:index'}))")
    after_renders(tab, before)
    while tab.shown(".notice [data-i=dismiss]"):
        click(tab, ".notice [data-i=dismiss]")
    assert screen(tab) == "home" and not tab.count(".saved")


def put_saves(tab: Tab, items: dict[str, str]) -> None:
    """Store raw values and let the home screen pick them up (as after a reload)."""
    tab.js("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)
    before = renders(tab)
    tab.js("() => window.dispatchEvent(new StorageEvent('storage', {key: 'nile:index'}))")
    after_renders(tab, before)


def start_game(tab: Tab, names: tuple[str, ...] = NAMES3, game: str = "banks", kinds: tuple[str, ...] = (),
               variants: tuple[str, ...] = (), then: str = "game") -> None:
    """A new game through its card on home and the set-up form (tests/browser/ui.start_game)."""
    click(tab, intent("new", game))
    assert screen(tab) == "setup"
    if tab.js("(s) => document.querySelector(s).value", intent("setup-count")) != str(len(names)):
        choose(tab, intent("setup-count"), str(len(names)))
    for i, name in enumerate(names):
        type_into(tab, intent("setup-name", str(i)), name)
    for i, kind in enumerate(kinds):
        if kind:
            choose(tab, intent("setup-kind"), f"{i}:{kind}", nth=i)
    for v in variants:
        click(tab, intent("setup-option", f"variant:{v}"))
    click(tab, intent("start-game"))
    assert screen(tab) == then, tab.text(".form-error") if tab.count(".form-error") else tab.text()[:300]


#: tests/browser/ui.py's PICK_ANY, among the controls only: not a piece's picture flying or fading over the board
#: (static/motion.js's ghosts, which carry no intent)
PICK = PICK_ANY.replace("const el = [...document.querySelectorAll(sel)].find(shown);",
                        "const el = [...document.querySelectorAll(sel)].find((e) => shown(e) && e.hasAttribute('data-i')"
                        " && !e.closest('[data-ghost]'));")
assert PICK != PICK_ANY


def find(tab: Tab, selectors: tuple[str, ...]) -> dict[str, str] | None:
    found = tab.js("() => (" + PICK.replace("SELECTORS", json.dumps(list(selectors))) + ")()")
    return dict(found) if found else None


def click_hit(tab: Tab, hit: dict[str, str]) -> None:
    click(tab, intent(hit["i"], hit["v"]) if hit["v"] is not None else intent(hit["i"]))


def advance(tab: Tab, order: tuple[str, ...] = ADVANCE_ORDER) -> str:
    """One click of the simple player (tests/browser/ui.advance)."""
    hit = find(tab, order)
    assert hit, "nothing to click: " + tab.text()[:500]
    click_hit(tab, hit)
    return f'{hit["i"]}:{hit["v"]}'


def move(tab: Tab) -> None:
    """One engine action made by the simple player's clicks."""
    before = actions(tab)
    for _ in range(6):
        advance(tab)
        if actions(tab) > before:
            return
    raise AssertionError("no move made: " + tab.text()[:300])


def play_against_bots(tab: Tab, person: tuple[str, ...], max_steps: int = 3000) -> int:
    """The person clicks whenever they can act; the bots (fast pace) play the rest; until the end screen.
    (What the page shows is read in one call a step: each call to a browser costs some milliseconds.)"""
    clicks = 0
    watch = json.dumps([".end", "[data-i=bot-skip]", *person])
    look = ("() => ({end: !!document.querySelector('.end'), error: document.querySelector('.notice.error')?.innerText,"
            " hit: (" + PICK.replace("SELECTORS", json.dumps(list(person))) + ")(),"
            " skip: [...document.querySelectorAll('[data-i=bot-skip]')].some((e) => e.getClientRects().length),"
            " renders: Number(document.body.dataset.renders || 0)})")
    for _ in range(max_steps):
        seen = tab.js(look)
        if seen["end"]:
            return clicks
        assert not seen.get("error"), seen.get("error")
        hit = seen["hit"]
        if hit:
            try:  # (the bots' move may take the control away under the click: then it is looked for again)
                click(tab, intent(hit["i"], hit["v"]) if hit["v"] is not None else intent(hit["i"]), timeout=5.0)
                clicks += 1
            except (EngineError, TimeoutError):
                pass
            continue
        if seen["skip"]:  # only to go faster: the bots may move the button away meanwhile
            try:
                tab.click("[data-i=bot-skip]")
            except EngineError:
                pass
        tab.wait(f"(n) => +document.body.dataset.renders > n || ({WAIT_JS})({watch})", seen["renders"], timeout=60,
                 what="the bots' move")
    raise AssertionError("the game did not end: " + tab.text()[:400])
