"""What a family does with Nile, in Firefox and in WebKit (issue 52): each test runs once per engine.

Boot to home; a whole game of each game against bots; a reload that restores the game exactly; an offline
reload (the service worker answers); one game per tab with Take over; a sealed bid passed round one device;
a game by link between two devices; the keyboard's place after a move; axe-core. tests/browser proves the
same paths and many more in Chromium; here the point is that the other engines do them too."""

from __future__ import annotations

import json
from pathlib import Path

from nile.core import save
from nile.games import load_save
from nile.messages import text as msg
from tests.browser.test_a11y import SERIOUS

from .conftest import Site
from .driver import Context, Tab
from .play import (
    KAP_PERSON,
    NILE_PERSON,
    actions,
    advance,
    click,
    drawn,
    games,
    intent,
    move,
    open_app,
    play_against_bots,
    press,
    put_saves,
    screen,
    start_game,
    storage,
    wait_ready,
)

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GOLDEN = ROOT / "tests" / "golden"


def golden(game: str, name: str) -> str:
    return json.dumps(json.loads((GOLDEN / game / name).read_text())["save"])


def open_golden(tab: Tab, game: str, name: str) -> None:
    if tab.shown(intent("home")):
        click(tab, intent("home"))
    put_saves(tab, {f"nile:game:{game}-g": golden(game, name)})
    click(tab, intent("continue", f"{game}-g"))
    assert screen(tab) == "game"


def the_game(tab: Tab) -> dict:
    current = storage(tab)["nile:current"]
    return save.parse(storage(tab)[f"nile:game:{current}"])


def seen(tab: Tab) -> dict:
    """What a player sees of a game: actions so far, status bar, log, board, players (test_saves.snapshot)."""
    return {"actions": actions(tab), "status": tab.text(".status"),
            "log": tab.js("() => document.querySelector('.log').textContent"),
            "board": drawn(tab, ".board"), "players": tab.text(".players")}


# ---------------------------------------------------------------------- boot and play
def test_boots_to_home(context: Context, site: Site) -> None:
    tab = context.tab()
    open_app(tab, site.url)
    assert screen(tab) == "home"
    assert tab.shown(intent("new", "banks")) == 1 and tab.shown(intent("new", "cape")) == 1
    assert not tab.count(".notice.error")


def test_a_whole_game_of_nile_against_bots(app: Tab) -> None:
    start_game(app, names=("Me", "Amun"), kinds=("", "easy"))  # (two seats: tests/browser plays three)
    play_against_bots(app, NILE_PERSON)
    state = load_save(json.dumps(the_game(app)))
    assert state.is_terminal() and {p for p, _ in state.history} == {0, 1}


def test_a_whole_game_of_kap_against_bots(app: Tab) -> None:
    start_game(app, names=("Me", "Amun"), game="cape", kinds=("", "normal"))
    assert app.shown(".bid-private")  # the person bids at once, on their own screen
    clicks = play_against_bots(app, KAP_PERSON)
    state = load_save(json.dumps(the_game(app)))
    assert state.is_terminal()
    assert clicks > 5 and sum(1 for p, _ in state.history if p == 1) > 5  # the bot played its seat, in the worker


def test_a_reload_restores_the_game_exactly(context: Context, site: Site) -> None:
    tab = context.tab()
    open_app(tab, site.url)
    start_game(tab, names=("Amun", "Bastet"))
    for _ in range(4):
        move(tab)
    before = seen(tab)
    tab.reload()
    wait_ready(tab)
    if screen(tab) == "home":  # resumed from the list of saved games, or reopened at once
        click(tab, intent("continue", next(iter(games(tab)))))
    assert screen(tab) == "game"
    assert seen(tab) == before
    move(tab)  # and play goes on from there
    assert actions(tab) == before["actions"] + 1


