"""Every button in reach (the issue filed after testers played both games at 1280×800, 820×1180 and 390×844).

A person plays against one computer player, in German and in French (their words run longest), and before
each of the person's steps the page is measured as it stands:

- every control shown (a button, an input, a select, a fold's summary; the board's own places aside) lies
  inside the page's scrollable area and is cut by no box inside it (an action panel, a side panel, a dialog
  that scrolls inside itself): nothing the step needs hides in an inner scroller. Only reading matter may
  scroll inside its box: the log's lines, the earlier moves folded in "Since your turn". A table that fits the window does not scroll, so there "inside the page" means in
  the window; there the board keeps its size whatever the action panel holds (issue 53), and the panel, whole in
  the window, scrolls when the step's controls are more than its room;
- every control is a tap target of at least 44 × 44 px (the log's rule chips, the hand-over's language box);
- an open dialog's main button (a lesson's Got it, a moment's Continue, a question's yes) is in sight as the
  page stands, below no fold;
- no notice lies over the head line, and the head line says whose turn it is without cutting it.

The stretch played: a guided game of each game (lessons, Kap's auctions with their secret bid and its moment,
Kap's build choice, Nile's turns), first in German, then in French; and golden saves made into a person
against bots at the steps a guided game may not reach early (Nile's rot choice at a table of five, Nile's
sealed start-player bid, a water card from a pile, the last move and its scoring; Kap's build with bonus rails
at a table of four, a sealed bid), each in both languages; and a tap the rules refuse, with its notice. A
failure names the control, the size, the language and the step. The set-up's language picker has its label
in sight.
"""

from __future__ import annotations

import json
import re
import statistics
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from nile.games import load_save

from .ui import (
    LEARNER,
    click,
    continue_game,
    find,
    head_control,
    intent,
    learn,
    put_saves,
    renders,
    save_at_turn_start,
    settled,
    wait_renders_after,
)

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
SIZES = {"laptop": (1280, 800), "tablet": (820, 1180), "phone": (390, 844)}
#: the person's steps played of each guided game: in German, then on in French, whose longer words are the point
#: there (half as many: the suite was over its 15 minutes)
GUIDED_STEPS = 22
GUIDED_STEPS_AGAIN = 11

