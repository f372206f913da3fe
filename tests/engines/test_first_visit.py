"""A first visit as WebKit makes it (issue 52's WebKit findings), checked in every engine:

1. no "A new version of Nile is ready" on a first visit: WebKit reports the new service worker as the page's
   controller by the time its ``installed`` event arrives, which static/boot.js took for an update;
2. every file of the boot fetched once: the boot's preloads (index.html ``#boot-preloads``) are the very requests
   Pyodide and PyScript make next, so none is downloaded twice (WebKit's ``fetch()`` did not use the preloads);
3. no console error on load: the Content-Security-Policy has no directive WebKit does not know
   (``manifest-src``: ``default-src 'self'`` governs the manifest the same way).
"""

from __future__ import annotations

import time

from nile.messages import text as msg

from .conftest import Site
from .driver import Context, Engine, WebKit
from .play import open_app, screen, start_game


def test_a_first_visit_says_no_new_version_is_ready(context: Context, site: Site) -> None:
    tab = context.tab()
    open_app(tab, site.url)
    start_game(tab, names=("Amun", "Bastet"))  # busy while the service worker installs: as a player is
    tab.wait("() => navigator.serviceWorker.controller !== null", timeout=90, what="the service worker in control")
    tab.wait("() => navigator.serviceWorker.ready.then((r) => !!r.active && !r.installing && !r.waiting)", timeout=30,
             what="the service worker settled")
    time.sleep(1.0)  # (the update line would be drawn at the next redraw the app can make)
    assert not tab.js("() => !!window.nileUpdateReady"), "a first visit was told a new version is ready"
    assert msg("ui.update_ready") not in tab.text("body")
    assert screen(tab) == "game"


def test_a_first_visit_fetches_each_file_once(context: Context, site: Site) -> None:
    """The boot's files, counted at the server: each asked for once (no service worker here: its install fetches
    every file of the site again, on purpose, after the boot)."""
    site.refused.add("/sw.js")
    tab = context.tab()
    site.requests.clear()
    open_app(tab, site.url)
    time.sleep(1.0)  # (a request still under way when the page said it was ready)
    # the favicon is the browser's own request (WebKit asks for it apart from the loading screen's <use> of the
    # same small file): not the page's to share
    icon = tab.js("() => new URL(document.querySelector('link[rel=icon]').href).pathname")
    twice = {path: n for path, n in site.requests.items() if n > 1 and path not in ("/sw.js", icon)}
    assert not twice, f"fetched more than once on a first visit: {twice}"
    assert any(path.endswith("pyodide.asm.wasm") for path in site.requests)


def test_no_console_error_on_load(engine: Engine, context: Context, site: Site) -> None:
    if isinstance(engine, WebKit):  # an automated MiniBrowser keeps its console to itself: a plain one tells it
        said = engine.visit_console(site.url)
        assert any("PyScript Ready" in line for line in said), said  # (the console was heard)
        errors = [line for line in said if "ERROR" in line]
    else:
        tab = context.tab()
        open_app(tab, site.url)
        errors = [line for line in tab.console() if line.startswith("error")]
    assert not errors, errors
