"""The keyboard and the ear (issue 43, "a whole game without sight"), step by step: where the keyboard goes
after a move, a dialog that gives it back, the board and the log as one Tab stop each with the arrow keys
inside, and what the live region ``#say`` says — the person's own move, and where the game stands (S).
Every step here is made with keys; a test places the keyboard only to start from a known control."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .test_a11y import open_golden
from .ui import head_control, intent, renders, start_game, wait_renders_after

ACTIVE = """() => { const a = document.activeElement;
  return a && a !== document.body ? {i: a.getAttribute('data-i'), v: a.getAttribute('data-v'), id: a.id,
    text: (a.getAttribute('aria-label') || a.textContent || '').trim()} : null; }"""


def active(page: Page) -> dict | None:
    return page.evaluate(ACTIVE)


def press(page: Page, key: str) -> None:
    """A key the app answers (Enter on a control, Escape, S): wait for its redraw."""
    before = renders(page)
    page.keyboard.press(key)
    wait_renders_after(page, before)


def heard(page: Page) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll('#say p')].map(p => p.textContent)")


def test_escape_from_the_rules_help_gives_the_keyboard_back_to_the_rules_button(app: Page) -> None:
    start_game(app, names=("Amun", "Bastet"))
    rules = head_control(app, "rules")
    rules.focus()
    press(app, "Enter")
    expect(app.locator(".rules-help")).to_be_visible()
    assert active(app)["i"] == "rules" and app.evaluate("() => !!document.activeElement.closest('.rules-help')")
    press(app, "Escape")
    expect(app.locator(".rules-help")).to_have_count(0)
    now = active(app)
    assert now is not None and now["i"] == "rules", now
    assert app.evaluate("() => !document.activeElement.closest('.rules-help')")


def test_a_crop_chosen_by_key_leads_to_the_board_one_tab_stop_the_arrows_inside_then_the_prompt(app: Page) -> None:
    open_golden(app, "banks", "r1-16-5p-n10-n12-mid-turn.json")
    crop = app.locator(".actions [data-i=pick][data-v^='supply:']").first
    crop.focus()
    press(app, "Enter")  # a crop chosen: the keyboard is on the first field it may be sown on
    offered = app.locator(".board-frame [data-i=pick][tabindex][data-v^='field:']")
    first = active(app)
    assert first["v"] == offered.first.get_attribute("data-v"), first
    assert app.locator(".board-frame [data-i][tabindex='0']").count() == 1  # the board is one stop of the Tab key
    app.keyboard.press("ArrowRight")
    second = active(app)
    assert second["v"] == offered.nth(1).get_attribute("data-v"), second
    app.keyboard.press("ArrowLeft")
    app.keyboard.press("ArrowLeft")  # wraps round to the last place the board offers (the boat's last marker)
    group = app.locator(".board-frame [data-i][tabindex], .board-frame button[data-i]:not([disabled])")
    assert active(app)["v"] == group.last.get_attribute("data-v")
    app.keyboard.press("Home")
    assert active(app)["v"] == first["v"]
    field = first["v"].split(":", 1)[1]
    press(app, "Enter")
    now = active(app)
    assert now is not None and now["id"] == "prompt", now  # the next step's place: what to do now
    said = heard(app)
    assert said and field in said[-1], said  # the person's own move is heard


def test_after_a_kap_build_the_keyboard_is_on_the_prompt_not_on_pass(app: Page) -> None:
    open_golden(app, "cape", "r1-04-4p-build-bonus.json")
    build = app.locator(".actions [data-i=act]:not(.unavailable)").filter(has_text=re.compile("Build|Bau"))
    if not build.count():
        build = app.locator(".actions [data-i=act]:not(.unavailable)").first
    build.first.focus()
    before = app.evaluate("() => Number(document.body.dataset.actions)")
    press(app, "Enter")
    if app.locator("[data-i=confirm]").count():  # asked once: yes (the dialog has the keyboard)
        assert active(app)["i"] == "confirm"
        press(app, "Enter")
    assert app.evaluate("() => Number(document.body.dataset.actions)") > before
    now = active(app)
    assert now is not None and now["i"] not in ("act",), now  # one more Enter must not pass the next turn
    assert now["id"] in ("prompt",) or now["i"] in ("moment-close", "lesson-close"), now


def test_the_log_is_one_tab_stop_and_the_arrows_read_its_lines(app: Page) -> None:
    open_golden(app, "banks", "r1-04-5p-mid-turn.json")
    app.locator(".side > .log").focus()
    app.keyboard.press("ArrowDown")
    line = app.evaluate("() => document.activeElement.tagName + ' ' + document.activeElement.textContent")
    newest = app.locator(".side > .log li").first.text_content()
    assert line == f"LI {newest}", line
    app.keyboard.press("ArrowDown")
    assert app.evaluate("() => document.activeElement.textContent") == app.locator(".side > .log li").nth(1).text_content()
    app.keyboard.press("Tab")  # out of the log at once, not through its lines
    assert app.evaluate("() => !document.activeElement.closest('.log') || document.activeElement.matches('.rule-link')") is True


def test_s_says_where_the_game_stands(app: Page) -> None:
    open_golden(app, "banks", "r1-04-5p-mid-turn.json")
    app.locator(".actions #prompt").focus()
    press(app, "s")
    said = heard(app)[-1]
    assert re.match(r"Round \d+, the tide marker on (Flood|Ebb 1|Ebb 2)\. Points: ", said), said
    assert "action points left." in said or "action point left." in said
    assert intent("pick") and active(app)["id"] == "prompt"  # asking moved nothing


def test_what_one_person_heard_is_gone_when_the_device_goes_round(app: Page) -> None:
    """N9: a hand-over screen hides the table from the next person; #say, which a screen reader can read back,
    is emptied too (what the last person asked and heard is not left for the next)."""
    start_game(app, names=("Amun", "Bastet"), variants=("N12",))
    expect(app.locator(".handover")).to_be_visible()
    app.locator(".handover [data-i=reveal-bidder]").first.focus()
    press(app, "Enter")  # Amun bids, at the table
    app.locator(".bid-private #prompt").focus()
    press(app, "s")
    asked = heard(app)[-1]
    assert asked.startswith("Set-up."), asked
    app.locator(".bid-private [data-i=bid-submit]").focus()
    press(app, "Enter")
    expect(app.locator(".handover")).to_contain_text("Bastet")
    assert asked not in heard(app) and heard(app) == ["Amun has made a secret bid."], heard(app)  # only the public news