#: JS: what is out of reach on the page as it stands, one sentence each
REACH = """() => {
  const W = innerWidth, H = innerHeight, page = document.scrollingElement, out = [];
  const px = v => Math.round(v);
  const name = el => {
    const words = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('title') || el.value || '')
      .replace(/\\s+/g, ' ').trim().slice(0, 40);
    const i = el.getAttribute('data-i'), v = el.getAttribute('data-v');
    return `${el.tagName.toLowerCase()}${i ? `[${i}${v ? '=' + v : ''}]` : ''} "${words}"`;
  };
  const where = el => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string'
    ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  // a hand-over screen covers the table: what is under it is out of sight, not out of reach
  const cover = document.querySelector('#app > .handover-cover');
  const root = cover || document.querySelector('#app');
  const controls = [...root.querySelectorAll('button, input:not([type=hidden]), select, summary, [data-i]')]
    // shown: not in a closed fold, nor in the log's blocks the browser skips while out of its view
    .filter(el => !el.closest('svg') && el.checkVisibility({visibilityProperty: true, contentVisibilityAuto: true}));
  const paints = s => /paint|strict|content/.test(s.contain) || s.contentVisibility === 'auto';
  const pageLocked = getComputedStyle(document.documentElement).overflowY === 'hidden';
  // a table that fits the window (static/app.css #app.fits): the page does not scroll, all of it is in the window
  const fits = document.querySelector('#app.fits') !== null && matchMedia('(min-width: 700px) and (min-height: 600px)').matches;
  if (fits && page.scrollHeight > H + 1) out.push(`the page scrolls (${page.scrollHeight} px tall) under a table that fits the window`);
  for (const el of controls) {
    let r = el.getBoundingClientRect();
    // a box to tick is tapped anywhere on its label
    const tapped = /^(checkbox|radio)$/.test(el.type) && el.closest('label') ? el.closest('label').getBoundingClientRect() : r;
    if (tapped.width < 43.5 || tapped.height < 43.5) out.push(`${name(el)}: a tap target of ${px(tapped.width)} × ${px(tapped.height)} px`);
    if (el.closest('.log ol, .since')) continue;  // reading matter scrolls in its box: the log's lines, the earlier moves since your turn
    const cut = [];
    let inPanel = null;  // the action panel that scrolls inside itself, holding the control (below)
    // each box that clips the control: an ancestor with overflow other than visible, or paint containment, on
    // the control's containing-block chain (a fixed or absolute box escapes the boxes that do not contain it)
    let mode = getComputedStyle(el).position, fixed = mode === 'fixed';
    for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      const holdsFixed = s.transform !== 'none' || /paint|layout|strict|content/.test(s.contain) || s.filter !== 'none';
      const contains = mode === 'fixed' ? holdsFixed : mode === 'absolute' ? (s.position !== 'static' || holdsFixed) : true;
      if (!contains) continue;
      if (mode === 'fixed' || mode === 'absolute') mode = s.position;
      fixed = fixed || mode === 'fixed';
      const x = s.overflowX !== 'visible' || paints(s), y = s.overflowY !== 'visible' || paints(s);
      if (!x && !y) continue;
      // where the table fits the window the board keeps its size whatever the action panel holds, and the panel
      // scrolls when its controls are more than its room (issue 53): a control is reached by scrolling it
      if (a.matches('.game.fit > .table > .actions') && /auto|scroll/.test(s.overflowY) && a.scrollHeight > a.clientHeight + 1) {
        inPanel = a;
        continue;
      }
      const b = a.getBoundingClientRect();
      const left = b.left + a.clientLeft, top = b.top + a.clientTop;
      const right = left + a.clientWidth, bottom = top + a.clientHeight;
      const hidden = [];
      if (y && r.top < top - 1) hidden.push(`${px(top - r.top)} px above`);
      if (y && r.bottom > bottom + 1) hidden.push(`${px(r.bottom - bottom)} px below`);
      if (x && r.left < left - 1) hidden.push(`${px(left - r.left)} px left`);
      if (x && r.right > right + 1) hidden.push(`${px(r.right - right)} px right`);
      if (hidden.length) cut.push(`${hidden.join(', ')} cut off by ${where(a)}`);
    }
    if (inPanel) r = inPanel.getBoundingClientRect();  // the panel in sight: scrolled, it shows the control
    if (fixed || pageLocked || fits) {  // in the window: it does not scroll to anything
      if (r.top < -1 || r.bottom > H + 1 || r.left < -1 || r.right > W + 1)
        cut.push(`outside the window (${px(r.left)}, ${px(r.top)} to ${px(r.right)}, ${px(r.bottom)} in ${W} × ${H})`);
    } else if (r.top + scrollY < -1 || r.bottom + scrollY > page.scrollHeight + 1 || r.left < -1 || r.right > W + 1) {
      cut.push(`outside the page (${px(r.left)}, ${px(r.top + scrollY)} to ${px(r.right)}, ${px(r.bottom + scrollY)})`);
    }
    if (cut.length) out.push(`${name(el)}: ${cut.join('; ')}`);
  }
  if (page.scrollWidth > W + 1) out.push(`the page scrolls sideways (${page.scrollWidth} px wide)`);
  for (const sel of ['.lesson [data-i=lesson-close]', '.moment [data-i=moment-close]', '.actions.confirm [data-i=confirm]']) {
    const b = [...root.querySelectorAll(sel)].find(e => e.checkVisibility());
    if (!b) continue;
    const r = b.getBoundingClientRect();
    if (r.top < -1 || r.bottom > H + 1) out.push(`${name(b)}: the dialog's main button is out of sight (${px(r.top)} to ${px(r.bottom)} in ${H})`);
  }
  const head = document.querySelector('#app > .game > .status');
  if (head && !cover) {
    const h = head.getBoundingClientRect();
    if (h.top < -1) out.push('the head line is out of sight');
    for (const n of document.querySelectorAll('.notice')) {
      const r = n.getBoundingClientRect();
      if (r.bottom > h.top + 1 && r.top < h.bottom - 1 && r.right > h.left && r.left < h.right)
        out.push(`a notice lies over the head line: "${n.textContent.trim().slice(0, 40)}"`);
    }
    const whose = head.querySelector('.whose');
    // cut: wider than its box, or a line more than its box shows (Firefox counts the letters' own height, a pixel or
    // two above and below the tight lines, as overflow: no line is cut by that)
    const line = whose && parseFloat(getComputedStyle(whose).lineHeight);
    if (whose && (whose.scrollWidth > whose.clientWidth + 1 || whose.scrollHeight > whose.clientHeight + (line > 0 ? line / 2 : 1)))
      out.push(`the head line cuts whose turn it is: "${whose.textContent.trim()}"`);
  }
  return out;
}"""