def test_an_offline_reload_after_the_first_visit(context: Context, site: Site) -> None:
    """The first visit's service worker keeps every file: a reload with the server silent boots and plays."""
    tab = context.tab()
    open_app(tab, site.url)
    tab.wait("() => navigator.serviceWorker.controller !== null && navigator.serviceWorker.ready.then((r) => !!r.active)",
             timeout=90, what="the service worker in control")
    tab.wait("async () => { for (const name of await caches.keys()) if (name.startsWith('nile-') && (await (await"
             " caches.open(name)).keys()).some((r) => r.url.endsWith('.wasm'))) return true; return false; }",
             timeout=60, what="the site precached")
    start_game(tab, names=("Amun", "Bastet"))
    move(tab)
    n = actions(tab)
    site.offline = True
    tab.reload()
    wait_ready(tab)
    if screen(tab) == "home":
        click(tab, intent("continue", next(iter(games(tab)))))
    assert screen(tab) == "game" and actions(tab) == n
    move(tab)
    assert actions(tab) == n + 1


def test_one_game_plays_in_one_tab_and_take_over_moves_it(context: Context, site: Site) -> None:
    first, second = context.tab(), context.tab()
    open_app(first, site.url)
    open_app(second, site.url)
    start_game(first)
    gid = next(iter(games(first)))
    second.wait("() => document.querySelectorAll('.saved').length === 1", timeout=20,
                what="the game on the other tab's home")
    click(second, intent("continue", gid))
    second.wait("(t) => document.querySelector('.read-only-line')?.textContent.includes(t)", msg("ui.open_elsewhere"),
                timeout=20, what="the second tab saying another tab plays it")
    assert second.count(".board [data-i=pick], .actions [data-i=act]") == 0
    move(first)
    played = actions(first)
    second.wait("(n) => Number(document.body.dataset.actions) === n", played, timeout=20, what="the second tab following")
    click(second, intent("take-over"))
    assert not second.count(".read-only-line")
    first.wait("(t) => document.querySelector('.read-only-line')?.textContent.includes(t)", msg("ui.taken_elsewhere"),
               timeout=20, what="the first tab read-only")
    move(second)
    first.wait("(n) => Number(document.body.dataset.actions) === n", played + 1, timeout=20, what="the first tab following")
    assert len(json.loads(storage(first)["nile:game:" + gid])["actions"]) == played + 1


def test_a_sealed_bid_passed_round_one_device(app: Tab) -> None:
    """Kap's sealed bids (K6) by two people at one device: a hand-over screen before each, the bid hidden."""
    start_game(app, names=("Amun", "Bastet"), game="cape")
    assert app.shown(".handover [data-i=reveal-bidder]") and not app.count(".bid-private")
    click(app, ".handover [data-i=reveal-bidder]")
    assert app.shown(".bid-private")
    click(app, ".bid-private [data-i=bid-change][data-v='+10']")
    first = app.text(".bid-private output")
    assert first != "0"
    click(app, ".bid-private [data-i=bid-submit]")
    assert app.shown(".handover [data-i=reveal-bidder]") and not app.count(".bid-private")  # Amun's bid hidden
    assert first not in app.text(".handover")
    click(app, ".handover [data-i=reveal-bidder]")
    assert app.text(".bid-private output") == "0"  # Bastet's own bid, not Amun's
    click(app, ".bid-private [data-i=bid-submit]")
    assert not app.count(".bid-private, .handover")  # both in: the bids are opened
    auction = the_game(app)
    assert len(auction["actions"]) >= 2


#: what a device shows, read in one go (tests/browser/test_far.py SHOWS)
SHOWS = """() => ({end: !!document.querySelector('.end'), cover: !!document.querySelector('#far-url'),
                 moment: !!document.querySelector('[data-i=moment-close]'), line: !!document.querySelector('.far-line')})"""


