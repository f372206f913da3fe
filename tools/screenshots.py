"""Screenshots of both games' boards at desktop (1280×800), tablet (820×1180) and phone (390×844) size,
for docs/screenshots/ (look at them after a change to the board).

    make site && .venv/bin/python tools/screenshots.py [--out docs/screenshots]

Each game opens a golden save in the middle of play (tests/golden), served from dist/ with the
production headers, in Debian's Chromium (or $CHROMIUM, or Playwright's own). The Nile board is
shown with a ripe fruit chosen, so the market rows it can go to and their costs are highlighted.
At phone size each board is also taken in German, Dutch and French ({game}-phone-{lang}.png), and the
rules help's page with the pictures of each game's main rule ({game}-rules-phone.png). Kap's auction is
taken too, while the players choose (cape-auction-{size}.png: a card taken, the bids and the order beside
the offer). The first visit's home before Python is up is taken with a tap on Learn to play waiting
(home-starting-{size}.png in English, and home-starting-phone-{lang}.png): the build's home, the "starting…"
marker saying the choice follows, the pressed button outlined (static/boot.js, boot.css; issue 42). A game
of Kap played from afar, at phone size in each language: the link to send, the invitation, the device waiting
for the link back (far-*-phone-{lang}.png; issue 44).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import threading
from pathlib import Path

from chromium_flags import launch_args  # tools/ is on the path: these run as scripts
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"desktop": (1280, 800), "tablet": (820, 1180), "phone": (390, 844)}
GAMES = {"banks": "r1-04-5p-mid-turn.json", "cape": "r1-04-4p-build-bonus.json"}
LANGS = ("de", "nl", "fr")
#: more moments of a game, each a golden save of that game: {picture's name: (game, save)}
MOMENTS = {"cape-auction": ("cape", "r1-02-3p-choosing.json")}
#: the rules page with pictures shown for each game
RULE_PAGES = {"banks": "banks:N7", "cape": "cape:K4"}


def open_game(page, game: str, lang: str, save: str | None = None) -> None:
    """The golden save of ``game`` (``save``, else its save in ``GAMES``) open in ``lang``, a ripe fruit chosen
    if there is one."""
    text = json.dumps(json.loads((ROOT / "tests" / "golden" / game / (save or GAMES[game])).read_text())["save"])
    page.evaluate("([k, v, lang]) => { localStorage.setItem('nile:game:' + k, v); localStorage.setItem('nile:current', k);"
                  " localStorage.setItem('nile:lang', lang); }", [game, text, lang])
    page.reload()
    page.wait_for_selector("body[data-app-state=ready]", state="attached", timeout=60_000)
    page.evaluate("() => window.scrollTo(0, 0)")  # not where the last picture's page was scrolled (a reload keeps it)
    ripe = page.locator("g.field.sel[aria-label*='ripe']")
    if ripe.count():
        ripe.first.dispatch_event("click")
    page.wait_for_timeout(300)


def open_rule(page, where: str) -> None:
    """The rules help opened from the board, at the page ``where`` ("banks:N7")."""
    page.locator("[data-i=rules]").first.dispatch_event("click")
    page.wait_for_selector(".rules-help")
    page.locator(f"[data-i=rules-open][data-v='{where}']").first.dispatch_event("click")
    page.wait_for_selector(".rules-page figure.diagram svg")
    page.locator(".rules-page figure.diagram").first.evaluate(
        "el => { const box = el.closest('.rules-help'), head = box.querySelector('.rules-head');"
        " box.scrollTop += el.getBoundingClientRect().top - head.getBoundingClientRect().bottom; }")
    page.wait_for_timeout(300)


def starting_home(browser, url: str, size: str, lang: str, path: Path) -> None:
    """A first visit in ``lang`` (the browser's language, nothing stored) with Pyodide's runtime never answered, so
    the page stays before ready, and Learn to play tapped: what a player sees while Python starts."""
    w, h = SIZES[size]
    context = browser.new_context(viewport={"width": w, "height": h}, service_workers="block", locale=lang,
                                  has_touch=size == "phone", is_mobile=size == "phone")
    page = context.new_page()
    held = []  # Pyodide's runtime, never answered: Python never starts

    def hold(route) -> None:  # noqa: ANN001
        held.append(route)

    page.route("**/pyodide.asm.wasm", hold)
    page.goto(url, wait_until="commit")
    page.wait_for_selector("#app .home")
    page.locator("#app [data-i=learn]").first.dispatch_event("click")
    page.wait_for_selector("#app [aria-busy=true]")
    page.wait_for_timeout(700)  # (the outline's pulse at its full colour)
    shoot(page, path)
    for route in held:
        route.abort()
    context.close()


def far_screens(browser, url: str, lang: str, out: Path) -> None:
    """A game of Kap played from afar, at phone size in ``lang`` (issue 44): the link to send after the set-up
    (far-send-phone-{lang}.png), the invitation opened on the other device (far-invite-phone-{lang}.png), and the
    first device waiting for the link back once its bid is sealed (far-waiting-phone-{lang}.png). The links hold
    this server's address and fresh secrets: the pictures differ in the link and its code from run to run."""
    w, h = SIZES["phone"]
    pages = []
    for _ in range(2):
        context = browser.new_context(viewport={"width": w, "height": h}, service_workers="block", locale=lang,
                                      has_touch=True, is_mobile=True)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("body[data-app-state=ready]", state="attached", timeout=60_000)
        pages.append(page)
    maker, guest = pages

    def press(page, selector: str) -> None:  # noqa: ANN001
        before = page.evaluate("() => +document.body.dataset.renders")
        page.locator(selector).first.dispatch_event("click")
        page.wait_for_function(f"() => +document.body.dataset.renders > {before}")

    press(maker, "[data-i=new][data-v=cape]")
    maker.locator("[data-i=setup-count]").select_option("2")
    maker.wait_for_timeout(300)
    maker.locator("[data-i=setup-kind]").nth(1).select_option("1:far")
    maker.wait_for_timeout(300)
    press(maker, "[data-i=start-game]")
    shoot(maker, out / f"far-send-phone-{lang}.png")
    guest.goto(maker.locator("#far-url").input_value())
    guest.wait_for_selector("[data-i=far-join]")
    shoot(guest, out / f"far-invite-phone-{lang}.png")
    press(guest, "[data-i=far-join][data-v='1']")
    back = guest.locator("#far-url").input_value()
    maker.evaluate("u => { location.hash = new URL(u).hash; }", back)
    maker.wait_for_selector(".bid-private")
    press(maker, ".bid-private [data-i=bid-submit]")
    press(maker, "[data-i=far-close]")
    maker.evaluate("() => window.scrollTo(0, 0)")
    shoot(maker, out / f"far-waiting-phone-{lang}.png")
    for page in pages:
        page.context.close()


def shoot(page, path: Path) -> None:
    page.screenshot(path=str(path))
    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    out = Path(ap.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    spec = importlib.util.spec_from_file_location("serve", ROOT / "tools" / "serve.py")
    assert spec and spec.loader
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    server = serve.make_server(ROOT / "dist", port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    chromium = os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=launch_args())
        for size in ("phone", "desktop"):
            starting_home(browser, url, size, "en", out / f"home-starting-{size}.png")
        for lang in LANGS:
            starting_home(browser, url, "phone", lang, out / f"home-starting-phone-{lang}.png")
        for lang in ("en", *LANGS):
            far_screens(browser, url, lang, out)
        for size, (w, h) in SIZES.items():
            context = browser.new_context(viewport={"width": w, "height": h}, service_workers="block",
                                          has_touch=size == "phone", is_mobile=size == "phone")
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector("body[data-app-state=ready]", state="attached", timeout=60_000)
            for game in GAMES:
                open_game(page, game, "en")
                shoot(page, out / f"{game}-{size}.png")
                if size != "phone":
                    continue
                open_rule(page, RULE_PAGES[game])
                shoot(page, out / f"{game}-rules-phone.png")
                for lang in LANGS:
                    open_game(page, game, lang)
                    shoot(page, out / f"{game}-phone-{lang}.png")
            for name, (game, save) in MOMENTS.items():
                open_game(page, game, "en", save)
                shoot(page, out / f"{name}-{size}.png")
            context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
