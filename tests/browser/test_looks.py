"""Visual regression (issue 21): the key screens of both games at desktop (1280×800), tablet (820×1180)
and phone (390×844) size, compared pixel by pixel with the reference screenshots committed in
``tests/looks/``. A changed look, like a changed golden save, is a deliberate commit: make the new
references with

    NILE_UPDATE_LOOKS=1 .venv/bin/python -m pytest tests/browser/test_looks.py

look at every one of them, and commit them with a message that says why the look changed.

The screens: home; per game the board in the middle of play (a golden save; Nile with a ripe fruit
chosen, so its markets' costs show), a sealed bid made at the table, and the end screen. Fonts and
anti-aliasing may differ between browser versions, so the comparison runs in every build of the major
version the references were made with (``tests/looks/browser.txt``; Debian's Chromium on our machines and
in CI: a security update changes the build, not the major version, and the looks stay guarded). In another
major version the screens cannot be compared: where the looks are required (``NILE_LOOKS_REQUIRED=1``, which
``.ci/run`` sets, or ``CI`` set) that fails loudly, asking for new references; elsewhere (Playwright's own
Chromium on a laptop) it is skipped, saying why. A pixel counts as
changed when a colour channel moved by more than ``CHANNEL``; a screen fails when more than
``SHARE`` of its pixels changed. On a failure the new screenshot and a picture of the changed
pixels (red) are written to ``.cache/looks/`` and their paths are in the message.

The images are compared inside the browser (a canvas on a blank page), so the tests need no image
library.
"""

from __future__ import annotations

import base64
import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from .test_a11y import open_golden
from .ui import PREFIX, click, continue_game, intent, only_game, put_saves, settled, start_game

ROOT = Path(__file__).resolve().parents[2]
LOOKS = ROOT / "tests" / "looks"
FAILED = ROOT / ".cache" / "looks"
BROWSER = LOOKS / "browser.txt"
UPDATE = os.environ.get("NILE_UPDATE_LOOKS") == "1"
#: where the looks must be compared (CI): a browser they cannot be compared in fails instead of skipping
REQUIRED = os.environ.get("NILE_LOOKS_REQUIRED") == "1" or bool(os.environ.get("CI"))
SIZES = {"desktop": (1280, 800), "tablet": (820, 1180), "phone": (390, 844)}
#: a colour channel moved by more than this (0–255) makes a pixel changed
CHANNEL = 48
#: the share of changed pixels a screen may have and still look the same
SHARE = 0.002

COMPARE = """async ([a, b, channel]) => {
  const load = async (b64) => createImageBitmap(await (await fetch('data:image/png;base64,' + b64)).blob());
  const [x, y] = [await load(a), await load(b)];
  if (x.width !== y.width || x.height !== y.height)
    return {size: [x.width, x.height, y.width, y.height]};
  const pixels = (img) => {
    const c = new OffscreenCanvas(img.width, img.height), g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    return g.getImageData(0, 0, img.width, img.height);
  };
  const [p, q] = [pixels(x), pixels(y)];
  const diff = new OffscreenCanvas(x.width, x.height), g = diff.getContext('2d');
  const out = g.createImageData(x.width, x.height);
  let changed = 0;
  for (let i = 0; i < p.data.length; i += 4) {
    const moved = Math.max(Math.abs(p.data[i] - q.data[i]), Math.abs(p.data[i + 1] - q.data[i + 1]),
                           Math.abs(p.data[i + 2] - q.data[i + 2]), Math.abs(p.data[i + 3] - q.data[i + 3]));
    if (moved > channel) { changed++; out.data[i] = 255; out.data[i + 3] = 255; }
    else { const v = (p.data[i] + p.data[i + 1] + p.data[i + 2]) / 12 + 170; out.data[i] = out.data[i + 1] = out.data[i + 2] = v; out.data[i + 3] = 255; }
  }
  g.putImageData(out, 0, 0);
  const blob = await diff.convertToBlob({type: 'image/png'});
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return {changed, total: p.data.length / 4, diff: btoa(bin)};
}"""


def _banks_board(page: Page) -> None:
    open_golden(page, "banks", "r1-04-5p-mid-turn.json")
    ripe = page.locator("g.field.sel[aria-label*='ripe']")
    if ripe.count():
        click(page, ripe.first)


