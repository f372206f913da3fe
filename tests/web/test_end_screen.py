"""The end screen of both games: statistics replayed from the public log add up against the
engine, the chart has one line per player, a tie is labelled for its winner only, and German
leaves no English behind."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from nile.banks import ui as banks_ui
from nile.banks.stats import game_stats as banks_stats
from nile.cape import ui as cape_ui
from nile.cape.stats import game_stats as cape_stats
from nile.core.game import GameState
from nile.core.rng import Rng
from nile.core.simulate import play_random
from nile.games import GAMES
from nile.kit import Frame, Interaction
from nile.kit.chart import Series, chart_with_table, line_chart
from nile.messages import catalog, plural
from nile.messages import text as msg

SEEDS = range(12)


def finished(game: str, seed: int) -> GameState:
    spec = GAMES[game]
    players = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
    state = spec.new_state(spec.default_options(players), seed)
    _, problems = play_random(state, Rng(seed + 1))
    assert not problems and state.is_terminal()
    return state


def end_html(state: GameState, lang: str = "en") -> str:
    view = state.view(None)
    names = [p["name"] for p in view["players"]]
    ui = banks_ui if view["game"] == "banks" else cape_ui
    return ui.end_screen(Frame(state, view, Interaction(), {}, lang, names, "portrait"))


def series_keys(markup: str, chart_id: str) -> list[str]:
    figure = markup[markup.index(f'id="{chart_id}"'):]
    figure = figure[:figure.index("</figure>")]
    return re.findall(r'<path class="series[^"]*" data-series="([^"]+)"', figure)


@pytest.mark.parametrize("seed", SEEDS)
def test_nile_statistics_add_up_against_the_engine(seed):
    state = finished("banks", seed)
    view = state.view(None)
    stats = banks_stats(view)
    assert stats["series"][0]["scores"] == [0] * len(view["players"])
    assert [pt["round"] for pt in stats["series"]] == sorted(pt["round"] for pt in stats["series"])
    assert stats["series"][-1]["obelisk"] == view["obelisk"]
    for p, player in enumerate(view["players"]):
        t = stats["totals"][p]
        assert stats["series"][-1]["scores"][p] == player["score"] == t["points"]
        assert t["boat_lost"] == player["lost"]
        # every fruit counted at a scoring was harvested first; rotten ones were too
        assert t["scored"] + t["rotten"] <= t["harvested"]
        assert t["jokers_start"] + t["jokers_bought"] + t["jokers_found"] - t["jokers_used"] == player["jokers"]


@pytest.mark.parametrize("seed", SEEDS)
def test_kap_money_is_start_minus_bids_minus_rails_plus_income(seed):
    state = finished("cape", seed)
    view = state.view(None)
    stats = cape_stats(view)
    for p, player in enumerate(view["players"]):
        t = stats["totals"][p]
        assert t["money"] == player["money"] == t["start_money"] - t["bids"] - t["rails"] + t["income"]
        assert t["crossings"] == player["crossed"] == stats["series"][-1]["crossings"][p]
        assert stats["series"][-1]["money"][p] == player["money"]
        assert t["rails"] == 10 * t["rails_bought"]
    assert stats["series"][0]["money"] == [stats["totals"][0]["start_money"]] * len(view["players"])


@pytest.mark.parametrize("game,charts", [("banks", ["end-chart-scores"]), ("cape", ["end-chart-crossings", "end-chart-money"])])
@pytest.mark.parametrize("seed", range(4))
def test_each_chart_has_one_line_per_player(game, charts, seed):
    state = finished(game, seed)
    markup = end_html(state)
    n = len(state.view(None)["players"])
    for chart in charts:
        keys = series_keys(markup, chart)
        assert [k for k in keys if k.isdigit()] == [str(p) for p in range(n)]
    if game == "banks":
        assert series_keys(markup, "end-chart-scores")[-1] == "obelisk"
    assert 'role="img"' in markup and "<title" in markup and 'class="stats-table"' in markup


def test_the_chart_is_game_independent_and_scales():
    markup = line_chart("c", "Title", "Described", [Series("0", "Ann", "p-red", [(0, 0), (1, 5), (2, 3)]),
                                                    Series("x", "Bar", "obelisk", [(0, 9), (2, 7)], dashed=True)])
    assert 'viewBox="0 0 ' in markup and 'width="100%"' in markup
    assert markup.count("data-series=") == 2 and 'stroke-dasharray' in markup
    assert 'aria-labelledby="c-t c-d"' in markup


@pytest.mark.parametrize("game", ["banks", "cape"])
def test_colour_is_never_the_only_key_and_a_table_gives_the_numbers(game):
    """Issue 53: the review's chart drew every line in one colour with no key. Each player's line has its own
    colour class, dash pattern and marker shape, the legend shows each line's key (the same pattern and shape),
    and a table beside the chart holds the same numbers, one row per round and one column per player."""
    state = finished(game, 3)
    markup = end_html(state)
    chart_id = "end-chart-scores" if game == "banks" else "end-chart-money"
    pair = markup[markup.index('<div class="chart-pair"><figure class="chart" id="' + chart_id):]
    pair = pair[:pair.index("</table></div></div>") + 6]
    figure = pair[:pair.index("</figure>")]
    lines = re.findall(r'<path class="series (p-\w+)" data-series="(\d)" d="[^"]+" fill="none" stroke="currentColor"'
                       r' stroke-width="2.5"(?: stroke-dasharray="([^"]+)")?>', figure)
    n = state.num_players
    assert len(lines) == n and len({css for css, _, _ in lines}) == n and len({dash for _, _, dash in lines}) == n
    shapes = re.findall(r'<g class="dot (p-\w+)"><(circle|rect|path)', figure)
    assert [css for css, _ in shapes] == [css for css, _, _ in lines]
    assert len({m.group(0) for m in re.finditer(r'<g class="dot p-\w+"><(circle|rect|path d="M[\d.]+ [\d.]+[LH])', figure)}) == n
    keys = re.findall(r'<li><svg class="key ([^"]+)"[^>]*>.*?</svg>([^<]+)</li>', figure)
    names = [p["name"] for p in state.view(None)["players"]]
    assert [name for _, name in keys][:n] == names
    assert [css for css, _ in keys][:n] == [css for css, _, _ in lines]
    legend_dashes = re.findall(r'<li><svg class="key p-\w+"[^>]*>.*?<path class="line" d="M2 7H34" stroke-width="2.5"(?: stroke-dasharray="([^"]+)")?/>', figure)
    assert legend_dashes == [dash for _, _, dash in lines]
    table = pair[pair.index('<table class="chart-table">'):]
    assert [html.unescape(h) for h in re.findall(r'</svg>([^<]+)</th>', table)][:n] == names
    rows = re.findall(r'<tr><th scope="row">(\d+)</th>((?:<td>[^<]*</td>)+)</tr>', table)
    assert rows
    final = [int(v) for v in re.findall(r"<td>(-?\d+)</td>", rows[-1][1])][:n]
    view = state.view(None)
    expected = [p["score"] for p in view["players"]] if game == "banks" else [p["money"] for p in view["players"]]
    assert final == expected


def test_the_chart_table_holds_a_steps_value_until_its_next_point():
    markup = chart_with_table("c", "T", "D", [Series("0", "Ann", "p-red", [(0, 0), (2, 5)]),
                                            Series("1", "Bob", "p-blue", [(0, 1), (1, 4), (2, 6)])], "Round")
    rows = re.findall(r'<tr><th scope="row">(\d+)</th><td>([^<]*)</td><td>([^<]*)</td></tr>', markup)
    assert rows == [("0", "0", "1"), ("1", "0", "4"), ("2", "5", "6")]
    assert 'aria-labelledby="c-c"' in markup and '<caption id="c-c">T</caption>' in markup


def test_scores_are_drawn_in_steps_between_scorings():
    """Issue 21: points do not grow between two scorings: the line stays level until the next one,
    then jumps; a chart of estimates (the coach's review) may still join its points straight."""
    markup = line_chart("c", "Title", "Described", [Series("0", "Ann", "p-red", [(0, 0), (1, 5), (2, 3)])])
    d = re.search(r'<path class="series[^"]*" data-series="0" d="([^"]+)"', markup)[1]
    assert "L" not in d and re.fullmatch(r"M[\d.]+ [\d.]+(H[\d.]+V[\d.]+){2}", d), d
    moves = re.findall(r"([HV])([\d.]+)", d)
    assert [k for k, _ in moves] == ["H", "V", "H", "V"]
    assert float(moves[0][1]) < float(moves[2][1])  # level to round 1, then to round 2
    assert float(moves[1][1]) < float(re.match(r"M[\d.]+ ([\d.]+)", d)[1])  # up to 5 points (SVG y grows down)
    straight = line_chart("c", "T", "D", [Series("0", "Ann", "p-red", [(0, 0), (1, 5)])], steps=False)
    assert re.search(r'data-series="0" d="M[\d.]+ [\d.]+L[\d.]+ [\d.]+"', straight)


def _tie_rows(max_games: int = 60) -> list[tuple[GameState, dict[str, Any]]]:
    found = []
    for seed in range(max_games):
        state = finished("banks", seed)
        for sc in state.view(None)["scorings"]:
            for row in sc["rows"]:
                counts = [e["fruits"] for e in row["ranking"]]
                if len(counts) != len(set(counts)):
                    found.append((state, row))
        if len(found) >= 3:
            break
    return found


def test_only_the_winner_of_a_tie_is_labelled_as_winning_it():
    rows = _tie_rows()
    assert rows, "no tie in the random games"
    for state, row in rows:
        markup = html.unescape(end_html(state))
        names = [p["name"] for p in state.view(None)["players"]]
        for e in row["ranking"]:
            line = plural("end.row_fruits", e["fruits"], "en", player=names[e["player"]],
                          points=plural("ui.points_n", e["award"], "en"))
            tied = [r for r in row["ranking"] if r is not e and r["fruits"] == e["fruits"]]
            won = f'{line} ({msg("end.tie_won", "en")})'
            lost = f'{line} ({msg("end.tie_lost", "en")})'
            if tied and all(r["place"] > e["place"] for r in tied):
                assert won in markup
            elif tied:
                assert lost in markup and won not in markup
        assert msg("ui.tie_last_stall", "en") not in markup  # the old label given to winners and losers alike


def game_catalog(game: str, lang: str) -> dict[str, str]:
    """One game's sentences in one language (its gettext domain)."""
    keys = GAMES[game].words.keys()
    return {k: v for k, v in catalog(lang).items() if k.split("[")[0] in keys}


def test_the_fruits_to_points_notation_is_a_sentence():
    assert plural("end.row_fruits", 3, "en", player="Ann", points=plural("ui.points_n", 5, "en")) == "Ann: 3 fruits → 5 points"
    assert plural("end.row_fruits", 1, "en", player="Ann", points=plural("ui.points_n", 1, "en")) == "Ann: 1 fruit → 1 point"
    assert plural("end.row_fruits", 1, "de", player="Ann", points=plural("ui.points_n", 6, "de")) == "Ann: 1 Frucht → 6 Punkte"


@pytest.mark.parametrize("game", ["banks", "cape"])
def test_every_end_text_exists_in_german(game):
    en, de = game_catalog(game, "en"), game_catalog(game, "de")
    keys = [k for k in en if k.startswith(("end.", "cape.end."))]
    assert keys
    for key in keys:
        assert key in de, key
        if not key.endswith(("axis_money",)):
            assert de[key] != en[key], key


@pytest.mark.parametrize("game", ["banks", "cape"])
def test_the_german_end_screen_has_no_english_left(game):
    state = finished(game, 3)
    markup = end_html(state, "de")
    words = html.unescape(re.sub(r"<[^>]+>", "\n", markup))
    german = game_catalog(game, "de")
    for key, value in game_catalog(game, "en").items():
        if key.startswith(("end.", "cape.end.")) and "{" not in value:
            assert value not in words, key
    for english in ("Scores", "points", "fruits", "Money", "round", "Statistic", "Game over", "tie"):
        assert not re.search(rf"\b{english}\b", words), english
    assert german["end.stat" if game == "banks" else "cape.end.stat"] in words
