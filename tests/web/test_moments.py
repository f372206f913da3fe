"""Moments the board pauses on (issue 9, "Show what happens"): sealed bids opened (N11, N12, K3) with
who won and why, a tie that means bidding again said on the hand-over screen, a market scoring
(N7) with fruits, points, rot and the obelisk, the game's end; a person's Continue closes the panel,
and computer players wait for it. Routine events (a Kap crossing's income, a Nile desert card or
arrow) stop nothing: a short line says them (issue 21)."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from nile.bots import protocol
from nile.core import save
from nile.games import load_save
from nile.messages import describe
from nile.web.controller import GAME, Controller
from nile.web.render import render_app, sprite
from nile.web.storage import Library, MemoryStore

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def opened(game: str, name: str, kinds: dict[int, str] | None = None) -> Controller:
    """A controller with a golden save open (optionally with some seats made computer players)."""
    data = json.loads((GOLDEN / game / name).read_text())["save"]
    for seat, kind in (kinds or {}).items():
        data["options"]["players"][seat]["bot"] = kind
    c = Controller(Library(MemoryStore(), load_save), lambda: 5)
    c.shelf.import_text(json.dumps(data))
    assert c.screen == GAME, c.notice
    return c


def bid_all(c: Controller, amount: str = "1") -> None:
    """Every person still to bid places a bid through their own private screen."""
    while c.state.secret_decision() and not c.state.is_terminal():
        seat = c.state.to_act()[0]
        c.handle("reveal-bidder", str(seat))
        c.handle("bid-change", amount)
        c.handle("bid-submit")


def test_n11_hippo_bids_open_with_totals_and_the_winner():
    c = opened("banks", "r1-06-3p-n11-auction-sealed.json")
    assert c.moments.moment is None
    # the hippo bid screen shows every player's markers on the boat (public)
    c.handle("reveal-bidder", str(c.state.to_act()[0]))
    assert "on the boat" in render_app(c)
    c.handle("bid-hide")
    for seat in list(c.state.to_act()):
        c.handle("reveal-bidder", str(seat))
        first_crop = next(iter(c.state.view(seat)["players"][seat]["supply"]), None)
        if first_crop:
            c.handle("bid-change", f"{first_crop}:+")
        c.handle("bid-submit")
    assert c.moments.moment is not None
    html = render_app(c)
    assert "The hippo auction&#x27;s bids, revealed" in html or "The hippo auction's bids, revealed" in html
    assert "Already on the boat" in html and "Total" in html
    assert "wins the auction" in html or "nobody wins" in html
    for name in c.names:
        assert name in html
    c.handle("moment-close")
    assert c.moments.moment is None and "moment-title" not in render_app(c)


def test_n12_start_bids_open_and_a_tie_to_bid_again_is_said_on_the_hand_over_screen():
    c = Controller(Library(MemoryStore(), load_save), lambda: 5)
    c.handle("new", "banks")
    c.handle("setup-count", "2")
    c.handle("setup-option", "variant:N12")
    c.handle("start-game")
    assert c.state.secret_decision()
    for seat in list(c.state.to_act()):  # both bid nothing: a tie in the first round of bids
        c.handle("reveal-bidder", str(seat))
        c.handle("bid-submit")
    html = render_app(c)
    assert c.state.secret_decision()  # they bid again
    assert "The start-player bids, revealed" in html and "they bid again" in html
    assert 'data-i="reveal-bidder"' in html  # the hand-over screen, under the moment
    for seat in list(c.state.to_act()):
        c.handle("reveal-bidder", str(seat))
        c.handle("bid-submit")
    html = render_app(c)
    assert "is the start player" in html  # the second tie: the draw decides who starts


def test_a_bid_of_two_markers_of_one_crop_is_said_once_with_how_many():
    """N12: a sealed bid is its markers, and the moment and the log count each crop once, as the supply's chips do
    ("flax ×2, grain"), not "flax, flax, grain"; in every language."""
    c = Controller(Library(MemoryStore(), load_save), lambda: 5)
    c.handle("new", "banks")
    c.handle("setup-count", "2")
    c.handle("setup-option", "variant:N12")
    c.handle("start-game")
    first, second = c.state.to_act()
    c.handle("reveal-bidder", str(first))
    for change in ("flax:+", "flax:+", "grain:+"):
        c.handle("bid-change", change)
    c.handle("bid-submit")
    c.handle("reveal-bidder", str(second))
    c.handle("bid-submit")
    revealed = next(e for e in c.state.view(None)["log"] if e["key"] == "bid.revealed")
    for lang, bid in (("en", "flax ×2, grain"), ("de", "Flachs ×2, Getreide"), ("fr", "lin ×2, blé"), ("nl", "vlas ×2, graan")):
        said = describe(revealed, c.names, lang).replace("\xa0", " ")  # (French sets a no-break space before ":")
        assert f"{c.names[first]}{':' if lang != 'fr' else ' :'} {bid}" in said, (lang, said)
    html = render_app(c)
    assert "3 markers (flax ×2, grain)" in html and "flax, flax" not in html


def test_a_market_scoring_pauses_on_fruits_points_and_the_obelisk():
    c = opened("banks", "r1-15-4p-all-variants-after-scorings.json")
    rng = random.Random(4)
    for _ in range(3000):
        if c.moments.moment is not None and any(e.key == "scoring.done" for e in c.state.log[c.moments.moment[0]:c.moments.moment[1]]):
            break
        c.moments.moment = None
        s = c.state
        if s.is_terminal():
            break
        if s.secret_decision():
            bid_all(c, "x")
            continue
        legal = [a.text() for a in s.legal_actions(s.current_player())]
        c.handle("act", rng.choice(legal))
        if c.table.confirm:
            c.handle("confirm", c.table.confirm[0])
    html = render_app(c).replace(sprite(), "")  # not the page's artwork (its symbols' names): the panel's words
    assert "Scoring after round" in html
    assert "Market row" in html and "→" in html and "points" in html
    assert "obelisk" in html.lower() and "boat" in html.lower()
    sc = c.state.view(None)["scorings"][-1]
    for p, n in enumerate(sc["points"]):
        assert f'{c.names[p]} +{n} (now {sc["scores_after"][p]})' in html


def test_a_tie_in_a_row_is_labelled_for_the_winner_and_the_loser_differently():
    from nile.banks.moments import _tie_note

    ranking = [{"player": 0, "fruits": 2, "place": 1}, {"player": 1, "fruits": 2, "place": 2},
               {"player": 2, "fruits": 1, "place": 3}]
    assert _tie_note(ranking[0], ranking, "en") == "tie won by the later fruit"
    assert _tie_note(ranking[1], ranking, "en") == "tie lost: the other fruit came later"
    assert _tie_note(ranking[2], ranking, "en") == ""


def test_kap_bids_open_with_the_choosing_order_and_a_crossing_is_said_without_a_click():
    c = opened("cape", "r1-01-2p-bid-sealed.json")
    bid_all(c, "+1")
    html = render_app(c)
    assert "The auction&#x27;s bids, revealed" in html or "The auction's bids, revealed" in html
    assert "Choosing order" in html and "Pond" in html
    rng = random.Random(2)
    start = len(c.state.log)
    for _ in range(500):  # on to the next crossing
        if any(e.key == "cape.build" for e in c.state.log[start:]):
            break
        c.moments.moment = None
        s = c.state
        if s.secret_decision():
            bid_all(c, "+1")
            continue
        legal = [a.text() for a in s.legal_actions(s.current_player())]
        builds = [t for t in legal if t.startswith("build")]
        c.handle("act", builds[0] if builds else rng.choice(legal))
    # a crossing is routine (K4): no panel to close, its income said in the news line of the action panel
    assert c.moments.moment is None
    html = render_app(c)
    assert "moment-title" not in html
    news = re.search(r'<section class="news"[^>]*><ul>(.*?)</ul></section>', html)
    assert news is not None and "crosses" in news.group(1) and "income" in news.group(1)


def play_counting_continues(game: str, seed: int, kinds: tuple[str, ...] = ("", "easy", "easy")) -> tuple[int, int, Counter[str]]:
    """A seeded game of one person against bots, played through the controller as the page would:
    (how often the person had to press Continue, how many decisions they made, the moment keys of
    those Continues)."""
    c = Controller(Library(MemoryStore(), load_save), lambda: seed)
    c.handle("new", game)
    c.handle("setup-count", str(len(kinds)))
    for seat, kind in enumerate(kinds):
        c.handle("setup-kind", f"{seat}:{kind}")
    c.handle("start-game")
    rng = random.Random(seed)
    continues = decisions = 0
    why: Counter[str] = Counter()
    for _ in range(20_000):
        s = c.state
        if c.moments.paused_on_moment():  # the table waits for this person's Continue
            assert "moment-title" in render_app(c)
            continues += 1
            start, end = c.moments.moment
            why.update({e.key for e in s.log[start:end]} & c.ui.moment_keys)
            c.handle("moment-close")
            continue
        if s.is_terminal():
            break
        if (job := c.bots.job()) is not None:
            c.handle("bot-move", f'{job["key"]}|{protocol.handle(job)["text"]}')
            continue
        decisions += 1
        if c.secret.solo_bidder() is not None:
            c.handle("bid-change", rng.choice(["+1", "+10", "-1"]) if game == "cape" else "x")
            c.handle("bid-submit")
            continue
        legal = [a.text() for a in s.legal_actions(s.current_player())]
        choice = rng.choice([t for t in legal if t != "end"] or legal)
        c.handle("act", choice)
        if c.table.confirm is not None:
            c.handle("confirm", choice)
    assert c.state.is_terminal()
    return continues, decisions, why


def test_routine_events_need_no_click_only_reveals_scorings_and_the_end_do():
    """Issue 21: a seeded 3-player Kap game (one person, two bots) asked for Continue 26 times against
    27 decisions of the person (every crossing stopped the table); now only the auctions' bids opened
    and the end do."""
    continues, decisions, why = play_counting_continues("cape", 7)
    assert set(why) <= {"cape.bid.revealed", "cape.over"}
    assert why["cape.over"] == 1
    assert continues == 9 and decisions == 27, (continues, decisions, why)
    continues, decisions, why = play_counting_continues("banks", 7)
    assert set(why) <= {"bid.revealed", "auction.revealed", "scoring.done", "game.over"}
    assert continues < decisions / 10


@pytest.mark.parametrize("game", ["banks", "cape"])
def test_a_routine_event_is_said_in_a_line_and_stays_until_the_person_acts(game):
    """What a bot's turn brought (a desert card, an arrow, a card turned up, a crossing) is said in the
    action panel without a panel to close; the person's next action starts the line afresh."""
    c = Controller(Library(MemoryStore(), load_save), lambda: 3)
    c.handle("new", game)
    c.handle("setup-count", "3")
    for seat in (1, 2):
        c.handle("setup-kind", f"{seat}:easy")
    c.handle("start-game")
    rng = random.Random(3)
    said = 0
    for _ in range(3000):
        s = c.state
        if s.is_terminal() or said > 3:
            break
        if c.moments.paused_on_moment():
            c.handle("moment-close")
            continue
        if (job := c.bots.job()) is not None:
            c.handle("bot-move", f'{job["key"]}|{protocol.handle(job)["text"]}')
            continue
        html = render_app(c)
        news = [e for e in s.log[c.table.news_from:] if e.key in c.ui.news_keys]
        if news:
            said += 1
            assert '<section class="news"' in html
            assert describe(news[-1].to_json(), c.names, "en").replace("'", "&#x27;") in html
            assert c.moments.moment is None or not ({e.key for e in news} & c.ui.moment_keys)
        else:
            assert 'class="news"' not in html
        if c.secret.solo_bidder() is not None:
            c.handle("bid-submit")
            continue
        legal = [a.text() for a in s.legal_actions(s.current_player())]
        c.handle("act", rng.choice([t for t in legal if t != "end"] or legal))
        if c.table.confirm is not None:
            c.handle("confirm", c.table.confirm[0])
    assert said > 3


