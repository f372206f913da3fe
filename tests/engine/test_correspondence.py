"""A game played from afar by links alone (nile.core.correspondence, issue 44): devices that make and open an
invitation, mix the seed from their promised secrets, play and bid in secret through links, and end holding the
very same game — and links that are stale, tampered, diverging or of another game, refused or left, with
nothing stored changed."""

from __future__ import annotations

import json

import pytest

from nile.core import compact
from nile.core.correspondence import Far
from nile.core.remote import LinkError
from nile.core.rng import Rng
from nile.core.sign import SigningKey
from nile.games import GAMES

GID = "far-test-0123456789"


def salt(rng: Rng) -> str:
    return "".join(f"{rng.below(256):02x}" for _ in range(32))


def options(game: str, players: int, variants: frozenset[str] = frozenset()) -> dict:
    return GAMES[game].default_options(players, variants).to_json()


def key(rng: Rng) -> str:
    """A device's signing key (the page draws its seed from the browser's crypto)."""
    return SigningKey.from_seed(bytes(rng.below(256) for _ in range(32))).seed_text


def invite(game: str, players: int, variants: frozenset[str], hands, rng: Rng) -> list[Far]:
    """The maker's invitation goes from device to device, each taking its hand; then links go round until every
    device has every secret (the seed)."""
    devices = [Far.made(GID, game, options(game, players, variants), hands, salt(rng), GAMES, key(rng))]
    for hand in range(1, len(hands)):
        devices.append(Far.opened(devices[-1].link(GAMES), GAMES, hand=hand, secret=salt(rng), key=key(rng)))
    everyone(devices)
    return devices


def everyone(devices: list[Far]) -> None:
    """Each device's link to every other, twice round: what one knows, all know."""
    for _ in range(2):
        for d in devices:
            text = d.link(GAMES)
            for other in devices:
                if other is not d:
                    other.receive(text, GAMES)


def public(far: Far) -> dict:
    """What a device holds that every device should hold alike (its own secrets and its hand aside)."""
    data = far.to_json()
    # (its own keys and bids; and which signatures and played auctions it keeps, which depends on the links it saw)
    for private in ("mine", "own_secret", "own_bids", "own_key", "signatures", "played"):
        data.pop(private)
    return data


def play_far(game: str, players: int, variants: frozenset[str], hands, seed: int) -> tuple[list[Far], int]:
    rng = Rng(seed)
    devices = invite(game, players, variants, hands, rng)
    holder = {seat: d for d in devices for seat in d.seats}
    latest, auctions = devices[0], 0
    for _ in range(3000):
        state = latest.state(GAMES)
        if state.is_terminal():
            break
        if state.secret_decision():
            auctions += 1
            for d in devices:  # each device seals its own seats' bids; its links carry only commitments
                for seat in set(d.seats) & set(state.to_act()):
                    legal = state.legal_actions(seat)
                    d.bid(legal[rng.below(len(legal))], seat, salt(rng), GAMES)
                    if not set(state.to_act()) <= set(d.seats):  # bidders on other devices: its bid stays with it
                        assert d.auction is not None and not d.auction.revealed
            everyone(devices)  # the commitments go round, then the reveals, and every device plays the bids
            assert len({len(d.actions) for d in devices}) == 1 and all(d.auction is None or not d.auction.sealed for d in devices)
            continue
        mover = holder[state.to_act()[0]]
        assert mover.my_turn(GAMES) == (state.to_act()[0],)
        now = mover.state(GAMES)
        while not now.is_terminal() and not now.secret_decision() and now.to_act()[0] in mover.seats:
            seat = now.to_act()[0]
            legal = now.legal_actions(seat)
            mover.play(legal[rng.below(len(legal))], seat, GAMES)
            now = mover.state(GAMES)
        text = mover.link(GAMES)
        # to the device of the next seat to act; to every device when all bid at once or the game is over
        for d in [holder[now.to_act()[0]]] if now.to_act() and not now.secret_decision() else devices:
            if d is not mover:
                assert d.receive(text, GAMES) == "new"
        latest = mover
    return devices, auctions


@pytest.mark.parametrize("game,players,variants,hands", [
    ("cape", 2, frozenset(), [[0], [1]]),
    ("cape", 3, frozenset(), [[0], [1, 2]]),
    ("cape", 4, frozenset(), [[0, 3], [1], [2]]),
    ("cape", 4, frozenset(), [[0], [1], [2], [3]]),
    ("banks", 3, frozenset({"N11", "N12"}), [[0], [1, 2]]),
    ("banks", 4, frozenset({"N11", "N12"}), [[0, 2], [1], [3]]),
])
def test_a_game_made_opened_and_played_by_links_ends_the_same_on_every_device(game, players, variants, hands):
    devices, auctions = play_far(game, players, variants, hands, seed=3)
    assert auctions > 0
    assert all(d.state(GAMES).is_terminal() and d.waiting_for(GAMES) == () for d in devices)
    assert all(public(d) == public(devices[0]) for d in devices)
    assert len({d.seed for d in devices}) == 1


