"""The cross-browser suite: the app's main paths in Firefox and WebKit (issue 52), through ``driver.py``.

Running
-------
``make test-engines`` installs what it needs (Debian's ``firefox-esr``, ``webkit2gtk-driver``, ``xvfb``), builds
``dist/`` and runs::

    .venv/bin/python -m pytest -p no:xdist tests/engines            # both engines
    .venv/bin/python -m pytest -p no:xdist tests/engines -k webkit  # one
    NILE_ENGINES=playwright .venv/bin/python -m pytest tests/engines # Playwright's own builds (a laptop)

Every test runs once per engine (``engine`` is parametrised; pytest groups the tests by engine, so each browser
starts once). An engine that is not installed skips its tests, unless ``NILE_ENGINES_REQUIRED=1`` (``make``
sets it): then it fails, loudly. Chromium has its own, much broader suite (tests/browser): this one covers what
a family does, not every corner.

The server is tools/serve.py's (the production headers from netlify.toml) with three test switches: it counts
the requests by path (``SITE.requests``), it can refuse paths (``SITE.refused``: no ``/sw.js``, no service
worker) and it can stop answering (``SITE.offline``: every connection closed unanswered, as a phone in a tunnel
sees it; works the same in every engine, where a driver's own "offline" switch does not exist in WebKit's).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from . import driver
from .play import open_app, reset_app

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
ENGINES = ("firefox", "webkit")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "xdist_group(name): tests of one engine, run in one process (pytest-xdist)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Each engine's tests in one group: with pytest-xdist's ``--dist loadgroup`` (``make test-engines
    ENGINE_JOBS=2``) each engine runs in its own process, the two side by side; one browser each."""
    here = Path(__file__).parent
    for item in items:
        spec = getattr(item, "callspec", None)
        if spec is not None and here in Path(str(item.fspath)).parents and "engine" in spec.params:
            item.add_marker(pytest.mark.xdist_group(spec.params["engine"]))


@dataclass
class Site:
    url: str = ""
    requests: Counter[str] = field(default_factory=Counter)
    refused: set[str] = field(default_factory=set)
    offline: bool = False


SITE = Site()


def _serve_module() -> Any:
    spec = importlib.util.spec_from_file_location("nile_tools_serve", ROOT / "tools" / "serve.py")
    assert spec and spec.loader
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    return serve


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    """dist/ served with the production headers on a free port, with the suite's switches (see above)."""
    if not (DIST / "index.html").exists():
        pytest.fail("dist/index.html is missing: run make site", pytrace=False)
    sys.path.insert(0, str(ROOT / "tools"))
    from slim import stale_sources

    if stale_sources(DIST, ROOT):
        pytest.fail("dist/ is older than the sources: run make site", pytrace=False)
    serve = _serve_module()

    class Handler(serve.Handler):  # type: ignore[name-defined]
        def handle(self) -> None:
            if SITE.offline:  # no answer at all: the connection closes
                return
            super().handle()

        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            path = self.path.split("?", 1)[0]
            SITE.requests[path] += 1
            if path in SITE.refused:
                self.send_error(404)
                return
            try:
                super().do_GET()
            except (ConnectionResetError, BrokenPipeError):  # a browser gone mid-download (a context closed)
                pass

    server = serve.make_server(DIST, port=0)
    server.RequestHandlerClass = lambda *a, **k: Handler(*a, directory=str(DIST), **k)
    thread = threading.Thread(target=server.serve_forever, name="nile-engines-server", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    SITE.url = f"http://{host}:{port}/"
    try:
        yield SITE
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session", params=ENGINES)
def engine(request: pytest.FixtureRequest, site: Site) -> Iterator[driver.Engine]:
    why = driver.available(request.param)
    if why:
        if os.environ.get("NILE_ENGINES_REQUIRED"):
            pytest.fail(f"{request.param}: {why}", pytrace=False)
        pytest.skip(f"{request.param}: {why}")
    browser = driver.launch(request.param)
    try:
        yield browser
    finally:
        browser.quit()


@pytest.fixture(autouse=True)
def _online(site: Site) -> Iterator[None]:
    yield
    site.offline = False
    site.refused.clear()


@pytest.fixture
def context(engine: driver.Engine) -> Iterator[driver.Context]:
    """A new context of the engine (own storage, service workers), closed after the test."""
    made = engine.context()
    try:
        yield made
    finally:
        made.close()


@pytest.fixture(scope="session")
def _shared(engine: driver.Engine, site: Site) -> Iterator[driver.Tab]:
    """One booted page per engine for the tests that need no fresh load; bots at their fastest pace."""
    made = engine.context()
    tab = made.tab()
    open_app(tab, site.url)
    yield tab
    made.close()


@pytest.fixture
def app(_shared: driver.Tab) -> driver.Tab:
    """The shared page on an empty home screen, nothing stored: as if freshly opened."""
    reset_app(_shared)
    return _shared
