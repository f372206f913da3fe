"""A finished game opened from the saved games shows its end screen: the score chart, one line
per player, drawn at a phone's width, and the statistics table."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from .ui import continue_game, put_saves

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


def test_a_finished_nile_game_shows_a_chart_with_one_line_per_player(app: Page) -> None:
    save = json.loads((GOLDEN / "banks" / "r1-20-5p-all-variants-over-obelisk.json").read_text())["save"]
    size = app.viewport_size
    app.set_viewport_size({"width": 390, "height": 844})
    try:
        put_saves(app, {"nile:game:end": json.dumps(save)})
        continue_game(app, "end")
        chart = app.locator("section.end #end-chart-scores svg")
        expect(chart).to_be_visible()
        expect(chart.locator("path.series[data-series]")).to_have_count(len(save["options"]["players"]) + 1)  # + obelisk
        box = chart.bounding_box()
        assert box is not None and box["width"] <= 390
        expect(app.locator("section.end .stats-table")).to_be_visible()
    finally:
        if size:
            app.set_viewport_size(size)
