"""Vom Kap bis Kairo in the page: a whole 2-player game from the home screen's card to the end,
with the hand-over screens of every secret bid (K3, K6), choosing cards by clicking them and
building or passing with the buttons (K4), through the same shell as An den Ufern des Nils."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from nile.core import save
from nile.games import load_save
from nile.messages import text as msg

from .ui import click, screen, start_game, storage


def _current_save(page: Page) -> dict:
    current = storage(page)["nile:current"]
    return save.parse(storage(page)[f"nile:game:{current}"])


def test_a_whole_two_player_game_of_kap_through_the_shell(app: Page) -> None:
    expect(app.locator(".game-card.game-cape")).to_contain_text(msg("game.cape"))
    start_game(app, names=("Amun", "Bastet"), game="cape")
    expect(app).to_have_title("Vom Kap bis Kairo — Nile")  # the tab names the game on screen (it said the other one)
    bids_seen_private: list[str] = []
    clicks = 0
    while not app.locator(".end").count():
        clicks += 1
        assert clicks < 600, app.locator("#app").inner_text()[:600]
        if app.locator("[data-i=moment-close]").count():  # the bids opened, a crossing: read, continue
            click(app, app.locator("[data-i=moment-close]"))
        elif app.locator(".handover").count():
            # the hand-over screen names who still bids and never shows an amount
            text = app.locator(".handover").inner_text()
            assert not any(b in text.split() for b in bids_seen_private if b != "0")
            click(app, app.locator(".handover [data-i=reveal-bidder]").first)
        elif app.locator(".bid-private").count():
            for step in ("+1", "+10"):  # a player without money can only bid 0: the buttons are disabled
                more = app.locator(f".bid-private [data-i=bid-change][data-v='{step}']")
                if more.is_enabled():
                    click(app, more)
            bids_seen_private.append(app.locator(".bid-private output").inner_text())
            click(app, app.locator(".bid-private [data-i=bid-submit]"))
        elif app.locator("g.card.act").count():
            click(app, app.locator("g.card.act").first)  # choose a landscape on offer (K3)
        elif app.locator("[data-i=act][data-v^=build]:not(.unavailable)").count():
            click(app, app.locator("[data-i=act][data-v^=build]:not(.unavailable)").first)
        else:
            if app.locator("[data-i=act][data-v^=build].unavailable").count():  # no build possible: it says why (K4)
                expect(app.locator(".actions .build-why")).to_contain_text(msg("cape.why.not_allowed.build").split(":")[0])
            click(app, app.locator("[data-i=act][data-v=pass]"))
    final = app.locator(".end")
    expect(final.locator("h2")).to_have_text(msg("ui.game_over"))
    data = _current_save(app)
    assert data["game"] == "cape" and data["rules"] == 1
    state = load_save(json.dumps(data))  # the autosaved game replays to the same end
    assert state.is_terminal()
    result = state.result()
    rows = final.locator("table.ranking tbody tr")
    expect(rows).to_have_count(2)
    names = ["Amun", "Bastet"]
    for row, r in zip(rows.all(), result["ranking"], strict=True):
        assert row.locator("td").all_inner_texts() == [str(r["place"]), names[r["player"]], str(r["crossings"]),
                                                        str(r["money"])]
    lines = [re.sub(r"^\d+\.\s*", "", line) for line in app.locator(".log li").all_text_contents()]  # after its number
    assert any(line.startswith(msg("cape.bid.revealed").split(":")[0]) for line in lines)
    # home lists it as a finished Kap game
    click(app, app.locator(".status [data-i=home]"))
    assert screen(app) == "home"
    expect(app.locator(".saved").first).to_contain_text(msg("game.cape"))