def pass_links(tabs: dict[str, Tab], links: int) -> int:
    """tests/browser/test_far.py's play_by_links until ``links`` links were passed: the device that can act plays
    (the simple player); a link it offers goes to the device its cover names; a moment is read."""
    passed, sent = 0, dict[int, str]()
    devices = list(tabs.values())
    for _ in range(200):
        if passed >= links:
            return passed
        moved = False
        for tab in devices:
            show = tab.js(SHOWS)
            if show["cover"]:
                url = tab.js("() => document.querySelector('#far-url').value")
                if sent.get(id(tab)) != url:
                    sent[id(tab)] = url
                    title = tab.text("#far-title")
                    for name, other in tabs.items():
                        if other is not tab and name in title:
                            other.js("(url) => { location.hash = new URL(url).hash; }", url)
                            other.wait("() => !location.hash", timeout=20, what="the link read")
                            assert not other.count(".notice.error"), other.text(".notice.error")
                            passed += 1
                    moved = True
                if tab.count(intent("far-close")):
                    click(tab, intent("far-close"))
            elif show["moment"]:
                click(tab, "[data-i=moment-close]")
                moved = True
            elif show["line"]:
                click(tab, intent("far-send"))
                if tab.js("() => document.querySelector('#far-url')?.value") == sent.get(id(tab)):
                    click(tab, intent("far-close"))
            elif not show["end"]:
                advance(tab, KAP_PERSON)
                moved = True
        assert moved, "no device can move: " + " | ".join(t.text()[:500] for t in devices)
    return passed


def test_a_game_by_link_between_two_devices(engine, site: Site) -> None:  # noqa: ANN001 (the driver's Engine)
    anna_device, bram_device = engine.context(), engine.context()
    try:
        anna, bram = anna_device.tab(), bram_device.tab()
        open_app(anna, site.url)
        start_game(anna, names=("Anna", "Bram"), game="cape", kinds=("", "far"), then="far")
        invitation = anna.js("() => document.querySelector('#far-url').value")
        assert "#far=" in invitation
        open_app(bram, invitation)
        assert screen(bram) == "far"
        click(bram, intent("far-join", "1"))
        back = bram.wait("() => document.querySelector('#far-url')?.value", timeout=20, what="Bram's link back")
        anna.js("(url) => { location.hash = new URL(url).hash; }", back)
        anna.wait("() => document.body.dataset.screen === 'game' && !location.hash", timeout=20,
                  what="the game begun on Anna's device")
        # moves go to the other device by link, both ways (Anna's sealed bid, Bram's, and on): both hold one game
        assert pass_links({"Anna": anna, "Bram": bram}, links=4) >= 4
        assert not anna.count(".notice.error") and not bram.count(".notice.error")
        a, b = (json.loads(next(v for k, v in storage(t).items() if k.startswith("nile:game:"))) for t in (anna, bram))
        assert len(a["actions"]) >= 2 and a["actions"][:2] == b["actions"][:2]
    finally:
        anna_device.close()
        bram_device.close()


def test_the_keyboard_after_a_move(app: Tab) -> None:
    """A crop chosen by Enter: the keyboard is on the first field it may be sown on; Enter there sows it and the
    keyboard goes to the prompt, what to do now (tests/browser/test_focus.py)."""
    open_golden(app, "banks", "r1-16-5p-n10-n12-mid-turn.json")
    app.js("(s) => document.querySelector(s).focus()", ".actions [data-i=pick][data-v^='supply:']")
    press(app, "Enter")
    offered = app.js("() => [...document.querySelectorAll(\".board-frame [data-i=pick][tabindex][data-v^='field:']\")]"
                     ".map((e) => e.getAttribute('data-v'))")
    first = app.active()
    assert first["v"] == offered[0], (first, offered)
    app.keys("ArrowRight")
    assert app.active()["v"] == offered[1]
    app.keys("Home")
    n = actions(app)
    press(app, "Enter")
    assert actions(app) == n + 1
    assert app.active()["id"] == "prompt", app.active()


def test_no_serious_accessibility_violation(app: Tab) -> None:
    def serious() -> list:
        if not app.js("() => typeof axe !== 'undefined'"):
            app.run(AXE.read_text())
        return list(app.js(SERIOUS))

    found = {"home": serious()}
    start_game(app, names=("Amun", "Bastet"), game="cape")
    click(app, ".handover [data-i=reveal-bidder]")
    found["private bid"] = serious()
    open_golden(app, "banks", "r1-04-5p-mid-turn.json")
    found["Nile board"] = serious()
    assert not any(found.values()), json.dumps(found, indent=1)
