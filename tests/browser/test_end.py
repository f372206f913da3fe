"""A finished game opened from the saved games shows its end screen: the score chart, one line
per player, drawn at a phone's width, and the statistics table."""

from __future__ import annotations

import json
import os
from pathlib import Path

from playwright.sync_api import Page, expect

from nile.core import save
from nile.core.rng import Rng
from nile.core.simulate import play_random
from nile.games import GAMES

from .test_a11y import serious
from .ui import at_size, click, continue_game, intent, put_saves, set_language

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


def test_a_finished_nile_game_shows_a_chart_with_one_line_per_player(app: Page) -> None:
    save = json.loads((GOLDEN / "banks" / "r1-20-5p-all-variants-over-obelisk.json").read_text())["save"]
    with at_size(app, 390, 844):
        put_saves(app, {"nile:game:end": json.dumps(save)})
        continue_game(app, "end")
        chart = app.locator("section.end #end-chart-scores > svg")
        expect(chart).to_be_visible()
        expect(chart.locator("path.series[data-series]")).to_have_count(len(save["options"]["players"]) + 1)  # + obelisk
        box = chart.bounding_box()
        assert box is not None and box["width"] <= 390
        expect(app.locator("section.end .stats-table")).to_be_visible()


def test_the_review_fits_a_phone_with_its_chart_legend_and_table(app: Page) -> None:
    """Issue 53: the review's way back ran off a 390 px phone ("Terug naar h…") and its chart drew every line in
    one colour with no key. At 390×844, in every language, everything on the review fits the window's width (it
    wraps, nothing is cut), each player's line has its own colour, dash pattern and marker, the legend shows each
    key, and a table beside the chart gives the same numbers. (The review is worked out once, then read in each
    language in turn, switched on the review itself: a review per language cost the suite ~40 s of CPU.)"""
    spec = GAMES["banks"]
    state = spec.new_state(spec.default_options(3), 9)
    play_random(state, Rng(4))
    data = json.loads(save.dumps(state))
    data["options"]["players"][2]["bot"] = "normal"  # two persons and a bot
    with at_size(app, 390, 844):
        put_saves(app, {"nile:game:reviewed": json.dumps(data)})
        continue_game(app, "reviewed")
        click(app, intent("review"))
        expect(app.locator("#review-chart > svg")).to_be_visible(timeout=90_000)
        for lang in ("nl", "de", "fr", "en"):
            set_language(app, lang)
            _the_review_fits(app, lang)
        click(app, intent("review-exit"))
        expect(app.locator("section.end")).to_be_visible()


def _the_review_fits(app: Page, lang: str) -> None:
    chart = app.locator("#review-chart > svg")
    expect(chart).to_be_visible(timeout=90_000)
    series = chart.locator("path.series[data-series]")
    expect(series).to_have_count(3)
    strokes = [series.nth(i).evaluate("e => getComputedStyle(e).stroke") for i in range(3)]
    dashes = [series.nth(i).get_attribute("stroke-dasharray") for i in range(3)]
    assert len(set(strokes)) == 3 and len(set(dashes)) == 3, (lang, strokes, dashes)
    expect(app.locator("#review-chart .chart-legend li svg.key")).to_have_count(3)
    table = app.locator(".review .chart-table")
    expect(table.locator("tbody tr")).to_have_count(len(json.loads(app.evaluate(
        "() => JSON.stringify([...document.querySelectorAll('.chart-table tbody tr')].map(r => r.cells.length))"))))
    assert table.locator("thead th").count() == 4, lang
    back = app.locator(intent("review-exit"))
    expect(back).to_be_visible()
    overflow = app.evaluate("""() => [...document.querySelectorAll('.review *')].filter(e => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.right > innerWidth + 0.5 || r.left < -0.5) && !e.closest('.table-scroll');
    }).map(e => e.tagName + '.' + e.className + ' ' + (e.textContent || '').slice(0, 30))""")
    assert not overflow, (lang, overflow)
    if lang == "nl":  # the chart, its legend and its table read right: no serious or critical violation
        assert serious(app) == [], serious(app)
    box = back.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (lang, box)
    assert back.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), f"{lang}: the way back's words are cut"
    if os.environ.get("NILE_SHOTS"):
        app.screenshot(path=f"{os.environ['NILE_SHOTS']}/review-{lang}-390.png", full_page=True)
        app.set_viewport_size({"width": 1280, "height": 800})
        app.screenshot(path=f"{os.environ['NILE_SHOTS']}/review-{lang}-1280.png", full_page=True)
        app.set_viewport_size({"width": 768, "height": 1024})
        app.screenshot(path=f"{os.environ['NILE_SHOTS']}/review-{lang}-768.png", full_page=True)
        app.set_viewport_size({"width": 390, "height": 844})
