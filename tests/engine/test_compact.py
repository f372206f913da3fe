"""A save in few characters, for a game passed by link (nile.core.compact, issue 44's groundwork).

The link is each action's place in its seat's legal list, compressed: it must give back exactly the game it
was made from (sealed bids included: N11's hippo auction, N12's start-player bids, Kap's bids), stay short
(a whole random game of Nile well under 2,000 characters), and refuse anything damaged, cut short or not ours
with a sentence, never a crash."""

from __future__ import annotations

import base64
import json
import statistics
import zlib

import pytest

from nile.core import compact, save
from nile.core.correspondence import Far
from nile.core.remote import LinkError
from nile.core.rng import Rng
from nile.core.save import SaveError
from nile.games import GAMES


def random_game(game: str, players: int, seed: int, variants: frozenset[str] = frozenset(), stop: int | None = None):
    spec = GAMES[game]
    state = spec.new_state(spec.default_options(players, variants), seed)
    rng = Rng(seed * 7 + 1)
    while not state.is_terminal() and (stop is None or len(state.history) < stop):
        seats = state.to_act()
        player = seats[rng.below(len(seats))]
        legal = state.legal_actions(player)
        state.apply(legal[rng.below(len(legal))], player)
    return state


CASES = [("banks", 3, frozenset()), ("banks", 4, frozenset({"N11", "N12"})), ("banks", 5, frozenset({"N10", "N11", "N12", "N13"})),
         ("cape", 2, frozenset()), ("cape", 4, frozenset())]


@pytest.mark.parametrize("game,players,variants", CASES)
def test_a_link_gives_back_the_whole_game_it_was_made_from(game, players, variants):
    state = random_game(game, players, 11, variants)
    link = compact.pack(state, GAMES)
    assert compact.unpack(link, GAMES) == save.to_json(state)
    again = compact.load_link(link, GAMES)
    assert again.history == state.history and again.is_terminal() and again.result() == state.result()


def test_a_game_in_the_middle_of_a_sealed_auction_comes_back_with_the_bids_already_made():
    """Several seats to act at once: the link says which of them played each bid."""
    state = random_game("banks", 4, 3, frozenset({"N11", "N12"}), stop=1)
    while len(state.to_act()) < 2 or not any(state.secret_decided()):
        if state.is_terminal():
            pytest.skip("no auction with a bid made in this game")
        seats = state.to_act()
        state.apply(state.legal_actions(seats[-1])[0], seats[-1])
    again = compact.load_link(compact.pack(state, GAMES), GAMES)
    assert again.history == state.history and again.to_act() == state.to_act()


def test_a_whole_random_game_of_nile_fits_a_link_of_2000_characters():
    lengths = [len(compact.pack(random_game("banks", 3, seed), GAMES)) for seed in range(6)]
    assert max(lengths) <= 2000, lengths
    assert statistics.median(lengths) < 0.1 * statistics.median(len(save.dumps(random_game("banks", 3, s))) for s in range(3))


def test_the_link_uses_only_characters_a_url_fragment_keeps():
    link = compact.pack(random_game("cape", 3, 5), GAMES)
    assert link.startswith("1.") and set(link) <= set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_.")


