"""A link of a game played from afar opened in a second tab of the device (issue 50), in a real Chromium: two tabs
of ONE browser context (one storage, one set of Web Locks), as when a messenger opens a tapped link in a new
tab while the old tab still shows the game.

- The game is open in tab A; the link, with new moves, opens in tab B: B plays it (it took the game's lock: the
  person just acted there), A only shows it from then on and says why, with Take over, and writes nothing.
- The game is not open in tab A (A is home): B just plays it; A, opening it later, has the link's moves. (On
  the way, Share where the browser has no share sheet: the link is copied, and the page says so.)

The game itself is made by the controllers (``tests/web/test_tabs.py``: Anna's device and Bram's, the links
passed between them), Bram's storage put in the browser, Anna's last link opened in the page's address.
"""

from __future__ import annotations

import json

from playwright.sync_api import BrowserContext, Page, expect

from nile.messages import text as msg
from nile.web.storage import MemoryStore

from .conftest import open_app, wait_ready
from .test_tabs import move, touch_the_board
from .ui import PREFIX, actions, click, head_control, intent, put_saves, screen, storage

PLAYS = ".board [data-i=pick], .actions [data-i=act]"


def bram_and_link() -> tuple[dict[str, str], str, str]:
    """Bram's device's storage (the game open there, Bram's turn still to come), the game's id, and the fragment
    of Anna's link with moves Bram's device lacks."""
    from tests.web.test_tabs import far_game_in_a_tab

    store = MemoryStore()
    _, tab, link = far_game_in_a_tab(store)
    return dict(store.data), str(tab.game_id), "#" + link.partition("#")[2]


def open_tab(context: BrowserContext, saves: dict[str, str] | None = None) -> Page:
    page = context.new_page()
    open_app(page)
    if saves:
        put_saves(page, saves)
    return page


def open_link_in_new_tab(context: BrowserContext, base_url: str, fragment: str) -> Page:
    """What a messenger does with a tapped link: a new tab of the same browser, the link in its address."""
    page = context.new_page()
    page.goto(base_url + fragment)
    wait_ready(page)
    page.wait_for_function("() => !location.hash")
    return page


def read_moments(page: Page) -> None:
    """What the link's moves did, shown as moments: read, continue."""
    for _ in range(10):
        if not page.locator(intent("moment-close")).count():
            return
        click(page, intent("moment-close"))


def stored(page: Page, gid: str) -> str:
    return storage(page)[PREFIX + gid]


def test_a_link_opened_in_a_second_tab_plays_there_and_the_first_tab_says_why(new_context, base_url: str) -> None:
    saves, gid, fragment = bram_and_link()
    context = new_context()
    first = open_tab(context, saves)
    click(first, intent("continue", gid))
    assert screen(first) == "game"
    expect(first.locator(".read-only-line")).to_have_count(0)
    before = actions(first)

    second = open_link_in_new_tab(context, base_url, fragment)
    assert screen(second) == "game"
    expect(first.locator(".read-only-line")).to_contain_text(msg("ui.linked_elsewhere"))
    expect(first.locator(".read-only-line " + intent("take-over"))).to_have_count(1)
    expect(second.locator(".read-only-line")).to_have_count(0)
    read_moments(second)
    assert actions(second) > before
    assert second.locator(PLAYS).count() > 0, second.locator("#app").inner_text()[:500]
    # the first tab shows the link's moves (the stored copy), and writes nothing from now on
    first.wait_for_function("n => Number(document.body.dataset.actions) === n", arg=actions(second))
    kept = stored(first, gid)
    assert json.loads(kept)["actions"] and len(json.loads(kept)["actions"]) == actions(second)
    touch_the_board(first)
    assert stored(first, gid) == kept
    move(second)  # Bram's move, made in the second tab: stored; the first follows it
    played = actions(second)
    first.wait_for_function("n => Number(document.body.dataset.actions) === n", arg=played)
    kept = stored(second, gid)
    assert len(json.loads(kept)["actions"]) == played
    touch_the_board(first)
    assert stored(first, gid) == kept and actions(first) == played
    expect(first.locator(".read-only-line")).to_contain_text(msg("ui.linked_elsewhere"))
    # its usual way back: Take over, and the second tab only shows it then
    click(first, ".read-only-line " + intent("take-over"))
    expect(first.locator(".read-only-line")).to_have_count(0)
    expect(second.locator(".read-only-line")).to_contain_text(msg("ui.taken_elsewhere"))


def test_a_link_of_a_game_not_open_in_the_first_tab_just_plays_in_the_second(new_context, base_url: str) -> None:
    saves, gid, fragment = bram_and_link()
    context = new_context()
    first = open_tab(context, saves)
    assert screen(first) == "home"
    second = open_link_in_new_tab(context, base_url, fragment)
    assert screen(second) == "game"
    read_moments(second)
    expect(second.locator(".read-only-line")).to_have_count(0)
    assert second.locator(PLAYS).count() > 0
    move(second)
    played = actions(second)
    expect(second.locator(intent("far-share"))).to_have_count(1)  # Bram's part is done: the link to send Anna
    if not second.evaluate("() => typeof navigator.share === 'function'"):  # no share sheet: copied, and said
        click(second, intent("far-share"))
        expect(second.locator(".notice.info > span")).to_have_text(msg("far.copied"))
    click(second, intent("far-close"))
    click(second, head_control(second, "home"))
    # the first tab opens it later: the stored copy, with the link's moves and the second tab's
    click(first, intent("continue", gid))
    assert actions(first) == played and screen(first) == "game"
    expect(first.locator(".read-only-line")).to_have_count(0)
