"""Bots (issue 10): legal choices only, no peeking, the game's random stream untouched, the tournament."""

import json
import subprocess
import sys

import pytest

from nile.bots.base import canonical
from nile.bots.players import BOT_NAMES, make_bot
from nile.bots.tournament import tournament
from nile.core.rng import Rng
from nile.games import GAMES

needs_subprocess = pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")


def bots(iterations=12):
    return {name: make_bot(name, iterations=iterations) for name in BOT_NAMES}


def settings():
    for game, spec in sorted(GAMES.items()):
        for players in range(spec.min_players, spec.max_players + 1):
            yield game, players, frozenset()
        if spec.variants:
            yield game, spec.min_players + 1, frozenset(spec.variants)


@pytest.mark.parametrize("game,players,variants", list(settings()))
def test_bots_play_whole_games_with_legal_actions_only(game, players, variants):
    spec = GAMES[game]
    everyone = bots(iterations=8)
    names = [BOT_NAMES[(players + s) % len(BOT_NAMES)] for s in range(players)]
    state = spec.new_state(spec.default_options(players, variants), 40 + players)
    rngs = [Rng(100 + s) for s in range(players)]
    count = 0
    while not state.is_terminal():
        assert count < 5000
        seat = state.to_act()[0]
        action = everyone[names[seat]].choose(state, seat, rngs[seat])
        assert action in state.legal_actions(seat)
        state.apply(action, seat)
        count += 1
    assert state.final and state.final["winners"]


def positions(game, players, seed, every=9, limit=14):
    """Positions from a game of easy bots with every variant, every sealed bid among them (with
    some bids already in)."""
    spec = GAMES[game]
    state = spec.new_state(spec.default_options(players, frozenset(spec.variants)), seed)
    easy = make_bot("easy")
    rng = Rng(seed)
    found = []
    i = 0
    while not state.is_terminal() and len(found) < limit:
        if (state.secret_decision() and i % 2) or i % every == 0:
            found.append(state.clone())
        seat = state.to_act()[0]
        state.apply(easy.choose(state, seat, rng), seat)
        i += 1
    return found


def pairs(game):
    """Pairs of states that differ only in what the seat to decide cannot see."""
    spec = GAMES[game]
    for players in (2, 3):
        for state in positions(game, players, seed=players * 11):
            seats = state.to_act()
            seat = seats[-1]
            a = spec.resample_hidden(state, seat, Rng(1))
            b = spec.resample_hidden(state, seat, Rng(2))
            assert a.view(seat) == b.view(seat)
            yield state, a, b, seat


@pytest.mark.parametrize("game", sorted(GAMES))
def test_canonical_knowledge_depends_only_on_what_the_seat_may_know(game):
    differing = 0
    for state, a, b, seat in pairs(game):
        differing += a != b
        assert canonical(a, seat) == canonical(b, seat) == canonical(state, seat)
    assert differing > 5


