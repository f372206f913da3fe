"""What static/motion.js needs of the markup to move the rest of the pieces (issue 21), checked without a
browser: every piece a player should see move carries a stable key (``data-k``), a value that pops when
it changes (``data-kv``), an angle it turns by (``data-kr``), where it came from (``data-kf``), or a
flight (``data-fly``) for what moves between pieces.

Nile: the obelisk steps back along the track; the boat's count pops as it fills and empties; a water card
laid flies in from its player's pile (whose size pops); the tide's needle turns. Kap: the card crossed goes
face down behind the locomotive as the same piece; bonus rails are pieces in the player's hand; at a
crossing, the money paid flies from the builder's money to the locomotive, the bonus rails used fly there
from the hand, and the income flies from the card crossed back to the money."""

from __future__ import annotations

import copy
import random
import re

from nile.banks import board as banks_board
from nile.banks import ui as banks_ui
from nile.cape import ui as cape_ui
from nile.cape.data import CARDS
from nile.cape.options import Options
from nile.cape.state import new_game
from nile.core.players import Player
from nile.kit import Frame, Interaction, unkeyed

from .test_controller import click_anything, started


def frame(c, seat=None) -> Frame:  # noqa: ANN001
    s = c.state
    return Frame(s, s.view(seat), c.table.interaction(), {}, "en", c.names, "landscape")


def play(c, until, limit=4000, seed=3):  # noqa: ANN001
    rng = random.Random(seed)
    for _ in range(limit):
        if until(c):
            return
        click_anything(c, rng)
    raise AssertionError("not reached")


def test_the_obelisk_and_the_boat_count_are_pieces():
    c = started()
    html = banks_ui.board(frame(c))
    assert html.count('data-k="obelisk"') == 1
    n = len(c.state.view(None)["boat"])
    assert f'<small data-k="boatn" data-kv="{n}">{n}</small>' in html


def test_a_water_card_laid_comes_from_its_players_pile():
    c = started()
    play(c, lambda c: any(e.key == "water.placed" for e in c.state.log))
    placed = next(e for e in c.state.log if e.key == "water.placed").params
    shown = frame(c)
    before = copy.deepcopy(shown.view)
    board = banks_ui.board(shown)
    pile = f'pile{placed["player"]}{placed["pile"]}'
    assert re.search(rf'<g data-k="w:{placed["field"]}" data-kf="{pile}">', board)
    assert re.search(r'data-k="m\d+"', board)  # markers keyed by their ids
    assert shown.view == before  # the board's ids and piles are its own copy's: the view (shared) is left as it was
    side = banks_ui.side(frame(c))
    size = c.state.view(None)["players"][placed["player"]]["piles"]["ab".index(placed["pile"])]["size"]
    assert f'data-k="{pile}" data-kv="{size}"' in side


def test_a_joker_kept_from_a_flooded_desert_card_flies_from_that_card():
    view = {"log": [{"key": "action.buy_joker", "params": {"player": 1, "ap": 1}},
                    {"key": "desert.flooded", "params": {"field": "E4-4", "player": 1}}]}
    assert banks_ui._joker_came_from(view, 1) == "d:E4-4"
    assert banks_ui._joker_came_from(view, 0) is None
    view["log"].append({"key": "action.buy_joker", "params": {"player": 1, "ap": 1}})
    assert banks_ui._joker_came_from(view, 1) is None
    fan = banks_board.joker_fan(1, 3, "d:E4-4")
    assert fan.count("data-kf") == 1 and '<g data-k="j1.2" data-kf="d:E4-4">' in fan


def test_the_rules_help_pictures_carry_no_keys():
    c = started()
    assert "data-k" not in unkeyed(banks_ui.board(frame(c))) and "data-kr" not in unkeyed(banks_ui.status(frame(c)))


class Kap:
    """A Kap game played by the engine alone (random legal moves, building when it can), as a controller
    would hold it: its state, its players' names."""

    def __init__(self, until) -> None:  # noqa: ANN001
        self.names = ["Ann", "Bo", "Cy"]
        self.table = self  # as the controller's table room, it answers interaction()
        for seed in range(1, 40):  # the first seed whose game gets there
            self.state = new_game(Options((Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))), seed)
            rng = random.Random(seed)
            while not until(self) and not self.state.is_terminal():
                seat = rng.choice(self.state.to_act())
                legal = self.state.legal_actions(seat)
                builds = [a for a in legal if a.kind == "build"]
                self.state.apply(builds[-1] if builds and rng.random() < .7 else rng.choice(legal), seat)
            if until(self):
                return
        raise AssertionError("no game got there")

    def interaction(self) -> Interaction:
        return Interaction()


def _crossed(c) -> bool:  # noqa: ANN001
    return any(e.key == "cape.build" and e.params["bought"] and e.params["bonus"] for e in c.state.log)


def test_a_crossing_moves_its_card_behind_the_locomotive_and_flies_its_money():
    c = Kap(_crossed)
    s = c.state
    at = max(i for i, e in enumerate(s.log) if e.key == "cape.build")
    b = s.log[at].params
    seat = b["player"]
    board = cape_ui.board(frame(c, seat))
    # the crossed card is the same piece, face down behind the locomotive
    back = re.search(rf'<g class="card back" data-k="c{b["card"]}">', board)
    assert back and board.index(back.group(0)) < board.index(f'data-k="loco{seat}"')
    assert not re.search(rf'<g class="card land-[a-z]+"[^>]*data-k="c{b["card"]}"', board)
    flights = re.findall(r'<i hidden data-fly="([^"]+)" data-fly-id="([^"]+)" data-fly-icon="([^"]+)" data-fly-n="(\d)"'
                         r' data-fly-at="(\d)"></i>', board)
    by_name = {fid.split("-", 1)[1]: (keys, icon, int(n), when) for keys, fid, icon, n, when in flights}
    assert all(fid.startswith(f"{at}-") for _, fid, *_ in flights)
    if b["bought"]:
        assert by_name["paid"] == (f"stats{seat} loco{seat}", "cape-coin", b["bought"], "0")
    else:
        assert "paid" not in by_name
    assert by_name["income"] == (f"c{b['card']} stats{seat}", "cape-coin", 1, "1")
    assert CARDS[next(i for i, k in enumerate(CARDS) if k.id == b["card"])].income == b["income"]
    assert len([n for n in by_name if n.startswith("bonus")]) == b["bonus"]


def test_bonus_rails_are_pieces_in_the_players_hand():
    c = Kap(lambda c: sum(p["bonus"] for p in c.state.view(None)["players"]) > 1)
    side = cape_ui.side(frame(c))
    for p in c.state.view(None)["players"]:
        assert all(f'data-k="b{p["seat"]}.{i}"' in side for i in range(p["bonus"]))
        assert f'data-k="b{p["seat"]}.{p["bonus"]}"' not in side
