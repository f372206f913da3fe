"""Every tap answered (issue 53): "a tap on anything the step does not offer says why, in a few words". The
testers found a field tapped while markers go on the boat answered nothing; so did a market row while sowing,
a field at the rot, a route or the common row in Kap.

Property: for random positions of random games of both games (every variant of the Nile game in half of them),
with nothing chosen or with one of the offered choices made (a crop, a fruit, a pile), a tap on every target the
board draws (``data-i="pick"``) is either offered — it acts or chooses — or changes nothing and says why in a
sentence of the player's language: not empty, no placeholder left, begun with a capital, and not the English
one in another language.
"""

from __future__ import annotations

import json
import os
import re
import sys
from random import Random

import pytest

from nile.banks.options import Options as BanksOptions
from nile.core import save
from nile.core.game import GameState
from nile.games import GAMES, load_save
from nile.messages import LANGUAGES
from nile.web.controller import Controller
from nile.web.render import render_app
from nile.web.storage import Library, MemoryStore

PICK = re.compile(r'data-i="pick" data-v="([^"]+)"')
VARIANTS = frozenset(("N10", "N11", "N12", "N13"))
#: random games per game (fewer in Pyodide, some ten times slower)
GAMES_PER = int(os.environ.get("NILE_TAP_GAMES", "2" if sys.platform == "emscripten" else "6"))


def positions(game: str, seed: int, every: int) -> list[str]:
    """Saves of a random game of ``game``, about one in ``every`` of its positions where one seat acts."""
    spec = GAMES[game]
    players = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
    options = spec.default_options(players)
    if game == "banks" and seed % 2:
        options = BanksOptions(options.players, 0, VARIANTS)
    state: GameState = spec.new_state(options, seed)
    rng = Random(seed)
    out = []
    while not state.is_terminal():
        seats = state.to_act()
        if len(seats) == 1 and rng.randrange(every) == 0:
            out.append(save.dumps(state))
        state.apply(rng.choice(list(state.legal_actions(seats[0]))), seats[0])
    return out


def opened(text: str) -> Controller:
    c = Controller(Library(MemoryStore(), load_save), lambda: 1)
    c.shelf.import_text(text)
    return c


def unoffered(c: Controller) -> list[str]:
    """The board's drawn targets that the step does not offer now."""
    offered = c.table.interaction().targets
    return sorted({v for v in PICK.findall(render_app(c)) if v not in offered})


def check_taps(c: Controller, english: dict[str, str]) -> int:
    """Tap every drawn target the step does not offer, in every language: each says why, and nothing changes.
    Returns how many taps were checked."""
    s = c.state
    n, selection = len(s.history), c.table.selection
    checked = 0
    for target in unoffered(c):
        for lang in LANGUAGES:
            c.handle("lang", lang)
            c.notice = None
            c.handle("pick", target)
            where = f"{s.GAME} {getattr(s, 'phase', '')} {target} selection={selection} {lang}"
            assert len(c.state.history) == n and c.table.selection == selection, where
            assert c.notice is not None, f"a tap said nothing: {where}"
            said = c.notice[1]
            assert said.strip() and "{" not in said and said[0].isupper(), (where, said)
            if lang == "en":
                english[target] = said
            else:
                assert said != english[target], (where, said)
            checked += 1
    c.handle("lang", "en")
    return checked


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_tap_on_the_board_is_offered_or_says_why_in_every_language(game):
    rng = Random(53)
    checked, kinds = 0, set()
    for seed in range(1, GAMES_PER + 1):
        for text in positions(game, seed, 12 if game == "banks" else 4):
            c = opened(text)
            if c.table.actor() is None:
                continue
            english: dict[str, str] = {}
            checked += check_taps(c, english)
            # and with one of the offered choices made (a crop to sow, a fruit to harvest, a pile …)
            choices = sorted(k for k, t in c.table.interaction().targets.items() if t.select is not None)
            if choices:
                c.handle("pick", rng.choice(choices))
                if c.table.selection:
                    checked += check_taps(c, english)
            kinds |= {t.partition(":")[0] for t in english}
    assert checked > 30 * GAMES_PER, checked
    # the board's kinds of places were all met (so the test cannot pass by drawing nothing to tap)
    assert kinds >= ({"field", "market", "pile", "track"} if game == "banks"
                     else {"route", "common", "terrain"}), kinds


