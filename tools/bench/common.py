"""What every part of ``tools/bench.py`` shares: the paths, serving ``dist/``, launching Chromium, the
percentiles every number is taken with, how numbers are written, the machine line, and the targets.

Importing it puts the repository, ``tools/`` and ``tools/bench/`` on ``sys.path`` (neither is a package),
so a part imports ``nile``, ``serve``, ``slim`` and its sibling parts by name.
"""

from __future__ import annotations

import datetime as dt
import functools
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
HERE = ROOT / "tools" / "bench"
OUT = ROOT / "bench"
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(HERE)]

from chromium_flags import launch_args  # noqa: E402 - tools/ is not a package
from slim import stale_sources  # noqa: E402

SEED = 20240601
# the issue "A table-worthy experience" ("Feel instant"): click → next frame p95 ≤ 25 ms; a returning
# player's board shown within 300 ms of navigation; ready within 1.10× a bare Pyodide boot. Issue 42 ("A first
# visit that feels instant on a family's old tablet and a slow network"): over both emulated networks ready no
# later than bare Pyodide; the home shown within 0.5 s (1.5 s with the CPU 4× slower); a click's next frame
# p95 ≤ 60 ms with the CPU 4× slower; a first visit ready within 1.10× the PyScript floor; the page with its
# bot worker within 1.10× the memory of a bare page with a bare worker
TARGETS = {"engine_4p_games_per_second": 20.0, "ready_ratio": 1.10, "click_p95_ms": 25.0, "board_shown_ms": 300.0,
           "network_ready_vs_bare": 1.0, "home_shown_ms_1x": 500.0, "home_shown_ms_4x": 1500.0,
           "tablet_click_p95_ms_4x": 60.0, "floor_ratio": 1.10, "memory_vs_bare": 1.10}

CHROMIUM = os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
LAUNCH_ARGS = launch_args()  # tools/chromium_flags.py: as the tests start it
READY = "body[data-app-state=ready]"
BOOT_TIMEOUT_MS = 120_000
# The clicks and the bots are timed on a page as a player has it once the first visit's one-time work is done:
# that visit's page makes the memory snapshot for the next start (static/pyodide-boot.js) a few seconds after it
# is ready, a second Pyodide starting in a worker for some 4 s of CPU; in a fresh context it ran through the
# middle of the clicks (a 9 s run) on this 2-core machine and slowed the clicks it met by a third (a trace of
# Kap's clicks: p50/p95 18.9/30.8 ms during it, 14.5/23 ms otherwise). Its wait for the player's pause does not see
# the bench's clicks (`el.click()` presses no pointer or key). Switched off there, as the browser tests do.
NO_SNAPSHOT_JS = "window.nileSnapshotOff = true;"


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def median(xs: list[float]) -> float | None:
    return round(statistics.median(xs), 2) if xs else None


def percentile(xs: list[float], p: float) -> float | None:
    """Nearest-rank percentile (p in 0..100)."""
    if not xs:
        return None
    s = sorted(xs)
    k = max(0, min(len(s) - 1, int(round(p / 100 * len(s) + 0.5)) - 1))
    return round(s[k], 2)


def ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 2) if a and b else None


# ====================================================================== the machine
def run_text(cmd: list[str]) -> str:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=30, cwd=ROOT).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def machine() -> dict[str, Any]:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        cpu = platform.processor()
    commit = run_text(["git", "rev-parse", "--short", "HEAD"])
    dirty = bool(run_text(["git", "status", "--porcelain", "--untracked-files=no"]))
    return {
        "date": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat(),
        "cpu": cpu or "unknown",
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "node": run_text(["node", "--version"]),
        "os": platform.platform(),
        "git": commit + (" (with uncommitted changes)" if dirty else ""),
        "load_average_start": [round(x, 2) for x in os.getloadavg()],
    }


# ====================================================================== serving dist/ plus the bare page
#: in the served folder: Pyodide's own standard library and lock file, which the bare pages start from (the page
#: ships a cut library, tools/stdlib.py, and a lock file without packages)
STOCK_DIR = "bench-stock"

def add_bare_pages(folder: Path, pyodide_dir: str) -> None:
    """The bench's bare pages (tools/bench/bench-bare.*: Pyodide booted, nothing else) written into a served
    ``folder``, with Pyodide's own standard library and lock file in ``bench-stock/``: they start Pyodide as it
    comes, not as the site ships it (a cut library, tools/stdlib.py)."""
    (folder / STOCK_DIR).mkdir()
    for name in ("python_stdlib.zip", "pyodide-lock.json"):
        shutil.copy2(ROOT / "node_modules" / "pyodide" / name, folder / STOCK_DIR / name)
    for name in ("bench-bare.html", "bench-bare.js", "bench-bare-worker.js"):
        text = (HERE / name).read_text().replace("{{PYODIDE_DIR}}", pyodide_dir).replace("{{STOCK_DIR}}", STOCK_DIR)
        (folder / name).write_text(text)


