"""Feeling instant: a redraw patches only what changed, the keyboard stays where the player was, and
a reload shows the last screen at once (under "starting…", a tap on it done once Python is ready:
tests/browser/test_first_visit.py) until Python is ready."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import Page

from .conftest import open_app, wait_ready
from .ui import (
    advance,
    click,
    head_control,
    intent,
    renders,
    screen,
    settled,
    start_game,
    to_first_sowing,
    wait_renders_after,
)

LAST_SCREEN = "nile:last-screen"

#: where the board's pictures and their frames stand on the screen (rounded boxes: x, y, width, height)
PICTURE_BOXES = """() => [...document.querySelectorAll('#app .pic > svg, #app .board-frame')]
  .map((e) => e.getBoundingClientRect()).map((b) => [b.x, b.y, b.width, b.height].map(Math.round))"""

#: injected before the page's scripts: notes what #app showed while the app was not ready yet
PROBE = """(() => {
  const seen = {board: null};
  window.__beforeReady = seen;
  const look = () => {
    const app = document.getElementById('app');
    if (seen.board || !app || !document.body || document.body.dataset.appState === 'ready') return;
    if (app.querySelector('.board')) {
      const marker = document.getElementById('starting');
      seen.board = {at: performance.now(), inert: app.inert, hidden: app.hidden, starting: marker ? marker.textContent : null};
      // where the board's pictures stand in the first frame painted with it (static/fit.js has sized them then)
      requestAnimationFrame(() => setTimeout(() => {
        if (document.body.dataset.appState === 'ready') return;
        seen.board.boxes = (""" + PICTURE_BOXES + """)();
      }, 0));
    }
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true});
})();"""

TARGETS = "g.sel, g.act, button.target, .actions [data-i=act]"


KEPT_JS = "k => { try { return JSON.parse(localStorage.getItem(k) || 'null'); } catch (e) { return null; } }"


def kept_screen(page: Page, part: str = 'class="board') -> dict:
    """Wait until the app has written the current screen for the next load ({screen, html}); return it."""
    page.wait_for_function(f"k => (({KEPT_JS})(k) || {{html: ''}}).html.includes({part!r})", arg=LAST_SCREEN)
    return page.evaluate(KEPT_JS, LAST_SCREEN)


def test_keyboard_focus_stays_near_the_control_after_an_action(app: Page) -> None:
    start_game(app)
    for _ in range(60):  # Tab through the page to the first board or action-panel target
        app.keyboard.press("Tab")
        if app.evaluate(f"() => document.activeElement.matches({TARGETS!r})"):
            break
    else:
        raise AssertionError("Tab never reached a target")
    before = renders(app)
    app.keyboard.press("Enter")
    wait_renders_after(app, before)
    focused = app.evaluate("() => ({i: document.activeElement.getAttribute('data-i'), tag: document.activeElement.tagName,"
                           " id: document.activeElement.id, visible: document.activeElement.matches(':focus-visible'),"
                           " inApp: document.getElementById('app').contains(document.activeElement)})")
    # the next step's place (issue 43): a place the choice offers, a control, or the prompt that says what to do now
    assert focused["tag"] != "BODY" and (focused["i"] or focused["id"] == "prompt") and focused["inApp"], focused
    assert focused["visible"], focused  # the keyboard's ring shows


def test_morph_keeps_unchanged_elements(app: Page) -> None:
    start_game(app)
    app.evaluate("() => { document.querySelector('.log h2').__kept = 1; document.querySelector('.status [data-i=rules]').__kept = 2; }")
    selectable = app.locator("g.sel, button.chip.target").first
    click(app, selectable)
    assert app.evaluate("() => document.body.dataset.paint") == "patch"  # the board and the panel alone (issue 51)
    assert app.evaluate("() => [document.querySelector('.log h2').__kept, document.querySelector('.status [data-i=rules]').__kept]") == [1, 2]


FIELDS = ".board svg.fields > g[data-f]"


def test_a_choice_and_a_move_send_only_the_fields_they_change(app: Page) -> None:
    """Issue 21: each field of the Nile board is a part of the screen. A choice that lights the fields a crop
    may be sown on redraws those; sowing redraws the field sown (and those no longer lit); the page keeps
    every other field's elements as they were (neither sent, parsed nor compared again), inside the fields
    picture that did change, and the page is what the whole HTML would make."""
    start_game(app, names=("Amun", "Bastet"))
    to_first_sowing(app)
    assert app.locator(FIELDS).count() == 28
    click(app, app.locator(".actions button.chip.target").first)  # a crop of the supply: where it may be sown lights up
    lit = app.locator(f"{FIELDS} > g.field.act").count()
    seen = app.evaluate(SAME_AS_WHOLE)
    assert lit > 0 and seen["same"]
    assert seen["kept"] >= 28 - lit, (lit, seen)  # each field not lit kept as it was (and the other parts: log, players…)
    settled(app)
    click(app, app.locator(f"{FIELDS} > g.field.act").first)  # sown
    seen = app.evaluate(SAME_AS_WHOLE)
    assert seen["same"] and seen["kept"] >= 28 - lit, (lit, seen)


#: the elements changed (attributes, children, text) under each of the screen's regions since ``WATCH_JS``
WATCH_JS = """() => {
  const seen = window.__regionsTouched = new Set();
  window.__regionsWatch = new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      const region = el && el.closest('.game > .status, .board-frame > .board, .table > .actions, .table > .side');
      if (region) seen.add(region.matches('.table > .side') ? 'side' : region.matches('.game > .status') ? 'status' : region.className.split(' ')[0]);
    }
  });
  window.__regionsWatch.observe(document.getElementById('app'), {subtree: true, childList: true, attributes: true, characterData: true});
}"""
TOUCHED_JS = """() => {
  window.__regionsWatch.takeRecords();
  window.__regionsWatch.disconnect();
  return {touched: [...window.__regionsTouched].sort(), sent: Number(document.body.dataset.sent),
          parsed: Number(document.body.dataset.parsed), whole: window.nileApp._html.length,
          elements: document.getElementById('app').querySelectorAll('*').length};
}"""


def test_a_choice_patches_only_the_regions_it_changes(app: Page) -> None:
    """Issue 51: a crop chosen changes the board's lit fields and the action panel, nothing else: only those two
    regions are sent (their unchanged fields as holes), parsed and patched; the head line and the side (players,
    log) are neither sent nor touched, and the page is what the whole HTML would make."""
    start_game(app, names=("Amun", "Bastet"))
    to_first_sowing(app)
    settled(app)
    app.evaluate(WATCH_JS)
    click(app, app.locator(".actions button.chip.target").first)
    seen = app.evaluate(SAME_AS_WHOLE)
    touched = app.evaluate(TOUCHED_JS)
    assert seen["same"] and seen["paint"] == "patch", seen
    assert set(touched["touched"]) <= {"board", "actions"}, touched
    # a quarter of the screen's markup at most is sent, and a quarter of its elements parsed (the lit fields)
    assert touched["sent"] * 4 < touched["whole"] and touched["parsed"] * 4 < touched["elements"], touched


#: what the page showed when the click reached #app (after static/answer.js, before Python) and in the frame after it
EARLY_JS = """() => {
  const seen = window.__early = {};
  const marked = (cls) => [...document.querySelectorAll('#app .' + cls)].map((el) => el.getAttribute('data-v')).sort();
  document.getElementById('app').addEventListener('click', (e) => {
    Object.assign(seen, {early: !!e.nileEarly, renders: Number(document.body.dataset.renders),
                         on: marked('pre-on'), off: marked('pre-off'), chosen: marked('pre-chosen'), unchosen: marked('pre-unchosen')});
    requestAnimationFrame(() => { seen.frame = {renders: Number(document.body.dataset.renders), on: marked('pre-on').length}; });
  }, {capture: true, once: true});
}"""
LIT_JS = "() => [...document.querySelectorAll('#app .board g.field.act, #app .board g.mrow.act')].map((el) => el.getAttribute('data-v')).sort()"
PRE_LEFT_JS = "() => document.querySelectorAll('#app .pre-on, #app .pre-off, #app .pre-chosen, #app .pre-unchosen').length"


def test_a_tapped_choice_is_shown_in_the_next_frame_and_made_by_python_after_it(app: Page) -> None:
    """Issue 51, the destinations map: a crop tapped lights the fields it may be sown on in the frame after the tap,
    before Python has run (static/answer.js reads what the engine drew: ``data-dests``); Python then makes the
    choice and its redraw lights exactly those fields, and the page's marks are gone. Another crop: the first one's
    fields it does not share go dark, its own light up. A key's choice is Python's at once, as before."""
    start_game(app, names=("Amun", "Bastet"))
    to_first_sowing(app)
    settled(app)
    chips = app.locator(".actions button.chip.target")
    assert chips.count() >= 2
    first, second = (chips.nth(i).get_attribute("data-v") for i in (0, 1))
    app.evaluate(EARLY_JS)
    click(app, chips.first)
    seen = app.evaluate("() => window.__early")
    lit = app.evaluate(LIT_JS)
    assert seen["early"] and seen["chosen"] == [first] and seen["on"] == lit and lit, (seen, lit)
    assert seen["frame"] == {"renders": seen["renders"], "on": len(lit)}, seen  # shown in a frame before Python's redraw
    assert app.evaluate(PRE_LEFT_JS) == 0 and app.evaluate(SAME_AS_WHOLE)["same"]  # then Python's, and only that
    assert app.locator(f'.actions button[data-v="{first}"][aria-pressed=true]').count() == 1
    app.evaluate(EARLY_JS)
    click(app, app.locator(f'.actions button[data-v="{second}"]'))
    seen = app.evaluate("() => window.__early")
    now = app.evaluate(LIT_JS)
    assert seen["early"] and seen["chosen"] == [second] and seen["unchosen"] == [first], seen
    assert seen["on"] == now and seen["off"] == sorted(set(lit) - set(now)), (seen, lit, now)
    assert app.evaluate(PRE_LEFT_JS) == 0 and app.evaluate(SAME_AS_WHOLE)["same"]
    app.evaluate(EARLY_JS)
    button = app.locator(f'.actions button[data-v="{first}"]')
    button.focus()
    before = renders(app)
    app.keyboard.press("Enter")
    wait_renders_after(app, before)
    assert app.evaluate("() => window.__early.early") is False
    assert app.locator(f'.actions button[data-v="{first}"][aria-pressed=true]').count() == 1


#: a crop tapped and, in the same task (before any frame, so before Python has made the choice), one of the fields it
#: lights tapped: pointer events as a finger makes them
TAP_TWICE_JS = """(crop) => {
  const tap = (el) => {
    const at = {bubbles: true, cancelable: true, composed: true, view: window, detail: 1};
    el.dispatchEvent(new PointerEvent('pointerdown', {...at, pointerType: 'touch', isPrimary: true}));
    el.dispatchEvent(new PointerEvent('pointerup', {...at, pointerType: 'touch', isPrimary: true}));
    el.dispatchEvent(new MouseEvent('click', at));
  };
  const chip = document.querySelector(`.actions button[data-v="${crop}"]`);
  const field = chip.getAttribute('data-dests').split(' ')[0];
  tap(chip);
  const lit = document.querySelector(`#app .board g.field.pre-on[data-v="${field}"]`);
  tap(lit);
  return field;
}"""


def test_a_field_tapped_before_the_choice_was_made_is_sown_after_it(app: Page) -> None:
    """Issue 51: a choice shown early is made before the next input is handled. A crop tapped, then at once (in the
    same task, before the frame that would let Python run) a field it lit: the choice is made first, then the sow,
    one move, and nothing of the early marks is left."""
    start_game(app, names=("Amun", "Bastet"))
    to_first_sowing(app)
    settled(app)
    crop = app.locator(".actions button.chip.target").first.get_attribute("data-v")
    n = int(app.evaluate("() => Number(document.body.dataset.actions)"))
    before = renders(app)
    field = app.evaluate(TAP_TWICE_JS, crop)
    wait_renders_after(app, before)
    app.wait_for_function("n => Number(document.body.dataset.actions) === n + 1", arg=n)
    settled(app)
    assert app.evaluate(PRE_LEFT_JS) == 0 and app.evaluate(SAME_AS_WHOLE)["same"]
    sown = app.locator(f'.board g[data-f="{field.partition(":")[2]}"] g.pieces').inner_html()
    assert crop.partition(":")[2] in sown, sown  # the crop chosen is the one sown there


#: a panel opened and closed before a part of the same kind that changed a little (a moment above the table):
#: is the part still the same element after each redraw?
PART_KEPT_JS = """() => {
  const root = document.createElement('div');
  root.innerHTML = '<header>h</header><div class="table"><p>1</p></div>';
  document.body.append(root);
  const table = root.querySelector('.table');
  const seen = [];
  for (const html of ['<header>h</header><div class="popups"><p>m</p></div><div class="table"><p>2</p></div>',
                      '<header>h</header><div class="table"><p>3</p></div>',
                      '<header>h</header><section class="moment">m</section><div class="table"><p>4</p></div>',
                      '<header>h</header><div class="table"><p>5</p></div>']) {
    window.nileMorph(root, html);
    seen.push([root.querySelector('.table') === table, root.innerHTML === html]);
  }
  root.remove();
  return seen;
}"""


def test_a_pop_up_opened_and_closed_above_the_table_leaves_the_table_in_place(app: Page) -> None:
    """Issue 21: a moment taken out above the table was matched by its place to the table, which was then built
    anew (the browser styled and laid out all of it): the table stays the element it was, patched."""
    assert app.evaluate(PART_KEPT_JS) == [[True, True]] * 4


#: a region patched alone whose kept part sits in an element that is new around it (another intent: not the same
#: element); in HTML and inside an SVG picture. Is the kept part the element it was, and the region what its markup says?
KEPT_IN_NEW_JS = """() => {
  const root = document.createElement('div');
  root.innerHTML = '<div id="r"><div data-i="a" data-v="1"><p id="k">kept</p></div><p>x</p></div>'
    + '<svg id="s" viewBox="0 0 9 9"><g data-i="a" data-v="1"><rect id="kr" width="1" height="1"></rect></g></svg>';
  document.body.append(root);
  const [p, rect] = [root.querySelector('#k'), root.querySelector('#kr')];
  const result = window.nilePatch(root, [
    ['#r', '<div id="r"><p>y</p><section data-i="a" data-v="2"><nile-keep data-n="0"></nile-keep></section></div>', ['#k']],
    ['#s', '<svg id="s" viewBox="0 0 9 9"><g data-i="a" data-v="2"><nile-keep data-n="0"></nile-keep></g></svg>', ['#kr']],
  ]);
  const seen = [result, root.querySelector('#k') === p, root.querySelector('#kr') === rect,
                root.querySelector('#r').outerHTML, root.querySelector('#kr').parentNode.getAttribute('data-v')];
  root.remove();
  return seen;
}"""


def test_a_part_kept_inside_a_new_element_is_placed_there(app: Page) -> None:
    """Issue 51: a part the redraw keeps as it is (a hole in the region's markup) may sit in an element that is new
    around it. It is put there, the same element it was; before, the region's patch failed ("a kept part's place was
    new": ci24) and the whole screen was redrawn."""
    assert app.evaluate(KEPT_IN_NEW_JS) == [
        "patch", True, True, '<div id="r"><p>y</p><section data-i="a" data-v="2"><p id="k">kept</p></section></div>', "2"]


#: how many frames the page had asked for when a click reached #app (whose handler redraws), counted from the click
FRAME_ASKED_JS = """sel => {
  const app = document.getElementById('app');
  const raf = window.requestAnimationFrame;
  let asked = 0, atApp = null;
  window.requestAnimationFrame = (cb) => { asked++; return raf.call(window, cb); };
  const seen = () => { atApp = asked; };
  app.addEventListener('click', seen, true);
  try {
    document.querySelector(sel).click();
  } finally {
    app.removeEventListener('click', seen, true);
    window.requestAnimationFrame = raf;
  }
  return atApp;
}"""


def test_the_answers_frame_is_asked_for_before_the_click_is_handled(app: Page) -> None:
    """Issue 21: a click asks for the next frame as it arrives (static/motion.js), so a display tick that comes
    while Python answers draws the answer as soon as it is ready; asked for only by the redraw's first change,
    late in the handler, the answer would wait a whole frame more after a click that missed a tick."""
    start_game(app)
    settled(app)
    before = renders(app)
    assert app.evaluate(FRAME_ASKED_JS, "g.sel, button.chip.target") == 1
    wait_renders_after(app, before)


#: a piece patched by static/morph.js, with what scripts set on it (fit.js a size, motion.js a mark)
SCRIPTS_KEPT_JS = """() => {
  const root = document.createElement('div');
  root.innerHTML = '<p class="a" data-k="m1">x</p>';
  document.body.append(root);
  const piece = root.firstChild;
  piece.setAttribute('data-marked', '');
  piece.style.width = '3px'; // (as fit.js sets a size: the CSP lets a script's CSSOM through, not a style attribute)
  const touched = []; // a script's attribute written by the redraw, even to the same value, restyles the piece
  const watch = new MutationObserver((records) => touched.push(...records.map((r) => r.attributeName)));
  watch.observe(piece, { attributes: true, attributeFilter: ['style', 'data-marked'] });
  const seen = [];
  for (const html of ['<p class="b" data-k="m1">y</p>', '<p data-k="m1" title="t" class="c">z</p>']) {
    window.nileMorph(root, html);
    const p = root.firstChild;
    seen.push([p === piece, p.getAttribute('class'), p.textContent, p.getAttribute('data-marked'), p.style.width]);
  }
  seen.push(watch.takeRecords().map((r) => r.attributeName).concat(touched));
  watch.disconnect();
  root.remove();
  return seen;
}"""


def test_a_redraw_leaves_what_scripts_set_on_a_piece(app: Page) -> None:
    """The mark of a piece that changed (static/motion.js) and a picture's size (static/fit.js) are the
    scripts' own attributes: a redraw that patches the piece (its class, its words, its attributes
    reordered) leaves them on it, untouched: never taken away and put back (a picture's size written again made
    the browser restyle every shape in it: issue 21)."""
    assert app.evaluate(SCRIPTS_KEPT_JS) == [[True, "b", "y", "", "3px"], [True, "c", "z", "", "3px"], []]


#: a folded part (the marks' legend) the player opened, redrawn by static/morph.js with new words
DETAILS_KEPT_JS = """() => {
  const root = document.createElement('div');
  root.innerHTML = '<details class="legend"><summary>Marks</summary><p>1</p></details>';
  document.body.append(root);
  const seen = [root.firstChild.open];
  root.firstChild.open = true; // the player opens it
  window.nileMorph(root, '<details class="legend"><summary>Marks</summary><p>2</p></details>');
  seen.push(root.firstChild.open, root.firstChild.textContent);
  root.firstChild.open = false; // and folds it again
  window.nileMorph(root, '<details class="legend"><summary>Marks</summary><p>3</p></details>');
  seen.push(root.firstChild.open);
  window.nileMorph(root, '<details class="legend" open><summary>Marks</summary><p>4</p></details>');
  seen.push(root.firstChild.open);  // the markup may open it itself (the coach's advice)
  root.remove();
  return seen;
}"""


def test_a_folded_part_the_player_opened_stays_open_while_the_game_goes_on(app: Page) -> None:
    """A <details> (the marks' legend, how Kap's tied bids were broken) is opened or folded by the player: a
    redraw with new words inside leaves it as the player set it, and the markup can still open one."""
    assert app.evaluate(DETAILS_KEPT_JS) == [False, True, "Marks2", False, True]


def test_reload_shows_the_last_board_at_once_until_ready(page: Page) -> None:
    page.context.add_init_script(PROBE)
    open_app(page)
    start_game(page)
    advance(page)
    kept = kept_screen(page)
    assert kept["screen"] == "game" and "bid-private" not in kept["html"]
    page.reload(wait_until="commit")
    wait_ready(page)
    seen = page.evaluate("() => window.__beforeReady.board")
    assert seen is not None, "the board was not shown before Python was ready"
    # as it will be once live (not inert, not dimmed: a tap on it is kept for Python), under the marker
    assert not seen["inert"] and not seen["hidden"] and seen["starting"], seen
    assert screen(page) == "game"
    live = page.evaluate("() => ({inert: document.getElementById('app').inert, marker: !!document.getElementById('starting'),"
                         " board: !!document.querySelector('#app .board')})")
    assert live == {"inert": False, "marker": False, "board": True}, live
    # the board stood where and as large as it stands now: nothing jumps when Python takes over
    boxes = page.evaluate(PICTURE_BOXES)
    assert seen.get("boxes") and seen["boxes"] == boxes, (seen.get("boxes"), boxes)


def test_odd_last_screen_is_not_shown(page: Page) -> None:
    page.context.add_init_script(PROBE)
    open_app(page)
    board = '<section class="game"><div class="board"></div></section>'
    for odd in (
        json.dumps({"screen": "game", "html": '<section class="game"><div class="board"></div><script>window.__ran = 1</script></section>'}),
        json.dumps({"screen": "game", "html": '<section class="game"><div class="board"><img src="x.png" onerror="window.__ran = 1"></div></section>'}),
        # what only the walk over every attribute finds (no space before the handler; a data: URL)
        json.dumps({"screen": "game", "html": '<section class="game"><div class="board"><svg/onload="window.__ran = 1"></svg></div></section>'}),
        json.dumps({"screen": "game", "html": '<section class="game"><div class="board"><a href=" data:text/html,x">x</a></div></section>'}),
        json.dumps({"screen": "setup", "html": board}),  # only home and a game are ever shown
        board,  # the plain HTML an older release kept
    ):
        # the app keeps its home screen a moment after drawing it: then the odd value replaces it
        kept_screen(page, 'class="home')
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [LAST_SCREEN, odd])
        page.reload(wait_until="commit")
        wait_ready(page)
        assert page.evaluate("() => window.__beforeReady.board") is None, odd
        assert page.evaluate("() => [window.__ran, document.body.dataset.lastScreen]") == [None, None]
        assert screen(page) == "home"