class Reach:
    """What was found out of reach, each sentence with the first step it was seen at and how often."""

    def __init__(self, page: Page, size: str) -> None:
        self.page, self.size = page, size
        self.found: dict[str, list[str]] = {}
        self.checked = 0

    def check(self, step: str) -> None:
        settled(self.page)
        lang = self.page.evaluate("() => document.documentElement.lang")
        self.checked += 1
        for problem in self.page.evaluate(REACH):
            self.found.setdefault(problem, []).append(f"{self.size}, {lang}, {step}")

    def report(self) -> str:
        """One line per kind of problem (the same control cut by the same box, whatever the pixels): the first
        time it was seen, and at how many steps in all."""
        kinds: dict[str, tuple[str, list[str]]] = {}
        for problem, at in self.found.items():
            first, steps = kinds.setdefault(re.sub(r"-?\d+(\.\d+)?", "#", problem), (problem, []))
            steps.extend(at)
        lines = [f"{first} — at {steps[0]}" + (f" (and {len(steps) - 1} more times)" if len(steps) > 1 else "")
                 for first, steps in kinds.values()]
        return f"{len(lines)} kinds of things out of reach in {self.checked} steps measured:\n" + "\n".join(lines[:150])


@pytest.fixture
def reach(app: Page) -> Iterator[Callable[[str], Reach]]:
    """The shared page at a size; its size, English and its home screen again afterwards."""
    size = app.viewport_size

    def at(name: str) -> Reach:
        w, h = SIZES[name]
        app.set_viewport_size({"width": w, "height": h})
        return Reach(app, name)

    yield at
    if app.locator(intent("home")).count():
        click(app, app.locator(intent("home")).first)
    set_language(app, "en")
    if size:
        app.set_viewport_size(size)


def set_language(page: Page, lang: str) -> None:
    """The language switch set to ``lang`` (on a game's screen it is behind the head line's menu: set there as its
    change reports it, the menu left closed)."""
    if page.evaluate("() => document.documentElement.lang") == lang:
        return
    before = renders(page)
    page.locator(intent("lang")).first.evaluate(
        "(s, lang) => { s.value = lang; s.dispatchEvent(new Event('change', {bubbles: true})); }", lang)
    wait_renders_after(page, before)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)


def play(page: Page, reach: Reach, steps: int, label: str) -> int:
    """The person's next ``steps`` steps (the computer player's moves skipped to), each measured before it is
    taken; the steps taken (fewer at the game's end)."""
    done = 0
    for _ in range(2000):
        if done >= steps or (page.locator(".end").count() and not page.locator(intent("moment-close")).count()):
            return done
        hit = find(page, LEARNER)
        if hit:
            reach.check(f"{label} step {done + 1} ({hit['i']} {hit['v'] or ''})".replace(" )", ")"))
            click(page, page.locator(intent(hit["i"], hit["v"])).first)
            done += 1
            continue
        skip = page.locator("[data-i=bot-skip]")
        before = renders(page)
        if skip.count() and skip.first.is_visible():  # only to go faster: the bots may take the button away meanwhile
            try:
                skip.first.click(timeout=5_000)
            except PlaywrightTimeoutError:
                continue
        page.wait_for_function(
            "([n, sels]) => +document.body.dataset.renders > n || sels.some(s => [...document.querySelectorAll(s)]"
            ".some(el => el.getClientRects().length > 0 && !el.hasAttribute('disabled')))",
            arg=[before, list(LEARNER)], timeout=30_000)
    raise AssertionError(f"{label}: the person was not asked to act")


