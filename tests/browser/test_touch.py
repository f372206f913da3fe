"""By touch (issue 53: a family's tablet passed round, touch only, and a phone). What testers met besides the
targets' sizes and overlaps (tests/browser/test_reach.py): a long press committed like a tap; a long sideways swipe
across the board was the browser's Back and left a blank page; a Kap bid's amount was lost on a reload; the hippo
auction's result table was cut at its last column ("Summe")."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from nile.games import load_save

from .conftest import open_app, wait_ready
from .test_reach import GOLDEN, set_language
from .ui import actions, click, continue_game, intent, put_saves, renders, save_at_turn_start, screen


def as_person(page: Page, path: str, gid: str) -> None:
    """A golden save with one person (the seat to act) and computer players in the other seats, opened."""
    save = json.loads((GOLDEN / path).read_text())["save"]
    person = load_save(json.dumps(save)).to_act()[0]
    for seat, player in enumerate(save["options"]["players"]):
        if seat != person:
            player["bot"] = "easy"
    put_saves(page, {f"nile:game:{gid}": json.dumps(save)})
    continue_game(page, gid)


def test_a_long_press_does_not_commit(app: Page) -> None:
    """A finger resting on a field while the family talks it over (held past half a second), or a press that opens
    the context menu, is not a tap: nothing is chosen, nothing sown. A short tap still is."""
    put_saves(app, {"nile:game:press": save_at_turn_start().text})
    continue_game(app, "press")
    crop = app.locator("button.chip.target[data-v^='supply:']").first
    box = crop.bounding_box()
    assert box
    before = renders(app)
    app.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    app.mouse.down()
    app.wait_for_timeout(700)
    app.mouse.up()
    app.wait_for_timeout(300)
    assert not app.locator("g.field.act").count(), "a press held 0.7 s chose a crop"
    assert renders(app) == before
    click(app, crop)  # a tap
    field = app.locator("g.field.act").first
    moves = actions(app)
    app.mouse.move(*_centre(field.bounding_box()))
    app.mouse.down()
    field.dispatch_event("contextmenu")  # a touch screen's long press: the context menu's event, before the finger lifts
    app.mouse.up()
    app.wait_for_timeout(300)
    assert actions(app) == moves, "a press that opened the context menu sowed"
    click(app, app.locator("g.field.act").first)
    assert actions(app) == moves + 1


def _centre(box: dict[str, float] | None) -> tuple[float, float]:
    assert box
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_back_goes_home_and_a_bid_being_chosen_survives_a_reload(page: Page) -> None:
    """The browser's Back (a long sideways swipe on a tablet) inside a game comes home, in the page, as the Home
    button does; the page never goes blank. A Kap bid being chosen (K3) is there again after a reload, for the
    person choosing it, until it is placed."""
    page.set_viewport_size({"width": 768, "height": 1024})
    open_app(page)
    url = page.url
    page.evaluate("() => window.scrollTo(0, 0)")
    as_person(page, "cape/r1-01-2p-bid-sealed.json", "bid")
    expect(page.locator(".actions.bid-private")).to_be_visible()
    page.go_back()
    page.wait_for_function("() => document.body.dataset.screen === 'home'")
    assert page.url == url and page.locator(".saved").count() == 1
    continue_game(page, "bid")  # and again, Back after Back
    page.go_back()
    page.wait_for_function("() => document.body.dataset.screen === 'home'")
    assert page.url == url
    continue_game(page, "bid")
    for _ in range(3):
        click(page, page.locator(".bid-private [data-i=bid-change][data-v='+1']").first)
    amount = page.locator(".bid-private .bid-amount output").inner_text()
    assert amount.strip().startswith("3"), amount
    page.reload()
    wait_ready(page)
    if screen(page) == "home":
        continue_game(page, "bid")
    expect(page.locator(".bid-private .bid-amount output")).to_have_text(amount)
    click(page, page.locator(".bid-private [data-i=bid-submit]"))
    assert page.evaluate("() => localStorage.getItem('nile:bid-draft')") is None  # placed: nothing kept


def test_the_hippo_auctions_result_fits_its_dialog(app: Page) -> None:
    """The hippo auction's result (N11) shows whole in its dialog on a phone and on a tablet held upright, in
    German (the longest words): its last column, "Summe", was cut."""
    size = app.viewport_size
    try:
        set_language(app, "de")
        for w, h in ((390, 844), (768, 1024)):
            app.set_viewport_size({"width": w, "height": h})
            as_person(app, "banks/r1-06-3p-n11-auction-sealed.json", "hippo")
            while not app.locator(".moment .moment-table").count():
                hit = app.locator(".bid-private [data-i=bid-submit], [data-i=moment-close]").first
                if hit.count():
                    click(app, hit)
                else:
                    app.wait_for_function("() => document.querySelector('.moment .moment-table, .bid-private')", timeout=30_000)
            cut = app.evaluate("""() => [...document.querySelectorAll('.moment')].flatMap(m => {
                const r = m.getBoundingClientRect(), out = [];
                if (m.scrollWidth > m.clientWidth + 1) out.push(`the dialog scrolls sideways: ${m.scrollWidth} in ${m.clientWidth}`);
                for (const c of m.querySelectorAll('th, td')) {
                  const b = c.getBoundingClientRect();
                  if (b.right > r.right + 1 || b.left < r.left - 1 || c.scrollWidth > c.clientWidth + 1)
                    out.push(`"${c.textContent.trim()}" cut (${Math.round(b.left)}-${Math.round(b.right)} in ${Math.round(r.left)}-${Math.round(r.right)})`);
                }
                return out; })""")
            assert not cut, (w, h, cut)
            click(app, intent("moment-close"))
            click(app, app.locator(".status " + intent("home")).first)
    finally:
        set_language(app, "en")
        if size:
            app.set_viewport_size(size)


#: JS: the head line's words that do not show whole (cut by an ellipsis, a clamp, or the line's own edge)
HEAD_CUT = """() => {
  const head = document.querySelector('#app > .game > .status'), out = [];
  if (!head) return ['no head line'];
  const h = head.getBoundingClientRect();
  for (const el of head.querySelectorAll('.round, .whose, .piles-info, .tide-name, .ap, .memory')) {
    if (!el.checkVisibility({visibilityProperty: true}) || el.closest('.sr-only')) continue;
    const r = el.getBoundingClientRect(), words = el.textContent.trim();
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      out.push(`"${words}" cut in its box (${el.scrollWidth} × ${el.scrollHeight} in ${el.clientWidth} × ${el.clientHeight})`);
    else if (r.right > h.right + 1 || r.left < h.left - 1 || r.bottom > h.bottom + 1)
      out.push(`"${words}" beyond the head line's edge`);
  }
  return out;
}"""


def test_the_head_line_cuts_no_words(app: Page) -> None:
    """At 390, 768 and 1280 px in every language, the head line's words show whole: they wrap or make room, never
    end in an ellipsis (Kap's head line on a phone read "Ronde 1 Nee…", issue 53)."""
    size = app.viewport_size
    found = []
    try:
        for game, path in (("cape", "cape/r1-04-4p-build-bonus.json"), ("banks", "banks/r1-04-5p-mid-turn.json")):
            as_person(app, path, game)
            for lang in ("en", "de", "nl", "fr"):
                set_language(app, lang)
                for w, h in ((390, 844), (768, 1024), (1280, 800)):
                    app.set_viewport_size({"width": w, "height": h})
                    app.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
                    found += [f"{game}, {lang}, {w} px: {p}" for p in app.evaluate(HEAD_CUT)]
            click(app, app.locator(".status " + intent("home")).first)
    finally:
        set_language(app, "en")
        if size:
            app.set_viewport_size(size)
    assert not found, "\n".join(found)
