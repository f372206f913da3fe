"""A table that fits (issue 21). On a laptop (1280×800) and a tablet (820×1180) the page does not
scroll: the board and the action panel are wholly in the window (the board's drawings scale to the
space left, the side panels scroll inside themselves). On a phone (390×844) nothing scrolls sideways,
the head line is one line and stays in sight while the page scrolls, its other controls open from one
button, and a zoom control draws the board larger inside a frame that scrolls by itself."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .ui import advance, assert_covered, click, continue_game, head_control, intent, put_saves, start_game

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
#: a Nile game in the middle of a turn (5 players, a ripe marker to harvest) and a Kap game building (4 players)
PLAY = {"banks": "banks/r1-04-5p-mid-turn.json", "cape": "cape/r1-04-4p-build-bonus.json"}
#: pass-and-play games waiting for sealed bids (Nile's start-player bid, Kap's auction)
BIDS = {"banks": "banks/r1-08-5p-n12-start-bid-sealed.json", "cape": "cape/r1-01-2p-bid-sealed.json"}
LAPTOP, TABLET, PHONE = (1280, 800), (820, 1180), (390, 844)

#: the board's pictures: Nile's score track, fields and market; Kap's terrain card, rows of cards and routes
DRAWINGS = ", ".join(f".table > .board-frame svg.{c}" for c in ("track", "fields", "market", "terrain-card", "row", "route"))
#: where the parts of the screen are (rounded boxes: top, bottom, left, right), and how far the page scrolls
MEASURE = """drawings => {
  const box = el => { if (!el) return null; const b = el.getBoundingClientRect();
    return {top: b.top, bottom: b.bottom, left: b.left, right: b.right, width: b.width, height: b.height}; };
  const q = s => document.querySelector(s);
  const page = document.scrollingElement;
  const actions = q('.table > .actions');
  return {w: innerWidth, h: innerHeight, scrollW: page.scrollWidth, scrollH: page.scrollHeight,
          head: box(q('.game > .status')), board: box(q('.table > .board-frame')), actions: box(actions),
          actionsScrolls: actions ? actions.scrollHeight > actions.clientHeight + 1 : null,
          drawings: [...document.querySelectorAll(drawings)]
                      .map(s => { const b = box(s), v = s.viewBox.baseVal, k = Math.min(b.width / v.width, b.height / v.height);
                                  return {cls: s.getAttribute('class'), drawnW: v.width * k, drawnH: v.height * k, ...b}; }),
          rows: [...document.querySelectorAll('.table svg.market .mrow, .table svg.route, .table svg.row')].map(box)};
}"""


@pytest.fixture
def sized(app: Page) -> Iterator[Any]:
    """The shared page at a size; its own size and the board's normal zoom again afterwards."""
    size = app.viewport_size

    def resize(w: int, h: int) -> Page:
        app.set_viewport_size({"width": w, "height": h})
        return app

    yield resize
    if app.locator(intent("zoom", "out")).count():
        while app.locator(intent("zoom", "out") + ":not([disabled])").count():
            click(app, app.locator(intent("zoom", "out")).first)
    if size:
        app.set_viewport_size(size)


def open_save(page: Page, path: str, undone: int = 0, moves: list[str] | None = None) -> None:
    """Open a golden save, without its last ``undone`` moves, or with ``moves`` instead of its own."""
    if page.locator(".status " + intent("home")).count():
        click(page, page.locator(".status " + intent("home")).first)
    save = json.loads((GOLDEN / path).read_text())["save"]
    save["actions"] = save["actions"][: len(save["actions"]) - undone] if moves is None else moves
    put_saves(page, {"nile:game:g1": json.dumps(save)})
    continue_game(page, "g1")


def inside(box: dict[str, float], w: float, h: float) -> bool:
    return box["top"] >= -0.5 and box["left"] >= -0.5 and box["bottom"] <= h + 0.5 and box["right"] <= w + 0.5


