"""Accessibility (issue 9, "Keyboard"): axe-core finds no serious or critical violation on the home
screen, the set-up, the board, a private bid, a moment (bids opened, a scoring) and the end screen,
in both games. axe-core comes from npm (package.json devDependencies); it is put into the page
through the DevTools protocol (``page.evaluate``), which the page's CSP does not govern."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

from .ui import click, continue_game, intent, put_saves, settled, start_game

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GOLDEN = ROOT / "tests" / "golden"
SERIOUS = """async () => {
  const r = await axe.run(document, {resultTypes: ["violations"]});
  return r.violations.filter(v => v.impact === "serious" || v.impact === "critical")
    .map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(" "))}));
}"""


def serious(page: Page) -> list[dict]:
    settled(page)  # a piece half faded in is no contrast a player reads
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text())
    return page.evaluate(SERIOUS)


def golden(game: str, name: str) -> str:
    return json.dumps(json.loads((GOLDEN / game / name).read_text())["save"])


def open_golden(page: Page, game: str, name: str) -> None:
    """From wherever the page is: home, then the golden save opened as a kept game."""
    if page.locator(intent("home")).count():
        click(page, page.locator(intent("home")).first)
    put_saves(page, {f"nile:game:{game}-g": golden(game, name)})
    continue_game(page, f"{game}-g")


@pytest.fixture(scope="module", autouse=True)
def axe_installed() -> None:
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run npm ci (make does)", pytrace=False)


def test_home_and_set_up_of_both_games(app: Page) -> None:
    found = {"home": serious(app)}
    for game in ("banks", "cape"):
        click(app, intent("new", game))
        found[f"setup {game}"] = serious(app)
        click(app, app.locator(intent("home")).first)
    assert not any(found.values()), json.dumps(found, indent=1)


def test_nile_board_bid_and_moments(app: Page) -> None:
    found = {}
    start_game(app, names=("Amun", "Bastet"), variants=("N12",))
    found["hand-over"] = serious(app)
    click(app, app.locator(".handover [data-i=reveal-bidder]").first)
    found["private bid"] = serious(app)
    click(app, intent("bid-submit"))
    click(app, app.locator(".handover [data-i=reveal-bidder]").first)
    click(app, intent("bid-change", "flax:+")) if app.locator(intent("bid-change", "flax:+")).count() else None
    click(app, intent("bid-submit"))
    found["bids opened"] = serious(app)
    open_golden(app, "banks", "r1-04-5p-mid-turn.json")
    found["board"] = serious(app)
    assert not any(found.values()), json.dumps(found, indent=1)


def test_scoring_moment_and_end_screens(app: Page) -> None:
    from .test_table import _before_a_scoring
    from .ui import perform

    found = {}
    text, action, player = _before_a_scoring()
    put_saves(app, {"nile:game:s": text})
    continue_game(app, "s")
    perform(app, action, player)
    found["scoring"] = serious(app)
    for game, name in (("banks", "r1-20-5p-all-variants-over-obelisk.json"), ("cape", "r1-07-4p-over-crossings.json")):
        open_golden(app, game, name)
        found[f"end {game}"] = serious(app)
    assert not any(found.values()), json.dumps(found, indent=1)


def test_kap_board_bid_and_moment(app: Page) -> None:
    found = {}
    start_game(app, names=("Amun", "Bastet"), game="cape")
    click(app, app.locator(".handover [data-i=reveal-bidder]").first)
    found["private bid"] = serious(app)
    click(app, intent("bid-submit"))
    found["hand-over over the table"] = serious(app)
    click(app, app.locator(".handover [data-i=reveal-bidder]").first)
    click(app, intent("bid-submit"))
    found["bids opened"] = serious(app)
    open_golden(app, "cape", "r1-04-4p-build-bonus.json")
    found["board"] = serious(app)
    assert not any(found.values()), json.dumps(found, indent=1)
