"""Playing through the page: set-up form, rounds, illegal clicks, undo, a phone, a whole game, secret bids."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from nile.banks.data import MARKET_INDEX
from nile.banks.state import ACTIONS
from nile.core import save
from nile.messages import text as msg

from .conftest import open_app
from .ui import (
    NAMES3,
    actions,
    advance,
    assert_covered,
    assert_in_viewport,
    click,
    continue_game,
    end_turn,
    in_turn,
    intent,
    only_game,
    options,
    perform,
    play_until,
    put_saves,
    random_game,
    renders,
    replay,
    round_shown,
    save_at_turn_start,
    saved_games,
    screen,
    sow_once,
    start_game,
    storage,
    wait_renders_after,
)


def test_three_players_set_up_and_play_two_rounds(app: Page) -> None:
    start_game(app, names=NAMES3)
    expect(app.locator(".player h3")).to_have_count(3)
    for i, name in enumerate(NAMES3):
        expect(app.locator(".player h3").nth(i)).to_contain_text(name)
    gid, stored = only_game(app)
    assert stored["options"]["players"][1]["name"] == "Bastet" and stored["actions"] == []

    seen_rounds = [round_shown(app)]
    counts = [actions(app)]
    turns_ended = sown = 0
    clicks = 0
    while round_shown(app) < 3:
        clicks += 1
        assert clicks < 300, f"still in round {round_shown(app)} after 300 clicks"
        if in_turn(app):
            if sow_once(app):  # every turn: sow one marker, then end the turn
                sown += 1
            end_turn(app)
            turns_ended += 1
        else:
            advance(app)
        counts.append(actions(app))
        if round_shown(app) != seen_rounds[-1]:
            seen_rounds.append(round_shown(app))
    assert seen_rounds == [0, 1, 2, 3], seen_rounds  # set-up shows round 0
    assert counts == sorted(counts) and counts[-1] > counts[0] + 20, counts
    assert turns_ended == 6 and sown >= 3, (turns_ended, sown)
    # the autosave kept up with every action
    assert len(saved_games(app)[gid]["actions"]) == actions(app)
    expect(app.locator(".log li").first).to_be_visible()


def test_typing_a_name_then_clicking_start_starts_the_game(app: Page) -> None:
    click(app, intent("new", "banks"))
    app.locator(intent("setup-name", "0")).fill("Zed")
    before = renders(app)
    app.locator(intent("start-game")).click()  # straight from the text field, as players do
    wait_renders_after(app, before)
    assert screen(app) == "game", "the click on 'Start the game' did nothing"
    expect(app.locator(".player h3").first).to_contain_text("Zed")


def test_start_player_choice_follows_the_names_as_they_are_typed(app: Page) -> None:
    click(app, intent("new", "banks"))
    start = app.locator(intent("setup-option", "start"))
    app.locator(intent("setup-name", "1")).fill("Nefertari")
    expect(start.locator('option[value="1"]')).to_have_text("Nefertari")
    app.locator(intent("setup-name", "1")).fill("")
    expect(start.locator('option[value="1"]')).to_have_text("2")  # no name yet: the seat number
    app.locator(intent("setup-name", "1")).fill("Tiye")
    before = renders(app)
    start.select_option(label="Tiye")
    wait_renders_after(app, before)
    click(app, intent("start-game"))
    _, stored = only_game(app)
    assert stored["options"]["players"][1]["name"] == "Tiye"
    assert stored["options"]["start"] == 1, stored["options"]


@pytest.fixture(scope="module")
def turn_start_save() -> Any:
    return save_at_turn_start()


def open_turn_start(app: Page, made: Any, gid: str = "t1") -> None:
    put_saves(app, {f"nile:game:{gid}": made.text})
    continue_game(app, gid)
    assert actions(app) == len(made.state.history)
    assert in_turn(app)


def games(page: Page) -> dict[str, str]:
    """The stored games and index (not the page's copy of its last screen, which follows every redraw)."""
    return {k: v for k, v in storage(page).items() if k != "nile:last-screen"}


def test_illegal_clicks_change_nothing(app: Page, turn_start_save: Any) -> None:
    open_turn_start(app, turn_start_save)
    before_store, before_actions, before_renders = games(app), actions(app), renders(app)

    # a covered field (out of play with 3 players) is not clickable at all
    covered = app.locator("g.field.covered").first
    expect(covered).to_have_attribute("aria-label", re.compile("out of play"))
    covered.click()
    assert (actions(app), renders(app), games(app)) == (before_actions, before_renders, before_store)

    # choose a crop to sow, then click an in-play field that is not highlighted
    click(app, app.locator("button.chip.target[data-v^='supply:']").first)
    expect(app.locator(".actions p.selected")).to_be_visible()
    plain = app.locator("g.field:not(.covered):not(.act)")
    assert plain.count() > 0
    highlighted = app.locator("g.field.act").count()
    click(app, plain.first)  # not a target, but it says why (here: the sowing rule that forbids it)
    assert actions(app) == before_actions and games(app) == before_store
    expect(app.locator(".notice")).to_contain_text(re.compile(r"Sowing \w+ on [EWM]\d-\d is not allowed"))  # in the player's words
    expect(app.locator(".actions p.selected")).to_be_visible()  # the selection is kept
    assert app.locator("g.field.act").count() == highlighted

    # a forged click (a page that lies about what was clicked) is refused by the rules
    covered_name = covered.get_attribute("aria-label").split(":")[0]
    before = renders(app)
    app.evaluate("""name => {
        const b = document.createElement('button');
        b.dataset.i = 'act'; b.dataset.v = 'sow flax ' + name; b.id = 'forged'; b.textContent = 'forged';
        document.querySelector('#app').prepend(b);
        b.click();
    }""", covered_name)
    wait_renders_after(app, before)
    expect(app.locator(".notice.error")).to_be_visible()
    assert actions(app) == before_actions and games(app) == before_store
    assert screen(app) == "game" and in_turn(app)


def test_undo_takes_back_a_move_but_not_past_the_turn_start(app: Page, turn_start_save: Any) -> None:
    open_turn_start(app, turn_start_save)
    undo = app.locator(intent("undo"))
    expect(undo).to_be_disabled()  # nothing of this turn to take back
    board_before = app.locator(".board").inner_html()
    ap_before = app.locator(".status .ap").inner_text()
    n, gid = actions(app), "t1"
    saved_before = saved_games(app)[gid]["actions"]

    assert sow_once(app)
    assert actions(app) == n + 1
    assert len(saved_games(app)[gid]["actions"]) == n + 1
    assert app.locator(".board").inner_html() != board_before
    expect(undo).to_be_enabled()

    click(app, undo)
    assert actions(app) == n
    assert saved_games(app)[gid]["actions"] == saved_before
    assert app.locator(".board").inner_html() == board_before
    assert app.locator(".status .ap").inner_text() == ap_before
    expect(app.locator(intent("undo"))).to_be_disabled()


@pytest.fixture
def phone(new_context: Callable[..., BrowserContext]) -> Page:
    context = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                          device_scale_factor=3)
    return open_app(context.new_page())


