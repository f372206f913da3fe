"""Vom Kap bis Kairo through the shared shell, without a browser: the home card, set-up, the
hand-over and private bid screens (K3, K6), choosing and building by clicks (K4), the end (K5)."""

import html
import random
import re

import pytest

from nile.bots import protocol
from nile.cape import board
from nile.cape.data import CARDS
from nile.games import load_save
from nile.kit import label_width
from nile.messages import describe
from nile.messages import text as msg
from nile.web.controller import GAME, HOME, Controller
from nile.web.render import render_app, render_screen
from nile.web.storage import Library, MemoryStore


def kap(players=2, seed=11):
    c = Controller(Library(MemoryStore(), load_save), lambda: seed)
    assert msg("game.cape") in render_app(c)
    c.handle("new", "cape")
    c.handle("setup-count", str(players))
    c.handle("start-game")
    assert c.screen == GAME and c.state.GAME == "cape"
    return c


def test_bids_are_entered_in_private_and_no_amount_shows_before_all_are_in():
    c = kap(3)
    html = render_app(c)
    assert 'data-i="reveal-bidder"' in html and "bid-private" not in html  # the hand-over screen
    c.handle("reveal-bidder", "0")
    html = render_app(c)
    assert "bid-private" in html and "of your 100 Pond" in html
    for _ in range(3):
        c.handle("bid-change", "+10")
    c.handle("bid-change", "-1")
    assert "<output" in render_app(c) and ">29</output>" in render_app(c)
    c.handle("bid-submit")
    html = render_app(c)
    assert "handover" in html and "29" not in re.sub(r"<[^>]+>", " ", html)  # nobody else sees it
    assert c.state.view(1)["players"][0].get("bid") is None
    c.handle("reveal-bidder", "0")  # already bid: not offered again
    assert c.secret.bidder is None
    for seat in (1, 2):
        c.handle("reveal-bidder", str(seat))
        c.handle("bid-submit")
    assert c.state.phase == "choose"
    html = render_app(c)
    assert msg("cape.ui.bids", bids="").split(":")[0] in html and "29" in html  # now everyone sees every bid


def test_a_bid_can_never_exceed_the_bidders_money():
    c = kap(2)
    c.handle("reveal-bidder", "1")
    for _ in range(15):
        c.handle("bid-change", "+10")
    c.handle("bid-submit")
    assert c.state.bids[1] == 100


def test_a_whole_game_by_clicks_ends_with_the_ranking_and_the_save_replays():
    c = kap(2, seed=5)
    rng = random.Random(4)
    for _ in range(2000):
        if c.state.is_terminal():
            break
        if c.state.secret_decision():
            c.handle("reveal-bidder", str(c.state.to_act()[0]))
            c.handle("bid-change", rng.choice(["+1", "+10", "-1"]))
            c.handle("bid-submit")
            continue
        inter = c.table.interaction()
        options = [("pick", k) for k in inter.targets] + [(b.intent, b.value) for b in inter.buttons]
        assert options, render_app(c)
        c.handle(*rng.choice(options))
        assert not c.notice or c.notice[0] != "error", c.notice
        render_app(c)
    assert c.state.is_terminal()
    html = render_app(c)
    assert 'class="end"' in html and msg("cape.ui.crossings") in html
    stored = c.library.load(c.game_id)
    assert stored == c.state
    c.handle("home")
    assert c.screen == HOME and msg("game.cape") in render_app(c)


def test_a_click_on_a_card_not_on_offer_says_why():
    c = kap(2)
    for seat in (0, 1):
        c.handle("reveal-bidder", str(seat))
        c.handle("bid-submit")
    on_offer = {card["id"] for card in c.state.view(None)["offer"]}
    other = next(card_id for card_id in ("R1", "R2", "M1", "S1") if card_id not in on_offer)
    before = c.state.clone()
    c.handle("pick", f"card:{other}")
    assert c.state == before and c.notice and "K3" in c.notice[1]


def test_building_shows_the_rails_and_what_buying_the_missing_ones_costs():
    c = kap(2, seed=3)
    while c.state.phase != "build":
        if c.state.secret_decision():
            c.handle("reveal-bidder", str(c.state.to_act()[0]))
            c.handle("bid-submit")
        else:
            c.handle("pick", next(iter(c.table.interaction().targets)))
    view = c.state.view(None)
    math = view["build"]
    html = render_app(c)
    assert f"the {math['need']} needed" in html
    builds = [b for b in c.table.interaction().buttons if b.value.startswith("build")]
    for b in builds:
        assert b.cost in (None, c.state.cost(c.state.parse_action(b.value)) or None)
    assert any(b.value == "pass" for b in c.table.interaction().buttons)


def _offer_row(html: str) -> tuple[str, dict[str, str], int]:
    """The offer's picture: its viewBox, each card's x by id, and how many empty places it shows."""
    row = re.search(r'<svg class="row offer-row"[^>]*viewBox="([^"]+)"[^>]*>(.*?)</svg>', html, re.S)
    assert row, "no offer on the table"
    cards = dict((k, x) for k, x in re.findall(r'data-k="c(\w+)"><rect class="face" x="([\d.]+)"', row.group(2)))
    return row.group(1), cards, row.group(2).count('class="slot"')