def assert_fits(page: Page, screen: str) -> dict[str, Any]:
    m = page.evaluate(MEASURE, DRAWINGS)
    w, h = m["w"], m["h"]
    assert m["scrollH"] <= h and m["scrollW"] <= w, (screen, "the page scrolls", m)
    for part in ("head", "board", "actions"):
        assert m[part] is not None and inside(m[part], w, h), (screen, part, m[part], (w, h))
    for drawing in m["drawings"]:  # every picture of the board whole in the window, none squeezed to nothing
        assert inside(drawing, w, h) and drawing["height"] > 40, (screen, drawing, (w, h))
    for row in m["rows"]:  # Nile's market rows (issue 21: below the fold at 1280×800), Kap's rows of cards
        assert inside(row, w, h), (screen, "a row off the window", row)
    return m


@pytest.mark.parametrize("game", sorted(PLAY))
@pytest.mark.parametrize("size", [LAPTOP, TABLET], ids=["laptop", "tablet"])
def test_the_play_screen_fits_the_window(sized: Any, game: str, size: tuple[int, int]) -> None:
    page = sized(*size)
    open_save(page, PLAY[game])
    if game == "banks":  # a ripe marker chosen: the market rows it can go to are targets
        click(page, page.locator("g.field.sel[aria-label*='ripe']").first)
        assert page.locator("svg.market .mrow.act").count() == 2
    m = assert_fits(page, f"{game} play")
    assert not m["actionsScrolls"], "the action panel hides some of its buttons"
    assert len(m["rows"]) >= 4
    if game == "banks":  # the Nile board fills its room: neither the fields nor the market drawn small
        fields = next(d for d in m["drawings"] if "fields" in d["cls"])
        market = next(d for d in m["drawings"] if "market" in d["cls"])
        assert fields["drawnW"] >= 0.75 * m["board"]["width"], (fields, m["board"])
        assert market["drawnH"] >= 200, market


def test_the_nile_board_follows_the_window_when_it_is_resized(sized: Any) -> None:
    """The fields and the market are sized in px from their frames (static/fit.js, so a click does not make
    the browser lay out every shape again): a window made smaller, larger, or turned still gets a board
    that fills the room it has, whole in the window."""
    page = sized(*LAPTOP)
    open_save(page, PLAY["banks"])
    seen = []
    for size in (LAPTOP, (1100, 700), TABLET, (1440, 900), LAPTOP):
        page = sized(*size)
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        m = assert_fits(page, f"banks play at {size}")
        fields = next(d for d in m["drawings"] if "fields" in d["cls"])
        frame = page.locator(".board .pic").first.bounding_box()
        assert frame is not None
        # the picture is its frame's size (not the size it had in the last window)
        assert abs(fields["width"] - frame["width"]) < 1 and abs(fields["height"] - frame["height"]) < 1, (size, fields, frame)
        assert fields["drawnW"] >= 0.75 * m["board"]["width"], (size, fields, m["board"])
        seen.append(round(fields["drawnW"]))
    assert seen[0] == seen[-1] and len(set(seen)) >= 3, seen  # back at the first size, the first board


