"""End-to-end tests: a real Chromium plays Nile from the built site, served with production headers.

Running
-------
Build the site, then run pytest from the repository root::

    python3 tools/build_site.py          # or: make site
    .venv/bin/python -m pytest tests/browser -q

(``make test-browser`` does both.) The suite starts its own server: ``tools/serve.py``'s
``make_server`` serves ``dist/`` on a free port in a background thread, so the
Content-Security-Policy and the other headers from ``netlify.toml`` apply exactly as in
production. Every test is marked ``browser`` (``-m "not browser"`` skips them). Some tests
make saves with the engine from the source tree, so the suite refuses to run when
``dist/nile.tar.gz`` holds other sources than ``nile/`` (rebuild with ``make site``).

Which Chromium
--------------
1. ``$CHROMIUM`` (a path to a Chromium/Chrome executable), else
2. ``/usr/bin/chromium`` (Debian's package: ``apt-get install chromium``) if it exists, else
3. Playwright's own browser (``python -m playwright install chromium``).
It is started headless, without sandbox, GPU, QUIC or background networking (so Chromium
does not try to reach hosts this machine cannot reach), and without the allocation sampling
that crashed renderers running Python on a JSPI stack (``tools/chromium_flags.py``).

Chromium crashing
-----------------
The renderer crashes that CI met as fresh pages booted Pyodide had one cause, found in their
crash dumps and switched off (``tools/chromium_flags.py``). Should a page process still die
under a test ("Target crashed"), that test is run once more (``CHROMIUM_CRASHED``) and
``make test-browser`` names it in its summary (``-rR``); any other failure fails at once, and
a second crash fails too.

Isolation
---------
- Every browser context is routed: a request to anything but the local server is recorded
  and aborted, and every test fails at teardown if one was attempted (no CDN, ever).
- Service workers are blocked in the ordinary contexts (they would answer requests out of
  Playwright's sight and precache 15 MB per context); ``test_offline_reload_after_first_visit`` uses a context
  with the service worker allowed.
- Tests that can share a booted page (Pyodide takes ~5 s to start) use the ``app`` fixture:
  one page for the whole session whose localStorage is cleared before each test, the app
  brought back to an empty home screen without reloading. Tests that need a fresh load, a
  reload or special context options use ``page`` / ``new_context`` (a new context each).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT / "tools"))  # (not a package) chromium_flags, slim; the tests import chromium_flags too

from chromium_flags import launch_args  # noqa: E402

#: tools/chromium_flags.py: headless, without sandbox, GPU, QUIC or background networking, and without the allocation
#: sampling that crashes a renderer running Python on a JSPI stack
LAUNCH_ARGS = launch_args()
READY = "body[data-app-state=ready]"
BOOT_TIMEOUT_MS = 60_000


#: what Playwright says when Chromium's page process died under a test. CI saw it as fresh pages booted Pyodide (8
#: times in one fresh-clone run at ed82f74, 11 at 3833add, none in other runs of the same commits): Chromium's heap
#: profiler or GWP-ASan walking a JSPI stack (tools/chromium_flags.py), now switched off. Should one still happen,
#: that test alone is run again on a new page, once (pytest-rerunfailures; the summary names it), and fails if it
#: crashes again.
CHROMIUM_CRASHED = ["Target crashed", "Page crashed"]


#: the tests whose crash is their verdict: never rerun
NOT_RERUN = {"test_jspi.py"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            if Path(str(item.fspath)).name not in NOT_RERUN:
                item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=CHROMIUM_CRASHED))


def chromium_path() -> str | None:
    """$CHROMIUM, else Debian's /usr/bin/chromium, else None (Playwright's own browser)."""
    env = os.environ.get("CHROMIUM")
    if env:
        return env
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    return None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    args = {**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), *LAUNCH_ARGS]}
    path = chromium_path()
    if path:
        args["executable_path"] = path
    return args


# ---------------------------------------------------------------------- the server
def _stale_sources() -> list[str]:
    """nile/*.py files that dist/ was not built from (tools/slim.py ``stale_sources``): the page would run other code."""
    from slim import stale_sources

    return stale_sources(DIST, ROOT)


#: the session's server (see ``base_url``): tests/browser/test_update.py switches which build it serves
SERVER: dict[str, Any] = {}


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """Serve dist/ with tools/serve.py (production headers) on a free port for the session."""
    if not (DIST / "index.html").exists():
        pytest.fail("dist/index.html is missing: build the site first (run make site, "
                    "or python3 tools/build_site.py)", pytrace=False)
    stale = _stale_sources()
    if stale:
        pytest.fail(f"dist/ is older than the sources ({', '.join(stale[:3])}…): run make site", pytrace=False)
    spec = importlib.util.spec_from_file_location("nile_tools_serve", ROOT / "tools" / "serve.py")
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)

    server = serve.make_server(DIST, port=0)
    SERVER["server"], SERVER["make_server"] = server, serve.make_server
    thread = threading.Thread(target=server.serve_forever, name="nile-dist-server", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield f"http://{host}:{port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "service_workers": "block"}


# ---------------------------------------------------------------------- no request leaves the machine
#: every request to another host, by any guarded context, not yet reported by a test
FOREIGN: list[str] = []


def guard(context: BrowserContext, base_url: str) -> BrowserContext:
    """Record and abort every request that is not to the local server."""
    origin = base_url.rstrip("/")

    def handle(route: Route) -> None:
        url = route.request.url
        if url == origin or url.startswith(origin + "/") or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            FOREIGN.append(url)
            route.abort()

    context.route("**/*", handle)
    # every test boots as a first visit does: no memory snapshot used or made (static/pyodide-boot.js);
    # a test of a returning player switches it back on for its context (``with_snapshots``)
    context.add_init_script("window.nileSnapshotOff = true;")
    return context


