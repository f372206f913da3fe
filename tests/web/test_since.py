"""What changed since a person's own last move (issue 21, "Motion that tells what happened"): the moves
the board marks (``mark_window``) and the "Since your turn" summary of the other players' moves, in
the log's own sentences under a plural-aware heading in every language, saying nothing the person may
not know (N9, K6)."""

from __future__ import annotations

import random
import re

import pytest

from nile.games import GAMES
from nile.kit import esc
from nile.messages import LANGUAGES, describe, plural
from nile.web.render import render_app
from nile.web.since import mark_window, since_entries, summary
from nile.web.storage import MemoryStore

from .test_bots_flow import controller, person_moves, run_bots, start

HEADINGS = {
    "en": ("Since your turn: 1 move", "Since your turn: 2 moves"),
    "de": ("Seit deinem Zug: 1 Zug", "Seit deinem Zug: 2 Züge"),
    "nl": ("Sinds je beurt: 1 zet", "Sinds je beurt: 2 zetten"),
    "fr": ("Depuis votre dernier coup\u00a0: 1 coup", "Depuis votre dernier coup\u00a0: 2 coups"),
}
SOW = {"key": "action.sow", "params": {"player": 1, "crop": "grain", "field": "W4-2", "ap": 1}}
HARVEST = {"key": "action.harvest", "params": {"player": 2, "crop": "grain", "field": "W4-2", "market": "M2",
                                               "stall": 1, "ap": 1}}
NAMES = ["Me", "Amun", "Bastet"]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_heading_counts_the_moves_in_every_language(lang):
    one, two = HEADINGS[lang]
    assert f">{one}<" in summary([SOW], NAMES, lang)
    html = summary([SOW, HARVEST], NAMES, lang)
    assert f">{two}<" in html and f'aria-label="{two}"' in html
    for entry in (SOW, HARVEST):  # each move in the log's own sentence
        assert esc(describe(entry, NAMES, lang)) in html
    assert summary([], NAMES, lang) == ""


EARLIER = {"en": "3 earlier moves", "de": "3 frühere Züge", "nl": "3 eerdere zetten", "fr": "3 coups précédents"}


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_long_stretch_shows_the_latest_moves_and_folds_every_earlier_one_a_key_away(lang):
    """Issue 43: the summary was cut to its last five moves ("… and 23 moves before"): a person who cannot see
    the board never heard the earlier ones, a flood among them. Every move is there: the latest shown, the
    earlier ones in a fold above them (a <details>: its summary a Tab stop, Enter opens it)."""
    older = [dict(SOW, params=dict(SOW["params"], field=f"W{n}-1")) for n in (1, 2, 3)]
    entries = older + [SOW] + [HARVEST] * 4
    html = summary(entries, NAMES, lang)
    assert f">{esc(plural('since.title', 8, lang))}<" in html
    fold = re.search(r'<details class="more"><summary>(.*?)</summary><ul>(.*?)</ul></details>', html, re.S)
    assert fold and fold.group(1) == EARLIER[lang], html
    assert [esc(describe(e, NAMES, lang)) for e in older] == re.findall(r"<li>(.*?)</li>", fold.group(2))
    latest = html[fold.end():]
    assert latest.count("<li>") == 5 and html.index(fold.group(0)) < html.index("<ul>", fold.end())
    for entry in entries:  # nothing lost
        assert esc(describe(entry, NAMES, lang)) in html
    assert "<details" not in summary(entries[-5:], NAMES, lang)  # five or fewer: nothing folded


def test_only_other_players_moves_the_game_says_are_listed():
    log = [dict(SOW, params=dict(SOW["params"], player=0)), SOW, {"key": "turn.end", "params": {"player": 1}},
           {"key": "field.to_boat", "params": {"field": "W3-1", "cause": "flood", "markers": [[0, "onion"]]}}, HARVEST]
    keys = frozenset({"action.sow", "action.harvest", "field.to_boat"})
    assert since_entries(log, 0, 1, keys) == [SOW, log[3], HARVEST]
    assert since_entries(log, 0, 5, keys) == []


class _History:
    def __init__(self, seats, to_act):
        self.history = [(p, None) for p in seats]
        self._to_act = to_act

    def is_terminal(self):
        return False

    def to_act(self):
        return self._to_act


def test_the_board_marks_the_moves_since_the_persons_own_last_one():
    kinds = ["", "easy", "easy"]
    # the person's turn after two bots' moves: every move after the person's own
    assert mark_window(_History([0, 0, 1, 1, 2], (0,)), kinds) == (5, 2)
    # the person in the middle of their turn: their last move only
    assert mark_window(_History([1, 2, 0], (0,)), kinds) == (3, 2)
    # a bot to move, or a game of bots only: the last move only
    assert mark_window(_History([0, 1], (1,)), kinds) == (2, 1)
    assert mark_window(_History([0, 1, 2], (0,)), ["easy"] * 3) == (3, 2)
    # the person has not moved yet: everything so far
    assert mark_window(_History([1, 2], (0,)), kinds) == (2, 0)
    assert mark_window(_History([], (0,)), kinds) == (0, 0)


@pytest.mark.parametrize("game", list(GAMES))
def test_after_the_bots_moves_the_person_reads_them_from_their_own_view(game):
    c = start(game, ["", "easy", "easy"])
    rng = random.Random(3)
    summaries = 0
    for _ in range(300):
        if c.state.is_terminal():
            break
        run_bots(c)
        if c.state.is_terminal():
            break
        html = render_app(c)
        person_turn = c.state.to_act() == (0,) and not c.state.secret_decision() and c.moments.moment is None
        if person_turn and c.state.history and c.state.history[-1][0] != 0:
            start_at = c.table.since_log.get(0, c.table.news_from)
            entries = [e for e in c.state.view(0)["log"][start_at:]
                       if e["key"] in c.ui.since_keys and e["key"] not in c.ui.news_keys and e["params"].get("player") != 0]
            if entries:
                summaries += 1
                assert 'class="since"' in html
                for e in entries[-5:]:  # the latest moves, in the sentences the log says them in
                    assert esc(describe(e, c.names, "en")) in html
                assert any(c.names[p] in html.split('class="since"')[1].split("</section>")[0] for p in (1, 2))
        if c.state.to_act() == (0,) and not c.state.secret_decision():
            person_moves(c, rng)
            # the person has moved: nothing is listed until others have moved again
            if c.state.to_act() == (0,) and c.state.history[-1][0] == 0 and c.moments.moment is None:
                assert 'class="since"' not in render_app(c)
        else:
            person_moves(c, rng)
    assert summaries >= 3


@pytest.mark.parametrize("game", list(GAMES))
def test_a_reload_at_the_persons_turn_says_the_same_moves_since_their_turn(game):
    """"Since your turn" disappeared after a reload: the page opened again reads where the log stood after the
    person's own last move from the log itself, and says the same moves."""
    store = MemoryStore()
    c = start(game, ["", "easy", "easy"], store=store)
    rng = random.Random(4)
    checked = 0
    for _ in range(200):
        if c.state.is_terminal() or checked >= 3:
            break
        run_bots(c)
        if c.state.is_terminal():
            break
        waiting = c.state.to_act() == (0,) and not c.state.secret_decision() and c.moments.moment is None
        since = re.search(r'<section class="since".*?</section>', render_app(c), re.S)
        if waiting and since:
            again = controller(store)
            again.handle("continue", c.game_id)
            assert since.group(0) in render_app(again)
            checked += 1
        person_moves(c, rng)
    assert checked >= 1