def test_the_end_of_a_game_is_a_moment_and_bots_wait_for_a_persons_continue():
    c = opened("cape", "r1-01-2p-bid-sealed.json", kinds={1: "easy"})
    from nile.bots import protocol

    waited = 0
    for _ in range(3000):
        s = c.state
        if s.is_terminal():
            break
        job = c.bots.job()
        if c.moments.moment is not None:
            assert job is None  # the bot waits while the person reads
            waited += 1
            c.handle("moment-close")
            continue
        if job is not None:
            c.handle("bot-move", f'{job["key"]}|{protocol.handle(job)["text"]}')
        elif c.secret.solo_bidder() is not None:
            c.handle("bid-submit")
        else:
            legal = [a.text() for a in s.legal_actions(s.current_player())]
            builds = [t for t in legal if t.startswith("build")]
            c.handle("act", builds[0] if builds else legal[0])
    assert c.state.is_terminal() and waited > 3
    assert c.moments.moment is not None and "Game over" in render_app(c)
    assert load_save(save.dumps(c.state)).is_terminal()


def test_moments_speak_german():
    c = opened("cape", "r1-01-2p-bid-sealed.json")
    c.handle("lang", "de")
    bid_all(c, "+1")
    html = render_app(c)
    assert "Die Gebote der Versteigerung sind aufgedeckt" in html and "Weiter" in html


def test_once_a_moment_is_closed_the_prompt_says_the_bot_thinks_not_press_continue():
    """Issue 43: the action panel kept saying "Press Continue to go on." after Continue, while a bot chose."""
    from .test_herald import one_step, with_bots

    c = with_bots("cape", 1)
    rng = random.Random(2)
    checked = 0
    for _ in range(300):
        if c.state.is_terminal():
            break
        waiting = c.moments.moment is not None
        render_app(c)  # (the panel worked out while the moment waits)
        one_step(c, rng)
        html = render_app(c)
        if waiting and c.moments.moment is None and c.bots.job() is not None:
            prompt = re.search(r'<p class="prompt"[^>]*>([^<]*)</p>', html)
            assert prompt and "is thinking" in prompt.group(1), prompt and prompt.group(1)
            checked += 1
    assert checked
