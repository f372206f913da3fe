"""A Chromium that samples allocations boots the game every time (static/jspi.js).

Chromium's heap profiler (and GWP-ASan), on for some players' browsers at random, walks the stack of a sampled
allocation and crashed the page when Pyodide ran Python on a JSPI stack: 4 of 15 fresh boots with the profiler on,
before Pyodide was started without JSPI. Here the profiler is on in every process of a browser of the test's own,
and every boot must reach ready with JSPI hidden from Pyodide. A crash here is the verdict: this test is never rerun
(conftest.py ``NOT_RERUN``)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Playwright

from .conftest import BOOT_TIMEOUT_MS, READY, chromium_path, guard

#: fresh boots: with JSPI, each crashed with a chance of about 1 in 4 (so 6 pass together 18 times in 100)
BOOTS = 6


def test_a_chromium_with_its_heap_profiler_on_boots_the_game_every_time(playwright: Playwright, base_url: str) -> None:
    from chromium_flags import launch_args  # tools/, put on the path by conftest

    kwargs: dict[str, Any] = {"args": launch_args(heap_profiler=True)}
    if chromium_path():
        kwargs["executable_path"] = chromium_path()
    browser = playwright.chromium.launch(**kwargs)
    try:
        for boot in range(BOOTS):
            context = guard(browser.new_context(service_workers="block"), base_url)
            page = context.new_page()
            page.goto(base_url)
            page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)  # a crash raises here
            assert page.evaluate("() => ['Suspending', 'promising', 'Suspender'].some((n) => n in WebAssembly)") is False, boot
            page.locator('[data-i="new"][data-v="banks"]').first.click()  # Python answers: the page is alive
            page.wait_for_selector("body[data-screen=setup]", state="attached")
            context.close()
    finally:
        browser.close()