def test_phone_can_complete_a_turn_by_tapping(phone: Page) -> None:
    start_game(phone, names=("Amun", "Bastet"), tap=True)
    expect(phone.locator("svg.fields.portrait")).to_be_visible()
    play_until(phone, lambda: in_turn(phone), tap=True)
    player = phone.locator(".status .whose").inner_text()
    n = actions(phone)
    assert sow_once(phone, tap=True)
    assert actions(phone) == n + 1
    end = phone.locator(intent("act", "end"))
    assert_in_viewport(phone, end)
    click(phone, end, tap=True)
    confirm = phone.locator(intent("confirm", "end"))  # "End your turn with 3 AP unused?"
    assert_in_viewport(phone, confirm)
    click(phone, confirm, tap=True)
    assert actions(phone) == n + 2
    assert phone.locator(".status .whose").inner_text() != player  # the next player's turn
    assert phone.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), "page scrolls sideways"


def finished_game(seed: int = 10, rounds_back: int = 2) -> tuple[Any, int]:
    """A random 3-player game to its end, and where the UI takes over: the start of the round
    ``rounds_back`` rounds before the end (seed 10: 26 actions, with water, ebb, rot, sow,
    grow, harvest, buy and joker, and a tie on points broken by markers lost)."""
    end = random_game(options(), seed)
    assert end.is_terminal()
    last_round = end.round
    s = replay(options(), seed, [])
    cut = None
    for i, (player, action) in enumerate(end.history):
        if cut is None and s.round >= last_round - rounds_back + 1:
            cut = i
        s.apply(action, player)
    assert cut is not None
    return end, cut


