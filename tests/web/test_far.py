"""Play from afar through the controller (issue 44): devices are controllers with stores of their own, the links
passed between them by the test as a person passes them (``FAR_OPEN`` with the whole address). The rules of
trust are ``nile.core.remote``'s and tested there; here: what a person on each device sees and can do.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

import pytest

from nile.core import compact
from nile.games import load_all, load_save
from nile.kit.intents import Intent
from nile.web.controller import FAR, GAME, HOME, Controller
from nile.web.render.screen import render_screen
from nile.web.rooms import far as far_room
from nile.web.storage import PREFIX, Library, MemoryStore, StorageFull

load_all()


@contextmanager
def entropy_seeded(seed: int) -> Iterator[None]:
    """The devices' ids, secrets, keys and salts from a seeded generator (the page draws them from the browser's
    crypto)."""
    rng = random.Random(seed)
    kept = far_room.entropy
    far_room.entropy = lambda n: bytes(rng.getrandbits(8) for _ in range(n))
    try:
        yield
    finally:
        far_room.entropy = kept


@pytest.fixture(autouse=True)
def seeded_entropy() -> Iterator[None]:
    with entropy_seeded(44):
        yield


def move_one(devices: Iterable[Controller], rng: random.Random) -> tuple[Controller, int] | None:
    """A random legal move by the first device whose person may play now (which, and for whom); None: nobody can."""
    mover = next(((d, p) for d in devices if d.state is not None and not d.state.is_terminal()
                  for p in d.state.to_act() if d.plays_here(p)), None)
    if mover is not None:
        d, p = mover
        d.apply(rng.choice(d.state.legal_actions(p)).text(), p)
    return mover


def device(store: MemoryStore | None = None, lang: str = "en") -> Controller:
    return Controller(Library(store or MemoryStore(), load_save), lambda: 7, lang)


def make(c: Controller, game: str, names: tuple[str, ...], far: tuple[int, ...], variants: tuple[str, ...] = ()) -> str:
    """The set-up with the seats ``far`` played far away; the invitation's link."""
    c.handle(Intent.NEW, game)
    c.handle(Intent.SETUP_COUNT, str(len(names)))
    for i, name in enumerate(names):
        c.handle(Intent.SETUP_NAME, f"{i}:{name}")
    for i in far:
        c.handle(Intent.SETUP_KIND, f"{i}:far")
    for v in variants:
        c.handle(Intent.SETUP_OPTION, f"variant:{v}")
    c.handle(Intent.START_GAME)
    assert c.screen == FAR and c.far.sending
    return c.far.link_url()


def start(game: str, names: tuple[str, ...], variants: tuple[str, ...] = ()) -> dict[str, Controller]:
    """A game with every seat but the first far away, each on a device of its own, all joined; the devices by name."""
    devices = {name: device() for name in names}
    maker = devices[names[0]]
    invitation = make(maker, game, names, tuple(range(1, len(names))), variants)
    for i, name in enumerate(names[1:], 1):
        devices[name].handle(Intent.FAR_OPEN, invitation)
        devices[name].handle(Intent.FAR_JOIN, str(i))
    deliver_all(devices)
    return devices


def deliver(devices: dict[str, Controller], sender: Controller) -> bool:
    """The sender's link to the players it names (as the send cover names them); True when one was new there."""
    news = False
    url = sender.far.link_url()
    for seat in sender.far.send_to():
        other = devices[sender.far.players()[seat]]
        before = json.dumps(other.library.far.get(sender.far.record.id).to_json()) if other.far.record else None
        other.handle(Intent.FAR_OPEN, url)
        assert other.notice is None or other.notice[0] == "info", other.notice
        news = news or before != json.dumps(other.library.far.get(sender.far.record.id).to_json())
    return news


def deliver_all(devices: dict[str, Controller]) -> None:
    while any([deliver(devices, d) for d in devices.values() if d.far.record is not None]):
        pass


def play(devices: dict[str, Controller], rng: random.Random, check: Callable[[Controller, int], None] | None = None) -> int:
    """Random legal moves by whichever device may play, links passed whenever nobody can; returns the moves made."""
    moves = 0
    for _ in range(20_000):
        if all(d.state is not None and d.state.is_terminal() for d in devices.values()):
            return moves
        mover = next(((d, p) for d in devices.values() if d.state is not None and not d.state.is_terminal()
                      for p in d.state.to_act() if d.plays_here(p)), None)
        if mover is None:
            deliver_all(devices)
            continue
        if check is not None:
            check(*mover)
        move_one([mover[0]], rng)
        moves += 1
    raise AssertionError("the game did not end")


