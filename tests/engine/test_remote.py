"""Play from afar (nile.core.remote, issue 44): a seed nobody chose alone, sealed bids that stay sealed until
every bid is in, and a link merged into the stored copy — or refused, saying why. (Whole games played by links
through these rules: tests/engine/test_correspondence.py.)"""

from __future__ import annotations

import pytest

from nile.core import save
from nile.core.actions import IllegalActionError
from nile.core.remote import Auction, LinkError, commitment, merge, mixed_seed, seed_commitment
from nile.core.rng import MAX_SEED, Rng
from nile.games import GAMES
from nile.words.say import say

GID = "g-test-0123456789"


def test_bids_are_played_in_seat_order_whatever_order_they_came_in():
    spec = GAMES["cape"]
    state = spec.new_state(spec.default_options(3, frozenset()), 9)
    while not state.secret_decision():
        state.apply(state.legal_actions()[0])
    orders = []
    for arrival in ([0, 1, 2], [2, 0, 1], [1, 2, 0]):
        auction = Auction.opened(state, GID)
        bids = {seat: (state.legal_actions(seat)[-1].text(), f"{seat:02d}" * 16) for seat in state.to_act()}
        for seat in arrival:
            auction.seal(seat, commitment(GID, auction.step, seat, *bids[seat]))
        for seat in reversed(arrival):
            auction.reveal(seat, *bids[seat])
        played = state.clone()
        auction.play(played)
        orders.append(save.to_json(played)["actions"][len(state.history):])
    assert orders[0] == orders[1] == orders[2]
    assert [a.split()[0] for a in orders[0]] == ["p1", "p2", "p3"]


@pytest.fixture
def auction_state():
    spec = GAMES["cape"]
    state = spec.new_state(spec.default_options(3, frozenset()), 4)
    while not state.secret_decision():
        state.apply(state.legal_actions()[0])
    return state


def sealed_auction(state, bids):
    auction = Auction.opened(state, GID)
    for seat, (bid, s) in bids.items():
        auction.seal(seat, commitment(GID, auction.step, seat, bid, s))
    return auction


def test_a_reveal_that_does_not_match_its_commitment_is_refused_and_names_the_bidder(auction_state):
    state = auction_state
    low, high = state.legal_actions(1)[0].text(), state.legal_actions(1)[-1].text()
    assert low != high
    bids = {seat: (low, "ab" * 16) for seat in state.to_act()}
    auction = sealed_auction(state, bids)
    with pytest.raises(LinkError) as refused:
        auction.reveal(1, high, "ab" * 16)  # a higher bid than the one sealed
    assert refused.value.key == "link.reveal_mismatch" and refused.value.params == {"player": 1}
    assert say(refused.value, "en", ["Anna", "Bastet", "Horus"]) == "the bid shown for Bastet is not the secret bid that was made"
    with pytest.raises(LinkError):
        auction.reveal(1, low, "cd" * 16)  # the same bid with another salt
    auction.reveal(1, low, "ab" * 16)  # the real one still opens
    assert set(auction.revealed) == {1}


def test_no_bid_is_shown_before_every_bid_is_sealed(auction_state):
    state = auction_state
    bid = state.legal_actions(0)[0].text()
    auction = Auction.opened(state, GID)
    auction.seal(0, commitment(GID, auction.step, 0, bid, "01" * 16))
    with pytest.raises(LinkError) as refused:
        auction.reveal(0, bid, "01" * 16)
    assert refused.value.key == "link.revealed_early"


def test_a_commitment_holds_for_one_game_one_auction_and_one_seat_only(auction_state):
    state = auction_state
    bid = state.legal_actions(0)[0].text()
    auction = Auction.opened(state, GID)
    made = {seat: commitment(GID, auction.step, seat, bid, "01" * 16) for seat in state.to_act()}
    assert len(set(made.values())) == len(made)  # the seat is in it
    assert commitment(GID, auction.step + 1, 0, bid, "01" * 16) != made[0]  # so is the auction
    assert commitment(GID + "x", auction.step, 0, bid, "01" * 16) != made[0]  # and the game
    for seat, digest in made.items():
        auction.seal(seat, digest)
    auction.seal(0, made[0])  # the same commitment again (a later link carries it too): taken once
    with pytest.raises(LinkError) as refused:
        auction.seal(0, made[1])
    assert refused.value.key == "link.sealed_twice"
    outsider = next(s for s in range(state.num_players) if s not in state.to_act()) if len(state.to_act()) < state.num_players else 7
    with pytest.raises(LinkError) as refused:
        auction.seal(outsider, made[0])
    assert refused.value.key == "link.not_bidding"