def test_a_whole_game_to_the_final_ranking(app: Page) -> None:
    end, cut = finished_game()
    start = replay(options(), end.seed, end.history[:cut])
    put_saves(app, {"nile:game:final": save.dumps(start)})
    continue_game(app, "final")
    assert actions(app) == cut
    for player, action in end.history[cut:]:  # about two rounds of real clicks
        assert screen(app) == "game" and not app.locator(".end").count()
        perform(app, action.text(), player)
    assert len(end.history) - cut > 20

    final = app.locator(".end")
    expect(final).to_be_visible()
    expect(final.locator("h2")).to_have_text("Game over")
    result = end.result()
    rows = final.locator("table.ranking tbody tr")
    expect(rows).to_have_count(3)
    names = [p.name for p in end.options.players]
    for row, r in zip(rows.all(), result["ranking"]):
        cells = row.locator("td").all_inner_texts()
        assert cells == [str(r["place"]), names[r["player"]], str(r["score"]), str(r["lost"])]
    expect(final).to_contain_text(msg("tie_break." + result["tie_break"]))
    expect(final).to_contain_text(msg("reason." + result["reason"]))
    # nothing is left to click on the board, and the save is the finished game
    assert not app.locator("[data-i=pick], [data-i=act]").count()
    assert saved_games(app)["final"]["actions"] == end.history_texts()
    click(app, final.locator(intent("home")))
    winners = " & ".join(names[p] for p in result["winners"])
    expect(app.locator(".saved").first).to_contain_text(f"Finished — {winners} won")


def harvest_into_used_row(state: Any) -> bool:
    """The player to act may harvest a selected ripe fruit into a market row holding fruit."""
    if state.phase != ACTIONS or state.turn_mark != len(state.history):
        return False
    return any(a.kind == "harvest" and state.market[MARKET_INDEX[a.args[1]]] for a in state.legal_actions())


def test_clicking_fruit_in_a_highlighted_market_row_harvests(app: Page) -> None:
    s = random_game(options(), 10, harvest_into_used_row)
    assert harvest_into_used_row(s)
    harvest = next(a for a in s.legal_actions() if a.kind == "harvest" and s.market[MARKET_INDEX[a.args[1]]])
    fname, market = harvest.args
    put_saves(app, {"nile:game:h": save.dumps(s)})
    continue_game(app, "h")
    n = actions(app)
    click(app, intent("pick", f"field:{fname}"))  # select the ripe fruit
    row = app.locator(f"g.mrow.act[data-v='market:{market}']")
    expect(row).to_be_visible()
    fruit = app.locator(f"g.mrow[data-v='market:{market}'] + g.marks + g.fruit")  # stall 1 of that row
    fruit.scroll_into_view_if_needed()
    box = fruit.bounding_box()
    before = renders(app)
    app.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # where the player taps
    app.evaluate("() => 0")  # the click's handler (if any) has run
    assert renders(app) > before and actions(app) == n + 1, "the click on the highlighted row did nothing"


def test_secret_bids_stay_secret_on_the_hand_over_screen(app: Page) -> None:
    start_game(app, names=NAMES3, variants=("N12",))
    handover = app.locator(".handover")
    expect(handover).to_contain_text("Pass the device to Amun")
    assert_covered(app)  # nobody sees the board during bids

    click(app, intent("reveal-bidder", "0"))
    expect(app.locator(".bid-private h2")).to_contain_text("Amun")
    expect(app.locator(".board")).to_be_visible()  # Amun bids at the table, the board in sight (issue 21)
    for _ in range(3):
        click(app, intent("bid-change", "flax:+"))
    expect(app.locator(".bid-private .bid-total")).to_contain_text("3")
    click(app, intent("bid-submit"))

    expect(handover).to_contain_text("Pass the device to Bastet")
    expect(handover).to_contain_text("Already bid: Amun")
    assert_covered(app)
    seen = app.locator(".handover-cover").evaluate("e => ({text: e.innerText, all: e.textContent, html: e.outerHTML})")
    for where in ("text", "all"):
        assert "3" not in seen[where], f"the bid's size shows on the hand-over screen: {seen[where]!r}"
    assert "flax" not in seen["html"].lower(), "the bid's crop shows on the hand-over screen"
    # under the cover, the table from nobody's view: no bid in it (tests/web/test_controller.py: the page is the
    # same whatever Amun bid), no input, nothing to reach
    assert not app.locator(".bid-private, .actions output").count()
    expect(app.locator(".handover-cover")).to_have_attribute("aria-modal", "true")

    for seat in ("1", "2"):  # the others bid nothing
        click(app, intent("reveal-bidder", seat))
        expect(app.locator(".bid-private .bid-total")).to_contain_text("0")
        click(app, intent("bid-submit"))
    # bids opened: Amun bid most and starts; the bid went to the boat
    expect(app.locator(".status .whose")).to_have_text("Amun to play")
    expect(app.locator(".boat .boat-items")).to_contain_text("flax ×3")
    assert actions(app) == 3


