"""Show what happens, say why (issue 9) in the page: the reveal of sealed bids (N12 with a tie that
means bidding again on the hand-over screen, Kap's auction), the scoring moment (N7), replay
stepping forward and back to the engine's positions, and the why-line for six kinds of refusal."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

from playwright.sync_api import Page, expect

from nile.banks.options import Options, Player
from nile.banks.state import BanksState
from nile.core import save
from nile.games import load_save, spec_of
from nile.messages import describe
from tests.web.test_why import SAYS
from tests.web.why_cases import find_cases

from .ui import actions, click, continue_game, head_control, intent, perform, put_saves, settled, start_game

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def test_n12_bids_are_revealed_and_a_tie_to_bid_again_is_said_on_the_hand_over_screen(app: Page) -> None:
    start_game(app, names=("Amun", "Bastet"), variants=("N12",))
    for _ in range(2):  # both bid nothing: tied
        click(app, app.locator(".handover [data-i=reveal-bidder]").first)
        click(app, intent("bid-submit"))
    moment = app.locator(".moment")
    expect(moment).to_contain_text("The start-player bids, revealed")
    expect(moment).to_contain_text("they bid again")
    expect(app.locator(".handover [data-i=reveal-bidder]")).to_have_count(2)  # under it, the hand-over screen
    for _ in range(2):
        click(app, app.locator(".handover [data-i=reveal-bidder]").first)
        click(app, intent("bid-submit"))
    expect(moment).to_contain_text("is the start player")
    click(app, intent("moment-close"))
    expect(app.locator(".moment")).to_have_count(0)


def test_kap_bids_are_revealed_with_the_choosing_order(app: Page) -> None:
    start_game(app, names=("Amun", "Bastet"), game="cape")
    for step in ("+10", "+1"):
        click(app, app.locator(".handover [data-i=reveal-bidder]").first)
        click(app, intent("bid-change", step))
        click(app, intent("bid-submit"))
    moment = app.locator(".moment")
    expect(moment).to_contain_text("The auction's bids, revealed")
    expect(moment.locator("table tbody tr")).to_have_count(2)
    expect(moment).to_contain_text("Choosing order: Amun and Bastet")


def _before_a_scoring(seed: int = 3) -> tuple[str, str, int]:
    """A 3-player game (engine-made) one action before a market scoring: (save, that action, its player)."""
    opts = Options(tuple(Player(n, c) for n, c in (("Amun", "red"), ("Bastet", "blue"), ("Horus", "green"))), 0)
    state, rng = BanksState(opts, seed), Random(seed)
    while not state.is_terminal():
        seats = state.to_act()
        p = seats[0]
        legal = state.legal_actions(p)
        if len(seats) == 1 and state.phase == "actions":
            for a in legal:
                if a.kind == "end":
                    after = state.clone()
                    after.apply(a, p)
                    if any(e.key == "scoring.done" for e in after.log[len(state.log):]):
                        return save.dumps(state), a.text(), p
        busy = [a for a in legal if a.kind in ("sow", "harvest", "grow")]
        state.apply(rng.choice(busy if busy and rng.random() < 0.85 else list(legal)), p)
    raise AssertionError("no scoring found")


def test_a_market_scoring_is_shown_as_a_moment(app: Page) -> None:
    text, action, player = _before_a_scoring()
    put_saves(app, {"nile:game:s1": text})
    continue_game(app, "s1")
    perform(app, action, player)
    moment = app.locator(".moment")
    expect(moment).to_contain_text("Scoring after round")
    expect(moment).to_contain_text("Market row")
    expect(moment.locator(".moment-total")).to_contain_text("(now ")
    expect(moment).to_contain_text("obelisk")
    click(app, intent("moment-close"))


def test_on_a_phone_a_scoring_opens_with_its_title_in_sight(app: Page) -> None:
    """Issue 21: the scoring pop-up opened above the board with its title scrolled off when the person
    had scrolled down to the market; now the page brings the title into sight."""
    size = app.viewport_size
    app.set_viewport_size({"width": 390, "height": 844})
    try:
        text, action, player = _before_a_scoring()
        put_saves(app, {"nile:game:s1": text})
        continue_game(app, "s1")
        assert action == "end"
        app.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        assert app.evaluate("() => window.scrollY") > 300  # scrolled down, the top of the page out of sight
        click(app, intent("act", "end"))
        if app.locator(intent("confirm", "end")).count():
            app.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
            click(app, intent("confirm", "end"))
        title = app.locator("#moment-title")
        expect(title).to_contain_text("Scoring after round")
        app.wait_for_timeout(300)  # a smooth scroll, if any, has ended
        box = title.bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 844, box
    finally:  # the next tests of the shared page see the size they expect (the head line's controls in it)
        if size:
            app.set_viewport_size(size)


def test_replay_steps_forward_and_back_to_the_engines_positions(app: Page) -> None:
    data = json.loads((GOLDEN / "cape" / "r1-06-2p-over-crossings.json").read_text())["save"]
    put_saves(app, {"nile:game:g1": json.dumps(data)})
    continue_game(app, "g1")
    live = load_save(json.dumps(data))
    n = len(live.history)
    click(app, head_control(app, "replay"))
    expect(app.locator(".status.replaying")).to_contain_text(f"after {n} of {n} actions")
    click(app, intent("replay-step", "start"))
    names = ["Amun", "Bastet"] if data["options"]["players"][0]["name"] == "Amun" else [p["name"] for p in data["options"]["players"]]
    engine = spec_of("cape").new_state(live.options, live.seed)
    shown = []
    for i in range(1, 7):
        before = len(engine.log)
        player, action = live.history[i - 1]
        engine.apply(action, player)
        click(app, intent("replay-step", "+1"))
        expect(app.locator(".status.replaying")).to_contain_text(f"after {i} of {n} actions")
        step = app.locator(".step-log").inner_text()
        for entry in engine.log[before:]:
            assert describe(entry.to_json(), names, "en") in step
        settled(app)  # (read at rest: a piece still moving carries the motion's marks)
        shown.append(app.locator(".board, .table").first.inner_html())
    for i in (5, 4):
        click(app, intent("replay-step", "-1"))
        expect(app.locator(".status.replaying")).to_contain_text(f"after {i} of {n} actions")
        settled(app)
        assert app.locator(".board, .table").first.inner_html() == shown[i - 1]  # the same position again
    assert actions(app) == n  # the game itself is untouched
    click(app, intent("replay-exit"))
    expect(app.locator(".status.replaying")).to_have_count(0)


def test_impossible_clicks_say_why_for_six_kinds_of_refusal(app: Page) -> None:
    cases = find_cases()
    assert len(cases) >= 5
    for number, (key, (text, clicks)) in enumerate(sorted(cases.items())):
        gid = f"w{number}"
        put_saves(app, {f"nile:game:{gid}": text})
        continue_game(app, gid)
        n = actions(app)
        for i, v in clicks:
            target = app.locator(intent(i, v)).first
            target.dispatch_event("click")  # also where the page draws no target (that is the point)
        notice = app.locator(".notice")
        expect(notice).to_contain_text(SAYS[key])
        assert actions(app) == n
        click(app, intent("home"))


SPRITE_CHECK = """() => {
  const sprites = document.querySelectorAll('svg#nile-sprite');
  const missing = [...document.querySelectorAll('#app use')].map(u => u.getAttribute('href'))
    .filter(h => !document.querySelector('#nile-sprite ' + h.replace('#', 'symbol#')));
  return {sprites: sprites.length, uses: document.querySelectorAll('#app use').length, missing: [...new Set(missing)],
          inApp: sprites.length === 1 && sprites[0].parentElement.id === 'app'};
}"""


def test_one_sprite_holds_the_artwork_through_redraws_replay_and_the_rules_help(app: Page) -> None:
    """Issue 21: the games' symbols are in the page exactly once, however the page was redrawn (the
    morphing redraw keeps the one live copy), and every piece drawn with <use> finds its symbol."""
    data = json.loads((GOLDEN / "banks" / "r1-04-5p-mid-turn.json").read_text())["save"]
    put_saves(app, {"nile:game:g1": json.dumps(data)})
    continue_game(app, "g1")

    def check(where: str) -> None:
        seen = app.evaluate(SPRITE_CHECK)
        assert seen["sprites"] == 1 and seen["inApp"] and not seen["missing"], (where, seen)
        assert seen["uses"] > 20, (where, seen)

    check("board")
    click(app, head_control(app, "replay"))
    expect(app.locator(".status.replaying")).to_be_visible()
    click(app, intent("replay-step", "start"))
    check("replay")
    click(app, intent("replay-exit"))
    expect(app.locator(".status.replaying")).to_have_count(0)
    click(app, intent("rules"))
    click(app, intent("rules-open", "banks:N7"))
    expect(app.locator(".rules-page figure.diagram svg").first).to_be_visible()
    check("rules help")
