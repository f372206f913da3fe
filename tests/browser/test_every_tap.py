"""Every tap answered (issue 53), in the page at phone size: a field tapped while markers go on the boat, and
Kap's routes and common row tapped while a card is chosen or a player builds, say why in a few words (before,
nothing answered). A real pointer press at the place's centre, not an event sent to it: what the person hits
is what answers. The property over every place and step is tests/web/test_every_tap.py."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from nile.core import save
from nile.core.game import GameState
from nile.games import GAMES

from .ui import actions, click, continue_game, intent, put_saves, renders, wait_renders_after


def at_stage(game: str, stage: str, seed: int = 5) -> GameState:
    """A two-player game of ``game`` played by first choices until ``stage`` (its ``phase``) with one seat to act."""
    spec = GAMES[game]
    state = spec.new_state(spec.default_options(2), seed)
    while not (state.phase == stage and len(state.to_act()) == 1):
        p = state.to_act()[0]
        state.apply(state.legal_actions(p)[0], p)
    return state


def press(page: Page, selector: str) -> str:
    """Press the middle of the first element of ``selector`` with the pointer; the notice's words."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    before = renders(page)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_renders_after(page, before)
    notice = page.locator(".notice")
    expect(notice).to_be_visible()
    return notice.inner_text()


def test_taps_the_step_does_not_offer_say_why_on_a_phone(app: Page) -> None:
    size = app.viewport_size
    app.set_viewport_size({"width": 390, "height": 844})
    try:
        put_saves(app, {"nile:game:boat": save.dumps(at_stage("banks", "boat")),
                        "nile:game:choose": save.dumps(at_stage("cape", "choose")),
                        "nile:game:build": save.dumps(at_stage("cape", "build"))})
        continue_game(app, "boat")
        n = actions(app)
        app.locator('[data-v="field:W4-2"]').first.scroll_into_view_if_needed()
        said = press(app, '[data-v="field:W4-2"]')
        assert "boat" in said and "N2.6" in said, said
        assert actions(app) == n
        click(app, app.locator(intent("home")).first)
        for gid, where, rule in (("choose", "svg.row[data-v=common]", "K3"), ("build", 'svg.route[data-v="route:1"]', "K4")):
            continue_game(app, gid)
            app.locator(where).first.scroll_into_view_if_needed()
            said = press(app, where)
            assert rule in said, (gid, said)
            click(app, app.locator(intent("home")).first)
    finally:
        if size:
            app.set_viewport_size(size)
