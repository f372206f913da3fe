"""Updates that never break a game (issue 23), across two real builds of the site served from one origin.

Version 1 is ``dist/``; version 2 is the same sources built again with another version
(``tools/build_site.py --salt``), so its service worker names another cache. The page opens on
version 1 with its service worker in control; the server then serves version 2. The page finds the
new version (it installs and waits), says so, and keeps running entirely on version 1 — its bot
worker, started only now and offline, loads version 1's package and its bot moves. Reload brings
version 2 with the game exactly where it was, and a save only a newer version could replay,
stored meanwhile, is kept and explained on its home screen.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import tarfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from nile.messages import text as msg

from .conftest import DIST, ROOT, SERVER, open_app, wait_ready
from .ui import (
    ADVANCE_ORDER,
    actions,
    click,
    find,
    intent,
    only_game,
    play_against_bots,
    saved_games,
    screen,
    start_game,
)


def build_of(site: Path) -> str:
    """The version a built site names in its nile.tar.gz (``nile/BUILD``)."""
    with tarfile.open(site / "nile.tar.gz", "r:gz") as archive:
        member = archive.extractfile("nile/BUILD")
        assert member is not None
        return member.read().decode().strip()


@pytest.fixture(scope="module")
def second_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("update") / "dist"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out), "--salt", "update-test"],
                   check=True, cwd=ROOT, capture_output=True)
    return out


@pytest.fixture
def serve(base_url: str) -> Iterator[Callable[[Path], None]]:
    """Switch which built site the session's server serves (same origin); dist/ again afterwards."""
    server = SERVER["server"]
    handler = server.RequestHandlerClass

    def switch(site: Path) -> None:
        server.RequestHandlerClass = functools.partial(handler.func, directory=str(site))

    try:
        yield switch
    finally:
        server.RequestHandlerClass = handler


def bot_moves(page: Page) -> int:
    return sum(1 for a in only_game(page)[1]["actions"] if a.startswith("p2 "))


@pytest.mark.browser_context_args(service_workers="allow")
def test_an_open_game_keeps_its_version_until_reload_then_the_new_version_opens_it(
        page: Page, second_build: Path, serve: Callable[[Path], None]) -> None:
    v1, v2 = build_of(DIST), build_of(second_build)
    assert v1 != v2
    open_app(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    assert page.evaluate("document.body.dataset.build") == v1
    expect(page.locator(".update-line")).to_have_count(0)

    serve(second_build)  # version 2 is published
    page.evaluate("() => window.nileUpdate.check()")
    expect(page.locator(".update-line")).to_contain_text(msg("ui.update_ready"), timeout=60_000)

    # offline, a game against a computer player: its worker starts only now, from version 1's cache
    page.context.set_offline(True)
    start_game(page, names=("Ann", "Bot"), kinds=("", "easy"))
    play_against_bots(page, ADVANCE_ORDER, until=lambda: bot_moves(page) >= 2)
    assert bot_moves(page) >= 2
    expect(page.locator(".update-line")).not_to_contain_text(msg("ui.worker_other_version"))
    assert page.evaluate("document.body.dataset.build") == v1
    page.context.set_offline(False)

    gid, stored = only_game(page)
    too_new = dict(json.loads(json.dumps(stored)), rules=stored["rules"] + 1)  # only a future version replays it
    page.evaluate("t => localStorage.setItem('nile:game:future', t)", json.dumps(too_new))
    # Reload where the line is offered at the start of the person's turn (while the bot moves it is offered too, but the
    # reloaded page would go on with the bot's turn: a move more than the test counted)
    play_against_bots(page, ADVANCE_ORDER,
                      until=lambda: page.locator(intent("update")).count() > 0 and find(page, ADVANCE_ORDER) is not None)
    n = actions(page)
    with page.expect_navigation(timeout=60_000):
        page.locator(intent("update")).click()  # the waiting version takes over, then the page reloads
    wait_ready(page)
    assert page.evaluate("document.body.dataset.build") == v2
    assert screen(page) == "game" and actions(page) == n and gid in saved_games(page)
    expect(page.locator(".update-line")).to_have_count(0)

    click(page, page.locator(intent("home")).first)
    future = page.locator(".saved.damaged", has=page.locator(intent("export", "future")))
    expect(future).to_contain_text(msg("ui.unplayable_rules"))
    expect(future).to_contain_text(msg("ui.kept_as_is"))