def stored(c: Controller) -> str:
    keys = [k for k in c.library.store.keys() if k.startswith(PREFIX)]
    assert len(keys) == 1
    return c.library.store.get(keys[0])


# ---------------------------------------------------------------------- whole games


def test_a_whole_game_of_kap_on_three_devices_every_stored_copy_the_same() -> None:
    devices = start("cape", ("Anna", "Bram", "Chloé"))
    anna = devices["Anna"]

    def check(d: Controller, p: int) -> None:
        # a device moves only for its own seat; a bid it must make: no other bid known in the clear (K6)
        assert d.far.record is not None and p in d.far.record.seats
        auction = d.far.record.auction
        if d.state.secret_decision():
            assert auction is not None and not auction.revealed
            assert d.secret.active_bidder() == p  # the bid is made on the person's own screen, no hand-over

    play(devices, random.Random(1), check)
    assert anna.screen == GAME and anna.remote == frozenset({1, 2}) and devices["Chloé"].remote == frozenset({0, 1})
    assert len({stored(d) for d in devices.values()}) == 1
    state = load_save(stored(anna))
    assert state.is_terminal()


def test_a_whole_game_of_nile_with_its_secret_bids_n11_n12_on_two_devices() -> None:
    # (three devices: tests/engine/test_correspondence.py, the same records without the page's rooms)
    devices = start("banks", ("Anna", "Bram"), ("N11", "N12"))
    bids = []

    def check(d: Controller, p: int) -> None:
        if d.state.secret_decision():
            bids.append(p)
            assert d.far.record.auction is not None and not d.far.record.auction.revealed

    play(devices, random.Random(2), check)
    assert bids, "the game had secret bids"
    assert len({stored(d) for d in devices.values()}) == 1


# ---------------------------------------------------------------------- what a person sees


def test_the_maker_sends_the_invitation_and_the_game_begins_once_every_secret_is_in() -> None:
    anna, bram = device(), device()
    invitation = make(anna, "cape", ("Anna", "Bram"), (1,))
    html = render_screen(anna).html
    assert "Send the game to Bram" in html and 'class="qr"' in html and "#far=1." in html
    assert anna.far.link_url().startswith("https://nile.invalid/#far=1.")
    bram.handle(Intent.FAR_OPEN, invitation)
    assert bram.screen == FAR and bram.far.joinable() == [(1, (1,))]
    assert "I am Bram" in render_screen(bram).html
    bram.handle(Intent.FAR_JOIN, "1")
    assert bram.screen == FAR and bram.state is None  # Anna's secret is still to come
    assert bram.far.send_to() == (0,) and "Send the game to Anna" in render_screen(bram).html
    anna.handle(Intent.FAR_OPEN, bram.far.link_url())
    assert anna.screen == GAME and anna.state is not None
    anna.handle(Intent.HOME)
    assert anna.screen == HOME and "Anna, Bram" in render_screen(anna).html  # an ordinary saved game now


def test_a_game_waiting_for_its_players_is_listed_at_home_and_its_link_sent_again() -> None:
    anna = device()
    invitation = make(anna, "cape", ("Anna", "Bram"), (1,))
    anna.handle(Intent.HOME)
    html = render_screen(anna).html
    assert "Games waiting for their players" in html
    gid = anna.far.pending()[0].id
    anna.handle(Intent.FAR_SEND, gid)
    assert anna.screen == FAR and anna.far.link_url() == invitation


def test_the_seat_played_far_away_is_held_no_target_no_undo_and_the_table_says_whom_it_waits_for() -> None:
    devices = start("banks", ("Anna", "Bram"))
    anna = devices["Anna"]  # the game began on Anna's device: Anna plays first (N2: the first seat)
    while not anna.far.send_to():
        anna.apply(anna.state.legal_actions(anna.state.current_player())[0].text(), anna.state.current_player())
    assert anna.far.sending  # Anna's turn is over: the link to send comes up at once
    deliver(devices, anna)
    anna.handle(Intent.FAR_CLOSE)
    waiting = anna
    assert waiting.table.actor() is None and not waiting.table.undo_possible()
    assert waiting.table.interaction().targets == {}
    assert waiting.table.interaction().prompt.startswith("Waiting for a link from")
    html = render_screen(waiting).html  # the link was shown and closed (most likely sent): who plays now, and again
    assert "Bram plays next, on their own device." in html and "Send the link again" in html
    assert "The game goes on on another device: send the link to" not in html