@pytest.mark.parametrize("damage", ["cut", "flipped", "other version", "not base64", "empty", "junk"])
def test_a_damaged_link_is_refused_with_a_sentence(damage):
    link = compact.pack(random_game("banks", 3, 8, stop=120), GAMES)
    bad = {
        "cut": link[: len(link) * 2 // 3],
        "flipped": link[:40] + ("A" if link[40] != "A" else "B") + link[41:],
        "other version": "9" + link[1:],
        "not base64": link[:30] + "!*" + link[32:],
        "empty": "1.",
        "junk": "hello world",
    }[damage]
    with pytest.raises(SaveError) as refused:
        compact.load_link(bad, GAMES)
    assert refused.value.key in ("save.link_damaged", "save.bad_action")


def test_a_link_of_a_game_this_app_does_not_know_says_so():
    import base64
    import json
    import zlib

    raw = json.dumps({"g": "chess", "r": 1, "o": {}, "s": 1}).encode() + b"\n"
    link = "1." + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")
    with pytest.raises(SaveError) as refused:
        compact.load_link(link, GAMES)
    assert refused.value.key == "save.unknown_game"


def test_a_link_that_would_inflate_beyond_any_game_is_refused_before_it_is_read_whole():
    import base64
    import zlib

    bomb = "1." + base64.urlsafe_b64encode(zlib.compress(b'{"g":"banks"}\n' + b"\0" * 5_000_000, 9)).decode()
    assert len(bomb) < 20_000
    with pytest.raises(SaveError) as refused:
        compact.load_link(bomb, GAMES)
    assert refused.value.key == "save.link_damaged"


def test_a_link_from_older_rules_says_its_moves_need_those_rules():
    """Its moves are places in the legal lists of the rules it was played by: another release cannot read them."""
    import dataclasses

    link = compact.pack(random_game("cape", 2, 4, stop=30), GAMES)
    later = {name: dataclasses.replace(entry.spec, rules_version=entry.rules_version + 1) for name, entry in GAMES.items()}
    with pytest.raises(SaveError) as refused:
        compact.load_link(link, later)
    assert refused.value.key == "save.rules_changed" and refused.value.params["why"].key == "save.link_other_rules"


def test_a_link_carries_what_else_its_head_is_given_and_a_game_without_a_seed_yet():
    """``extra`` for the devices of a game played from afar (nile.core.correspondence); before the seed is mixed
    a link names the game and its options only, and is no save."""
    state = random_game("cape", 2, 4, stop=6)
    saved, extra = compact.read(compact.pack(state, GAMES, {"i": "abc"}), GAMES)
    assert saved == save.to_json(state) and extra == {"i": "abc"}
    unseeded = compact.pack_unseeded("cape", GAMES, state.options_json(), {"i": "abc"})
    saved, extra = compact.read(unseeded, GAMES)
    assert saved["seed"] is None and saved["actions"] == [] and saved["options"] == state.options_json() and extra == {"i": "abc"}
    with pytest.raises(SaveError) as refused:
        compact.unpack(unseeded, GAMES)  # no game to load yet
    assert refused.value.key == "save.link_damaged"
    forged = compact._text({"g": "cape", "r": 1, "o": state.options_json(), "x": {}}, b"\x01\x02")
    with pytest.raises(SaveError) as refused:
        compact.read(forged, GAMES)  # moves without a seed
    assert refused.value.key == "save.link_damaged"


def test_a_link_whose_head_nests_deep_is_refused_before_it_is_parsed():
    """A tampered link's head nested thousands deep would overflow Pyodide's stack in json.loads (a crash of the
    page): it is measured first, as a save's text is."""
    raw = b'{"g":"cape","r":1,"o":{},"s":1,"x":' + b'{"a":' * 5000 + b"1" + b"}" * 5001 + b"\n"
    text = "1." + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    with pytest.raises(SaveError) as refused:
        compact.read(text, GAMES)
    assert refused.value.key == "save.link_damaged"


def test_links_of_one_game_that_went_two_ways_each_read_back_as_their_own_game():
    """A link is packed and read from where the last link of the same game stopped (compact's replays): a game
    that went another way from the middle, a shorter (stale) one and the longer one again each come back whole,
    never with the other's moves."""
    whole = random_game("banks", 3, seed=5)
    middle = len(whole.history) // 2
    other = GAMES["banks"].new_state(whole.options, whole.seed)
    for player, action in whole.history[:middle]:
        other.apply(action, player)
    rng = Rng(9)
    for _ in range(30):
        if other.is_terminal():
            break
        player = other.to_act()[0]
        legal = other.legal_actions(player)
        other.apply(legal[rng.below(len(legal))], player)
    assert other.history_texts() != whole.history_texts()[: len(other.history)]
    short = GAMES["banks"].new_state(whole.options, whole.seed)
    for player, action in whole.history[: middle // 2]:
        short.apply(action, player)
    for state in (whole, other, short, whole, other, whole):
        text = compact.pack(state, GAMES)
        assert compact.read(text, GAMES)[0]["actions"] == save.to_json(state)["actions"]
        assert save.load(compact.unpack(text, GAMES), GAMES).history == state.history


# ---------------------------------------------------------------------- numbers no link of ours holds
#: what Python's json reads besides whole numbers: Infinity, -Infinity and NaN (not JSON), 1e400 (a float too large:
#: infinity), 1.5 (``int()`` would round it into a seat), true (an ``int`` to Python)
NOT_A_SEAT = ["Infinity", "-Infinity", "NaN", "1e400", "1.5", "true"]
GID = "fuzz-0123456789"


def _far_links():
    """A Kap game of two devices: the link of the device that joined (its promises and its secret, no seed yet;
    the maker's record before reading it), and the maker's link once it has sealed its first bid (K6; the other
    device's record before reading it)."""
    options = GAMES["cape"].default_options(2, frozenset()).to_json()
    maker = Far.made(GID, "cape", options, [[0], [1]], "a1" * 32, GAMES)
    joined = Far.opened(maker.link(GAMES), GAMES, 1, "b2" * 32)
    joined_link, maker_before = joined.link(GAMES), maker.to_json()
    maker.receive(joined_link, GAMES)
    state = maker.state(GAMES)
    assert state is not None and state.secret_decision() and maker.auction is not None
    maker.bid(state.legal_actions(0)[0], 0, "c3" * 16, GAMES)
    return {"joined": (joined_link, maker_before), "bid": (maker.link(GAMES), joined.to_json())}


def _relinked(text, change):
    """``text`` with its ``extra`` changed by ``change`` (a value ``"@@"`` is written as the token it is given),
    put back together with a valid checksum: the change reaches the code that reads it."""
    head, numbers = compact._inflate(text)
    token = change(head["x"])
    raw = json.dumps(head, separators=(",", ":")).replace('"@@"', token)
    moves = bytearray()
    for number in numbers:
        compact._varint(number, moves)
    return "1." + base64.urlsafe_b64encode(zlib.compress(raw.encode() + b"\n" + bytes(moves), 9)).decode().rstrip("=")


def _set_hand(x, token):
    x["h"][1] = ["@@"]
    return token


def _set_step(x, token):
    x["a"]["step"] = "@@"
    return token


def _key(field):
    def change(x, token):
        x[field][token] = x[field].pop(max(x[field]))  # a promise or a secret under a key that is no seat
        return token
    return change


@pytest.mark.parametrize("token", NOT_A_SEAT)
@pytest.mark.parametrize("link,change", [("bid", _set_hand), ("joined", _key("p")), ("joined", _key("v")), ("bid", _set_step)],
                         ids=["a hand's seat", "a promise's seat", "a secret's seat", "an auction's step"])
def test_a_number_that_is_no_whole_number_is_refused_as_a_seat_or_a_step_and_nothing_changes(token, link, change):
    """A fuzzer's finding: a hand's seat ``Infinity`` raised OverflowError (``int()``), which the page showed as
    "Something went wrong"; ``1.5`` and ``true`` were read as seats 1. Each is refused, and the record that read
    it is as it was."""
    text, record = _far_links()[link]
    bad = _relinked(text, lambda x: change(x, token))
    for hand, secret in ((None, None), (1, "d4" * 32)):
        with pytest.raises((LinkError, SaveError)):
            Far.opened(bad, GAMES, hand, secret)
    far = Far.from_json(record)
    with pytest.raises((LinkError, SaveError)) as refused:
        far.receive(bad, GAMES)
    assert far.to_json() == record
    assert refused.value.key in ("save.link_damaged", "link.malformed")
    far.receive(text, GAMES)  # the link as it was is taken
    assert far.to_json() != record
