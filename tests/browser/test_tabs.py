"""One game, one tab (issue 23), in a real Chromium: two tabs of one browser on one game. The tab that
opens it second only shows it (Web Locks) and says so; a click on its board changes nothing; Take over
plays it there and turns the first tab read-only in turn; every move made in either tab is in the
stored save. A game started in one tab shows on the other tab's home without a reload."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from nile.games import load_save
from nile.messages import text as msg

from .conftest import open_app
from .ui import (
    PREFIX,
    REDRAWN_AFTER_JS,
    actions,
    advance,
    click,
    intent,
    only_game,
    renders,
    screen,
    start_game,
    storage,
)


def stored_actions(page: Page, gid: str) -> list[object]:
    return json.loads(storage(page)[PREFIX + gid])["actions"]


def move(page: Page) -> None:
    """One move, as the simple player makes it (a choice, then the place that commits it)."""
    before = actions(page)
    for _ in range(5):
        advance(page)
        if actions(page) > before:
            return
    raise AssertionError("no move made")


def touch_the_board(page: Page) -> None:
    """Click a field and press E (end turn) the way a player would; wait for the app to have answered."""
    before = renders(page)
    page.locator("svg.fields g.field").first.click()
    page.keyboard.press("e")  # a shortcut key always redraws: once it has, the click was handled too
    page.wait_for_function(REDRAWN_AFTER_JS, arg=before)


def test_one_game_is_played_in_one_tab_at_a_time_and_nothing_is_lost(new_context) -> None:
    context = new_context()
    first, second = context.new_page(), context.new_page()
    open_app(first)
    open_app(second)
    # a game started in the first tab shows on the second tab's home at once, with where it stands
    start_game(first)
    gid, _ = only_game(first)
    state = load_save(storage(first)[PREFIX + gid])
    to_play = state.options.players[state.to_act()[0]].name
    where = (msg("ui.summary_round", round=state.round, player=to_play) if state.round  # set-up says so, not "Round 0"
             else msg("ui.summary_setup", player=to_play))
    expect(second.locator(".saved")).to_have_count(1)
    expect(second.locator(".saved")).to_contain_text(where)
    # opened in the second tab too: shown there, read-only, and said so
    click(second, intent("continue", gid))
    line = second.locator(".read-only-line")
    expect(line).to_contain_text(msg("ui.open_elsewhere"))
    assert second.locator(".board [data-i=pick], .actions [data-i=act]").count() == 0
    move(first)  # the first tab plays on; the second follows it
    played = actions(first)
    firsts = stored_actions(first, gid)
    second.wait_for_function("n => Number(document.body.dataset.actions) === n", arg=played)
    saved = storage(first)[PREFIX + gid]
    touch_the_board(second)
    assert actions(second) == played and storage(second)[PREFIX + gid] == saved
    assert not second.locator(".notice.error").count()
    # Take over: the second tab plays it, the first only shows it and says so
    click(second, intent("take-over"))
    expect(line).to_have_count(0)
    expect(second.locator(".notice.info")).to_contain_text(msg("ui.playing_here"))
    expect(first.locator(".read-only-line")).to_contain_text(msg("ui.taken_elsewhere"))
    move(second)
    first.wait_for_function("n => Number(document.body.dataset.actions) === n", arg=played + 1)
    saved = storage(first)[PREFIX + gid]
    touch_the_board(first)
    assert actions(first) == played + 1 and storage(first)[PREFIX + gid] == saved
    # every move of both tabs is stored, none rewritten
    assert len(firsts) == played and stored_actions(first, gid)[:played] == firsts
    assert len(stored_actions(first, gid)) == played + 1
    # the second tab goes home: the first, waiting for the game, plays it again
    click(second, intent("home"))
    expect(first.locator(".read-only-line")).to_have_count(0)
    expect(first.locator(".notice.info")).to_contain_text(msg("ui.playing_here"))
    move(first)
    assert len(stored_actions(first, gid)) == played + 2 and stored_actions(first, gid)[:played] == firsts
    assert screen(second) == "home"