@pytest.mark.parametrize("name", BOT_NAMES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_peeking_same_view_same_decision(game, name):
    bot = make_bot(name, iterations=25)
    secret = 0
    for _state, a, b, seat in pairs(game):
        secret += a.secret_decision()
        assert bot.choose(a, seat, Rng(7)) == bot.choose(b, seat, Rng(7))
    assert secret > 0


@pytest.mark.parametrize("name", BOT_NAMES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_bot_never_changes_the_game_or_its_random_stream(game, name):
    bot = make_bot(name, iterations=15)
    for state in positions(game, 3, seed=5, every=23, limit=8):
        before = state.clone()
        seat = state.to_act()[0]
        bot.choose(state, seat, Rng(3))
        assert state == before
        assert state.rng.state == before.rng.state


def test_a_bot_refuses_a_seat_not_to_act():
    spec = GAMES["cape"]
    state = spec.new_state(spec.default_options(2, frozenset()), 1)
    state.apply(state.legal_actions(0)[0], 0)
    with pytest.raises(ValueError):
        make_bot("easy").choose(state, 0, Rng(1))


def test_unknown_bot_name():
    with pytest.raises(KeyError):
        make_bot("genius")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_tournament_summary(game):
    summary = tournament(game, ["normal", "easy"], games=2, seed=3)
    assert summary["games"] == 2
    assert set(summary["win_rates"]) == {"normal", "easy"}
    assert sum(summary["win_rates"].values()) == pytest.approx(1.0)
    assert all(low <= summary["win_rates"][k] <= high for k, (low, high) in summary["ci95"].items())
    assert set(summary["ms_per_decision"]) == {"normal", "easy"}


def test_a_recorded_tournament_stopped_and_run_again_plays_only_the_missing_games(tmp_path):
    whole = tournament("cape", ["normal", "easy"], games=4, seed=5)
    record = tmp_path / "run.jsonl"
    tournament("cape", ["normal", "easy"], games=2, seed=5, record=str(record))
    assert len(record.read_text().splitlines()) == 2
    record.write_text(record.read_text() + '{"game": "cape", "seats": ["nor')  # a line cut by a kill
    resumed = tournament("cape", ["normal", "easy"], games=4, seed=5, record=str(record))
    lines = record.read_text().splitlines()
    assert lines[2].endswith('["nor') and len(lines) == 5
    assert sorted(json.loads(line)["index"] for line in lines[:2] + lines[3:]) == [0, 1, 2, 3]
    for key in ("win_rates", "ci95", "mean_actions", "decisions"):
        assert resumed[key] == whole[key]
    # another run's games (other seats or seed) in the same record are not counted as this run's
    other = tournament("cape", ["easy", "random"], games=1, seed=5, record=str(record))
    assert other["games"] == 1 and set(other["win_rates"]) == {"easy", "random"}
    assert len(record.read_text().splitlines()) == 6


@needs_subprocess
@pytest.mark.parametrize("game", sorted(GAMES))
def test_tournament_command_line(game):
    args = ["tournament", "--game", game, "--seats", "strong,normal", "--games", "4", "--iterations", "10", "--json"]
    run = subprocess.run([sys.executable, "-m", "nile", *args], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert summary["games"] == 4
    for key in ("win_rates", "ci95", "ms_per_decision"):
        assert set(summary[key]) == {"strong", "normal"}
    text = subprocess.run([sys.executable, "-m", "nile", "tournament", "--game", game, "--seats", "easy,random",
                           "--games", "2"], capture_output=True, text=True, timeout=300)
    assert text.returncode == 0 and "easy" in text.stdout and "95% CI" in text.stdout
    bad = subprocess.run([sys.executable, "-m", "nile", "tournament", "--game", game, "--seats", "easy,genius",
                          "--games", "2"], capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2


def test_a_seat_may_carry_its_own_search_budget():
    from nile.bots.tournament import seat_bot

    assert seat_bot("strong:1200").iterations == 1200
    assert seat_bot("strong", iterations=30).iterations == 30
    for bad in ("strong:", "strong:x", "strong:0", "strong:-5"):
        with pytest.raises(ValueError):
            seat_bot(bad)
    summary = tournament("cape", ["strong:20", "strong:5"], games=2, seed=3)
    assert set(summary["win_rates"]) == {"strong:20", "strong:5"}
    assert sum(summary["win_rates"].values()) == pytest.approx(1.0)


def test_the_strong_bot_goes_on_from_its_own_search_within_a_nile_turn():
    """A Nile turn is several decisions: the second starts from the tree the first grew (issue 22)."""
    from nile.bots.base import canonical as known_by

    spec = GAMES["banks"]
    state = spec.new_state(spec.default_options(2, frozenset()), 5)
    easy, rng = make_bot("easy"), Rng(2)
    while not (state.phase == "actions" and state.ap == 3):
        seat = state.to_act()[0]
        state.apply(easy.choose(state, seat, rng), seat)
    seat = state.to_act()[0]
    bot = make_bot("strong", iterations=60)
    first = bot.choose(state, seat, Rng(1))
    state.apply(first, seat)
    assert state.to_act() == (seat,)  # the turn goes on
    reused = bot._reused(known_by(state, seat), seat)
    assert reused is not None and sum(c.visits for c in reused.children.values()) > 0
    other = make_bot("strong", iterations=60)
    assert other._reused(known_by(state, seat), seat) is None  # a fresh bot has nothing to go on from
    second = bot.choose(state, seat, Rng(1))
    assert second in state.legal_actions(seat)


def _nile_turn_start(seed: int = 5, players: int = 2) -> tuple[object, int]:
    """A Nile game (2 players unless said) at the start of a player's three action points (easy bots before)."""
    spec = GAMES["banks"]
    state = spec.new_state(spec.default_options(players, frozenset()), seed)
    easy, rng = make_bot("easy"), Rng(2)
    while not (state.phase == "actions" and state.ap == 3):
        seat = state.to_act()[0]
        state.apply(easy.choose(state, seat, rng), seat)
    return state, state.to_act()[0]


def test_a_decision_point_in_the_tree_lets_in_more_moves_as_it_is_visited_more():
    """Progressive widening (issue 22, Nile's ``SearchPlan.widen``): the easy policy's move alone at first, then
    1 + √passes of them; a move met only in another sample of the hidden facts joins at the end."""
    from nile.banks import bot as banks_bot
    from nile.bots.players import _Node

    state, seat = _nile_turn_start()
    legal = state.legal_actions(seat)
    assert len(legal) > 10
    node = _Node(seat)
    first = node.widened(state, seat, legal, Rng(4), banks_bot, 1.0)
    assert first == (banks_bot.easy(state, seat, legal, Rng(4)),)
    allowed = [len(node.widened(state, seat, legal, Rng(4), banks_bot, 1.0)) for _ in range(15)]
    assert allowed == [1 + int(passes ** 0.5) for passes in range(1, 16)]
    assert node.widened(state, seat, legal, Rng(4), banks_bot, 1.0)[0] == first[0]  # the order stays
    fewer = legal[: len(legal) // 2]
    assert set(node.widened(state, seat, fewer, Rng(4), banks_bot, 1.0)) <= set(fewer)  # only what is legal here


def test_the_strong_bot_plans_the_rest_of_its_nile_turn_in_its_tree():
    """With widening, the most visited first move's follow-ups (the turn's next action) are a few moves,
    each searched several times; with a fresh random handful at every visit (no widening) nearly every
    visit tries another follow-up once, and the tree stays one move deep."""
    from nile.bots.base import canonical as known_by
    from nile.bots.players import ISMCTSBot

    state, seat = _nile_turn_start()
    legal = state.legal_actions(seat)

    def follow_ups(widen: float) -> tuple[int, list[int]]:
        bot = ISMCTSBot(iterations=400, widen=widen)
        bot.search(known_by(state, seat), seat, legal, Rng(1))
        best = max(bot._root.children.values(), key=lambda c: c.visits)
        return best.visits, [c.visits for point in best.outcomes.values() for c in point.children.values()]

    visits, tried = follow_ups(1.0)
    assert len(tried) <= 1 + visits ** 0.5 and min(tried) >= 3
    visits, tried = follow_ups(0.0)
    assert len(tried) > visits / 2 and tried.count(1) > len(tried) / 2


def test_at_a_nile_table_of_four_the_strong_bot_weighs_the_normal_bots_best_plans(monkeypatch):
    """Nile's ``SEARCH_MORE`` (issue 22): at a table of three or more the strong bot's choices are the
    normal bot's three best plans for the turn, and its leaves are judged by the evaluation fitted on
    games of three to five (``OUTLOOK_MORE``: the one fitted on two-player games made it harvest half
    as often and lose to the normal bot); at a table of two it weighs the greedy bot's best ten with
    ``OUTLOOK``, as before."""
    from nile.banks import bot as banks_bot
    from nile.bots.base import canonical as known_by
    from nile.bots.players import ISMCTSBot, plan_scores

    state, seat = _nile_turn_start(players=4)
    known = known_by(state, seat)
    legal = known.legal_actions(seat)
    scores = plan_scores(known, seat, legal, Rng(7))
    best = {legal[i] for i in sorted(range(len(legal)), key=lambda i: (-scores[i], i))[:3]}
    tables: list[dict[str, float]] = []
    weights_of = banks_bot.outlook_weights

    def watched(players: int) -> tuple[dict[str, float], float]:
        weights, scale = weights_of(players)
        tables.append(weights)
        return weights, scale

    with monkeypatch.context() as patched:
        patched.setattr(banks_bot, "outlook_weights", watched)
        ranked = ISMCTSBot(iterations=60).search(known, seat, legal, Rng(7))
    assert {action for action, _, _ in ranked} == best
    assert sum(visits for _, visits, _ in ranked) == 60
    assert tables and all(t is banks_bot.OUTLOOK_MORE for t in tables)

    two, seat = _nile_turn_start()
    tables.clear()
    with monkeypatch.context() as patched:
        patched.setattr(banks_bot, "outlook_weights", watched)
        ranked = ISMCTSBot(iterations=60).search(known_by(two, seat), seat, two.legal_actions(seat), Rng(7))
    assert len(ranked) == 10
    assert tables and all(t is banks_bot.OUTLOOK for t in tables)
