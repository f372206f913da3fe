"""The log beside the board (issue 21): its last lines, newest first, each numbered by its place in the
whole game's log — the numbers are in the markup, so a line the browser skips while it is scrolled out
of the log's view (static/app.css) keeps its number, and a long game's lines are not renumbered 80..1."""

from __future__ import annotations

import random
import re
from html import unescape

from nile.web.render import LOG_BLOCK, LOG_LINES, render_app

from .test_controller import click_anything, started


def log_lines(html: str) -> list[tuple[int, str]]:
    """(number, words) of every line the log shows, top to bottom."""
    log = re.search(r'<section class="log".*?</section>', html, re.S).group(0)
    lines = re.findall(r'<li><span class="n">(\d+)\.</span> (.*?)</li>', log, re.S)
    return [(int(n), unescape(re.sub(r"<[^>]+>", "", words)).strip()) for n, words in lines]


def test_a_long_games_log_shows_its_last_lines_numbered_by_their_place_in_the_whole_log():
    c = started()
    rng = random.Random(5)
    while len(c.state.log) <= LOG_LINES + 20:
        click_anything(c, rng)
    lines = log_lines(render_app(c))
    numbers = [n for n, _ in lines]
    # the last LOG_LINES at least, from the first line of a block: older blocks stay as they are while a
    # move adds lines to the newest (the page keeps them without comparing them again)
    assert LOG_LINES <= len(lines) < LOG_LINES + LOG_BLOCK and numbers[-1] % LOG_BLOCK == 1, numbers
    assert numbers == list(range(numbers[0], numbers[0] - len(lines), -1))  # newest first, none missing
    assert numbers[0] == len(c.state.log) > LOG_LINES  # the whole log's places, not the window's 80..1
    assert all(words for _, words in lines)  # each number has its line's words after it


def test_a_new_move_adds_lines_on_top_and_keeps_the_others_numbers():
    c = started()
    rng = random.Random(8)
    before = log_lines(render_app(c))
    while len(log_lines(render_app(c))) == len(before):
        click_anything(c, rng)
    after = log_lines(render_app(c))
    added = len(after) - len(before)
    assert added > 0 and after[added:] == before  # the old lines unchanged below, their numbers too
    assert [n for n, _ in after[:added]] == list(range(after[0][0], before[0][0], -1))


def test_the_log_is_drawn_in_blocks_and_a_move_changes_only_the_newest():
    """Issue 21 (every tap answers within a frame): the lines are in blocks of LOG_BLOCK by their place in the
    whole log, each a part of the screen the page keeps while it is unchanged: a move that adds lines
    changes the newest block only (or starts a new one)."""
    c = started()
    rng = random.Random(5)
    while len(c.state.log) <= LOG_LINES + 3 * LOG_BLOCK:
        click_anything(c, rng)

    def blocks(html: str) -> dict[str, str]:
        log = re.search(r'<section class="log".*?</section>', html, re.S).group(0)
        return dict(re.findall(r'<ol id="log-b\d+" data-b="(\d+)">(.*?)</ol>', log, re.S))

    before = blocks(render_app(c))
    n = len(c.state.log)
    while len(c.state.log) == n:
        click_anything(c, rng)
    after = blocks(render_app(c))
    newest = str((len(c.state.log) - 1) // LOG_BLOCK)
    assert max(after, key=int) == newest
    changed = {b for b in after if after[b] != before.get(b)}
    assert changed <= {newest, str(int(newest) - 1)}, changed  # (a move's lines may finish one block and begin the next)
    assert len(after) >= LOG_LINES // LOG_BLOCK and len(changed) < len(after)


def test_a_sealed_bids_lines_name_the_rule_of_their_bidding_n11_for_the_hippo_n12_for_the_start():
    """Every ``bid.*`` line was tagged N12, the hippo auction's too: a line links to the rule of the bidding
    it belongs to (N11 for the hippo auction, N12 for the start-player bid)."""
    c = started(variants=("N11", "N12"))
    rng = random.Random(2)
    tags: dict[str, set[str]] = {"start_bid": set(), "auction": set()}
    for _ in range(3000):
        if c.state.is_terminal() or tags["auction"]:
            break
        click_anything(c, rng)
        log = c.state.view(None)["log"]
        for i, entry in enumerate(log):
            if entry["key"] == "bid.open":
                reason = entry["params"]["reason"]
                follow = [j for j in range(i, len(log)) if log[j]["key"].startswith("bid.")]
                tags[reason] |= {c.ui.log_rule(log, j) for j in follow[:3]}
    assert tags["start_bid"] == {"N12"}
    assert tags["auction"] == {"N11"}, "no hippo auction in 3000 clicks" if not tags["auction"] else tags
    html = render_app(c)
    assert 'data-v="banks:N11"' in re.search(r'<section class="log".*?</section>', html, re.S).group(0)


def test_a_lines_rule_link_is_named_rule_n_and_is_no_tab_stop_of_its_own():
    """Issue 43: every log line had a Tab stop named only "N2" — 89 of them by a game's end between the person
    and the board. The log is one stop (its lines under the arrow keys); each line's rule link is out of the
    Tab order and named "Rule N2" in the person's language. The head line's Rules button stays a Tab stop."""
    c = started()
    rng = random.Random(5)
    while len(c.state.log) < 12:
        click_anything(c, rng)
    for lang, word in (("en", "Rule"), ("de", "Regel"), ("nl", "Regel"), ("fr", "Règle")):
        c.handle("lang", lang)
        html = render_app(c)
        log = re.search(r'<section class="log".*?</section>', html, re.S).group(0)
        links = re.findall(r'<button [^>]*class="rule-link inline"[^>]*>', log)
        assert len(links) >= 5, log
        for link in links:
            rule = re.search(r'data-v="banks:([^"]+)"', link).group(1)
            assert 'tabindex="-1"' in link and f'aria-label="{word} {rule}"' in link, link
    head = html[:html.index('<section class="log"')]
    assert re.search(r'<button [^>]*data-i="rules"(?![^>]*tabindex="-1")', head)