def open_as_person(page: Page, path: str, lang: str, undone: int = 0) -> None:
    """A golden save (without its last ``undone`` moves) with one person, the seat to act (the first of them),
    and bots in every other seat."""
    if page.locator(intent("home")).count():
        click(page, page.locator(intent("home")).first)
    save = json.loads((GOLDEN / path).read_text())["save"]
    save["actions"] = save["actions"][: len(save["actions"]) - undone]
    person = load_save(json.dumps(save)).to_act()[0]
    for seat, player in enumerate(save["options"]["players"]):
        if seat != person:
            player["bot"] = "easy"
    put_saves(page, {"nile:game:reach": json.dumps(save)})
    set_language(page, lang)
    continue_game(page, "reach")


#: golden saves at the steps a guided game does not reach early: (save, moves taken back, what it shows)
SITUATIONS = {
    "banks": [("banks/r1-12-5p-n10-n11-rot-choice.json", 0, "a rot choice, five players"),
              ("banks/r1-09-2p-n12-rebid.json", 0, "a sealed start-player bid"),
              ("banks/r1-13-4p-flood-between-cards.json", 0, "a water card from a pile"),
              ("banks/r1-17-2p-over-obelisk.json", 1, "the last move, its scoring")],
    "cape": [("cape/r1-04-4p-build-bonus.json", 0, "a build choice, four players"),
             ("cape/r1-01-2p-bid-sealed.json", 0, "a sealed bid")],
}


def refuse(page: Page, reach: Reach) -> None:
    """A tap the rules refuse (Nile: a crop chosen, then a field it cannot be sown on): its notice says why,
    and lies over no head line, also when the page is scrolled down (a phone)."""
    click(page, page.locator("button.chip.target[data-v^='supply:']").first)
    click(page, page.locator("g.field:not(.covered):not(.act)").first)
    assert page.locator(".notice").count(), "no refusal said"
    page.evaluate("() => window.scrollTo(0, document.scrollingElement.scrollHeight / 3)")
    reach.check("a refused tap")
    click(page, page.locator(".notice [data-i=dismiss]"))


@pytest.mark.parametrize("game", ["banks", "cape"])
@pytest.mark.parametrize("size", list(SIZES))
def test_every_control_the_step_needs_is_in_reach(reach: Callable[[str], Reach], app: Page, size: str, game: str) -> None:
    found = reach(size)
    set_language(app, "de")
    learn(app, game, "Anne-Sophie Vandenbroucke")  # a long name: the head line still says whose turn it is
    played = play(app, found, GUIDED_STEPS, "guided game")
    set_language(app, "fr")
    play(app, found, GUIDED_STEPS_AGAIN, f"guided game after {played} steps")
    for path, undone, what in SITUATIONS[game]:
        for lang in ("de", "fr"):
            open_as_person(app, path, lang, undone)
            play(app, found, 3, what)
    if game == "banks":
        click(app, app.locator(intent("home")).first)
        put_saves(app, {"nile:game:refused": save_at_turn_start().text})
        continue_game(app, "refused")
        refuse(app, found)
    assert not found.found, found.report()


TOUCH_SIZES = {"tablet-portrait": (768, 1024), "tablet-landscape": (1024, 768), "phone": (390, 844)}

