"""The coach in the page (issue 22): a person playing a bot presses Hint and sees three suggestions,
thought out by the bot worker while the page still answers clicks; a finished game's review shows
one chart line per seat."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import Page, expect

from nile.core import save
from nile.core.rng import Rng
from nile.core.simulate import play_random
from nile.games import GAMES

from .ui import click, continue_game, intent, put_saves, renders, start_game

HINT = "[data-i=hint]:not([disabled])"


def ask_hint(page: Page) -> float:
    """Press Hint, check the page answers a click while the coach thinks, and return the seconds until
    the suggestions show."""
    page.wait_for_selector(HINT, timeout=60_000)
    started = time.perf_counter()
    click(page, HINT)
    answered_meanwhile = False
    while not page.locator(".hints-given li").count():
        if page.locator(".hint-thinking").count():  # the worker thinks: the page still redraws on a click
            before = renders(page)
            click(page, "[data-i=rules]")  # open the rules help ...
            click(page, ".rules-help .rules-head [data-i=rules]")  # ... and close it
            answered_meanwhile |= renders(page) >= before + 2
        page.wait_for_timeout(20)
        assert time.perf_counter() - started < 30, "no hint within 30 s"
    seconds = time.perf_counter() - started
    return seconds if answered_meanwhile or seconds < 0.3 else -seconds


def test_a_hint_shows_three_suggestions_while_the_page_answers_clicks(app: Page) -> None:
    start_game(app, names=("Me", "Thoth"), game="banks", kinds=("", "normal"))
    first = ask_hint(app)
    items = app.locator(".hints-given li")
    expect(items).to_have_count(3)
    for line in items.all_inner_texts():
        assert re.fullmatch(r"\d\. .+: .+ \(chance to win: \d+ %\)", line), line  # the move, why, and its chance
    expect(app.locator("[data-i=pick].coach").first).to_be_attached()  # the hinted targets are marked
    click(app, app.locator(".actions button.target").first)  # the person moves: the hints go
    expect(items).to_have_count(0)
    second = ask_hint(app)  # the worker is up now
    expect(items).to_have_count(3)
    print(f"hint in the browser: first {abs(first):.2f} s (starting the worker), then {abs(second):.2f} s")
    assert first > 0 or second > 0, "the page did not answer a click while the coach thought"
    assert abs(second) < 5


#: JS: from now on, notes whether the review's "thinking" line (``.review-thinking``) was ever shown. A short game's
#: review (Kap's, 0.3 s) may be drawn before a look at the page after the click: the line had come and gone.
THINKING_SEEN_JS = """() => {
  window.__thinkingSeen = false;
  const look = () => { if (document.querySelector('.review-thinking')) window.__thinkingSeen = true; };
  if (window.__thinkingWatch) window.__thinkingWatch.disconnect();
  window.__thinkingWatch = new MutationObserver(look);
  window.__thinkingWatch.observe(document.querySelector('#app'), {childList: true, subtree: true});
}"""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_finished_games_review_draws_one_chart_line_per_seat(app: Page, game: str) -> None:
    spec = GAMES[game]
    state = spec.new_state(spec.default_options(2), 9)
    play_random(state, Rng(4))
    data = json.loads(save.dumps(state))
    data["options"]["players"][1]["bot"] = "normal"  # a person against a bot
    put_saves(app, {f"nile:game:reviewed-{game}": json.dumps(data)})
    continue_game(app, f"reviewed-{game}")
    started = time.perf_counter()
    app.evaluate(THINKING_SEEN_JS)
    click(app, intent("review"))
    chart = app.locator("#review-chart > svg")
    expect(chart).to_be_visible(timeout=60_000)
    assert app.evaluate("() => window.__thinkingSeen"), "the review did not say it was being thought out"
    print(f"review of a {len(state.history)}-action game of {game} in the browser: {time.perf_counter() - started:.1f} s")
    expect(chart.locator("path.series[data-series]")).to_have_count(2)
    expect(app.locator(".review-moves")).to_have_count(1)  # the one person's moves (the bot is not reviewed)
    click(app, intent("review-exit"))
    expect(app.locator("section.end")).to_be_visible()
