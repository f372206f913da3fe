"""Optional sound (issue 21), in the browser: one switch in the game's head line, off at first and kept
across a reload; while it is off no move makes a sound — not even an AudioContext is made — and while it
is on a move plays its short tones (static/sound.js, Web Audio, no audio files). An init script counts
the page's AudioContexts and the tones they start."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import open_app, wait_ready
from .ui import actions, advance, click, continue_game, head_control, intent, only_game, start_game

#: every AudioContext the page makes, and every tone (oscillator) it starts, counted
SPY = """(() => {
  window.__sound = { contexts: 0, tones: 0 };
  const Real = window.AudioContext;
  if (!Real) return;
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); window.__sound.contexts++; }
    createOscillator() { window.__sound.tones++; return super.createOscillator(); }
  };
})();"""


def heard(page: Page) -> dict[str, int]:
    return page.evaluate("() => ({...window.__sound})")


def a_move(page: Page) -> None:
    """Click as the simple player until the game has one more move."""
    before = actions(page)
    for _ in range(20):
        advance(page)
        if actions(page) > before:
            return
    raise AssertionError("no move was made")


def test_the_sound_switch_is_off_at_first_kept_and_plays_only_while_on(page: Page) -> None:
    page.context.add_init_script(SPY)
    open_app(page)
    start_game(page)
    switch = head_control(page, "sound")
    expect(switch).to_have_count(1)
    expect(switch).to_have_attribute("aria-pressed", "false")
    expect(switch).to_have_accessible_name("Sound")
    a_move(page)
    a_move(page)
    assert heard(page) == {"contexts": 0, "tones": 0}  # off: silence, and no audio made at all
    click(page, head_control(page, "sound"))  # (a move closed the head line's menu)
    expect(switch).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("() => localStorage.getItem('nile:sound')") == "on"
    # kept with the other settings: after a reload the switch is still on
    gid, _ = only_game(page)
    page.reload()
    wait_ready(page)
    if page.locator(intent("continue", gid)).count():
        continue_game(page, gid)
    expect(head_control(page, "sound")).to_have_attribute("aria-pressed", "true")
    assert heard(page) == {"contexts": 0, "tones": 0}  # switching on or reloading plays nothing
    a_move(page)
    page.wait_for_function("() => window.__sound.tones > 0")
    on = heard(page)
    assert on["contexts"] == 1 and on["tones"] >= 1
    a_move(page)
    page.wait_for_function(f"() => window.__sound.tones > {on['tones']}")
    assert heard(page)["contexts"] == 1  # one AudioContext for the page, however many moves
    # off again: no more tones
    click(page, head_control(page, "sound"))
    expect(head_control(page, "sound")).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("() => localStorage.getItem('nile:sound')") == "off"
    quiet = heard(page)
    a_move(page)
    a_move(page)
    assert heard(page) == quiet