def test_nobody_reveals_a_secret_before_every_device_has_promised_and_a_link_never_carries_a_salt():
    rng = Rng(1)
    maker = Far.made(GID, "cape", options("cape", 3), [[0], [1], [2]], salt(rng), GAMES)
    _, extra = compact.read(maker.link(GAMES), GAMES)
    assert extra["p"] and not extra["v"] and maker.own_secret not in json.dumps(extra)
    assert maker.waiting_for(GAMES) == (1, 2) and maker.my_turn(GAMES) == ()  # the invitation goes to seats 2 and 3
    second = Far.opened(maker.link(GAMES), GAMES, hand=1, secret=salt(rng))
    assert second.secrets == {} and second.seed is None  # the third device has not promised yet
    third = Far.opened(second.link(GAMES), GAMES, hand=2, secret=salt(rng))
    assert set(third.secrets) == {2}  # it has seen every promise: it reveals its own secret, and only its own
    assert third.waiting_for(GAMES) == (0, 1)  # their secrets
    devices = [maker, second, third]
    everyone(devices)
    assert maker.seed is not None and maker.seed == second.seed == third.seed
    first = maker.state(GAMES).to_act()
    assert maker.waiting_for(GAMES) == first and maker.my_turn(GAMES) == tuple(s for s in first if s == 0)
    state = maker.state(GAMES)
    while not state.secret_decision():  # Kap's first auction comes after the opening moves
        seat = state.to_act()[0]
        owner = next(d for d in devices if seat in d.seats)
        owner.play(state.legal_actions(seat)[0], seat, GAMES)
        everyone(devices)
        state = maker.state(GAMES)
    bid = state.legal_actions(0)[-1]
    assert maker.my_turn(GAMES) == (0,) and maker.waiting_for(GAMES) == state.to_act()
    maker.bid(bid, 0, "ab" * 16, GAMES)
    assert maker.my_turn(GAMES) == () and maker.waiting_for(GAMES) == tuple(s for s in state.to_act() if s != 0)
    _, extra = compact.read(maker.link(GAMES), GAMES)
    assert extra["a"]["sealed"] and not extra["a"]["revealed"] and "ab" * 16 not in json.dumps(extra)
    with pytest.raises(LinkError) as refused:
        maker.play(bid, 0, GAMES)  # a bid never leaves as an open move
    assert refused.value.key == "link.bid_sealed"


@pytest.fixture
def pair():
    rng = Rng(7)
    devices = invite("cape", 2, frozenset(), [[0], [1]], rng)
    moved = 0
    while moved < 3 or devices[0].state(GAMES).secret_decision():  # (left where one seat is to move)
        state = devices[0].state(GAMES)
        for seat in state.to_act():
            owner = next(d for d in devices if seat in d.seats)
            if state.secret_decision():
                owner.bid(state.legal_actions(seat)[0], seat, salt(rng), GAMES)
            else:
                owner.play(state.legal_actions(seat)[-1], seat, GAMES)
                moved += 1
        everyone(devices)
    return devices


def test_a_stale_link_changes_nothing_and_says_so(pair):
    a, b = pair
    old = a.link(GAMES)
    state = a.state(GAMES)
    seat = state.to_act()[0]
    owner = a if seat in a.seats else b
    owner.play(state.legal_actions(seat)[0], seat, GAMES)
    other = b if owner is a else a
    other.receive(owner.link(GAMES), GAMES)
    kept = other.to_json()
    assert other.receive(old, GAMES) == "stale" and other.to_json() == kept
    assert other.receive(owner.link(GAMES), GAMES) == "same"


def test_a_link_that_went_another_way_is_refused_and_both_copies_stay(pair):
    a, b = pair
    state = a.state(GAMES)
    seat = state.to_act()[0]
    owner, other = (a, b) if seat in a.seats else (b, a)
    twin = Far.from_json(owner.to_json())  # the same device's record, on another tab or restored from a backup
    owner.play(state.legal_actions(seat)[0], seat, GAMES)
    twin.play(state.legal_actions(seat)[-1], seat, GAMES)  # a second move from the same position
    other.receive(owner.link(GAMES), GAMES)
    kept = other.to_json()
    with pytest.raises(LinkError) as refused:
        other.receive(twin.link(GAMES), GAMES)
    assert refused.value.key == "link.diverged" and refused.value.params == {"number": len(state.history) + 1, "player": seat}
    assert other.to_json() == kept


def test_a_tampered_secret_or_another_games_link_is_refused_and_nothing_changes(pair):
    a, b = pair
    kept = b.to_json()
    save, extra = compact.read(a.link(GAMES), GAMES)
    forged = dict(extra, v={**(extra["v"] or {}), "0": "9" * 64})  # (links drop the secrets once all signed)
    with pytest.raises(LinkError) as refused:
        b.receive(compact.pack(a.state(GAMES), GAMES, forged), GAMES)
    assert refused.value.key == "link.seed_mismatch" and refused.value.params == {"player": 0}
    with pytest.raises(LinkError) as refused:
        b.receive(compact.pack(a.state(GAMES), GAMES, dict(extra, i="another-game-id")), GAMES)
    assert refused.value.key == "link.other_game"
    assert b.to_json() == kept


def test_a_taken_hand_is_refused_and_a_device_without_a_hand_watches():
    rng = Rng(2)
    maker = Far.made(GID, "cape", options("cape", 2), [[0], [1]], salt(rng), GAMES)
    with pytest.raises(LinkError) as refused:
        Far.opened(maker.link(GAMES), GAMES, hand=0, secret=salt(rng))
    assert refused.value.key == "link.hand_taken"
    second = Far.opened(maker.link(GAMES), GAMES, hand=1, secret=salt(rng))
    watcher = Far.opened(second.link(GAMES), GAMES)
    everyone([maker, second, watcher])
    assert watcher.seats == () and watcher.seed == maker.seed
    state = watcher.state(GAMES)
    with pytest.raises(LinkError) as refused:
        watcher.play(state.legal_actions(state.to_act()[0])[0], state.to_act()[0], GAMES)
    assert refused.value.key == "link.not_your_seat"


def test_a_record_goes_to_the_store_and_back_whole(pair):
    a, _ = pair
    assert Far.from_json(json.loads(json.dumps(a.to_json()))) == a
