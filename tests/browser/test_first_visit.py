"""A first visit that feels instant (issue 42): the home screen, drawn by the build with the app's own code, shows
in the player's language before Python is up, looks the same once it is live, and a tap made on it (or on a
returning player's kept screen) before then is done once Python is ready — once, never lost."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from nile.core import save
from nile.games import GAMES
from nile.messages import text as msg

from .conftest import wait_ready
from .ui import click, intent, notice, only_game, saved_games, screen, start_game

#: counts the clicks on a control that reach the page's own listeners (bubbling to the document: the one the app
#: answers), by intent and value
COUNT_CLICKS = """(() => {
  window.__clicks = {};
  document.addEventListener('click', (e) => {
    const el = e.target.closest && e.target.closest('[data-i]');
    if (el) { const k = el.dataset.i + ':' + (el.dataset.v || ''); window.__clicks[k] = (window.__clicks[k] || 0) + 1; }
  });
})();"""

HELD = "**/pyodide.asm.wasm"


class Held:
    """Pyodide's runtime held back (its wasm not answered) until ``release``: the page stays before ready."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.routes: list[Route] = []
        self.released = False
        page.route(HELD, self._hold)

    def _hold(self, route: Route) -> None:
        if self.released:
            route.fallback()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.fallback()
        self.routes.clear()
        wait_ready(self.page)


@pytest.fixture
def visit(new_context: Callable[..., BrowserContext]) -> Iterator[Callable[..., tuple[Page, Held]]]:
    """A first visit in a new profile (``locale``: the browser's language), Pyodide held back."""
    contexts: list[BrowserContext] = []

    def make(locale: str = "en-GB") -> tuple[Page, Held]:
        context = new_context(locale=locale)
        contexts.append(context)
        page = context.new_page()
        page.add_init_script(COUNT_CLICKS)
        held = Held(page)
        page.goto("./", wait_until="commit")
        page.locator("#app .home").wait_for()
        return page, held

    yield make
    for context in contexts:
        context.close()


def app_state(page: Page) -> str:
    return str(page.evaluate("() => document.body.dataset.appState"))


@pytest.mark.parametrize(("locale", "lang"), [("en-GB", "en"), ("de-DE", "de"), ("fr-FR", "fr")])
def test_a_first_visit_sees_home_in_its_language_before_python_is_up(visit, locale: str, lang: str) -> None:  # noqa: ANN001
    page, held = visit(locale)
    assert app_state(page) == "loading"
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#starting")).to_have_text(msg("boot.starting", lang))
    for game in ("An den Ufern des Nils", "Vom Kap bis Kairo"):
        expect(page.get_by_role("button", name=msg("ui.new_game_of", lang, game=game))).to_be_visible()
    expect(page.get_by_role("button", name=msg("ui.learn", lang))).to_have_count(2)
    expect(page.locator("#app .game-card .game-picture")).to_have_count(2)
    expect(page.locator("#app .home .empty")).to_have_text(msg("ui.no_saves", lang))
    # once Python is up, what the player sees does not change: the same screen, only the marker gone
    page.evaluate("() => { document.getElementById('starting').style.visibility = 'hidden'; }")
    before = page.screenshot(full_page=True)
    html = page.evaluate("() => document.getElementById('app').innerHTML")
    held.release()
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert page.screenshot(full_page=True) == before
    assert page.evaluate("() => document.getElementById('app').innerHTML") == html
    assert page.evaluate("() => document.documentElement.lang") == lang


def test_a_tap_before_python_is_up_waits_and_is_done_once(visit) -> None:  # noqa: ANN001
    page, held = visit()
    new_game = page.locator(intent("new", "banks"))
    new_game.click()
    # the tap shows that it waits, and the marker says the choice follows; nothing else happened yet
    expect(new_game).to_have_attribute("aria-busy", "true")
    assert new_game.evaluate("(el) => getComputedStyle(el).outlineStyle") == "dashed"
    expect(page.locator("#starting")).to_have_text(msg("boot.waiting"))
    assert page.evaluate("() => window.__clicks") == {}
    held.release()
    expect(page.locator("#app .setup")).to_be_visible()
    page.wait_for_timeout(300)
    assert screen(page) == "setup"
    assert page.evaluate("() => window.__clicks") == {"new:banks": 1}
    expect(page.locator("[aria-busy]")).to_have_count(0)


