"""Play from afar (issue 44): devices as separate browser contexts (each its own storage), the links passed
between them by the test, as a person would pass them by message.

- a whole game of *Vom Kap bis Kairo* (its sealed bids, K6) between two devices, from the set-up's "a person
  far away" to the end, each device's stored game identical;
- links refused (tampered, cut short, of another game), a stale link, and a link that went another way: each
  said, nothing stored lost (the diverging game kept beside);
- opened by the page's address (a fresh load, and a fragment changed in an open tab) and pasted on home.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from .conftest import open_app
from .ui import advance, click, intent, renders, screen, wait_renders_after

pytestmark = pytest.mark.browser

FAR_URL = "#far-url"


def link_of(page: Page) -> str:
    """The link the page offers to send (its send cover is open)."""
    page.wait_for_selector(FAR_URL)
    return page.locator(FAR_URL).input_value()


def open_link(page: Page, url: str) -> None:
    """Open a link in a page that is already running: the address's fragment changes (a link opened in the
    open tab), which the page reads and takes out of the address."""
    before = renders(page)
    page.evaluate("url => { location.hash = new URL(url).hash; }", url)
    wait_renders_after(page, before)
    page.wait_for_function("() => !location.hash")


def stored_game(page: Page) -> dict[str, object]:
    raw = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('nile:game:'))
                                  .map(k => localStorage.getItem(k))""")
    assert len(raw) == 1, raw
    return json.loads(raw[0])


def start_far_game(page: Page, game: str, names: tuple[str, ...], far: tuple[int, ...], variants: tuple[str, ...] = ()) -> str:
    """The set-up with the seats ``far`` played far away; returns the invitation's link."""
    click(page, intent("new", game))
    count = page.locator(intent("setup-count"))
    if count.input_value() != str(len(names)):
        before = renders(page)
        count.select_option(str(len(names)))
        wait_renders_after(page, before)
    for i, name in enumerate(names):
        page.locator(intent("setup-name", str(i))).fill(name)
    for i in far:
        before = renders(page)
        page.locator(intent("setup-kind")).nth(i).select_option(f"{i}:far")
        wait_renders_after(page, before)
    for v in variants:
        click(page, intent("setup-option", f"variant:{v}"))
    click(page, intent("start-game"))
    assert screen(page) == "far"
    return link_of(page)


def join(page: Page, url: str, hand: int) -> str:
    """A device opens the invitation (a fresh load of the link) and takes the hand ``hand``; returns its link back."""
    open_app(page, url)
    assert screen(page) == "far"
    assert page.evaluate("() => location.hash") == "", "the link is taken out of the address"
    click(page, intent("far-join", str(hand)))
    return link_of(page)


def close_cover(page: Page) -> None:
    if page.locator(intent("far-close")).count():
        click(page, intent("far-close"))


def kap_step(page: Page) -> None:
    """One click of a simple Kap player: a moment read, a bid of 10 sealed (0 without the money), a landscape
    chosen, a build, else pass. Before a bid it checks what the device knows: no other device's bid in the
    clear, only sealed (the link carries commitments until every bid is in)."""
    if page.locator("[data-i=moment-close]").count():
        click(page, "[data-i=moment-close]")
    elif page.locator(".bid-private").count():
        record = far_record(page)
        auction = record["auction"]
        assert auction is not None and not auction["revealed"], auction
        more = page.locator(".bid-private [data-i=bid-change][data-v='+10']")
        if more.is_enabled() and page.locator(".bid-private output").inner_text() == "0":
            click(page, more)
        click(page, ".bid-private [data-i=bid-submit]")
    elif page.locator("g.card.act").count():
        click(page, page.locator("g.card.act").first)
    elif page.locator("[data-i=act][data-v^=build]:not(.unavailable)").count():
        click(page, page.locator("[data-i=act][data-v^=build]:not(.unavailable)").first)
    else:
        click(page, "[data-i=act][data-v=pass]")


def far_record(page: Page) -> dict[str, object]:
    raw = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('nile:far:'))
                                  .map(k => localStorage.getItem(k))""")
    assert len(raw) == 1, raw
    return json.loads(raw[0])


def play_by_links(pages: dict[str, Page], step: Callable[[Page], object] = advance, max_rounds: int = 2000) -> int:
    """Play until every device shows the end: the device that can act plays (the simple player's clicks); when
    it offers a new link, the link goes to the devices it names (``pages``: by the name of a hand's first
    player). Returns the links passed."""
    passed = 0
    sent: dict[int, str] = {}
    devices = list(dict.fromkeys(pages.values()))
    for _ in range(max_rounds):
        if all(p.locator(".end").count() for p in devices):
            return passed
        moved = False
        for page in devices:
            if page.locator(FAR_URL).count():
                url = link_of(page)
                if sent.get(id(page)) != url:
                    sent[id(page)] = url
                    title = page.locator("#far-title").inner_text()
                    for name, other in pages.items():
                        if other is not page and name in title:
                            open_link(other, url)
                            assert not other.locator(".notice.error").count(), other.locator(".notice").inner_text()
                            passed += 1
                    moved = True
                close_cover(page)
                continue
            if page.locator("[data-i=moment-close]").count():  # what a link's moves did, shown: read, continue
                click(page, "[data-i=moment-close]")
                moved = True
                continue
            if page.locator(".far-line").count():  # the person may send the link again (it may say more now)
                click(page, intent("far-send"))
                if link_of(page) == sent.get(id(page)):
                    close_cover(page)
                continue
            if page.locator(".end").count():
                continue
            step(page)
            moved = True
        assert moved, "no device can move: " + " | ".join(p.locator("#app").inner_text()[:1500] for p in devices)
    raise AssertionError("the game did not end: " + " | ".join(p.locator("#app").inner_text()[:300] for p in devices))


def test_a_whole_game_of_kap_between_two_devices_with_its_sealed_bids(new_context: Callable[..., BrowserContext]) -> None:
    anna = new_context().new_page()
    bram = new_context().new_page()
    open_app(anna)
    invitation = start_far_game(anna, "cape", ("Anna", "Bram"), far=(1,))
    assert re.search(r"#far=1\.[A-Za-z0-9_-]+$", invitation), invitation
    assert anna.locator(".far-qr svg path").count() == 1  # the link as a QR code, to scan from this screen
    back = join(bram, invitation, 1)
    open_link(anna, back)  # every secret in: the game begins on Anna's device
    assert screen(anna) == "game"
    passed = play_by_links({"Anna": anna, "Bram": bram}, kap_step)
    assert passed > 5
    for page in (anna, bram):
        close_cover(page)
    assert stored_game(anna) == stored_game(bram), "each device's stored game is the same game"