def test_a_secret_bid_is_never_kept(page: Page) -> None:
    open_app(page)
    start_game(page, names=("Me", "Thoth"), game="cape", kinds=("", "easy"))  # the person bids at once, in private
    page.locator(".bid-private").wait_for()
    page.wait_for_timeout(600)  # longer than the app waits before it writes the screen down
    kept = page.evaluate(KEPT_JS, LAST_SCREEN)
    assert kept is None or "bid-private" not in kept["html"]


#: the live #app against the app's whole HTML parsed afresh (the motion's passing marks aside)
SAME_AS_WHOLE = """() => {
  const live = document.getElementById('app').cloneNode(true);
  live.querySelectorAll('[data-ghost]').forEach((e) => e.remove());
  live.querySelectorAll('[data-flying]').forEach((e) => e.removeAttribute('data-flying'));
  // the sizes static/fit.js gives the board's pictures and their frames (the markup never has a style: CSP),
  // and the marks of what changed (static/motion.js)
  live.querySelectorAll('[style]').forEach((e) => e.removeAttribute('style'));
  live.querySelectorAll('[data-marked]').forEach((e) => e.removeAttribute('data-marked'));
  // the board's one Tab stop (static/roving.js: every other place it offers is reached by the arrow keys)
  live.querySelectorAll('[data-roving="places"] button[tabindex="-1"]').forEach((e) => e.removeAttribute('tabindex'));
  live.querySelectorAll('[data-roving="places"] [tabindex="-1"]').forEach((e) => e.setAttribute('tabindex', '0'));
  const t = document.createElement('template');
  t.innerHTML = window.nileApp._html;
  const whole = document.createElement('div');
  whole.append(t.content);
  return {same: live.innerHTML === whole.innerHTML, kept: Number(document.body.dataset.kept || 0),
          paint: document.body.dataset.paint};
}"""
CLICKABLE = ("[data-i=confirm], [data-i=moment-close], .handover [data-i=reveal-bidder], .bid-private [data-i=bid-submit],"
             " g.sel, g.act, button.chip.target, button.pile.target, .actions [data-i=act]")