@pytest.mark.parametrize("game", sorted(PLAY))
def test_the_replay_and_the_sealed_bids_fit_a_laptop(sized: Any, game: str) -> None:
    page = sized(*LAPTOP)
    open_save(page, PLAY[game])
    click(page, head_control(page, "replay"))
    assert_fits(page, f"{game} replay")
    click(page, intent("replay-exit"))
    open_save(page, BIDS[game])
    click(page, page.locator(".handover [data-i=reveal-bidder]").first)
    expect(page.locator(".actions.bid-private")).to_be_visible()
    assert_fits(page, f"{game} sealed bid")
    box = page.locator(intent("bid-submit")).bounding_box()  # the bid can be placed without scrolling anything
    assert box is not None and inside({"top": box["y"], "left": box["x"], "bottom": box["y"] + box["height"],
                                       "right": box["x"] + box["width"]}, *LAPTOP), box


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["laptop", "phone"])
@pytest.mark.parametrize("game", sorted(BIDS))
def test_the_hand_over_screen_covers_a_table_that_stays_laid_out_under_it(sized: Any, game: str, size: tuple[int, int]) -> None:
    """Issue 21: in pass-and-play the hand-over screen covers the whole window (the page does not scroll under
    it, the keyboard reaches nothing of the table). Under it lies the table from nobody's view, so the person
    who says it is them decides at the very table element, as laid out: their tap changes only their panel
    (it built the whole table from nothing, the slowest of Kap's taps), and so does their Place bid."""
    page = sized(*size)
    open_save(page, BIDS[game])
    expect(page.locator(".handover [data-i=reveal-bidder]").first).to_be_visible()
    assert_covered(page)
    page.evaluate("() => { document.querySelector('#app > .game > .table').__kept = 1; }")
    for _ in range(2):
        click(page, page.locator(".handover [data-i=reveal-bidder]").first)
        expect(page.locator(".actions.bid-private")).to_be_visible()
        assert page.evaluate("() => window.scrollY") == 0  # each person's table opens at its top
        for _ in range(40):  # the keyboard is free again: Tab comes to the bid
            page.keyboard.press("Tab")
            if page.evaluate("() => !!document.activeElement?.closest('.bid-private')"):
                break
        else:
            raise AssertionError("Tab never reached the bid at the table")
        page.evaluate("() => window.scrollTo(0, 400)")  # (on a phone the page scrolls: the last bidder leaves it there)
        click(page, intent("bid-submit"))
        if not page.locator(".handover").count():
            break
        assert_covered(page)
    assert page.evaluate("() => document.querySelector('#app > .game > .table').__kept") == 1


def test_kaps_rows_keep_their_size_while_the_auction_opens_and_the_cards_are_taken(sized: Any) -> None:
    """Issue 21: on a laptop the common row and every route keep their size through an auction (K3): the bids
    and the choosing order stand beside the cards on offer, a card taken leaves its place empty, and the rows
    below never shrink or grow (each change of size drew every route again, and looked like the table
    jumping). The offer keeps its size while the players choose."""
    page = sized(*LAPTOP)
    # three players, two of them have bid nothing; the third's bid of nothing ties them all, and the account of
    # how the tie was broken is three sentences long (money, then cards turned up twice: K3)
    open_save(page, "cape/r1-02-3p-choosing.json", moves=["p1 bid 0", "p2 bid 0"])
    frames = "() => [...document.querySelectorAll('.board.cape .common .pic, .board.cape .route-line .pic, .board.cape .offer .pic')].map(f => { const b = f.getBoundingClientRect(); return [f.closest('section, .route-line').className.replace(' acting', ''), Math.round(b.width), Math.round(b.height)]; })"
    click(page, page.locator(".handover [data-i=reveal-bidder]").first)
    expect(page.locator(".actions.bid-private")).to_be_visible()
    before = page.evaluate(frames)
    click(page, intent("bid-submit"))  # the bids open
    if page.locator(".moment").count():
        click(page, intent("moment-close"))
    expect(page.locator(".offer .order")).to_be_visible()
    assert page.locator(".offer .ties li").count() == 3
    opened = page.evaluate(frames)
    assert opened == before, (before, opened)
    while page.locator(".offer g.card.act").count():  # every chooser takes a card
        click(page, page.locator(".offer g.card.act").first)
        if page.locator(".offer").count():
            assert page.evaluate(frames) == before
    building = [f for f in page.evaluate(frames) if f[0] != "offer"]
    assert building == [f for f in before if f[0] != "offer"], (before, building)
    assert_fits(page, "cape after the auction")