#: JS: every target shown (a control, a place on the board), each scrolled into sight: its size, and what the
#: element at its centre is when it is not the target; the fields' boxes (relative to the board's frame)
TARGETS = """() => {
  const out = [], fields = {};
  const frame = document.querySelector('.table > .board-frame');
  const name = el => `${el.tagName.toLowerCase()}[${el.getAttribute('data-i') || ''}${el.getAttribute('data-v') ? '=' + el.getAttribute('data-v') : ''}] "${(el.getAttribute('aria-label') || el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 30)}"`;
  const els = [...document.querySelectorAll('#app button, #app select, #app input:not([type=hidden]), #app summary, #app svg [data-i]')]
    .filter(el => el.checkVisibility({visibilityProperty: true, contentVisibilityAuto: true}) && !el.closest('.sr-only'));
  // the log and the players' cards are read, not tapped: each comes into sight by scrolling (issue 53: in portrait the
  // log started below the window with nothing to scroll)
  // (first, before anything else was scrolled: a box that hides what overflows it, the page cannot scroll by hand)
  for (const el of document.querySelectorAll('#app .table .log > h2, #app .table .players > .player')) {
    const box = el.getBoundingClientRect();
    const hides = [];
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a), b = a.getBoundingClientRect();
      if (/hidden|clip/.test(s.overflowY) && (box.top >= b.bottom - 1 || box.bottom <= b.top + 1)) hides.push(a);
    }
    if (hides.length) { out.push(`${el.matches('h2') ? 'the log' : "a player's card"}: hidden by a box that does not scroll`); continue; }
    el.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const r = el.getBoundingClientRect(), at = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + Math.min(12, r.height / 2));
    if (!at || !el.contains(at)) out.push(`${el.matches('h2') ? 'the log' : 'the card of ' + el.querySelector('h3')?.textContent.trim()}: out of reach (${at ? at.tagName.toLowerCase() + '.' + String(at.getAttribute('class') || '') : 'nothing'} in its place)`);
  }
  // a small place that a control of full size on the same screen does too (WCAG 2.5.8's "equivalent": N13's stall on
  // the market, a button in the action panel) is not too small; that control is checked as every other
  const big = (o) => { const b = o.getBoundingClientRect(); return b.width >= 43.5 && b.height >= 43.5; };
  const twin = (el) => el.hasAttribute('data-v') && els.some((o) => o !== el && o.getAttribute('data-i') === el.getAttribute('data-i')
    && o.getAttribute('data-v') === el.getAttribute('data-v') && big(o));
  for (const el of els) {
    el.scrollIntoView({block: 'center', inline: 'nearest'});
    let r = el.getBoundingClientRect();
    const tapped = /^(checkbox|radio)$/.test(el.type) && el.closest('label') ? el.closest('label').getBoundingClientRect() : r;
    if ((tapped.width < 43.5 || tapped.height < 43.5) && !twin(el)) out.push(`${name(el)}: ${Math.round(tapped.width)} × ${Math.round(tapped.height)} px`);
    const onTop = () => { r = el.getBoundingClientRect();
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return [at && (at === el || el.contains(at) || (el.tagName === 'INPUT' && at.closest('label') === el.closest('label'))), at]; };
    let [ok, at] = onTop();
    if (!ok) { el.scrollIntoView({block: 'start', inline: 'nearest'}); [ok, at] = onTop(); }
    if (!ok) { el.scrollIntoView({block: 'end', inline: 'nearest'}); [ok, at] = onTop(); }
    if (!ok) {
      const over = at ? (at.closest('[data-i]') ? name(at.closest('[data-i]')) : at.tagName.toLowerCase() + '.' + String(at.getAttribute('class') || '').replace(/ /g, '.')) : 'nothing';
      out.push(`${name(el)}: ${over} is at its centre`);
    }
    if (el.matches('g.field[data-i]') && frame) {
      const f = frame.getBoundingClientRect();
      fields[el.getAttribute('data-v')] = [r.left - f.left, r.top - f.top, r.width, r.height].map(v => Math.round(v * 10) / 10);
    }
  }
  window.scrollTo(0, 0);
  return {problems: out, fields};
}"""


def measure_targets(page: Page, step: str, found: dict[str, list[str]]) -> dict[str, list[float]]:
    """Every target on the page as it stands (``TARGETS``): what is wrong with each into ``found``; the fields' boxes."""
    settled(page)
    seen = page.evaluate(TARGETS)
    for problem in seen["problems"]:
        found.setdefault(problem, []).append(step)
    sides = [min(w, h) for _, _, w, h in seen["fields"].values()]
    if sides:
        print(f"{step}: {len(sides)} fields, min {min(sides):.1f} px, median {statistics.median(sides):.1f} px")
    return dict(seen["fields"])