@pytest.mark.parametrize("game", ["banks", "cape"])
def test_kept_parts_leave_the_page_as_a_whole_redraw_would(app: Page, game: str) -> None:
    """Issue 21: the parts of the screen that are what the page shows already (the board or its pictures, Kap's
    rows and routes, the players, the log, the artwork) are sent as holes the page fills with the elements it
    has; after every click the page is exactly what the whole HTML would make, and parts were kept. A redraw by region
    never fails for the page to be redrawn whole (issue 51: a move that started a log block once did)."""
    failed: list[str] = []
    app.on("console", lambda m: failed.append(m.text) if m.type == "error" and " failed" in m.text else None)
    start_game(app, game=game, variants=("N11",) if game == "banks" else ())
    rng = random.Random(4)
    kept = 0
    paints: dict[str, int] = {}
    for step in range(70):
        settled(app)  # a piece taken away fades where it was (static/motion.js), a copy no one can click
        # a moment over a table that fits is a dialog over the board: the person continues first (what is under it
        # cannot be clicked), as a person would
        dialog = app.locator(".game.fit > .popups [data-i=moment-close]")
        scope = ".game.fit > .popups " if dialog.count() else ""
        targets = app.locator(f"{scope}:is({CLICKABLE}):not([disabled], [aria-disabled=true], [data-ghost]) >> visible=true")
        n = targets.count()
        assert n, app.locator("#app").inner_text()[:300]
        target = targets.nth(rng.randrange(n))
        what = target.evaluate("e => e.getAttribute('data-i') + ':' + e.getAttribute('data-v')")
        click(app, target)
        if step == 35:  # another language: every part drawn anew
            before = renders(app)
            # the head line's choice, or the hand-over screen's (Kap's bids: it has no head line)
            handover = app.locator(".handover " + intent("lang"))
            (handover.first if handover.count() else head_control(app, "lang")).select_option("de")
            wait_renders_after(app, before)
            if app.locator(".status .more.open").count():  # the menu stays open for another choice: Escape closes it
                before = renders(app)
                app.keyboard.press("Escape")
                wait_renders_after(app, before)
        seen = app.evaluate(SAME_AS_WHOLE)
        assert seen["same"] and seen["paint"] in ("morph", "patch"), (step, what, seen)
        kept += seen["kept"]
        paints[seen["paint"]] = paints.get(seen["paint"], 0) + 1
    assert kept > 70, kept
    assert not failed, failed[:2]
    # issue 51: most clicks change only some regions of the screen, which are patched alone
    # (Kap's sealed bids go round a hand-over screen: another screen, redrawn whole)
    assert paints.get("patch", 0) > (paints.get("morph", 0) if game == "banks" else 10), paints