@pytest.mark.parametrize("game, over", [("banks", "banks/r1-17-2p-over-obelisk.json"), ("cape", "cape/r1-06-2p-over-crossings.json")])
def test_the_last_move_opens_the_end_with_its_title_in_sight(sized: Any, game: str, over: str) -> None:
    """The end's pop-up opens at the top of the page, above the report, in sight: the page fitted the window
    until the last move, so it is at its top (nile/web/app/paint.py leaves the title unmeasured there)."""
    page = sized(*LAPTOP)
    open_save(page, over, undone=1)  # one move before the end
    for _ in range(30):
        if page.locator(".end").count():
            break
        if page.locator("[data-i=moment-close]").count():
            click(page, intent("moment-close"))
        else:
            advance(page)
    expect(page.locator(".end")).to_be_visible()
    box = page.evaluate("() => { const b = document.querySelector('#moment-title').getBoundingClientRect();"
                        " return {top: b.top, bottom: b.bottom, left: b.left, right: b.right, y: scrollY}; }")
    assert box["y"] == 0 and inside(box, *LAPTOP), box


@pytest.mark.parametrize("size", [LAPTOP, TABLET], ids=["laptop", "tablet"])
def test_a_moment_opens_over_the_table_which_keeps_fitting_the_window(sized: Any, size: tuple[int, int]) -> None:
    """Issue 21: a moment (here Kap's bids opened, K3) is a dialog over a table that fits: the table stays as it
    is laid out while it opens and closes (the same element, the page never scrolling), and the whole dialog
    with its Continue is in the window."""
    page = sized(*size)
    open_save(page, BIDS["cape"])
    while page.locator(".handover [data-i=reveal-bidder]").count():  # everyone still to bid bids
        click(page, page.locator(".handover [data-i=reveal-bidder]").first)
        click(page, intent("bid-submit"))
    expect(page.locator(".moment")).to_contain_text("The auction's bids, revealed")
    page.evaluate("() => { document.querySelector('.game > .table').__kept = 1; }")
    assert_fits(page, "a moment over the table")
    for part in (".popups", ".moment [data-i=moment-close]"):
        box = page.evaluate("s => { const b = document.querySelector(s).getBoundingClientRect();"
                            " return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; }", part)
        assert inside(box, *size), (part, box)
    click(page, intent("moment-close"))
    expect(page.locator(".moment")).to_have_count(0)
    assert_fits(page, "the moment closed")
    assert page.evaluate("() => document.querySelector('.game > .table').__kept") == 1


@pytest.mark.parametrize("game", sorted(PLAY))
def test_on_a_phone_the_head_line_is_one_line_that_stays_in_sight(sized: Any, game: str) -> None:
    page = sized(*PHONE)
    open_save(page, PLAY[game])
    expect(page.locator("svg.fields.portrait" if game == "banks" else ".board.cape")).to_be_visible()
    m = page.evaluate(MEASURE, DRAWINGS)
    assert m["scrollW"] <= 390, m  # nothing scrolls sideways
    # one line (it took three, ~160 px), every part of it on that line, none cut off at the side
    assert_one_line(page, f"{game} on a phone")
    status = ".status svg.tide, .status .ap" if game == "banks" else ".status .round"
    # the page scrolled down to the side panels: the round, the tide and the action points still in sight
    page.evaluate("() => window.scrollTo(0, document.scrollingElement.scrollHeight)")
    assert page.evaluate("() => window.scrollY") > 300
    for el in page.locator(status).all():
        box = el.bounding_box()
        assert box is not None and box["y"] >= -0.5 and box["y"] + box["height"] <= 56, (status, box)
    page.evaluate("() => window.scrollTo(0, 0)")


def test_on_a_phone_a_choice_brings_its_places_into_sight_above_the_action_panel(sized: Any) -> None:
    """Issue 21: on a phone the action panel covered the market during a harvest. A ripe marker chosen
    at the top of the fields lights market rows far below: the page brings one into sight, under the
    head line and above the action panel."""
    page = sized(*PHONE)
    open_save(page, PLAY["banks"])
    page.evaluate("() => window.scrollTo(0, 0)")
    ripe = page.locator("g.field.sel[aria-label*='ripe']").first
    box = ripe.bounding_box()
    assert box is not None and box["y"] < 500  # in sight without scrolling: the click does not move the page
    click(page, ripe)
    expect(page.locator("svg.market .mrow.act")).to_have_count(2)
    page.wait_for_timeout(300)  # a smooth scroll, if any, has ended
    seen = page.evaluate("""() => {
      const head = document.querySelector('.game > .status').getBoundingClientRect().bottom;
      const panel = document.querySelector('.table > .actions').getBoundingClientRect().top;
      return {head, panel, rows: [...document.querySelectorAll('svg.market .mrow.act')].map(r => {
        const b = r.getBoundingClientRect(); return [b.top, b.bottom]; })};
    }""")
    assert any(top >= seen["head"] - 0.5 and bottom <= seen["panel"] + 0.5 for top, bottom in seen["rows"]), seen