def test_a_move_made_here_and_taken_back_in_the_same_turn_leaves_the_record_too() -> None:
    devices = start("banks", ("Anna", "Bram"))
    mover = next(d for d in devices.values() if d.plays_here(d.state.current_player()))
    p = mover.state.current_player()
    # play until a move that keeps the turn (an undo is possible), then undo it
    for _ in range(40):
        action = next((a for a in mover.state.legal_actions(p) if a.text() != "end"), None)
        if action is None:
            break
        mover.apply(action.text(), p)
        assert mover.far.record.actions == mover.state.history_texts()
        if mover.table.undo_possible():
            mover.handle(Intent.UNDO)
            assert mover.far.record.actions == mover.state.history_texts()
            return
    pytest.fail("no move could be taken back")


def test_a_bid_is_sealed_not_played_and_its_amount_never_leaves_the_device_until_every_bid_is_in() -> None:
    devices = start("cape", ("Anna", "Bram"))
    anna, bram = devices["Anna"], devices["Bram"]
    assert anna.state.secret_decision()
    bid = max(anna.state.legal_actions(0), key=lambda a: len(a.text())).text()  # a bid of some money
    anna.apply(bid, 0)
    assert anna.state.history == [] or anna.state.history[-1][1].text() != bid  # sealed, not played
    assert anna.hold == frozenset({0, 1}) and anna.far.sending
    link = anna.far.link_url()
    _, _, extra = compact.peek(link.partition("#far=")[2])
    assert bid.split()[-1] not in json.dumps(extra["a"]["sealed"]) or len(extra["a"]["sealed"]["0"]) == 64
    assert extra["a"]["revealed"] == {}
    bram.handle(Intent.FAR_OPEN, link)
    assert bram.far.record.auction.sealed.keys() == {0} and not bram.far.record.auction.revealed
    bram.apply(bram.state.legal_actions(1)[0].text(), 1)  # Bram's bid: all sealed, Bram's revealed
    anna.handle(Intent.FAR_OPEN, bram.far.link_url())  # Anna reveals hers: all in, the bids are played
    assert any(a.text() == bid for _, a in anna.state.history)


# ---------------------------------------------------------------------- links refused, nothing lost


def _damage(url: str, how: str) -> str:
    base, _, text = url.partition("#far=")
    if how == "cut":
        return f"{base}#far={text[: len(text) // 2]}"
    i = len(text) // 2
    return f"{base}#far={text[:i]}{'A' if text[i] != 'A' else 'B'}{text[i + 1:]}"


@pytest.mark.parametrize("how", ["cut", "tampered"])
def test_a_damaged_link_is_refused_with_a_clear_message_and_nothing_stored_changes(how: str) -> None:
    devices = start("cape", ("Anna", "Bram"))
    anna = devices["Anna"]
    before = dict(anna.library.store.data)
    anna.handle(Intent.FAR_OPEN, _damage(devices["Bram"].far.link_url(), how))
    assert anna.notice is not None and anna.notice[0] == "error"
    assert anna.notice[1].startswith("This link was not opened:")
    assert anna.library.store.data == before


def test_a_stale_link_says_so_and_keeps_what_is_here() -> None:
    devices = start("cape", ("Anna", "Bram"))
    anna, bram = devices["Anna"], devices["Bram"]
    old = bram.far.link_url()
    anna.apply(anna.state.legal_actions(0)[0].text(), 0)  # Anna's bid sealed: Anna knows more than Bram's link
    before = dict(anna.library.store.data)
    anna.handle(Intent.FAR_OPEN, old)
    assert anna.notice == ("info", "This link is older than the game kept here: nothing was changed.")
    assert anna.library.store.data == before


