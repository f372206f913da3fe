"""Booting from the local server only, the loading screen, the CSP, and hostile text."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from nile.messages import text as msg

from .conftest import wait_ready
from .ui import click, intent, screen, start_game


def test_boots_offline_from_local_server_with_loading_screen(page: Page, base_url: str) -> None:
    local: list[str] = []
    page.on("request", lambda r: local.append(r.url) if r.url.startswith(base_url) else None)
    # a request to another host that the CSP stops never reaches the network (nor the route
    # guard): it shows as a console error instead
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: refused.append(str(e)))
    # a player who made a backup: their home says when, so it is not the one the build drew for a first visit
    # (tests/browser/test_first_visit.py): the loading screen shows until Python draws it
    page.add_init_script("localStorage.setItem('nile:backup', JSON.stringify({made: Date.now() / 1000}));")
    # what the served page shows before Python has run (read as the document is parsed: a fast
    # machine can be ready before a second look from here would reach the page)
    page.add_init_script("""document.addEventListener('DOMContentLoaded', () => {
      const loading = document.getElementById('loading');
      const bar = document.querySelector('#loading progress');
      window.__served = loading && {appState: document.body.dataset.appState, title: document.title,
        words: loading.textContent, text: document.getElementById('loading-text').textContent,
        bar: !!bar && bar.getBoundingClientRect().width > 0 && getComputedStyle(bar).visibility === 'visible'};
    });""")
    response = page.goto("./", wait_until="commit")
    assert response and response.ok
    page.wait_for_function("() => window.__served !== undefined")
    served = page.evaluate("() => window.__served")
    # the served HTML shows a loading screen with progress while Python starts (~5 s)
    assert served and served["appState"] == "loading" and served["bar"], served
    assert "Nile" in served["words"], served
    # its words are the catalog's (filled in by the build; boot.js steps through them)
    assert served["title"] == msg("boot.title"), served
    steps = [msg(k) for k in ("boot.loading", "boot.python", "boot.board", "boot.slow")]
    assert served["text"] in steps, served
    wait_ready(page)
    expect(page.locator("#loading")).to_have_count(0)
    assert screen(page) == "home"
    assert page.evaluate("() => document.body.dataset.firstHome") is None
    expect(page.locator(".last-backup")).to_be_visible()
    expect(page.get_by_role("button", name="New game: An den Ufern des Nils")).to_be_visible()
    expect(page.get_by_role("button", name="New game: Vom Kap bis Kairo")).to_be_visible()
    # the runtime really came from this server (and nothing from elsewhere: the autouse guard)
    assert any(u.endswith("pyodide.asm.wasm") for u in local), local
    assert any(u.endswith("nile.tar.gz") for u in local), local
    assert not refused, refused


def test_csp_header_served_and_inline_script_blocked(app: Page, base_url: str) -> None:
    for path in ("", "index.html"):
        response = app.context.request.get(base_url + path)
        csp = response.headers.get("content-security-policy", "")
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp, (path, csp)
        assert "default-src 'self'" in csp
    # an inserted inline script runs (or not) as it is inserted; the CSP reports the refusal
    # with an event (waited for; the 5 s fallback only keeps a broken page from hanging)
    ran = app.evaluate("""() => new Promise(resolve => {
        const done = violated => resolve({ran: window.__inline === 1, violated});
        document.addEventListener('securitypolicyviolation', e => done(e.violatedDirective), {once: true});
        const s = document.createElement('script');
        s.textContent = 'window.__inline = 1';
        document.body.appendChild(s);
        if (window.__inline === 1) done(false);
        setTimeout(() => done(false), 5000);
    })""")
    assert ran["ran"] is False, "an injected inline script ran"
    assert ran["violated"] and ran["violated"].startswith("script-src"), ran
    # the app still works after the attempt
    click(app, intent("new", "banks"))
    assert screen(app) == "setup"


HOSTILE = ('<img src=x onerror="window.__pwned=1">', "<script>window.__pwned=2</script>")


def test_hostile_player_names_are_shown_as_text(app: Page) -> None:
    fetched: list[str] = []
    app.on("request", lambda r: fetched.append(r.url))
    start_game(app, names=(*HOSTILE, "Horus"))
    cards = app.locator(".player h3")
    expect(cards.nth(0)).to_contain_text(HOSTILE[0])
    expect(cards.nth(1)).to_contain_text(HOSTILE[1])
    # …and on the home screen's list of saved games
    click(app, intent("home"))
    expect(app.locator(".saved strong").first).to_contain_text(HOSTILE[0])
    expect(app.locator(".saved strong").first).to_contain_text(HOSTILE[1])
    # no element was made from the names (an <img> would also have requested /x)
    assert app.evaluate("() => document.querySelectorAll('img, #app script').length") == 0
    assert app.evaluate("() => window.__pwned") is None
    assert not [u for u in fetched if u.rstrip("/").endswith("/x")], fetched