def test_a_field_tapped_while_markers_go_on_the_boat_says_why():
    """The testers' case: during the set-up's boat step (N2.6) a tap on a field answered nothing."""
    spec = GAMES["banks"]
    state = spec.new_state(spec.default_options(3), 5)
    while state.phase != "boat":
        p = state.to_act()[0]
        state.apply(state.legal_actions(p)[0], p)
    c = opened(save.dumps(state))
    c.handle("pick", "field:W4-2")
    assert c.notice is not None and "boat" in c.notice[1] and "N2.6" in c.notice[1], c.notice
    c.handle("lang", "nl")
    c.handle("pick", "field:W4-2")
    assert c.notice is not None and c.notice[1].startswith("Niet nu: ") and "boot" in c.notice[1], c.notice


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_tap_while_a_computer_player_thinks_says_what_the_game_waits_for(game):
    """The board tapped while the computer player is to move: the step's own line says whom the game waits for
    (before, nothing answered)."""
    spec = GAMES[game]
    state = spec.new_state(spec.default_options(2), 3)
    while list(state.to_act()) != [1]:
        p = state.to_act()[0]
        state.apply(state.legal_actions(p)[0], p)
    data = json.loads(save.dumps(state))
    data["options"]["players"][1]["bot"] = "normal"
    c = opened(json.dumps(data))
    assert c.table.actor() is None
    target = "field:W4-2" if game == "banks" else "card:x"
    c.handle("pick", target)
    assert c.notice is not None and c.notice[1] == c.table.interaction().prompt and c.notice[1], c.notice
    assert len(c.state.history) == len(state.history)


def first_position(game: str, found, seeds: range = range(1, 30)) -> tuple[Controller, str]:
    """The first position of seeded random games where ``found(controller)`` names a target to tap."""
    for seed in seeds:
        for text in positions(game, seed, 1):
            c = opened(text)
            if c.table.actor() is None:
                continue
            target = found(c)
            if target:
                return c, target
    raise AssertionError("no such position")


def said_for(c: Controller, target: str) -> str:
    c.notice = None
    c.handle("pick", target)
    assert c.notice is not None
    return c.notice[1]


def test_the_nile_says_what_the_tap_lacks():
    """A market row tapped with nothing chosen in a turn (N6): choose a ripe fruit first; at the rot (N8): the
    buttons; an inner water card at the ebb (N5): only the outermost goes; a field during the boat step (N2.6)."""
    def market_in_turn(c):
        return "market:M1" if c.state.phase == "actions" and c.state.view(None)["ap"] else None
    c, t = first_position("banks", market_in_turn)
    assert said_for(c, t) == "To harvest, first choose a ripe fruit on one of your fields, then a market row (N6)."

    c, t = first_position("banks", lambda c: "market:M1" if c.state.phase == "rot" else None)
    assert "buttons" in said_for(c, t) and "(N8)" in c.notice[1]

    def inner_water(c):
        s = c.state
        if s.phase != "tide" or s.view(None)["tide_mode"] == "flood":
            return None
        for row in s.view(None)["rows"]:
            wet = [f for f in row["fields"] if f["water"]]
            if len(wet) >= 2:
                return f"field:{wet[0]['name']}"
        return None
    c, t = first_position("banks", inner_water)
    assert said_for(c, t) == "At the ebb only the outermost water card of a row goes (N5)."


def test_kap_says_what_the_stage_asks():
    c, t = first_position("cape", lambda c: "route:0" if c.state.phase == "build" else None)
    assert said_for(c, t) == "Now build or pass, with the buttons of your turn (K4)."
    c.handle("lang", "de")
    assert said_for(c, t) == "Jetzt baust oder passt du, mit den Knöpfen deines Zugs (K4)."
    c, t = first_position("cape", lambda c: "common" if c.state.phase == "choose" else None)
    assert said_for(c, t) == "Choose one of the cards on offer (K3)."


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_tap_on_the_board_during_a_sealed_bid_says_the_bid_is_made_in_the_panel(game):
    """Bids (N11, N12, K3): the bidder's table drew nothing to tap; now every place on it says why not, in every
    language, and no bid is made by it."""
    spec = GAMES[game]
    options = spec.default_options(3)
    if game == "banks":
        options = BanksOptions(options.players, 0, frozenset(("N12",)))  # the start player is bid for first
    state = spec.new_state(options, 4)
    assert state.secret_decision() and len(state.to_act()) == 3
    c = opened(save.dumps(state))
    c.handle("reveal-bidder", "0")
    assert c.secret.active_bidder() == 0
    html = render_app(c)
    assert 'class="actions bid-private"' in html
    taps = sorted(set(PICK.findall(html)))
    assert len(taps) >= (20 if game == "banks" else 5), taps
    english: dict[str, str] = {}
    for target in taps:
        for lang in LANGUAGES:
            c.handle("lang", lang)
            c.notice = None
            c.handle("pick", target)
            assert c.notice is not None and c.notice[1][0].isupper(), (target, lang)
            if lang == "en":
                english[target] = c.notice[1]
                assert ("N12" if game == "banks" else "K3") in c.notice[1], c.notice
            else:
                assert c.notice[1] != english[target]
    assert not c.state.secret_decided() and len(c.state.history) == 0


def test_each_tap_reason_that_names_a_rule_has_it_one_tap_away():
    """A tap's reason that cites a rule ("(N6)") links that rule page, as the engine's refusals do."""
    from nile.banks.teach import rule_of as banks_rule
    from nile.cape.teach import rule_of as cape_rule
    from nile.messages import catalog

    words = catalog("en")
    for key, said in words.items():
        key = key.split("[")[0]
        if ".why.tap." in f".{key}" and "{phase}" not in said:
            rule = banks_rule(key) if key.startswith("why.") else cape_rule(key)
            assert rule is not None, key
            if "(" in said:
                assert f"({rule})" in said, (key, said, rule)
