"""Speaking the printed games' languages and teaching a newcomer, in the page (issue 19): a whole guided
first game of each game played to its end in a language other than English, following the coach; the
language switched in the middle of a game; a refused tap's why-line opening its rule with its
picture; and axe-core at zero serious/critical on the new screens."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .test_a11y import open_golden, serious
from .ui import (
    LEARNER,
    click,
    continue_game,
    find,
    head_control,
    intent,
    learn,
    play_against_bots,
    put_saves,
    renders,
    save_at_turn_start,
    screen,
    settled,
    wait_renders_after,
)


def set_language(page: Page, lang: str) -> None:
    switch = page.locator(intent("lang")).first
    if not switch.is_visible():  # a game's head line: behind its menu button
        switch = head_control(page, "lang")
    switch.select_option(lang)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)


def play_guided(page: Page) -> dict[str, int]:
    """Follow the coach to the end of the game; the computer player's moves are skipped to at once."""
    counts = {"lessons": 0, "coached": 0}

    def seen(hit: dict[str, str], target: Locator) -> None:
        counts["lessons"] += hit["i"] == "lesson-close"
        counts["coached"] += bool(target.evaluate("el => el.matches('.coach')"))

    counts["clicks"] = play_against_bots(page, LEARNER, max_steps=3000, seen=seen)
    return counts


@pytest.mark.parametrize("game,lang,words", [("cape", "fr", ("Fin de la partie", "Enchères")),
                                             ("banks", "de", ("Das Spiel ist vorbei", "Flut"))])
def test_a_guided_first_game_is_played_to_its_end_in_another_language(app: Page, game: str, lang: str, words) -> None:
    set_language(app, lang)
    try:
        learn(app, game)
        assert screen(app) == "game"
        assert app.locator(".lesson").count() == 1  # the welcome lesson, with its rule
        counts = play_guided(app)
        assert counts["lessons"] >= 5 and counts["coached"] > 3, counts
        end = app.locator("#app").inner_text()
        log = app.locator(".log").text_content() or ""  # its text: lines out of sight are not rendered
        assert any(w in end + log for w in words), end[:300]
        for english in ("Game over", "Round", "What happened", "Learning", "Got it"):
            assert not re.search(rf"\b{english}\b", end), english
    finally:
        set_language(app, "en")


def test_the_language_switched_in_the_middle_of_a_game_redraws_the_log_at_once(app: Page) -> None:
    open_golden(app, "banks", "r1-15-4p-all-variants-after-scorings.json")
    english_log = app.locator(".log li").first.text_content()  # its text: a line out of sight is not rendered
    try:
        for lang, round_word in (("fr", "Tour"), ("nl", "Ronde"), ("de", "Runde")):
            set_language(app, lang)
            assert app.locator(".status .round").inner_text().startswith(round_word)
            assert app.locator(".log li").first.text_content() != english_log
            assert app.locator(".status [data-i=lang]").count() == 1  # the switch stays on the board
    finally:
        set_language(app, "en")


def test_a_refused_taps_why_line_opens_its_rule_with_a_picture(app: Page) -> None:
    made = save_at_turn_start()
    put_saves(app, {"nile:game:t1": made.text})
    continue_game(app, "t1")
    click(app, app.locator("button.chip.target[data-v^='supply:']").first)
    refused = app.locator("g.field:not(.covered):not(.act)").first  # a field the chosen crop cannot be sown on
    click(app, refused)
    link = app.locator(".notice [data-i=rules-open]")
    assert link.count() == 1, app.locator(".notice").all_inner_texts()
    click(app, link)
    page_shown = app.locator(".rules-page")
    assert re.match(r"N\d+", page_shown.locator("h3").first.inner_text())
    assert page_shown.locator("figure.diagram svg").count() >= 1
    click(app, app.locator(".rules-head [data-i=rules]"))  # Close: back where the player was
    assert app.locator(".rules-help").count() == 0 and screen(app) == "game"
    assert app.locator(".actions p.selected").count() == 1  # the crop the player chose is still chosen