def test_k3_a_card_taken_from_the_offer_leaves_its_place_empty_and_the_others_stay():
    """The cards on offer keep their places while the players choose (K3): the one taken leaves a dashed
    place, the row keeps its width, and the bids and the order stand beside the cards."""
    c = kap(3, seed=7)
    for seat in (0, 1, 2):
        c.handle("reveal-bidder", str(seat))
        c.handle("bid-submit")
    assert c.state.phase == "choose"
    html = render_app(c)
    box, cards, empty = _offer_row(html)
    assert len(cards) == 3 and empty == 0
    assert re.search(r'<div class="offer-line">.*?class="row offer-row".*?<div class="choosing"><p class="order">', html, re.S)
    taken = sorted(cards)[1]
    c.handle("pick", f"card:{taken}")
    assert any(card["id"] == taken for p in c.state.view(None)["players"] for card in p["route"])
    box_after, cards_after, empty_after = _offer_row(render_app(c))
    assert box_after == box and empty_after == 1
    assert cards_after == {k: x for k, x in cards.items() if k != taken}


LANGS = ("en", "de", "nl", "fr")
TEXT = re.compile(r"<text([^>]*)>([^<]*)</text>")


def _size(attributes: str) -> float:
    """A board text's size: each carries its own (the rules help's pictures draw them alike)."""
    return float(re.search(r' font-size="([\d.]+)"', attributes)[1])


def _fits(attributes: str, words: str, room: float, bold: bool = False) -> bool:
    """A label fits its room: by a generous width estimate, or squeezed into it by textLength."""
    squeezed = re.search(r'textLength="([\d.]+)"', attributes)
    return (label_width(html.unescape(words), _size(attributes), bold) <= room
            or (squeezed is not None and float(squeezed[1]) <= room))


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_label_fits_its_card_in_every_language(lang):
    """Issue 21: "mountains", "3 Schienen" ran over the card's edges."""
    for card in CARDS:
        drawn = board.card_svg({"landscape": card.landscape, "rails": card.rails, "income": card.income}, 0, 0, lang)
        labels = TEXT.findall(drawn)
        assert len(labels) == 3
        for attributes, words in labels:
            assert _fits(attributes, words, board.CARD_W - 6, bold='class="land"' in attributes), (lang, card, words)
    needs = {land: 3 for land in board.LANDSCAPE_COLOURS}
    for attributes, words in TEXT.findall(board.terrain_svg({"needs": needs}, lang)):
        assert _fits(attributes, words, 80), (lang, words)
    assert _fits(*TEXT.findall(board.card_svg({"landscape": "mountains", "rails": 3, "income": 9}, 0, 0, "en"))[0],
                 board.CARD_W - 6, True)
    assert "textLength" in board.card_svg({"landscape": "mountains", "rails": 3, "income": 9}, 0, 0, "fr")


@pytest.mark.parametrize("lang", LANGS)
def test_a_cards_words_are_readable_at_the_tables_scale(lang):
    """Kap's card captions were 11 px: hard to read on a laptop, where the table draws its rows at one pixel
    a unit. Every text of a card and of the terrain card is at least 13 px there, and a squeezed label keeps
    at least four fifths of its width."""
    drawn = [board.card_svg({"landscape": c.landscape, "rails": c.rails, "income": c.income}, 0, 0, lang) for c in CARDS]
    drawn.append(board.terrain_svg({"needs": {land: 10 for land in board.LANDSCAPE_COLOURS}}, lang))
    for svg in drawn:
        for attributes, words in TEXT.findall(svg):
            assert _size(attributes) >= 13, (lang, words)
            squeezed = re.search(r'textLength="([\d.]+)"', attributes)
            if squeezed:
                wide = label_width(html.unescape(words), _size(attributes), 'class="land"' in attributes)
                assert float(squeezed[1]) >= 0.8 * wide, (lang, words)


@pytest.mark.parametrize("lang", LANGS)
def test_an_empty_row_says_so_inside_the_row(lang):
    """Issue 21: "empty" was anchored at its middle 12 px from the row's edge, so read "mpty"."""
    body, width = board.row_parts([], lang)
    (attributes, words), = TEXT.findall(body)
    x = float(re.search(r' x="([\d.]+)"', attributes)[1])
    assert 'text-anchor="middle"' in attributes and words == msg("ui.empty", lang)
    half = label_width(words, _size(attributes)) / 2
    assert x - half >= 0 and x + half <= width