def test_a_link_that_went_another_way_is_refused_with_who_and_where_and_both_copies_are_kept() -> None:
    devices = start("banks", ("Anna", "Bram"))
    mover = next(d for d in devices.values() if d.plays_here(d.state.current_player()))
    other = next(d for d in devices.values() if d is not mover)
    p = mover.state.current_player()
    # the mover's device is copied (a second phone with the same store): both move from the same position
    twin = device(MemoryStore())
    twin.library.store.data.update(mover.library.store.data)
    twin.handle(Intent.CONTINUE, mover.game_id)
    legal = mover.state.legal_actions(p)
    mover.apply(legal[0].text(), p)
    twin.apply(legal[-1].text(), p)
    mover.handle(Intent.FAR_SEND)
    other.handle(Intent.FAR_OPEN, mover.far.link_url())
    before = {k: v for k, v in other.library.store.data.items() if k.startswith(("nile:far:", PREFIX))}
    other.handle(Intent.FAR_OPEN, twin.far.link_url())
    assert other.notice is not None and other.notice[0] == "error"
    name = mover.names[p]
    assert "from action" in other.notice[1] and name in other.notice[1]
    assert "kept as a game of its own" in other.notice[1]
    after = other.library.store.data
    assert all(after[k] == v for k, v in before.items())  # the stored game and record as they were
    games = [k for k in after if k.startswith(PREFIX)]
    assert len(games) == 2  # and the link's game beside it
    kept = next(load_save(after[k]) for k in games if k not in before)
    assert kept.history[-1] == (p, legal[-1])


def test_a_link_of_another_game_opens_as_an_invitation_not_into_the_game_here() -> None:
    one = start("cape", ("Anna", "Bram"))
    two = start("cape", ("Anna", "Bram"))
    anna = one["Anna"]
    gid = anna.game_id
    anna.handle(Intent.FAR_OPEN, two["Bram"].far.link_url())
    assert anna.screen == FAR and anna.far.invitation is not None  # another game: join it or watch it
    assert anna.library.far.get(gid) is not None


def test_a_reveal_that_does_not_match_its_commitment_is_refused_and_said() -> None:
    devices = start("cape", ("Anna", "Bram"))
    anna, bram = devices["Anna"], devices["Bram"]
    anna.apply(anna.state.legal_actions(0)[-1].text(), 0)
    bram.handle(Intent.FAR_OPEN, anna.far.link_url())
    bram.apply(bram.state.legal_actions(1)[0].text(), 1)
    record = bram.far.record
    assert record.auction.revealed
    seat, (bid, salt) = next(iter(record.auction.revealed.items()))
    other = next(a.text() for a in bram.state.legal_actions(1) if a.text() != bid)
    record.auction.revealed[seat] = (other, salt)  # Bram's device lies about its bid
    before = dict(anna.library.store.data)
    anna.handle(Intent.FAR_OPEN, bram.far.link_url())
    assert anna.notice is not None and anna.notice[0] == "error" and "Bram" in anna.notice[1]
    assert anna.library.store.data == before


def test_a_player_who_only_watches_sees_the_game_and_plays_nothing() -> None:
    devices = start("cape", ("Anna", "Bram"))
    watcher = device()
    watcher.handle(Intent.FAR_OPEN, devices["Anna"].far.link_url())
    assert watcher.screen == FAR and watcher.far.joinable() == []
    assert "Every player already plays on a device of their own" in render_screen(watcher).html
    watcher.handle(Intent.FAR_JOIN, "watch")
    assert watcher.screen == GAME and watcher.hold == frozenset({0, 1})
    assert watcher.table.actor() is None and watcher.far.send_to() == ()


def test_a_reload_reopens_the_game_with_the_far_seats_still_held() -> None:
    devices = start("cape", ("Anna", "Bram"))
    anna = devices["Anna"]
    again = device(anna.library.store)
    again.resume()
    assert again.screen == GAME and again.remote == frozenset({1})
    assert again.far.record == anna.far.record


def test_the_set_up_needs_one_player_on_this_device() -> None:
    anna = device()
    anna.handle(Intent.NEW, "cape")
    anna.handle(Intent.SETUP_COUNT, "2")
    anna.handle(Intent.SETUP_KIND, "0:far")
    anna.handle(Intent.SETUP_KIND, "1:far")
    anna.handle(Intent.START_GAME)
    assert anna.screen != FAR and anna.setup.form.error == "At least one player must play on this device."