@pytest.mark.parametrize("size", list(TOUCH_SIZES))
def test_every_target_is_large_on_top_and_still(app: Page, size: str) -> None:
    """Issue 53, by touch: a family's tablet upright (768×1024) and sideways (1024×768), and a phone (390×844), in
    Dutch (its "Tip" made Kap's hint button 36 px wide). Testers passing a tablet round met a Nile board that shrank
    when a crop was chosen (fields of 29–35 px became 15–29 px) and, after the coach's hint, a board drawn over itself
    (a market row over the west bank: the tap on a field hit the market). At a Nile turn's start, with a crop chosen,
    after the coach's hint and with both, and at a Kap turn before and after its hint: every target is at least
    44 × 44 CSS px, the element at its centre (scrolled into sight) is the target itself, and the fields neither
    shrink nor move between the two taps of one action. The fields' sizes are printed (pytest -s)."""
    w, h = TOUCH_SIZES[size]
    before = app.viewport_size
    app.set_viewport_size({"width": w, "height": h})
    found: dict[str, list[str]] = {}
    hint = "[data-i=hint]:not([disabled])"
    try:
        if app.locator(intent("home")).count():
            click(app, app.locator(intent("home")).first)
        # three persons passing the tablet round
        put_saves(app, {"nile:game:touch": save_at_turn_start(names=("Anna", "Bastet", "Horus")).text})
        set_language(app, "nl")
        continue_game(app, "touch")
        click(app, head_control(app, "hints"))  # the coach's list of what can be done now, opened
        if app.locator(".coach summary").count() and app.locator(".coach[open]").count() == 0:
            click(app, app.locator(".coach summary").first)
        start = measure_targets(app, f"{size}, Nile, a turn's start", found)
        click(app, app.locator("button.chip.target[data-v^='supply:']").first)
        chosen = measure_targets(app, f"{size}, Nile, a crop chosen", found)
        click(app, intent("cancel"))
        app.wait_for_selector(hint, timeout=60_000)
        click(app, hint)
        app.wait_for_selector(".hints-given li", timeout=60_000)
        hinted = measure_targets(app, f"{size}, Nile, the coach's hint", found)
        click(app, app.locator("button.chip.target[data-v^='supply:']").first)
        both = measure_targets(app, f"{size}, Nile, the hint and a crop chosen", found)
        open_as_person(app, "cape/r1-04-4p-build-bonus.json", "nl")
        measure_targets(app, f"{size}, Kap, a turn", found)
        app.wait_for_selector(hint, timeout=60_000)
        click(app, hint)
        app.wait_for_selector(".hints-given li", timeout=60_000)
        measure_targets(app, f"{size}, Kap, the coach's hint", found)
        # a board of five late in a round: a row more on each bank, the boat full of markers; a ripe one chosen, the
        # market's rows are the targets
        open_as_person(app, "banks/r1-04-5p-mid-turn.json", "nl")
        measure_targets(app, f"{size}, Nile, five players", found)
        click(app, app.locator("g.field.sel[aria-label*='rijpe vrucht']").first)
        assert app.locator("g.mrow.act").count() == 2
        measure_targets(app, f"{size}, Nile, five players, a ripe fruit chosen", found)
        # N13: a spoiled fruit a joker makes ripe again, a stall of the market (a button in the panel too); four
        # players' cards and the summary since the person's last turn in the side panel
        open_as_person(app, "banks/r1-10-4p-n13-after-refresh.json", "nl", undone=6)
        assert app.locator(".actions .refresh button[data-v^='stall:']").count() >= 1
        assert app.locator(".since .more summary").count() == 1
        measure_targets(app, f"{size}, Nile, N13, a fruit to refresh", found)
    finally:
        if app.locator(intent("home")).count():
            click(app, app.locator(intent("home")).first)
        set_language(app, "en")
        if before:
            app.set_viewport_size(before)
    lines = [f"{p} (at {', '.join(steps[:2])}{', …' if len(steps) > 2 else ''})" for p, steps in found.items()]
    assert not lines, f"{len(lines)} targets too small or under something else:\n" + "\n".join(lines[:60])
    # the fields the two taps of a sowing aim at stay where they were, at their size
    for name, seen in (("a crop chosen", chosen), ("the hint", hinted), ("the hint and a crop", both)):
        moved = {k: (start[k], v) for k, v in seen.items() if k in start and max(abs(a - b) for a, b in zip(start[k], v, strict=True)) > 1}
        assert not moved, f"{size}: fields moved or changed size after {name}: {list(moved.items())[:4]}"


def test_the_set_up_says_which_language_it_speaks(app: Page) -> None:
    """Testers found the set-up's language picker without a visible label (it showed "DE" only)."""
    size = app.viewport_size
    app.set_viewport_size({"width": 390, "height": 844})
    try:
        click(app, intent("new", "banks"))
        label = app.locator(".setup .screen-head label.language")
        assert label.evaluate("l => l.textContent.replace(l.querySelector('select').textContent, '').trim()") == "Language"
        assert label.evaluate("l => l.checkVisibility() && l.getBoundingClientRect().width > l.querySelector('select').getBoundingClientRect().width + 20")
    finally:
        click(app, app.locator(intent("home")).first)
        if size:
            app.set_viewport_size(size)
