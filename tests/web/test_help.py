"""The rules help (issue 19): contents by rule, one page at a time with its pictures, search, back to
where you were; a refused tap's why-line and every log line link to their rule; a round summary one
tap from the board."""

from __future__ import annotations

import re
from html import escape, unescape

import pytest

from nile.games import GAMES, spec_of
from nile.messages import LANGUAGES, catalog
from nile.web.help import pages
from nile.web.render import render_app

from .test_controller import controller, started, to_actions_phase


def page_links(html: str) -> list[str]:
    """The help's contents: the ``game:page`` of every link, in order."""
    nav = re.search(r'<nav class="rules-contents".*?</nav>', html, re.S).group(0)
    return re.findall(r'data-i="rules-open" data-v="([^"]+)"', nav)


def open_page(html: str) -> tuple[str, str]:
    """(heading text, body) of the help page shown."""
    page = re.search(r'<article class="rules-page".*?</article>', html, re.S).group(0)
    heading = re.search(r"<h3[^>]*>(.*?)</h3>", page, re.S)
    return (unescape(re.sub(r"<[^>]+>", "", heading.group(1))) if heading else ""), page


def test_from_home_the_contents_list_every_page_of_both_games():
    c = controller()
    assert "rules-help" not in render_app(c)
    c.handle("rules")
    links = page_links(render_app(c))
    expected = [f"{g}:{p}" for g in GAMES for p in pages(g)]
    assert links == expected
    rule_pages = [link for link in links if re.fullmatch(r"\w+:[NK]\d+", link)]
    assert rule_pages == [f"banks:N{i}" for i in range(1, 14)] + [f"cape:K{i}" for i in range(1, 7)]


def test_every_rule_page_shows_its_id_title_and_points_and_every_rules_sentence_is_on_a_page():
    c = controller()
    c.handle("rules")
    shown = re.search(r'<h2 id="rules-title">(.*?)</h2>', render_app(c)).group(1)  # the help's own title
    for link in page_links(render_app(c)):
        c.handle("rules-open", link)
        heading, body = open_page(render_app(c))
        game, page = link.split(":")
        if page.startswith(("N", "K")):
            assert heading.startswith(page) and body.count("<li>") >= 1, link
        shown += body
    for key, sentence in catalog("en").items():
        if key.startswith(("rules.", "cape.rules.")) and not key.startswith("rules.variant_") and not key.endswith("intro"):
            assert escape(sentence) in shown, key


def test_a_game_in_progress_shows_its_own_rules_with_its_variants_marked():
    c = started(variants=["N10", "N13"])
    c.handle("rules")
    links = page_links(render_app(c))
    assert all(link.startswith("banks:") for link in links)
    for rid, on in (("N10", True), ("N11", False), ("N13", True)):
        c.handle("rules-open", f"banks:{rid}")
        heading, _ = open_page(render_app(c))
        assert heading.endswith("on in this game" if on else "off in this game"), heading
    c.handle("rules-open", "banks:N6")
    assert "in this game" not in open_page(render_app(c))[0]


def test_back_walks_the_pages_visited_and_close_leaves_the_screen_as_it_was():
    c = started()
    to_actions_phase(c)
    crop = next(k for k in c.table.interaction().targets if k.startswith("supply:"))
    c.handle("pick", crop)
    chosen = c.table.selection
    c.handle("rules")
    for page in ("N4", "N6", "N7"):
        c.handle("rules-open", f"banks:{page}")
    c.handle("rules-back")
    assert open_page(render_app(c))[0].startswith("N6")
    c.handle("rules-back")
    assert open_page(render_app(c))[0].startswith("N4")
    c.handle("rules")  # Close
    assert "rules-help" not in render_app(c) and c.table.selection == chosen  # back where the player was


def test_search_finds_rules_by_their_words_and_an_empty_search_goes_back():
    c = controller()
    c.handle("rules")
    c.handle("rules-open", "banks:N5")
    c.handle("rules-search", "obelisk")
    html = render_app(c)
    hits = re.findall(r'<li><button[^>]*data-v="([^"]+)"', re.search(r'<ul class="hits">.*?</ul>', html, re.S).group(0))
    assert "banks:N7" in hits and "banks:N1" in hits and not any(h.startswith("cape:") for h in hits)
    c.handle("rules-search", "bonus rail")
    assert "cape:K4" in render_app(c)
    c.handle("rules-search", "zzzz")
    assert "Nothing found" in render_app(c) and "0 pages" not in render_app(c)  # said once, not twice
    c.handle("rules-search", "")
    assert open_page(render_app(c))[0].startswith("N5")


@pytest.mark.skipif("fr" not in LANGUAGES, reason="no French catalog")
def test_search_ignores_accents_in_french():
    c = controller()
    c.lang = "fr"
    c.handle("rules")
    c.handle("rules-search", "decompte")  # décompte
    assert "banks:N7" in render_app(c)


def test_a_refused_tap_says_why_and_links_to_its_rule_with_its_picture():
    c = started()
    to_actions_phase(c)
    s = c.state
    # a field the player's seed cannot grow on now, or any field that is no target: the why-line
    inter = c.table.interaction()
    crop = next(k for k in inter.targets if k.startswith("supply:"))
    c.handle("pick", crop)
    free = set(c.table.interaction().targets)
    target = next(f"field:{f['name']}" for row in s.view(None)["rows"] if row["in_play"] for f in row["fields"]
                  if f"field:{f['name']}" not in free)
    c.handle("pick", target)
    html = render_app(c)
    link = re.search(r'<div class="notice[^>]*>.*?data-i="rules-open" data-v="([^"]+)"', html, re.S)
    assert link, "the why-line links to its rule"
    game, rule = link.group(1).split(":")
    assert game == "banks" and rule in spec_of("banks").ui.rule_ids
    c.handle("rules-open", link.group(1))
    heading, body = open_page(render_app(c))
    assert heading.startswith(rule)


def test_log_lines_link_to_their_rules():
    c = started()
    to_actions_phase(c)
    log = re.search(r'<section class="log".*?</section>', render_app(c), re.S).group(0)
    rules = re.findall(r'data-i="rules-open" data-v="banks:(N\d+)"', log)
    assert "N2" in rules and "N4" in rules  # the set-up and the flood


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_round_summary_is_one_tap_from_the_board(game):
    c = controller()
    c.handle("new", game)
    c.handle("start-game")
    html = render_app(c)
    assert f'data-i="rules-open" data-v="{game}:summary"' in html
    c.handle("rules-open", f"{game}:summary")
    heading, body = open_page(render_app(c))
    assert heading == "A round at a glance" and body.count("<h4>") >= 3 and body.count("<li>") >= 8