def test_the_last_tap_before_python_is_up_wins_and_a_language_chosen_is_kept(visit) -> None:  # noqa: ANN001
    page, held = visit()
    page.locator(intent("new", "cape")).click()
    page.locator(intent("lang")).select_option("nl")  # the language is a field: kept, and given to the live one
    page.locator(intent("learn", "banks")).focus()
    page.keyboard.press("Enter")  # the keyboard's press, the last one
    expect(page.locator(intent("learn", "banks"))).to_have_attribute("aria-busy", "true")
    expect(page.locator(intent("new", "cape"))).not_to_have_attribute("aria-busy", "true")
    held.release()
    expect(page.locator("#app .learn")).to_be_visible()
    assert page.evaluate("() => document.documentElement.lang") == "nl"
    expect(page.locator("#app")).to_contain_text(msg("ui.your_name", "nl"))
    assert page.evaluate("() => window.__clicks") == {"learn:banks": 1}


def test_after_python_is_up_the_home_is_the_live_app(visit) -> None:  # noqa: ANN001
    page, held = visit()
    held.release()
    live = page.evaluate("""() => ({marker: !!document.getElementById('starting'), loading: !!document.getElementById('loading'),
      inert: !!document.querySelector('[inert]'), hidden: document.getElementById('app').hidden,
      busy: document.querySelectorAll('[aria-busy]').length, homes: document.querySelectorAll('template[id^="home-"]').length})""")
    assert live == {"marker": False, "loading": False, "inert": False, "hidden": False, "busy": 0, "homes": 0}, live
    click(page, intent("learn", "cape"))
    expect(page.locator("#app .learn")).to_be_visible()
    assert page.evaluate("() => window.__clicks") == {"learn:cape": 1}


def test_a_tap_on_the_kept_screen_before_python_is_up_is_done(visit) -> None:  # noqa: ANN001
    page, held = visit()
    held.release()
    start_game(page)
    gid, _ = only_game(page)
    click(page, page.locator(intent("home")).first)
    page.wait_for_function("() => (JSON.parse(localStorage.getItem('nile:last-screen') || '{}').html || '').includes('data-i=\"continue\"')")
    held.released = False
    page.reload(wait_until="commit")
    page.locator("#app .home").wait_for()
    assert page.evaluate("() => [document.body.dataset.lastScreen, document.body.dataset.appState]") == ["shown", "loading"]
    page.locator(intent("continue", gid)).click()
    expect(page.locator(intent("continue", gid))).to_have_attribute("aria-busy", "true")
    held.release()
    expect(page.locator("#app .game")).to_be_visible()
    assert screen(page) == "game"
    assert page.evaluate("() => window.__clicks") == {f"continue:{gid}": 1}


def test_a_game_file_chosen_before_python_is_up_is_imported_once_it_is(visit) -> None:  # noqa: ANN001
    """The file a player picks with "Import a saved game" while the page starts is handed to Python at ready."""
    spec = GAMES["banks"]
    state = spec.new_state(spec.default_options(2, frozenset()), 5)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    page, held = visit()
    page.set_input_files("#import-file", files=[{"name": "nile-banks.json", "mimeType": "application/json",
                                                 "buffer": save.dumps(state).encode()}])
    assert app_state(page) == "loading"
    expect(page.locator("#starting")).to_have_text(msg("boot.waiting"))
    held.release()
    expect(notice(page, "info")).to_contain_text(msg("ui.imported"))
    assert screen(page) == "game"
    games = saved_games(page)
    assert len(games) == 1 and next(iter(games.values()))["actions"] == save.to_json(state)["actions"]  # imported once