def _site_folder(main_py: str | None, stock_stdlib: bool) -> Path:
    """A temporary folder that links to dist/'s files, with ``Served``'s replacements of static/main.py or of the
    library the page starts from."""
    folder = Path(tempfile.mkdtemp(prefix="nile-bench-site-"))
    replaced = {}
    if main_py is not None:
        replaced["main.py"] = main_py
    if stock_stdlib:
        boot = (DIST / "static" / "pyodide-boot.js").read_text()
        cut = re.search(r"static/vendor/pyodide-[^/]+/stdlib-[0-9a-f]+\.zip", boot)
        if cut is None:
            raise SystemExit("bench: dist/static/pyodide-boot.js names no cut standard library")
        replaced["pyodide-boot.js"] = boot.replace(cut.group(0), f"{STOCK_DIR}/python_stdlib.zip")
    for entry in DIST.iterdir():
        if replaced and entry.name == "static":
            (folder / "static").mkdir()
            for inner in entry.iterdir():
                if inner.name not in replaced:
                    (folder / "static" / inner.name).symlink_to(inner, target_is_directory=inner.is_dir())
            for name, text in replaced.items():
                (folder / "static" / name).write_text(text)
            continue
        (folder / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    return folder


class Served:
    """dist/ (symlinked, untouched) plus bench-bare.html/.js in a temp dir, served by tools/serve.py
    with the production headers; every response body is logged (time, path, bytes: as sent, so gzip's
    with ``compress``). ``compress``: bodies gzip-encoded as Netlify's CDN sends them (serve.py
    ``--compress``), every file compressed before the first request (a CDN has them compressed already).
    ``main_py``: the site with this static/main.py instead of dist's (the PyScript floor: one that does nothing);
    ``stock_stdlib``: with Pyodide's own standard library instead of the page's cut one (tools/stdlib.py). The
    bare pages always start Pyodide as it comes (its own library and lock file, in ``bench-stock/``)."""

    def __init__(self, compress: bool = False, main_py: str | None = None, stock_stdlib: bool = False) -> None:
        import serve  # tools/serve.py

        vendor = sorted((DIST / "static" / "vendor").glob("pyodide-*"))
        if not vendor:
            raise SystemExit("dist/static/vendor/pyodide-* is missing: run `make site` first")
        self.pyodide_dir = f"static/vendor/{vendor[-1].name}"
        self.pyodide_version = vendor[-1].name.split("-", 1)[1]
        self.dir = _site_folder(main_py, stock_stdlib)
        add_bare_pages(self.dir, self.pyodide_dir)
        self.log: list[tuple[float, str, int]] = []
        entries = self.log

        class Counting(serve.Handler):
            def copyfile(self, source, outputfile) -> None:  # noqa: ANN001
                n = 0
                while chunk := source.read(256 * 1024):
                    outputfile.write(chunk)
                    n += len(chunk)
                entries.append((time.monotonic(), self.path.split("?", 1)[0], n))

        self.server = serve.make_server(self.dir, port=0, compress=compress)
        plain_error = self.server.handle_error

        def handle_error(request: Any, client_address: Any) -> None:
            # a browser closed with a download under way (a first visit's service worker precaching): not an error
            if not isinstance(sys.exc_info()[1], ConnectionError):
                plain_error(request, client_address)

        self.server.handle_error = handle_error  # type: ignore[method-assign]
        if compress:
            serve.precompress(self.dir)
        self.server.RequestHandlerClass = functools.partial(Counting, directory=str(self.dir))
        self.thread = threading.Thread(target=self.server.serve_forever, name="bench-server", daemon=True)
        self.thread.start()
        host, port = self.server.server_address[:2]
        self.url = f"http://{host}:{port}/"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)
        shutil.rmtree(self.dir, ignore_errors=True)

    def file(self, url_path: str) -> Path:
        path = url_path.lstrip("/") or "index.html"
        return self.dir / (path + "index.html" if path.endswith("/") else path)


def check_dist_fresh() -> list[str]:
    """nile/*.py files that dist/ was not built from (the page would run other code)."""
    return stale_sources(DIST, ROOT)


# ====================================================================== Chromium
def launch_kwargs() -> dict[str, Any]:
    kw: dict[str, Any] = {"headless": True, "args": LAUNCH_ARGS, "viewport": {"width": 1280, "height": 800}}
    if CHROMIUM:
        kw["executable_path"] = CHROMIUM
    return kw


def watch(context: Any, origin: str, foreign: list[str]) -> None:
    """Note every request to another host. Only watched, not routed: Playwright's routing turns
    Chromium's HTTP cache off, which would make warm loads cold and double first-visit downloads."""

    def seen(request: Any) -> None:
        url = request.url
        if not (url.startswith(origin) or url.startswith(("data:", "blob:"))):
            foreign.append(url)

    context.on("request", seen)


# ====================================================================== numbers in the report
def fmt(x: Any, nd: int = 1, unit: str = "") -> str:
    if x is None:
        return "–"
    if isinstance(x, float):
        return f"{x:,.{nd}f}{unit}"
    return f"{x:,}{unit}"


def mb(n: int) -> str:
    return f"{n / 1e6:.2f} MB"


def verdict(ok: bool | None) -> str:
    return "–" if ok is None else ("✓ met" if ok else "✗ missed")


def rss_pss(pid: int) -> tuple[float, float] | None:
    """(RSS, PSS) of a process in MiB, from /proc; None where that cannot be read (the memory and engines parts)."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return None
    fields = {line.split(":")[0]: line.split()[1] for line in text.splitlines() if ":" in line and line.split()[1:]}
    try:
        return int(fields["Rss"]) / 1024, int(fields["Pss"]) / 1024
    except (KeyError, ValueError):
        return None