def test_the_new_screens_have_no_serious_accessibility_problems(app: Page) -> None:
    found = {}
    found["home with learn to play"] = serious(app)
    click(app, intent("learn", "banks"))
    found["learner's name"] = serious(app)
    app.locator(".learn " + intent("setup-name", "0")).fill("Anna")
    click(app, intent("start-game"))
    found["lesson"] = serious(app)
    click(app, intent("lesson-close"))
    for _ in range(20):
        if app.locator(".coach").count():
            break
        hit = find(app, LEARNER)
        if hit:
            click(app, app.locator(intent(hit["i"], hit["v"])).first)
    found["coach"] = serious(app)
    click(app, head_control(app, "rules-open"))
    found["round summary"] = serious(app)
    click(app, intent("rules-open", "banks:N7"))
    found["rule with pictures"] = serious(app)
    app.locator(intent("rules-search")).fill("obelisk")
    app.wait_for_selector(".hits")
    found["search"] = serious(app)
    assert not any(found.values()), json.dumps(found, indent=1)


#: the open rule's heading is on screen and not under the help's sticky head
IN_SIGHT = """() => { const r = document.querySelector('.rules-page h3').getBoundingClientRect();
    const head = document.querySelector('.rules-help .rules-head').getBoundingClientRect();
    return r.top >= head.bottom - 1 && r.bottom <= innerHeight; }"""


def test_on_a_phone_a_rule_chosen_from_the_contents_comes_into_sight(app: Page) -> None:
    """The contents fill a phone's first screen: the rule the player taps is scrolled to, its heading seen."""
    size = app.viewport_size
    app.set_viewport_size({"width": 390, "height": 844})
    try:
        click(app, intent("rules"))
        click(app, intent("rules-open", "cape:K4"))
        app.wait_for_function(IN_SIGHT, timeout=5_000)
        click(app, app.locator(".rules-page [data-i=rules-open]").last)  # the next page, at the page's foot
        app.wait_for_function(IN_SIGHT, timeout=5_000)
        click(app, app.locator(".rules-help .rules-head [data-i=rules]").first)  # Close
        expect(app.locator(".rules-help")).to_have_count(0)
    finally:
        app.set_viewport_size(size)


#: JS: what has the keyboard's focus — its intent (``data-i``), "body" when focus is lost, else its tag
FOCUSED = """() => { const a = document.activeElement;
  return !a || a === document.body ? 'body' : (a.getAttribute('data-i') || a.tagName.toLowerCase()); }"""


def test_a_newcomer_with_a_keyboard_is_never_left_without_focus(app: Page) -> None:
    """Tried by keyboard alone (issue 40): Enter on Learn to play left the keyboard on the language choice
    (the name typed went nowhere), a lesson that opened was 15 to 36 Tab presses away, and a bot's move
    left the focus on the page's body. Now the name field, then each new lesson's Got it takes the keyboard,
    and after it the keyboard is on a control of the table."""
    app.keyboard.press("Tab")
    for _ in range(40):
        if app.evaluate("() => document.activeElement?.matches('[data-i=learn][data-v=banks]')"):
            break
        app.keyboard.press("Tab")
    before = renders(app)
    app.keyboard.press("Enter")
    wait_renders_after(app, before)
    expect(app.locator(".learn input[type=text]")).to_be_focused()
    app.keyboard.type("Marijke")
    app.keyboard.press("Enter")
    expect(app.locator("[data-i=lesson-close]")).to_be_focused()  # the first lesson takes the keyboard
    lessons = steps = 0
    for _ in range(60):  # the learner's first steps: each new lesson is one Enter away, nothing is lost
        if steps >= 12:
            break
        if app.evaluate("() => document.activeElement?.matches('[data-i=lesson-close]')"):
            lessons += 1
        else:
            hit = find(app, LEARNER)
            if not hit:  # the computer player moves
                app.wait_for_timeout(200)
                continue
            app.locator(intent(hit["i"], hit["v"])).first.focus()  # (the keys to a place: issue 43)
        before = renders(app)
        app.keyboard.press("Enter")
        wait_renders_after(app, before)
        settled(app)
        steps += 1
        assert app.evaluate(FOCUSED) != "body", "the keyboard's focus was lost"
    assert steps >= 12 and lessons >= 2