def test_an_illegal_bid_that_matches_its_commitment_is_still_refused_by_the_rules(auction_state):
    state = auction_state
    bids = {seat: (state.legal_actions(seat)[0].text(), "0f" * 16) for seat in state.to_act()}
    bids[2] = ("bid 99999", "0f" * 16)
    auction = sealed_auction(state, bids)
    for seat, (bid, s) in bids.items():
        auction.reveal(seat, bid, s)
    played = state.clone()
    with pytest.raises(IllegalActionError) as refused:
        auction.play(played)
    assert refused.value.params["why"].key == "cape.why.bid_too_high"  # K3: no more than the money you have
    assert played.history == state.history  # every bid checked before any is played


def test_an_auction_goes_through_a_link_and_back_as_json(auction_state):
    state = auction_state
    bids = {seat: (state.legal_actions(seat)[0].text(), "5a" * 20) for seat in state.to_act()}
    auction = sealed_auction(state, bids)
    seat = state.to_act()[0]
    auction.reveal(seat, *bids[seat])
    again = Auction.from_json(auction.to_json())
    assert again == auction
    for broken in ({}, {**auction.to_json(), "seats": [0, 0]}, {**auction.to_json(), "step": True},
                   {**auction.to_json(), "sealed": {"0": "not a digest"}}, {**auction.to_json(), "id": "x"},
                   {**auction.to_json(), "revealed": {str(seat): [bids[seat][0], "5a" * 19 + "5b"]}}):
        with pytest.raises(LinkError) as refused:
            Auction.from_json(broken)
        assert refused.value.key in ("link.malformed", "link.reveal_mismatch")


def test_the_seed_is_mixed_from_every_devices_secret_and_a_changed_secret_is_caught():
    secrets = {0: "1" * 32, 2: "2" * 32}
    promised = {s: seed_commitment(GID, s, v) for s, v in secrets.items()}
    seed = mixed_seed(GID, promised, secrets)
    assert 0 <= seed <= MAX_SEED
    assert mixed_seed(GID, dict(reversed(promised.items())), dict(reversed(secrets.items()))) == seed
    changed = {**secrets, 2: "3" * 32}
    assert mixed_seed(GID, {s: seed_commitment(GID, s, v) for s, v in changed.items()}, changed) != seed
    with pytest.raises(LinkError) as refused:  # a device that changed its secret after seeing the other's
        mixed_seed(GID, promised, changed)
    assert refused.value.key == "link.seed_mismatch" and refused.value.params == {"player": 2}
    for weak in ("1" * 31, "G" * 32, "1" * 129):
        with pytest.raises(LinkError):
            seed_commitment(GID, 0, weak)
    with pytest.raises(LinkError):
        mixed_seed(GID, promised, {0: secrets[0]})  # a secret missing


def game_save(seed: int, moves: int) -> dict:
    spec = GAMES["banks"]
    state = spec.new_state(spec.default_options(3, frozenset()), seed)
    rng = Rng(seed)
    while len(state.history) < moves:
        legal = state.legal_actions(state.to_act()[0])
        state.apply(legal[rng.below(len(legal))], state.to_act()[0])
    return save.to_json(state)


def test_a_link_extends_repeats_or_falls_short_of_the_stored_game_and_nothing_stored_changes():
    longer = game_save(3, 30)
    shorter = dict(longer, actions=longer["actions"][:20])
    kept = dict(shorter, actions=list(shorter["actions"]))
    merged = merge(shorter, longer)
    assert merged.kind == "new" and list(merged.actions) == longer["actions"][20:] and merged.added == 10
    assert merge(longer, shorter).kind == "stale" and merge(longer, shorter).added == 0
    assert merge(longer, dict(longer)).kind == "same"
    assert shorter == kept


def test_a_link_that_went_another_way_is_refused_with_where_and_who():
    stored = game_save(3, 30)
    other = dict(stored, actions=stored["actions"][:12])
    state = save.load(other, GAMES)
    seat = state.to_act()[0]
    different = next(a for a in state.legal_actions(seat) if f"p{seat + 1} {a.text()}" != stored["actions"][12])
    state.apply(different, seat)
    with pytest.raises(LinkError) as refused:
        merge(stored, save.to_json(state))
    assert refused.value.key == "link.diverged" and refused.value.params == {"number": 13, "player": seat}
    names = ["Anna", "Bastet", "Horus"]
    assert say(refused.value, "de", names) == (f"ab Aktion 13 erzählt dieser Link ein anderes Spiel als das hier gespeicherte: "
                                               f"Dort hat {names[seat]} etwas anderes gespielt")


def test_a_link_of_another_game_is_refused():
    stored = game_save(3, 10)
    for other in (game_save(4, 10), dict(stored, options={**stored["options"], "variants": ["N11"]}),
                  dict(stored, game="cape"), dict(stored, rules=stored["rules"] + 1)):
        with pytest.raises(LinkError) as refused:
            merge(stored, other)
        assert refused.value.key == "link.other_game"
    assert say(LinkError("link.other_game"), "fr") == "ce lien appartient à une autre partie que celle enregistrée ici"