#: how long a first visit may take to make its memory snapshot (in a worker, once the page is idle)
SNAPSHOT_MADE_WITHIN_MS = 90_000


def with_snapshots(context: BrowserContext) -> BrowserContext:
    """A guarded context whose pages make and use memory snapshots, as a player's browser does."""
    context.add_init_script("delete window.nileSnapshotOff;")  # after guard's, so it wins
    return context


def wait_snapshot_made(page: Page) -> None:
    """Until the page has made its memory snapshot (the next load starts from it)."""
    page.wait_for_function("() => window.nileSnapshot === 'made'", timeout=SNAPSHOT_MADE_WITHIN_MS)


@pytest.fixture(autouse=True)
def no_foreign_requests() -> Iterator[list[str]]:
    """Fails the test if any guarded context tried to reach another host while it ran."""
    yield FOREIGN
    attempted, FOREIGN[:] = list(FOREIGN), []
    assert not attempted, f"requests to other hosts were attempted (and aborted): {attempted}"


@pytest.fixture
def new_context(new_context: Callable[..., BrowserContext], base_url: str,
                no_foreign_requests: list[str]) -> Callable[..., BrowserContext]:
    """pytest-playwright's factory, with every context guarded (so ``context`` and ``page`` are)."""

    def make(**kwargs: Any) -> BrowserContext:
        return guard(new_context(**kwargs), base_url)

    return make


# ---------------------------------------------------------------------- the app
def wait_ready(page: Page) -> Page:
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    return page


def open_app(page: Page, path: str = "") -> Page:
    page.goto(path or "./")
    return wait_ready(page)


@pytest.fixture(scope="session")
def shared_page(browser: Browser, browser_context_args: dict[str, Any], base_url: str) -> Iterator[Page]:
    """One booted page for all the tests that do not need a fresh load."""
    context = guard(browser.new_context(**browser_context_args), base_url)
    page = context.new_page()
    open_app(page)
    yield page
    context.close()


@pytest.fixture
def app(shared_page: Page) -> Page:
    """The shared page on an empty home screen, with nothing stored: as if freshly opened."""
    from .ui import reset_app

    reset_app(shared_page)
    return shared_page
