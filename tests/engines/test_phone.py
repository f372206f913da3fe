"""A phone held upright, in Firefox and in WebKit (the engine of every iPhone): every control a step needs is in
reach, and the step is taken by a tap at its centre.

tests/browser/test_reach.py measures the same in Chromium at every size over whole guided games; here, at 390 ×
844 (WebKitGTK's window: 447 × 844, see below), the situations a guided game reaches late or never (Nile's rot choice at a table of five, a water card from a
pile; Kap's build with bonus rails at a table of four, a sealed bid), in German, whose words run longest, a person
against computer players. Before each of the person's steps the page is measured as it stands (``REACH``: inside
the page, cut by no inner box, 44 px tap targets, the dialog's main button in sight, the head line whole); then the
step is taken with the mouse at the control's centre, which ``Tab.click`` makes only once nothing lies over it.
A failure names the control, the engine, the situation and the step."""

from __future__ import annotations

import json
from pathlib import Path

from nile.games import load_save
from tests.browser.test_reach import REACH
from tests.browser.ui import AT_REST_JS, LEARNER

from .conftest import Site
from .driver import Context, EngineError, Tab
from .play import PICK, after_renders, click, intent, open_app, put_saves, renders, screen

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
PHONE = (390, 844)
#: the widest window measured as a phone (the page's upright layout is under 700 px): WebKitGTK's narrowest
NARROWEST = 450
#: the person's steps measured in each situation
STEPS = 3
#: (golden save, what it shows): Nile's and Kap's situations that a guided game does not reach early
SITUATIONS = (("banks/r1-12-5p-n10-n11-rot-choice.json", "a rot choice, five players"),
              ("banks/r1-13-4p-flood-between-cards.json", "a water card from a pile"),
              ("cape/r1-04-4p-build-bonus.json", "a build choice, four players"),
              ("cape/r1-01-2p-bid-sealed.json", "a sealed bid"))
#: JS: the page at rest (tests/browser/ui.settled), and the person's next control, if any (tests/browser/ui.find's choice among ``LEARNER``)
LOOK = ("() => ({rest: " + AT_REST_JS + ", hit: (" + PICK.replace("SELECTORS", json.dumps(list(LEARNER))) + ")(),"
        " skip: [...document.querySelectorAll('[data-i=bot-skip]')].some((e) => e.getClientRects().length),"
        " renders: Number(document.body.dataset.renders || 0)})")


def open_as_person(tab: Tab, path: str) -> None:
    """A golden save with one person, the seat to act, and easy computer players in every other seat, in German."""
    if tab.shown(intent("home")):
        click(tab, intent("home"))
    save = json.loads((GOLDEN / path).read_text())["save"]
    person = load_save(json.dumps(save)).to_act()[0]
    for seat, player in enumerate(save["options"]["players"]):
        if seat != person:
            player["bot"] = "easy"
    put_saves(tab, {"nile:game:phone": json.dumps(save)})
    click(tab, intent("continue", "phone"))
    assert screen(tab) == "game"


def set_german(tab: Tab) -> None:
    before = renders(tab)
    tab.js("(s) => { const el = document.querySelector(s); el.value = 'de';"
           " el.dispatchEvent(new Event('change', {bubbles: true})); }", intent("lang"))
    after_renders(tab, before)
    assert tab.js("() => document.documentElement.lang") == "de"


def person_steps(tab: Tab, what: str, found: dict[str, list[str]]) -> int:
    """The person's next ``STEPS`` steps, each measured before it is taken (the computer players skipped to)."""
    done = 0
    for _ in range(400):
        seen = tab.js(LOOK)
        if done >= STEPS or tab.count(".end") and not tab.count(intent("moment-close")):
            return done
        hit = seen["hit"]
        if hit and seen["rest"]:
            step = f"{what}, step {done + 1} ({hit['i']} {hit['v'] or ''})".replace(" )", ")")
            for problem in tab.js(REACH):
                found.setdefault(problem, []).append(step)
            try:
                click(tab, intent(hit["i"], hit["v"]) if hit["v"] is not None else intent(hit["i"]))
            except (EngineError, TimeoutError) as error:
                raise AssertionError(f"{step}: the tap was not taken ({error})") from error
            done += 1
            continue
        if not hit and seen["skip"]:
            try:  # only to go faster: the computer players may take the button away meanwhile
                tab.click("[data-i=bot-skip]")
            except EngineError:
                pass
        if hit:  # the person's control, while a piece still moves: the page at rest
            tab.wait("() => " + AT_REST_JS, timeout=10.0, what="the page at rest")
        else:  # the computer players' next move
            tab.wait("(n) => Number(document.body.dataset.renders || 0) > n", seen["renders"], timeout=30.0,
                     what="the computer players' move")
    raise AssertionError(f"{what}: the person was not asked to act ({seen}, {screen(tab)}: {tab.text()[:300]!r})")


def test_every_control_is_in_reach_on_a_phone(context: Context, site: Site) -> None:
    tab = context.tab(*PHONE)
    open_app(tab, site.url)
    tab.js("() => localStorage.setItem('nile:bot-speed', 'fast')")
    width, height = tab.js("() => [innerWidth, innerHeight]")
    # (WebKitGTK's MiniBrowser, the driver's WebKit here, makes no window narrower than its toolbar: 447 px, wider
    # than any iPhone by 17 px, but still a phone's upright layout; Playwright's WebKit gives 390)
    assert width <= NARROWEST and height == PHONE[1], (width, height)
    set_german(tab)
    found: dict[str, list[str]] = {}
    for path, what in SITUATIONS:
        open_as_person(tab, path)
        assert person_steps(tab, what, found) == STEPS, what
    assert not found, "\n".join(f"{problem} — at {steps[0]}" + (f" (and {len(steps) - 1} more)" if len(steps) > 1 else "")
                                for problem, steps in found.items())