def _sealed_bid(page: Page, game: str, variants: tuple[str, ...] = ()) -> None:
    """A new two-player game started from set-up, its seed then fixed (so the same cards are on
    offer every time) and reopened; Amun takes the device to bid."""
    start_game(page, names=("Amun", "Bastet"), game=game, variants=variants)
    gid, data = only_game(page)
    data["seed"] = 7
    click(page, page.locator(intent("home")).first)
    put_saves(page, {PREFIX + gid: json.dumps(data)})
    continue_game(page, gid)
    click(page, page.locator(".handover [data-i=reveal-bidder]").first)


def _home(page: Page) -> None:
    """Already there: the ``app`` fixture opens an empty home screen — on the shared page, as far down as the
    last test left it (the app scrolls to the top only when another screen or game opens), so to its top."""
    page.evaluate("() => window.scrollTo(0, 0)")


SCREENS: dict[str, Callable[[Page], None]] = {
    "home": _home,
    "banks-board": _banks_board,
    "banks-bid": lambda page: _sealed_bid(page, "banks", ("N12",)),
    "banks-end": lambda page: open_golden(page, "banks", "r1-20-5p-all-variants-over-obelisk.json"),
    "cape-board": lambda page: open_golden(page, "cape", "r1-04-4p-build-bonus.json"),
    "cape-bid": lambda page: _sealed_bid(page, "cape"),
    "cape-end": lambda page: open_golden(page, "cape", "r1-07-4p-over-crossings.json"),
}


@pytest.fixture(scope="module")
def made_with(browser: Browser) -> str:
    """The browser build the references were made with; the test skips in any other."""
    if UPDATE:
        LOOKS.mkdir(parents=True, exist_ok=True)
        BROWSER.write_text(browser.version + "\n")
        return browser.version
    if not BROWSER.exists():
        pytest.fail("tests/looks/browser.txt is missing: make the references (see this module's docstring)")
    wanted = BROWSER.read_text().strip()
    if major(browser.version) != major(wanted):
        why = (f"the reference screenshots were made with Chromium {wanted} (major version {major(wanted)}), this is "
               f"{browser.version}: fonts and anti-aliasing differ between major versions")
        if REQUIRED:  # (a guard that switches itself off at the browser's next update guards nothing: issue 52)
            pytest.fail(f"{why}. Make new references with NILE_UPDATE_LOOKS=1, look at each, and commit them")
        pytest.skip(f"{why} (NILE_UPDATE_LOOKS=1 makes local ones)")
    return wanted


def major(version: str) -> str:
    """A browser's major version ("156" of "156.0.8078.114")."""
    return version.split(".")[0]


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", list(SCREENS))
def test_screen_looks_as_committed(app: Page, made_with: str, name: str, size: str) -> None:
    width, height = SIZES[size]
    app.set_viewport_size({"width": width, "height": height})
    try:
        SCREENS[name](app)
        app.evaluate("() => document.activeElement?.blur()")  # no focus ring left by the last click
        app.mouse.move(0, 0)  # nor a hover
        settled(app)
        app.wait_for_timeout(100)  # a resize's own redraw (the board scales to the window)
        settled(app)
        shot = app.screenshot(animations="disabled", caret="hide")
    finally:
        app.set_viewport_size({"width": 1280, "height": 720})
        if app.locator(intent("home")).count():
            click(app, app.locator(intent("home")).first)
    reference = LOOKS / f"{name}-{size}.png"
    if UPDATE:
        reference.write_bytes(shot)
        return
    assert reference.exists(), f"no reference {reference.relative_to(ROOT)}: make it (see this module's docstring)"
    blank = app.context.new_page()
    try:
        found = blank.evaluate(COMPARE, [base64.b64encode(reference.read_bytes()).decode(),
                                         base64.b64encode(shot).decode(), CHANNEL])
    finally:
        blank.close()
    if "size" in found or found["changed"] > SHARE * found["total"]:
        FAILED.mkdir(parents=True, exist_ok=True)
        (FAILED / f"{name}-{size}.png").write_bytes(shot)
        where = f".cache/looks/{name}-{size}.png"
        if "size" in found:
            pytest.fail(f"{name} at {size}: the screenshot is {found['size'][2:]} px, the reference {found['size'][:2]} px "
                        f"(new screenshot: {where})")
        (FAILED / f"{name}-{size}-diff.png").write_bytes(base64.b64decode(found["diff"]))
        pytest.fail(f"{name} at {size} looks different: {found['changed']} of {found['total']} pixels changed "
                    f"({100 * found['changed'] / found['total']:.2f} %, allowed {100 * SHARE:.1f} %); "
                    f"new screenshot {where}, changed pixels in red: .cache/looks/{name}-{size}-diff.png")
