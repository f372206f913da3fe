"""Storage that survives (issue 23), in a real Chromium: persistence asked for at the right moment,
a blocked storage marked on every screen, a storage cleared under the running page.

(A full storage has its own test in test_saves.py.)
"""

from __future__ import annotations

from html import unescape

from playwright.sync_api import Page, expect

from nile.messages import text as msg

from .conftest import open_app, wait_ready
from .ui import ADVANCE_ORDER, actions, advance, click, find, intent, notice, only_game, screen, start_game

#: counts the page's calls of navigator.storage.persist() and answers "not granted"
PERSIST_SPY = """(() => {
  window.__persistCalls = 0;
  if (!navigator.storage) return;
  navigator.storage.persist = () => { window.__persistCalls += 1; return Promise.resolve(false); };
  navigator.storage.persisted = () => Promise.resolve(false);
})();"""

#: localStorage refuses every write, as in some private modes
BLOCKED = """(() => {
  Storage.prototype.setItem = function () {
    throw new DOMException("The operation is insecure.", "SecurityError");
  };
})();"""


def test_persistent_storage_is_asked_for_when_the_first_game_is_saved_and_the_list_says_what_it_means(page: Page) -> None:
    page.add_init_script(PERSIST_SPY)
    open_app(page)
    assert page.evaluate("window.__persistCalls") == 0  # not at page load
    start_game(page)
    advance(page)
    page.wait_for_function("window.__persistCalls === 1")
    click(page, page.locator(intent("home")).first)
    expect(page.locator(".storage-line.at-risk")).to_contain_text(unescape(msg("ui.storage_not_persistent")))
    assert page.evaluate("window.__persistCalls") == 1  # once


def test_blocked_storage_says_so_and_the_game_screen_keeps_saying_no_move_is_saved(page: Page) -> None:
    page.add_init_script(BLOCKED)
    open_app(page)
    expect(notice(page)).to_contain_text(msg("ui.no_storage"))
    expect(page.locator(".storage-line.blocked")).to_be_visible()
    click(page, page.locator(".notice [data-i=dismiss]").first)
    start_game(page)
    advance(page)
    expect(page.locator(".status .memory")).to_have_text(msg("ui.in_memory_blocked"))


def test_a_storage_cleared_under_the_running_page_is_written_back_and_a_reload_reopens_the_game(page: Page) -> None:
    open_app(page)
    start_game(page)
    advance(page)
    gid, _ = only_game(page)
    page.evaluate("() => localStorage.clear()")  # the browser's settings cleared the site's data
    advance(page)
    expect(notice(page)).to_contain_text(msg("ui.storage_cleared"))
    n = actions(page)
    page.reload()
    wait_ready(page)
    assert screen(page) == "game" and actions(page) == n
    assert only_game(page)[0] == gid

    # cleared from another tab: this page hears of it and writes the open game back at once, no move needed
    other = page.context.new_page()
    other.goto(page.url.split("#")[0].rsplit("/", 1)[0] + "/manifest.webmanifest")
    other.evaluate("() => localStorage.clear()")
    expect(notice(page)).to_contain_text(msg("ui.storage_cleared"))
    gid_again, stored = only_game(page)
    assert gid_again == gid and len(stored["actions"]) == actions(page)
    other.close()


#: ``document.hidden`` as the test says (``window.__hidden``): a page in a tab in the background
HIDDEN_AT_WILL = """(() => {
  Object.defineProperty(Document.prototype, 'hidden', {configurable: true, get: () => !!window.__hidden});
})();"""

#: click ``[data-i][data-v]`` as the page gets it (in a hidden page, or leaving the page right after), and read the store
#: in the same task, before any frame: the game's moves shown, and the stored save's (issue 51: a move is saved after the
#: frame that shows it, at once where no frame comes, or as the page goes)
CLICK_AND_READ = """([i, v, hidden, leave]) => {
  window.__hidden = hidden;
  try {
    const el = [...document.querySelectorAll('[data-i]')].find((e) => e.getAttribute('data-i') === i && e.getAttribute('data-v') === v);
    el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    const shown = Number(document.body.dataset.actions);
    if (leave) dispatchEvent(new Event('pagehide'));
    const id = localStorage.getItem('nile:current');
    return [shown, JSON.parse(localStorage.getItem('nile:game:' + id)).actions.length];
  } finally {
    window.__hidden = false;
  }
}"""


def first_move_stored(page: Page, hidden: bool = False, leave: bool = False) -> int:
    """From a game's start, the simple player's clicks (``CLICK_AND_READ``) until one makes a move; after each, the store
    holds every move shown. Returns the moves shown."""
    for _ in range(12):
        before = actions(page)
        hit = find(page, ADVANCE_ORDER)
        assert hit, page.locator("#app").inner_text()[:300]
        shown, stored = page.evaluate(CLICK_AND_READ, [hit["i"], hit["v"], hidden, leave])
        assert stored == shown, f"{shown} moves shown, {stored} stored after {hit}"
        if shown > before:
            return shown
        page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)))")
    raise AssertionError("no move was made")


def test_a_move_made_just_before_the_page_is_left_is_saved_with_it(page: Page) -> None:
    """The tab closed (or the phone's browser sent away) right after a move, before the frame that shows it: the move is
    in the stored game all the same, so a reload reopens it with that move."""
    open_app(page)
    start_game(page)
    shown = first_move_stored(page, leave=True)
    page.reload()
    wait_ready(page)
    assert actions(page) == shown


def test_a_move_in_a_page_in_the_background_is_saved_at_once(page: Page) -> None:
    """No frame comes to a hidden page (bots playing on in a tab in the background): a move made there is stored at once,
    not when the tab comes back."""
    page.add_init_script(HIDDEN_AT_WILL)
    open_app(page)
    start_game(page)
    first_move_stored(page, hidden=True)