def test_k4_when_no_build_is_possible_the_engines_reason_stands_beside_pass():
    """'Build or pass' offered only Pass, with no reason (5 rails needed = 50 Pond, 48 in hand): the build it
    would take stands dimmed beside Pass, the panel says why in the engine's words, and a press says it again
    with its rule, changing nothing."""
    c = kap(2, seed=3)
    for seat in (0, 1):  # everyone bids all their money: nobody can buy a rail afterwards
        c.handle("reveal-bidder", str(seat))
        for _ in range(10):
            c.handle("bid-change", "+10")
        c.handle("bid-submit")
    while c.state.phase != "build":
        c.handle("pick", next(iter(c.table.interaction().targets)))
    s = c.state
    for _ in range(20):
        actor = s.current_player()
        if s.routes[actor] and not any(a.kind == "build" for a in s.legal_actions(actor)):
            break
        c.handle("act", "pass")
    else:
        pytest.fail("no turn without a possible build")
    buttons = c.table.interaction().buttons
    dimmed = [b for b in buttons if not b.available]
    assert [b.value for b in buttons if b.available] == ["pass"] and len(dimmed) == 1
    refused = s.parse_action(dimmed[0].value)
    short = s.view(None)["build"]["short"]
    assert refused.kind == "build" and dimmed[0].label == f"Build: buy {short} rails" and dimmed[0].cost == 10 * short
    why = f"You cannot build now: the {short} rails still missing cost {10 * short} Pond, and you have 0 Pond (K4)"
    page = html.unescape(render_app(c))
    assert f'<p class="build-why">{why}.</p>' in page
    assert 'class="unavailable"' in page or "unavailable" in re.search(r'<button[^>]*data-v="build \d"[^>]*>', page).group(0)
    moves = len(s.history)
    c.handle("act", dimmed[0].value)
    assert c.notice == ("info", why) and c.notice_rule[1] == "cape:K4" and len(c.state.history) == moves


def _until_building_ends(c, rng, bidders_by_hand=True):
    """Play on (every sealed bid placed by its person after the hand-over, each build taken when possible) until
    a crossing ends the building phase (K4): a new auction's bids are then due. Returns the log's length before
    that crossing."""
    for _ in range(3000):
        s = c.state
        assert not s.is_terminal()
        if c.moments.moment is not None and c.state.phase != "bid":
            c.handle("moment-close")
            continue
        if (job := c.bots.job()) is not None:
            c.handle("bot-move", f'{job["key"]}|{protocol.handle(job)["text"]}')
            if c.state.phase == "bid" and s.phase == "build":
                return
            continue
        if s.secret_decision():
            c.handle("reveal-bidder", str(next(p for p in s.to_act() if not c.kinds[p])))
            c.handle("bid-change", rng.choice(["+1", "+10"]))
            c.handle("bid-submit")
            continue
        inter = c.table.interaction()
        if inter.targets:
            c.handle("pick", rng.choice(sorted(inter.targets)))
            continue
        builds = [b.value for b in inter.buttons if b.available and b.value.startswith("build")]
        c.handle("act", builds[0] if builds else "pass")
        if c.state.phase == "bid":
            return
    pytest.fail("no crossing ended the building phase")


@pytest.mark.parametrize("kinds", [("", ""), ("", "", "easy")])
def test_k4_a_crossing_that_ends_building_is_shown_to_everyone_before_the_device_goes_round(kinds):
    """With two or more people at the table, the hand-over for the next auction's secret bids came at once
    after the crossing that ended the building phase: nobody saw the crossing, its income, the train move or
    the bonus rails. Now its moment stands over the table from nobody's view first; Continue, then the
    hand-over. No bid shows at any time."""
    c = Controller(Library(MemoryStore(), load_save), lambda: 5)
    c.handle("new", "cape")
    c.handle("setup-count", str(len(kinds)))
    for seat, kind in enumerate(kinds):
        c.handle("setup-kind", f"{seat}:{kind}")
    c.handle("start-game")
    _until_building_ends(c, random.Random(1))
    s = c.state
    assert s.secret_decision() and c.moments.moment is not None and c.moments.paused_on_moment()
    crossing = next(e for e in reversed(s.log) if e.key == "cape.build")
    page = html.unescape(render_app(c))
    assert 'class="handover-cover"' not in page and 'data-i="reveal-bidder"' not in page
    assert 'class="moment"' in page and describe(crossing.to_json(), c.names, "en") in page
    assert msg("cape.moment.auction") in page
    opened = next(e for e in reversed(s.log) if e.key == "cape.auction.open")
    assert describe(opened.to_json(), c.names, "en") in page
    assert c.bots.job() is None  # the computer players wait for the Continue too
    assert "bid-private" not in page and not render_screen(c).secret
    c.handle("moment-close")
    page = render_app(c)
    assert 'class="handover-cover"' in page and 'data-i="reveal-bidder"' in page and 'class="moment"' not in page


def test_alone_with_bots_the_crossing_that_ends_building_stays_a_line_in_the_bid_panel():
    """One person at the table bids on their own screen, where the news line says the crossing: no extra
    Continue (issue 21's count of Continues holds)."""
    c = Controller(Library(MemoryStore(), load_save), lambda: 5)
    c.handle("new", "cape")
    c.handle("setup-count", "2")
    c.handle("setup-kind", "1:easy")
    c.handle("start-game")
    _until_building_ends(c, random.Random(1))
    assert c.state.secret_decision() and c.moments.moment is None and c.secret.solo_bidder() == 0
    news = re.search(r'<section class="news"[^>]*><ul>(.*?)</ul></section>', render_app(c))
    assert news is not None and "crosses" in news.group(1)