def test_a_move_can_be_made_with_the_keyboard_alone(app: Page, turn_start_save: Any) -> None:
    """Tab to a crop, Enter; Tab to a highlighted field (a focusable SVG button), Enter: sown."""
    open_turn_start(app, turn_start_save)
    n = actions(app)
    crop = app.locator("button.chip.target[data-v^='supply:']").first
    crop.focus()
    before = renders(app)
    app.keyboard.press("Enter")
    wait_renders_after(app, before)
    field = app.locator("g.field.act").first
    label = field.get_attribute("aria-label") or ""
    assert "AP" in label and field.get_attribute("role") == "button" and field.get_attribute("tabindex") == "0"
    field.focus()
    before = renders(app)
    app.keyboard.press("Enter")
    wait_renders_after(app, before)
    assert actions(app) == n + 1
    # focus came back to the page's controls: Space on the End turn button ends the turn
    end = app.locator(intent("act", "end"))
    end.focus()
    before = renders(app)
    app.keyboard.press("Space")
    wait_renders_after(app, before)
    if app.locator(intent("confirm", "end")).count():  # asked once, with action points left
        app.locator(intent("confirm", "end")).focus()
        before = renders(app)
        app.keyboard.press("Enter")
        wait_renders_after(app, before)
    assert actions(app) == n + 2


def test_rules_help_opens_from_home_takes_the_keyboard_and_closes_with_escape(app: Page) -> None:
    assert screen(app) == "home"
    app.get_by_role("button", name=msg("rules.title")).focus()
    before = renders(app)
    app.keyboard.press("Enter")
    wait_renders_after(app, before)
    dialog = app.get_by_role("dialog", name=msg("rules.title"))
    expect(dialog).to_be_visible()
    # the keyboard is in the dialog (on its Close button)
    assert app.evaluate("() => !!document.activeElement.closest('.rules-help')")
    contents = dialog.get_by_role("navigation")
    for rid in ("N1", "N4", "N7", "N13"):  # every rule is a page of the contents
        expect(contents.locator(intent("rules-open", f"banks:{rid}"))).to_contain_text(msg(f"rules.{rid}.title"))
    click(app, contents.locator(intent("rules-open", "banks:N4")))
    expect(dialog.locator("#rule-N4 h3")).to_contain_text(msg("rules.N4.title"))
    # Escape closes it, wherever the keyboard is in it
    before = renders(app)
    app.keyboard.press("Escape")
    wait_renders_after(app, before)
    expect(app.locator(".rules-help")).to_have_count(0)
    assert screen(app) == "home"


def test_shortcut_keys_u_undoes_and_e_ends_the_turn(app: Page, turn_start_save: Any) -> None:
    open_turn_start(app, turn_start_save)
    n = actions(app)
    assert sow_once(app) and actions(app) == n + 1
    app.locator("body").click(position={"x": 2, "y": 2})  # focus on the page, not on a text field
    before = renders(app)
    app.keyboard.press("u")
    wait_renders_after(app, before)
    assert actions(app) == n
    before = renders(app)
    app.keyboard.press("e")
    wait_renders_after(app, before)
    assert actions(app) == n  # with action points left it asks once…
    expect(app.locator(".actions.confirm")).to_contain_text("AP unused")
    before = renders(app)
    app.keyboard.press("e")  # …and E again says yes
    wait_renders_after(app, before)
    assert actions(app) == n + 1  # the turn passed to the next player
