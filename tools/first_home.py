"""A first visit's home (issue 42): ms from navigation start to the first frame that shows the home screen (a
requestAnimationFrame after #app shows it) and to ready, each load in a fresh profile, for each built site given,
taken in turn (A B A B ...), served by tools/serve.py.

    .venv/bin/python tools/first_home.py DIST_BEFORE DIST_AFTER --runs 8
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import statistics
import tempfile
import threading
from pathlib import Path
from typing import Any

from chromium_flags import launch_args  # tools/ is on the path: these run as scripts
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent


def launch_kwargs() -> dict[str, Any]:  # as tools/bench/common.py launch_kwargs (Debian's Chromium)
    return {"headless": True, "executable_path": "/usr/bin/chromium", "viewport": {"width": 1280, "height": 800},
            "args": launch_args()}


PROBE = """(() => {
  window.__home = null;
  const look = () => {
    const app = document.getElementById('app');
    if (window.__home || !app || app.hidden || !app.querySelector(':scope > .home')) return;
    if (getComputedStyle(app).display === 'none') return;
    window.__home = {dom: performance.now(), frame: null, ready: document.body.dataset.appState === 'ready'};
    requestAnimationFrame(() => { window.__home.frame = performance.now(); });
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true});
  new MutationObserver(() => { if (document.body && document.body.dataset.appState === 'ready' && !window.__readyAt)
    window.__readyAt = performance.now(); }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-app-state']});
  window.nileSnapshotOff = true;
})();"""


def serve(dist: str) -> str:
    spec = importlib.util.spec_from_file_location("serve", ROOT / "tools" / "serve.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    server = mod.make_server(Path(dist), port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


def one(pw: Any, url: str) -> dict[str, Any]:
    profile = tempfile.mkdtemp(prefix="nile-first-home-")
    try:
        context = pw.chromium.launch_persistent_context(profile, **launch_kwargs(), service_workers="block")
        context.add_init_script(PROBE)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url, wait_until="commit")
        page.wait_for_selector("body[data-app-state=ready]", state="attached", timeout=120_000)
        page.wait_for_function("() => window.__home && window.__home.frame !== null && window.__readyAt")
        got = page.evaluate("() => ({...window.__home, readyAt: window.__readyAt})")
        context.close()
        return got
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("dists", nargs="+")
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    urls = [serve(d) for d in a.dists]
    res = {d: [] for d in a.dists}
    with sync_playwright() as pw:
        for _ in range(a.runs):
            for d, u in zip(a.dists, urls):
                r = one(pw, u)
                res[d].append(r)
                print(d, json.dumps({k: (round(v) if isinstance(v, float) else v) for k, v in r.items()}), flush=True)
    for d, rs in res.items():
        fr = [r["frame"] for r in rs]
        rd = [r["readyAt"] for r in rs]
        print(f"{d}: home frame median {statistics.median(fr):.0f} ms (min {min(fr):.0f}, max {max(fr):.0f}); "
              f"ready median {statistics.median(rd):.0f} ms (min {min(rd):.0f}, max {max(rd):.0f}); "
              f"home shown before ready {sum(not r['ready'] for r in rs)}/{len(rs)}")


if __name__ == "__main__":
    main()