def test_on_a_phone_the_head_lines_other_controls_open_from_one_button(sized: Any) -> None:
    page = sized(*PHONE)
    open_save(page, PLAY["banks"])
    replay = page.locator(intent("replay"))
    expect(replay).to_be_hidden()  # behind the menu button, so the head line stays one line
    toggle = page.locator(intent("menu"))
    expect(toggle).to_have_attribute("aria-expanded", "false")
    click(page, toggle)
    expect(toggle).to_have_attribute("aria-expanded", "true")
    for name in ("hints", "rules", "replay", "export", "lang"):
        expect(page.locator(".status " + intent(name)).first).to_be_visible()
    box = replay.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.keyboard.press("Escape")  # Escape closes it
    expect(replay).to_be_hidden()
    click(page, toggle)
    click(page, replay)  # a control chosen in it does its work, and the menu closes
    expect(page.locator(".status.replaying")).to_be_visible()
    click(page, intent("replay-exit"))


@pytest.mark.parametrize("game", sorted(PLAY))
def test_on_a_phone_the_zoom_control_draws_the_board_larger_inside_its_frame(sized: Any, game: str) -> None:
    page = sized(*PHONE)
    open_save(page, PLAY[game])
    picture = page.locator("svg.fields" if game == "banks" else ".board.cape svg.route").first
    before = picture.bounding_box()
    assert before is not None
    out, larger = page.locator(intent("zoom", "out")), page.locator(intent("zoom", "in"))
    expect(out).to_be_disabled()
    click(page, larger)
    expect(page.locator(".zoom output")).to_have_text("150 %")
    after = picture.bounding_box()
    assert after is not None and after["width"] >= 1.4 * before["width"] and after["height"] >= 1.4 * before["height"], (before, after)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # the frame scrolls, not the page
    frame = page.locator(".board-frame")
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth && getComputedStyle(f).overflowX === 'auto'")
    expect(frame).to_have_attribute("tabindex", "0")  # a region that scrolls takes the keyboard too
    click(page, larger)
    expect(larger).to_be_disabled()
    click(page, out)
    click(page, out)
    expect(page.locator(".zoom output")).to_have_text("100 %")
    back = picture.bounding_box()
    assert back is not None and abs(back["width"] - before["width"]) < 1


#: the head line's box and every part of it on the screen: (class, top, bottom, left, right)
HEAD = """() => {
  const box = el => { const b = el.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left, right: b.right, height: b.height}; };
  const head = document.querySelector('.game > .status');
  const parts = [...head.querySelectorAll(':scope > :not(.more), .more-toggle, .more-first > *, .more-rest > *')]
    .filter(e => e.getClientRects().length).map(e => ({cls: String(e.className.baseVal ?? e.className), ...box(e)}));
  return {head: box(head), parts, w: innerWidth};
}"""


def assert_one_line(page: Page, where: str) -> list[str]:
    """The head line is one line (a button's height), every part of it on that line and in the window;
    the classes of the parts shown."""
    m = page.evaluate(HEAD)
    head = m["head"]
    assert head["height"] <= 56, (where, head)
    for part in m["parts"]:
        assert part["top"] >= head["top"] - 0.5 and part["bottom"] <= head["bottom"] + 0.5, (where, part, head)
        assert part["left"] >= -0.5 and part["right"] <= m["w"] + 0.5, (where, part, m["w"])
    return [p["cls"] for p in m["parts"]]


