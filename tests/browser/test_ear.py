"""By ear (issue 53): what a blind player met playing both games by keyboard, deciding only from the
accessibility tree and ``#say`` — each test fails on the page before issue 53.

- the rules help is a modal dialog: Tab and Shift+Tab go round inside it, the page behind is inert, Escape
  closes it and the keyboard is back on the Rules button;
- a ripe fruit chosen to harvest (N6) keeps the keyboard on it, and what is chosen is said once;
- each row's Nile wave (N1, N4: a flood's first card must match it) is in the accessibility tree, and axe
  stays clean;
- undo says what it took back, in the log's words;
- a new screen and a game's first lines are said once.
"""

from __future__ import annotations

from collections import Counter

from playwright.sync_api import Page, expect

from .test_a11y import open_golden, serious
from .test_focus import active, heard, press
from .test_keyboard import LISTEN_JS
from .ui import click, head_control, intent, start_game

IN_HELP = "() => !!document.activeElement.closest('.rules-help')"


def test_the_rules_help_holds_the_keyboard_and_gives_it_back(app: Page) -> None:
    start_game(app, names=("Amun", "Bastet"))
    rules = head_control(app, "rules")
    rules.focus()
    press(app, "Enter")
    expect(app.locator(".rules-help")).to_be_visible()
    assert app.evaluate(IN_HELP)
    stops = app.evaluate("""() => [...document.querySelectorAll('.rules-help :is(a[href], button, input, select, summary, [tabindex])')]
        .filter(e => !e.disabled && e.getAttribute('tabindex') !== '-1' && e.getClientRects().length).length""")
    for _ in range(stops + 2):  # past its last item: round to its first, never the page behind
        app.keyboard.press("Tab")
        assert app.evaluate(IN_HELP), active(app)
    app.locator(".rules-help input[type=search]").focus()  # its first item: Shift+Tab goes round to its last
    app.keyboard.press("Shift+Tab")
    assert app.evaluate(IN_HELP), active(app)
    assert app.evaluate("() => { const all = [...document.querySelectorAll('.rules-help :is(a[href], button, input, select, summary, [tabindex])')]"
                        ".filter(e => !e.disabled && e.getAttribute('tabindex') !== '-1' && e.getClientRects().length);"
                        " return document.activeElement === all[all.length - 1]; }")
    # the page behind is inert: neither focused, clicked nor read
    assert app.evaluate("() => [...document.querySelectorAll('#app > :not(.rules-help):not(#nile-sprite)')].every(e => e.inert)")
    press(app, "Escape")
    expect(app.locator(".rules-help")).to_have_count(0)
    assert active(app)["i"] == "rules"
    assert app.evaluate("() => ![...document.querySelectorAll('#app > *')].some(e => e.inert)")


def test_a_fruit_chosen_to_harvest_keeps_the_keyboard_and_is_said_once(app: Page) -> None:
    """N6: the fruit on E5-4 chosen by key (the board offers E2-2's before it): the keyboard stays on it, pressed,
    the market rows an arrow away, and "Selected: your marker on E5-4." is heard once (it went to the board's
    first field, and nothing was said)."""
    open_golden(app, "banks", "r1-15-4p-all-variants-after-scorings.json")
    offered = app.locator(".board-frame [data-i=pick][tabindex][data-v^='field:']")
    first = offered.first.get_attribute("data-v")
    fruit = app.locator(".board-frame [data-i=pick][data-v='field:E5-4']")
    assert first != "field:E5-4" and fruit.get_attribute("aria-pressed") == "false", first
    fruit.focus()
    press(app, "Enter")
    now = active(app)
    assert now is not None and now["v"] == "field:E5-4", now
    assert fruit.get_attribute("aria-pressed") == "true"
    said = "Selected: your marker on E5-4."
    assert heard(app).count(said) == 1, heard(app)
    press(app, "s")  # another redraw: said once, not again
    assert heard(app).count(said) == 1, heard(app)
    app.keyboard.press("ArrowRight")  # on to the next place: the market rows the fruit may go to are on the board
    assert active(app)["v"] != "field:E5-4"


def test_each_rows_nile_wave_is_in_the_accessibility_tree(app: Page) -> None:
    """N1/N4: the wave at each row's river edge is drawn; a player who cannot see it hears it — on the wave's
    picture in the river, and with the row's first field, which a flood's first card touches."""
    open_golden(app, "banks", "r1-04-5p-mid-turn.json")
    waves = app.locator("svg.fields [role=img].nile-wave")
    expect(waves).to_have_count(8)
    names = [w.get_attribute("aria-label") for w in waves.all()]
    assert "The Nile beside W2: a single wave" in names and "The Nile beside W3: a double wave" in names, names
    label = app.evaluate("() => [...document.querySelectorAll('svg.fields g.field[aria-label]')].map(e => e.getAttribute('aria-label'))"
                         ".find(l => l.startsWith('E4-1,'))")
    assert label is not None and "at the Nile: a double wave" in label, label
    tree = app.locator("svg.fields").aria_snapshot()
    assert "The Nile beside E5: a single wave" in tree, tree[:400]
    assert not serious(app)


def test_undo_says_what_it_took_back(app: Page) -> None:
    """U takes the person's own move back and says which, in the log's words ("Undone: Anna sows flax on W4-2.")."""
    open_golden(app, "banks", "r1-16-5p-n10-n12-mid-turn.json")
    app.locator(".actions [data-i=pick][data-v^='supply:']").first.focus()
    press(app, "Enter")  # a crop chosen: the keyboard is on the first field it may be sown on
    press(app, "Enter")  # sown
    sown = heard(app)[-1]
    press(app, "u")
    assert heard(app)[-1] == f"Undone: {sown}", heard(app)[-3:]
    assert " sows " in sown


def test_a_new_screen_and_a_games_first_lines_are_said_once(app: Page) -> None:
    """Home → a set-up → a game → home: each new screen named once, and the game's first lines (the set-up:
    who plays, the first auction) said once, before anyone moves (they went unsaid)."""
    app.evaluate(LISTEN_JS)
    click(app, intent("new", "cape"))
    app.locator(intent("setup-name", "0")).fill("Anna")
    click(app, intent("start-game"))
    said = app.evaluate("() => window.__heard")
    title = "Vom Kap bis Kairo — Nile"
    assert said[:2] == ["New game: Vom Kap bis Kairo", title], said
    first = app.locator(".side > .log li").last.evaluate(
        "li => { const c = li.cloneNode(true); c.querySelectorAll('.n, .rule-link').forEach(e => e.remove());"
        " return c.textContent.replace(/\\s+/g, ' ').trim(); }")
    assert first in said[2:], (first, said)  # the game's first line
    click(app, app.locator(".handover-cover " + intent("home")))  # (the bids are sealed: the device goes round)
    said = app.evaluate("() => window.__heard")
    assert said[-1] == "Nile", said
    assert not [line for line, n in Counter(said).items() if n > 1], said  # each once