@pytest.mark.parametrize("lang", ["de", "nl", "fr"])
def test_the_send_and_invitation_screens_speak_the_players_language(lang: str) -> None:
    anna, isis = device(lang=lang), device(lang=lang)
    invitation = make(anna, "cape", ("Anna", "Isis"), (1,))
    isis.handle(Intent.FAR_OPEN, invitation)
    texts = {"de": ("Schick das Spiel an Isis", "Ich bin Isis"), "nl": ("Stuur het spel naar Isis", "Ik ben Isis"),
             "fr": ("Envoyer la partie à Isis", "Je suis Isis")}[lang]
    assert texts[0] in render_screen(anna).html
    assert texts[1] in render_screen(isis).html
    isis.handle(Intent.FAR_OPEN, "#far=1.nonsense")
    said = {"de": "Dieser Link wurde nicht geöffnet", "nl": "Deze link is niet geopend", "fr": "Ce lien n'a pas été ouvert"}
    assert isis.notice is not None and isis.notice[1].startswith(said[lang])


def test_the_link_to_send_closes_with_escape_and_opens_again_from_the_line() -> None:
    devices = start("cape", ("Anna", "Bram"))
    anna = devices["Anna"]
    anna.apply(anna.state.legal_actions(0)[0].text(), 0)  # Anna's bid sealed: her part is done
    assert anna.far.sending and 'role="dialog"' in render_screen(anna).html
    anna.handle(Intent.ESCAPE)
    assert not anna.far.sending and anna.screen == GAME
    assert 'class="far-line"' in render_screen(anna).html
    anna.handle(Intent.FAR_SEND)
    assert anna.far.sending


def test_a_link_says_once_what_it_brought() -> None:
    anna, bram = device(), device()
    bram.handle(Intent.FAR_OPEN, make(anna, "banks", ("Anna", "Bram"), (1,)))
    bram.handle(Intent.FAR_JOIN, "1")
    anna.handle(Intent.FAR_OPEN, bram.far.link_url())
    assert anna.notice == ("info", "Every player has joined: the game begins.")
    while not anna.far.send_to():
        p = anna.state.current_player()
        anna.apply(anna.state.legal_actions(p)[0].text(), p)
    bram.handle(Intent.FAR_OPEN, anna.far.link_url())
    assert bram.notice == ("info", "Every player has joined: the game begins.")  # (Anna's moves: since your turn)
    before = len(bram.state.history)
    while not bram.far.send_to():
        p = bram.state.current_player()
        bram.apply(bram.state.legal_actions(p)[0].text(), p)
    anna.handle(Intent.FAR_OPEN, bram.far.link_url())
    count = len(bram.state.history) - before
    assert anna.notice == ("info", f"This link brought {count} new move{'s' if count > 1 else ''}.")
    assert 'class="since"' in render_screen(anna).html  # and what they were: "since your turn", at Anna's turn
    anna.handle(Intent.FAR_OPEN, bram.far.link_url())
    assert anna.notice == ("info", "This link brings nothing new: the game here is up to date.")


def test_a_record_this_device_cannot_read_is_never_written_over_by_a_link() -> None:
    devices = start("cape", ("Anna", "Bram"))
    anna = devices["Anna"]
    key = next(k for k in anna.library.store.keys() if k.startswith("nile:far:"))
    anna.library.store.set(key, '{"id": "tampered"')
    anna.library.far.known.clear()
    anna.handle(Intent.FAR_OPEN, devices["Bram"].far.link_url())
    assert anna.notice == ("error", "This link was not opened: this device's record of that game cannot be read.")
    assert anna.library.store.get(key) == '{"id": "tampered"'


def test_a_link_whose_game_the_full_storage_cannot_keep_says_so_and_the_record_keeps_its_moves() -> None:
    devices = start("cape", ("Anna", "Bram"))
    anna, bram = devices["Anna"], devices["Bram"]
    anna.apply(anna.state.legal_actions(0)[0].text(), 0)  # Anna's bid sealed: the link Bram's game begins with
    link = anna.far.link_url()
    store = bram.library.store
    original = store.set

    def full(key: str, value: str) -> None:
        if key.startswith(PREFIX):  # no room for the game itself
            raise StorageFull(key)
        original(key, value)

    store.set = full  # type: ignore[method-assign]
    bram.handle(Intent.FAR_OPEN, link)
    assert bram.notice is not None and bram.notice[0] == "error" and "full" in bram.notice[1]
    assert 0 in bram.far.record.auction.sealed  # Anna's sealed bid kept in the record all the same