@pytest.mark.parametrize("lang", ["en", "de", "fr", "nl"])
def test_above_a_phone_the_head_line_is_one_line_whatever_it_holds(sized: Any, lang: str) -> None:
    """Issue 21: at 1280 px the head line took two lines whenever it held the computer players' controls
    or the round's cards (German: always with computer players), and the board shrank and grew with it
    from one click to the next. It is one line at every width: from 1100 px "Show me what I can do" and
    Rules stand in it and the other controls open from one button; from 1900 px every control stands in it."""
    page = sized(*LAPTOP)
    if page.locator(".status " + intent("home")).count():
        click(page, page.locator(".status " + intent("home")).first)
    try:
        page.locator(intent("lang")).first.select_option(lang)
        start_game(page, names=("Anna", "Bartholomäus", "Chloé-Géraldine"), kinds=("", "easy", "easy"))
        expect(page.locator(".zoom")).to_be_hidden()
        for size in (LAPTOP, (1100, 700)):
            page = sized(*size)
            shown = assert_one_line(page, f"{lang} at {size}")
            for name in ("hints", "rules", "menu"):
                expect(page.locator(".status " + intent(name)).first).to_be_visible()
            for name in ("replay", "export", "lang", "bot-speed"):
                expect(page.locator(".status " + intent(name))).to_be_hidden()
            assert "bots" not in shown
            click(page, intent("menu"))  # the others open below the line, inside the window
            for name in ("export", "lang", "bot-speed", "sound"):
                item = page.locator(".status " + intent(name)).first
                expect(item).to_be_visible()
                box = item.bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0], (name, box)
            page.keyboard.press("Escape")
            expect(page.locator(".status " + intent("export"))).to_be_hidden()
        page = sized(1920, 1080)  # wide enough for all of them: no menu button
        assert_one_line(page, f"{lang} at 1920")
        expect(page.locator(intent("menu"))).to_be_hidden()
        for name in ("hints", "rules", "export", "lang", "bot-speed", "sound"):
            expect(page.locator(".status " + intent(name)).first).to_be_visible()
    finally:
        page = sized(*LAPTOP)
        click(page, page.locator(".status " + intent("home")).first)
        page.locator(intent("lang")).first.select_option("en")


def test_no_serious_accessibility_problem_on_a_phone_or_a_tablet(sized: Any) -> None:
    """axe-core, as in test_a11y.py: the board zoomed (its frame scrolls) with the head line's menu open
    on a phone, and the board, a replay and a sealed bid on a tablet (the panels scroll inside themselves)."""
    from .test_a11y import serious

    found = {}
    page = sized(*PHONE)
    for game in sorted(PLAY):
        open_save(page, PLAY[game])
        click(page, intent("zoom", "in"))
        click(page, intent("menu"))
        found[f"phone {game}"] = serious(page)
        click(page, intent("menu"))
        click(page, intent("zoom", "out"))
    page = sized(*TABLET)
    for game in sorted(PLAY):
        open_save(page, PLAY[game])
        found[f"tablet {game}"] = serious(page)
        click(page, intent("menu"))
        click(page, intent("replay"))
        found[f"tablet {game} replay"] = serious(page)
        click(page, intent("replay-exit"))
        open_save(page, BIDS[game])
        click(page, page.locator(".handover [data-i=reveal-bidder]").first)
        found[f"tablet {game} sealed bid"] = serious(page)
    assert not any(found.values()), json.dumps(found, indent=1)


def test_another_game_opens_at_the_top_of_the_page_not_where_the_last_was_scrolled(sized: Any) -> None:
    """On a phone: a game left from far down its market, then another game opened (a finished one, its
    end screen) starts at the top of the page, with its title in sight."""
    page = sized(*PHONE)
    open_save(page, PLAY["banks"])
    page.evaluate("() => window.scrollTo(0, document.scrollingElement.scrollHeight)")
    assert page.evaluate("() => scrollY") > 300
    click(page, page.locator(intent("home")).first)
    assert page.evaluate("() => scrollY") == 0
    open_save(page, "cape/r1-07-4p-over-crossings.json")
    assert page.evaluate("() => scrollY") == 0
