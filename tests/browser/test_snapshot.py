"""A returning player's Python starts from a memory snapshot (issue 23, a fast start; static/pyodide-boot.js,
static/snapshot.js, static/snapshot-worker.js): made once the first visit's page is ready and idle, used by
the next start, which then plays like any other (a game against a bot, a move, another language); one that
cannot be restored is dropped and the page starts as before. The other browser tests boot with snapshots
switched off (conftest), as a first visit does; test_robustness reloads from one too."""

from __future__ import annotations

import json

from playwright.sync_api import Page

from .conftest import open_app, wait_ready, wait_snapshot_made, with_snapshots
from .test_bots import NILE_PERSON
from .ui import head_control, play_against_bots, renders, screen, start_game, wait_renders_after

CACHE = "pyodide-snapshot"  # static/snapshot.js


def _entries(page: Page) -> list[str]:
    return page.evaluate(f"async () => (await (await caches.open('{CACHE}')).keys()).map((r) => r.url)")


def test_a_returning_player_starts_from_a_snapshot_and_plays_as_before(new_context) -> None:  # noqa: ANN001
    page = with_snapshots(new_context()).new_page()
    open_app(page)
    assert page.evaluate("window.nileSnapshot") == "none"  # a first visit starts as before, then makes one
    wait_snapshot_made(page)
    assert len(_entries(page)) == 1
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.nileSnapshot") == "used"
    assert page.evaluate("document.body.dataset.snapshot") == "used"
    assert len(_entries(page)) == 1  # nothing made again
    start_game(page, names=("Me", "Amun"), kinds=("", "easy"))
    assert screen(page) == "game"
    moves = play_against_bots(page, NILE_PERSON, until=lambda: int(page.evaluate("document.body.dataset.actions")) >= 12)
    assert moves > 0
    saved = json.loads(page.evaluate("() => localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('nile:game:')))"))
    assert {p for p, _ in [a.split(" ", 1) for a in saved["actions"]]} == {"p1", "p2"}  # the person and the bot both moved
    before = renders(page)
    head_control(page, "lang").select_option("fr")  # a catalog the snapshot never read
    wait_renders_after(page, before)
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert "Accueil" in page.locator(".status").inner_text()  # the head line in French


def test_a_snapshot_that_cannot_be_restored_is_dropped_and_the_page_starts_as_before(new_context) -> None:  # noqa: ANN001
    page = with_snapshots(new_context()).new_page()
    open_app(page)
    wait_snapshot_made(page)
    (key,) = _entries(page)
    page.evaluate(f"""async () => (await caches.open('{CACHE}')).put('{key}',
        new Response(new Uint8Array(4096).fill(7), {{headers: {{'content-type': 'application/octet-stream'}}}}))""")
    page.reload()
    wait_ready(page)  # started as before
    assert page.evaluate("window.nileSnapshot").startswith("failed")
    assert page.evaluate("document.body.dataset.snapshot") == "failed"
    assert screen(page) == "home" and _entries(page) == []  # dropped, and none made in a start that failed
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.nileSnapshot") == "none"  # the next start makes a good one again
    wait_snapshot_made(page)
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.nileSnapshot") == "used"


#: records every worker the page starts (the snapshot's is static/snapshot-worker.js)
WORKERS_JS = """(() => {
  window.__workers = [];
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(url, options) { super(url, options); window.__workers.push(String(url)); }
  };
})();"""


def test_no_snapshot_is_made_while_the_player_keeps_pressing(new_context) -> None:  # noqa: ANN001
    """The snapshot is a second Pyodide starting in a worker: it waits for a pause (static/pyodide-boot.js
    QUIET_MS), so the taps of a player busy with the page keep the processor (issue 21)."""
    context = with_snapshots(new_context())
    context.add_init_script(WORKERS_JS)
    page = context.new_page()
    open_app(page)
    for _ in range(18):  # 9 s of a key pressed every half second: well past the 4 s after ready it waits anyway
        page.keyboard.press("Shift")
        page.wait_for_timeout(500)
    assert not [u for u in page.evaluate("window.__workers") if "snapshot-worker" in u]
    assert page.evaluate("window.nileSnapshot") == "none"
    wait_snapshot_made(page)  # the player paused: made now
    assert len(_entries(page)) == 1
