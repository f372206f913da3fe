"""Motion that tells what happened (issue 21): a move's pieces travel from where they were to where
they go (static/motion.js) and end exactly where the engine puts them, with motion on and with
prefers-reduced-motion; when a person's turn comes after bots' moves, those moves are listed in one
summary ("Since your turn") and what they changed is marked on the board."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from nile.games import load_save

from .test_bots import KAP_PERSON, NILE_PERSON
from .ui import WAIT_JS, click, find, intent, start_game, storage

#: every animation on the page has run its course (a finished or cancelled one is no longer listed)
SETTLED = "() => Promise.all(document.getAnimations().map(a => a.finished.catch(() => null))).then(() => true)"

#: where each marker on the page stands: its key → the field its marks group follows, or the market row
#: (with its place in the row) or the boat chip it is drawn in; and whether its box lies inside that place
WHERE_JS = """() => {
  const out = {};
  const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  for (const el of document.querySelectorAll('.game .table [data-k]')) {
    for (const k of el.getAttribute('data-k').split(' ')) {
      if (!k.startsWith('m')) continue;
      const marks = el.closest('g.marks');
      const field = marks && marks.previousElementSibling;
      const chip = el.closest('.boat-chip');
      const box = el.getBoundingClientRect();
      if (field && field.matches('g.field')) {
        out[k] = {at: field.getAttribute('data-v'), inside: inside(box, field.getBoundingClientRect())};
      } else if (chip) {
        out[k] = {at: 'boat', inside: true};
      } else {
        out[k] = {at: 'market', inside: inside(box, el.closest('svg').getBoundingClientRect())};
      }
    }
  }
  return out;
}"""


def _state(page: Page):  # noqa: ANN202 - a BanksState
    gid = storage(page)["nile:current"]
    return load_save(storage(page)[f"nile:game:{gid}"])


def _engine_places(state) -> dict[str, str]:  # noqa: ANN001
    """Marker key → where the engine has it: a field ("field:W4-2"), the market or the boat."""
    from nile.banks.data import FIELDS

    places = {f"m{m}": f"field:{FIELDS[i].name}" for i, ms in enumerate(state.field_markers) for m in ms}
    places |= {f"m{m}": "market" for row in state.market for m in row}
    places |= {f"m{m}": "boat" for m in state.boat}
    return places


def _sow_and_look(page: Page, during: str) -> None:
    """Pass-and-play Nile to the first turn; sow a marker; look at the page ``during`` the motion, and
    once it has settled check every marker against the engine's position."""
    start_game(page, names=("Amun", "Bastet"))
    for _ in range(60):  # the set-up's simple choices, until a turn's sowing is offered
        if page.locator(".supply button.target, .actions button.chip.target").count() and page.locator("[data-i=act][data-v=end]").count():
            break
        hit = find(page, ("[data-i=confirm]", "[data-i=moment-close]", ".handover [data-i=reveal-bidder]",
                          ".bid-private [data-i=bid-submit]", "g.field.act", "[data-i=act]", "button.target", "g.sel"))
        assert hit, page.locator("#app").inner_text()[:300]
        click(page, page.locator(intent(hit["i"], hit["v"])).first)
    click(page, page.locator(".actions button.chip.target").first)  # a crop from the supply
    field = page.locator("g.field.act").first
    key = field.get_attribute("data-v")
    before = len(_state(page).history)
    click(page, field)
    assert len(_state(page).history) == before + 1
    # the pieces' new places are read in the next frame (static/motion.js), where the motion starts
    running = page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame("
                            "() => r(document.getAnimations().length))))")
    if during == "motion":
        assert running > 0  # the new marker lands (and the rest of the move follows)
    else:
        assert running == 0  # prefers-reduced-motion: the board simply shows the new position
    page.evaluate(SETTLED)
    where = page.evaluate(WHERE_JS)
    places = _engine_places(_state(page))
    assert {k: v["at"] for k, v in where.items()} == places
    assert all(v["inside"] for v in where.values()), where
    assert key in places.values()
    assert page.evaluate("() => document.querySelectorAll('[data-ghost], svg[data-flying]').length") == 0
    # the move just made stays marked: the marker sown
    marked = page.evaluate("() => document.body.dataset.marked").split()
    sown = [k for k, at in places.items() if at == key]
    assert set(sown) & set(marked), (sown, marked)


def test_an_animated_move_ends_exactly_in_the_engines_position(app: Page) -> None:
    app.emulate_media(reduced_motion="no-preference")
    _sow_and_look(app, "motion")


def test_with_reduced_motion_nothing_moves_and_the_board_is_the_engines(app: Page) -> None:
    app.emulate_media(reduced_motion="reduce")
    try:
        _sow_and_look(app, "still")
    finally:
        app.emulate_media(reduced_motion="no-preference")


def _until_since(page: Page, person: tuple[str, ...], turns: int) -> None:
    """Play as the person (the first of ``person`` that shows) until the summary has shown ``turns`` times."""
    seen = 0
    for _ in range(400):
        page.wait_for_function(f"() => ({WAIT_JS})({json.dumps(list(person))})", timeout=60_000)
        if page.locator(".since").count():
            seen += 1
            if seen >= turns:
                return
        hit = find(page, person)
        click(page, page.locator(intent(hit["i"], hit["v"])).first)
    raise AssertionError("no summary of the bots' moves was shown")


def _check_since(page: Page, bots: tuple[str, ...]) -> None:
    since = page.locator(".actions .since")
    expect(since).to_be_visible()
    lines = since.locator("li:not(.more)").all_inner_texts()
    assert lines and all(any(bot in line for bot in bots) or " on " in line for line in lines), lines
    assert any(bot in since.inner_text() for bot in bots)
    marked = page.evaluate("() => document.body.dataset.marked").split()
    assert marked, "the bots' moves are marked on the board"
    on_board = page.evaluate("keys => keys.filter(k => document.querySelector(`.game .table [data-k~='${k}']`))", marked)
    assert on_board, marked
    # the mark is drawn: a marked piece has the mark's outline
    outline = page.evaluate("k => getComputedStyle(document.querySelector(`.game .table [data-k~='${k}']`)).outlineStyle", on_board[0])
    assert outline == "solid", outline


def test_the_since_your_turn_summary_lists_the_bots_moves_nile(app: Page) -> None:
    start_game(app, names=("Me", "Amun", "Bastet"), kinds=("", "easy", "easy"))
    _until_since(app, NILE_PERSON, 3)
    _check_since(app, ("Amun", "Bastet"))
    state = _state(app)
    assert state.history[-1][0] != 0 and 0 in state.to_act()  # the person's turn, after the bots'


def test_the_since_your_turn_summary_lists_the_bots_moves_kap(app: Page) -> None:
    start_game(app, names=("Me", "Amun", "Bastet"), game="cape", kinds=("", "easy", "easy"))
    _until_since(app, KAP_PERSON, 2)
    _check_since(app, ("Amun", "Bastet"))
