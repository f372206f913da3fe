"""Play from afar at a real table (issue 50): computer players on the maker's device, a seat chosen on two devices,
moves forged for a seat. Devices are controllers with stores of their own (``tests/web/test_far.py``'s helpers);
the bot worker is answered in-process as the page's worker does (``nile.bots.protocol.handle``).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from nile.bots import protocol
from nile.core import compact
from nile.core.save import load
from nile.games import GAMES
from nile.kit.intents import Intent
from nile.web.controller import FAR, GAME, Controller
from nile.web.render.screen import render_screen

from .test_far import device, make, move_one, seeded_entropy, stored  # noqa: F401 - the fixture is autouse

__all__ = ["seeded_entropy"]


def made_with_a_bot(game: str, variants: tuple[str, ...] = (), lang: str = "en") -> tuple[Controller, Controller]:
    """Heike sets up a game on her phone: herself, her computer player Kalle, and Daan far away (his tablet, the
    second device returned, has not opened the invitation yet)."""
    heike, daan = device(lang=lang), device(lang=lang)
    heike.handle(Intent.NEW, game)
    heike.handle(Intent.SETUP_COUNT, "3")
    for i, name in enumerate(("Heike", "Kalle", "Daan")):
        heike.handle(Intent.SETUP_NAME, f"{i}:{name}")
    heike.handle(Intent.SETUP_KIND, "1:easy")
    heike.handle(Intent.SETUP_NAME, "1:Kalle")
    heike.handle(Intent.SETUP_KIND, "2:far")
    for v in variants:
        heike.handle(Intent.SETUP_OPTION, f"variant:{v}")
    heike.handle(Intent.START_GAME)
    assert heike.screen == FAR, heike.setup.form.error
    return heike, daan


def bot_table(game: str, variants: tuple[str, ...] = (), lang: str = "en") -> tuple[Controller, Controller]:
    """Heike and her computer player Kalle on a phone, Daan far away on a tablet: both joined, the game begun."""
    heike, daan = made_with_a_bot(game, variants, lang)
    daan.handle(Intent.FAR_OPEN, heike.far.link_url())
    daan.handle(Intent.FAR_JOIN, "1")
    heike.handle(Intent.FAR_OPEN, daan.far.link_url())
    assert heike.screen == GAME and heike.notice == ("info", "Every player has joined: the game begins.")
    return heike, daan


def play_bot_table(heike: Controller, daan: Controller, rng: random.Random, check=None) -> Counter[str]:  # noqa: ANN001
    """Play to the end: persons move at random, Kalle's jobs are answered as the worker does, links go to whom
    ``send_to`` names. Returns how often each bot job's key was sent (polled after every step, as the page does)."""
    devices = {"Heike": heike, "Daan": daan}
    sent: Counter[str] = Counter()
    asked: set[str] = set()
    for _ in range(20_000):
        if check is not None:
            check()
        for d in devices.values():
            assert d.notice is None or d.notice[0] == "info", d.notice
            if d.state is not None and d.far.record is not None:  # no device shows a move its record lacks
                assert d.far.record.actions[: len(d.state.history)] == d.state.history_texts()
        assert daan.bots.job() is None, "Daan's tablet plays nobody's computer player"
        if open_moment := next((d for d in devices.values() if d.moments.moment is not None), None):
            open_moment.handle(Intent.MOMENT_CLOSE)  # (what a link's moves did, shown: read, continue)
            continue
        if all(d.state is not None and d.state.is_terminal() for d in devices.values()):
            return sent
        job = heike.bots.job()
        if job is not None:
            if job["key"] not in asked:  # the page sends a job once per key
                asked.add(job["key"])
                sent[job["key"]] += 1
                answer = protocol.handle(job)
                heike.handle(Intent.BOT_MOVE, f'{answer["key"]}|{answer["text"]}')
            else:
                sent[job["key"]] += 1  # asked again for a decision already answered: counted, and a failure below
            continue
        if move_one(devices.values(), rng) is not None:
            continue
        moved = False
        for d in devices.values():
            for seat in d.far.send_to():
                other = devices[d.far.players()[seat]]
                before = json.dumps(other.far.record.to_json())
                other.handle(Intent.FAR_OPEN, d.far.link_url())
                moved = moved or json.dumps(other.far.record.to_json()) != before
        assert moved, "nobody can move and no link brings anything"
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("game", "variants", "seed"), [("banks", ("N11", "N12"), 1), ("cape", (), 2)])
def test_a_computer_player_on_the_makers_device_is_asked_once_per_decision_and_played_there_alone(
        game: str, variants: tuple[str, ...], seed: int) -> None:
    heike, daan = bot_table(game, variants)
    sealed = []

    def check() -> None:
        r = heike.far.record
        if r.auction is not None and 1 in r.auction.sealed:
            sealed.append(r.auction.sealed[1])

    sent = play_bot_table(heike, daan, random.Random(seed), check)
    assert sent and max(sent.values()) == 1, [k for k, n in sent.items() if n > 1][:3]
    assert sealed, "Kalle sealed bids"
    assert stored(heike) == stored(daan)


def test_the_far_device_says_whose_device_plays_the_computer_player() -> None:
    heike, daan = bot_table("banks")
    # play Heike's turns until the game waits for Kalle (on Heike's device) on Daan's tablet
    rng = random.Random(3)
    for _ in range(2000):
        s = daan.state
        if s is not None and not s.is_terminal() and 1 in s.to_act() and daan.far.record.actions == heike.far.record.actions:
            break
        if heike.bots.job() is not None:
            job = heike.bots.job()
            answer = protocol.handle(job)
            heike.handle(Intent.BOT_MOVE, f'{answer["key"]}|{answer["text"]}')
        elif any(heike.plays_here(p) for p in heike.state.to_act()):
            p = next(p for p in heike.state.to_act() if heike.plays_here(p))
            heike.apply(rng.choice(heike.state.legal_actions(p)).text(), p)
        elif any(daan.plays_here(p) for p in daan.state.to_act()):
            p = next(p for p in daan.state.to_act() if daan.plays_here(p))
            daan.apply(rng.choice(daan.state.legal_actions(p)).text(), p)
        for a, b in ((heike, daan), (daan, heike)):
            if a.far.send_to():
                b.handle(Intent.FAR_OPEN, a.far.link_url())
    else:
        pytest.fail("the game never waited for Kalle on Daan's tablet")
    assert daan.bots.job() is None
    prompt = daan.table.interaction().prompt
    assert prompt == "Waiting for a link from Heike: the computer player Kalle plays on Heike's device."
    assert "Kalle" not in daan.far.send_to() and all(daan.far.players()[s] != "Kalle" for s in daan.far.send_to())
    # the link sent, the line over the board says who plays next: Kalle, on Heike's device (Heike herself waits)
    daan.handle(Intent.FAR_SEND)
    daan.handle(Intent.FAR_CLOSE)
    html = render_screen(daan).html
    assert "The computer player Kalle plays next, on Heike&#x27;s device." in html and "Heike plays next" not in html


def test_the_send_dialog_names_the_persons_never_the_computer_player() -> None:
    heike, daan = bot_table("cape")
    daan.handle(Intent.FAR_OPEN, heike.far.link_url())  # the game begun, Daan's sealed bid first (K6)
    for d in (heike, daan):
        assert all(not d.far.record.options["players"][s].get("bot") for s in d.far.send_to())
    p = next(p for p in daan.state.to_act() if daan.plays_here(p))
    daan.apply(daan.state.legal_actions(p)[0].text(), p)
    assert daan.far.send_to() == (0,)
    assert "Send the game to Heike" in render_screen(daan).html and "Kalle" not in render_screen(daan).html.split(
        'id="far-title"')[1].split("</h1>")[0]


# ---------------------------------------------------------------------- forged moves


def _with_moves(link: str, moves: list[str]) -> str:
    """The link's game with ``moves`` in place of its own (the head's extra kept): what a forger would send."""
    base, _, text = link.partition("#far=")
    save, extra = compact.read(text, GAMES)
    state = load({**save, "actions": moves}, GAMES)
    return f"{base}#far={compact.pack(state, GAMES, extra)}"


def test_a_link_with_a_move_for_this_devices_seat_that_it_never_made_is_refused_naming_the_seat() -> None:
    anna, bram = device(), device()
    bram.handle(Intent.FAR_OPEN, make(anna, "banks", ("Anna", "Bram"), (1,)))
    bram.handle(Intent.FAR_JOIN, "1")
    anna.handle(Intent.FAR_OPEN, bram.far.link_url())
    # Anna plays her turn; Bram's device forges a move for Anna after it
    while not anna.far.send_to():
        p = anna.state.current_player()
        anna.apply(anna.state.legal_actions(p)[0].text(), p)
    bram.handle(Intent.FAR_OPEN, anna.far.link_url())
    state = bram.state.clone()
    forged_at = None
    for _ in range(200):
        p = state.current_player()
        if p == 0:
            forged_at = len(state.history) + 1
            state.apply(state.legal_actions(0)[0], 0)
            break
        state.apply(state.legal_actions(p)[0], p)
    assert forged_at is not None
    before = dict(anna.library.store.data)
    anna.handle(Intent.FAR_OPEN, _with_moves(bram.far.link_url(), state.history_texts()))
    assert anna.notice == ("error", f"This link was not opened: its move {forged_at} is a move for Anna that was never "
                                    "made on this device, which plays Anna.")
    assert anna.library.store.data == before


# ---------------------------------------------------------------------- a seat chosen on two devices


def test_a_seat_taken_on_two_devices_is_said_as_such_on_both_and_changes_nothing() -> None:
    anna, ben1, ben2 = device(), device(), device()
    invitation = make(anna, "cape", ("Anna", "Ben", "Cleo"), (1, 2))
    for ben in (ben1, ben2):
        ben.handle(Intent.FAR_OPEN, invitation)
        ben.handle(Intent.FAR_JOIN, "1")
    anna.handle(Intent.FAR_OPEN, ben1.far.link_url())
    before = dict(anna.library.store.data)
    anna.handle(Intent.FAR_OPEN, ben2.far.link_url())
    assert anna.notice is not None and anna.notice[1].startswith(
        "This link was not opened: Ben's place was already taken on another device")
    assert anna.library.store.data == before
    ben2.handle(Intent.FAR_OPEN, anna.far.link_url())
    assert ben2.notice is not None and "another device took Ben's place first" in ben2.notice[1]


def _three(game: str = "banks") -> tuple[Controller, Controller, Controller]:
    anna, bram, cleo = device(), device(), device()
    invitation = make(anna, game, ("Anna", "Bram", "Cleo"), (1, 2))
    for i, d in ((1, bram), (2, cleo)):
        d.handle(Intent.FAR_OPEN, invitation)
        d.handle(Intent.FAR_JOIN, str(i))
        anna.handle(Intent.FAR_OPEN, d.far.link_url())
    for d in (bram, cleo):  # Anna's secret, then theirs back: the game begins on Anna's device
        d.handle(Intent.FAR_OPEN, anna.far.link_url())
        anna.handle(Intent.FAR_OPEN, d.far.link_url())
    assert anna.state is not None
    return anna, bram, cleo


def _turn(d: Controller) -> None:
    while d.state is not None and not d.state.is_terminal() and any(d.plays_here(p) for p in d.state.to_act()):
        p = next(p for p in d.state.to_act() if d.plays_here(p))
        d.apply(d.state.legal_actions(p)[0].text(), p)


def test_a_move_forged_for_a_third_devices_seat_is_refused_it_lacks_that_devices_signature() -> None:
    anna, bram, cleo = _three()
    # the game goes round until it is Bram's turn on Bram's device, with Cleo to play after him
    devices = {"Anna": anna, "Bram": bram, "Cleo": cleo}
    for _ in range(50):
        for d in devices.values():
            _turn(d)
            for seat in d.far.send_to():
                devices[d.far.players()[seat]].handle(Intent.FAR_OPEN, d.far.link_url())
        if bram.state is not None and bram.state.current_player() == 1 and bram.plays_here(1):
            break
    _turn(bram)
    state = bram.state.clone()
    assert state.current_player() != 1
    forged_for = state.current_player()
    number = len(state.history) + 1
    state.apply(state.legal_actions(forged_for)[0], forged_for)  # Bram's device plays the next seat's move itself
    target = anna if forged_for == 2 else cleo
    before = dict(target.library.store.data)
    target.handle(Intent.FAR_OPEN, _with_moves(bram.far.link_url(), state.history_texts()))
    name = ("Anna", "Bram", "Cleo")[forged_for]
    assert target.notice == ("error", f"This link was not opened: its move {number} for {name} is not signed by the "
                                      f"device that plays {name}.")
    assert target.library.store.data == before


def test_a_link_whose_signatures_were_taken_out_is_refused() -> None:
    anna, bram, cleo = _three("cape")
    _turn(anna)  # Anna's sealed bid (K6): a link that drops the signatures cannot say it is Anna's
    base, _, text = anna.far.link_url().partition("#far=")
    save, extra = compact.read(text, GAMES)
    stripped = f"{base}#far={compact.pack(load(save, GAMES), GAMES, {**extra, 'g': {}})}"
    before = dict(bram.library.store.data)
    bram.handle(Intent.FAR_OPEN, stripped)
    assert bram.notice == ("error", "This link was not opened: what it says about Anna's device does not carry that "
                                    "device's signature.")
    assert bram.library.store.data == before
    bram.handle(Intent.FAR_OPEN, anna.far.link_url())
    assert bram.notice is None or bram.notice[0] == "info"


def test_one_who_watches_late_sees_the_game_from_a_link_without_the_secrets() -> None:
    anna, bram, cleo = _three("cape")
    devices = {"Anna": anna, "Bram": bram, "Cleo": cleo}
    for _ in range(6):  # every device plays and signs: the links stop carrying the secrets
        for d in devices.values():
            _turn(d)
            for seat in d.far.send_to():
                devices[d.far.players()[seat]].handle(Intent.FAR_OPEN, d.far.link_url())
    _, _, extra = compact.peek(anna.far.link_url().partition("#far=")[2])
    assert extra.get("v") is None and len(extra["g"]) == 3
    watcher = device()
    watcher.handle(Intent.FAR_OPEN, anna.far.link_url())
    watcher.handle(Intent.FAR_JOIN, "watch")
    assert watcher.screen == GAME and watcher.state.history_texts() == anna.state.history_texts()
    assert watcher.far.send_to() == () and watcher.table.actor() is None


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("Heike invites you to this game.", "The computer player Kalle plays on Heike's device.",
            "Variants in play: ")),
    ("de", ("Heike lädt dich zu dieser Partie ein.", "Der Computerspieler Kalle spielt auf dem Gerät von Heike.",
            "Gespielte Varianten: ")),
])
def test_the_invitation_says_who_invites_which_seats_are_computer_players_and_the_variants(
        lang: str, words: tuple[str, ...]) -> None:
    heike, daan = made_with_a_bot("banks", ("N12",), lang)
    daan.handle(Intent.FAR_OPEN, heike.far.link_url())
    html = render_screen(daan).html
    for line in words:
        assert line.replace("'", "&#x27;") in html or line in html, line
    from nile.messages import text as msg

    assert msg("variant_name.N12", lang) in html
    kap = device(lang=lang)
    kap_daan = device(lang=lang)
    kap_daan.handle(Intent.FAR_OPEN, make(kap, "cape", ("Anna", "Daan"), (1,)))
    assert "Variant" not in render_screen(kap_daan).html and "Variante" not in render_screen(kap_daan).html


def test_a_game_waiting_for_its_players_can_be_removed_to_recently_deleted_and_restored_on_any_device() -> None:
    anna, ben1, ben2 = device(), device(), device()
    invitation = make(anna, "cape", ("Anna", "Ben"), (1,))
    for ben in (ben1, ben2):
        ben.handle(Intent.FAR_OPEN, invitation)
        ben.handle(Intent.FAR_JOIN, "1")
    anna.handle(Intent.FAR_OPEN, ben1.far.link_url())
    ben2.handle(Intent.FAR_OPEN, anna.far.link_url())  # Ben's place went to the other device: said on this one
    assert ben2.notice is not None and ben2.notice[0] == "error"
    ben2.handle(Intent.HOME)
    html = render_screen(ben2).html
    assert "Games waiting for their players" in html and 'data-i="far-remove"' in html
    gid = ben2.far.pending()[0].id
    ben2.handle(Intent.FAR_REMOVE, gid)
    assert ben2.notice == ("info", "The game is in Recently deleted: you can restore it there for 30 days.")
    assert ben2.far.pending() == [] and ben2.library.far.get(gid) is None
    deleted = ben2.library.deleted()
    assert len(deleted) == 1 and deleted[0]["title"] == "Anna, Ben"
    html = render_screen(ben2).html
    assert "Games waiting for their players" not in html and "Recently deleted" in html
    ben2.handle(Intent.UNDELETE, deleted[0]["bin_id"])
    assert [r.id for r in ben2.far.pending()] == [gid]  # back as it was
    anna.handle(Intent.HOME)  # and the maker may remove an invitation nobody answers
    pending = anna.far.pending()
    assert pending == []  # (Anna's game began: it is an ordinary saved game, deleted as one)


def test_a_link_extends_the_stored_game_even_after_another_tab_wrote_it_since_this_tab_read_it() -> None:
    anna, bram = device(), device()
    bram.handle(Intent.FAR_OPEN, make(anna, "banks", ("Anna", "Bram"), (1,)))
    bram.handle(Intent.FAR_JOIN, "1")
    anna.handle(Intent.FAR_OPEN, bram.far.link_url())
    _turn(anna)
    bram.handle(Intent.FAR_OPEN, anna.far.link_url())
    _turn(bram)
    gid = anna.game_id
    anna.library.known[gid] = "what another tab overwrote since"  # (this tab's copy is no longer the stored one)
    anna.handle(Intent.FAR_OPEN, bram.far.link_url())
    assert anna.notice is None or anna.notice[0] == "info"
    assert json.loads(stored(anna))["actions"] == bram.state.history_texts()  # the link's moves in the stored game


def test_the_far_device_names_a_device_it_waits_for_once_with_its_computer_player() -> None:
    heike, daan = bot_table("cape")  # Kap: every seat bids at once (K6), Heike and Kalle on the same device
    daan.handle(Intent.FAR_OPEN, heike.far.link_url())
    p = next(p for p in daan.state.to_act() if daan.plays_here(p))
    daan.apply(daan.state.legal_actions(p)[0].text(), p)  # Daan's bid sealed: waiting for Heike's and Kalle's
    assert daan.far.waits_elsewhere() == "Waiting for a link from Heike: the computer player Kalle plays on Heike's device."


def test_the_send_dialog_of_one_who_joined_says_whom_this_device_plays_and_the_line_after_sending_who_plays_now() -> None:
    anna, bram = device(), device()
    bram.handle(Intent.FAR_OPEN, make(anna, "banks", ("Anna", "Bram"), (1,)))
    bram.handle(Intent.FAR_JOIN, "1")
    assert "You play Bram on this device." in render_screen(bram).html
    anna.handle(Intent.FAR_OPEN, bram.far.link_url())
    _turn(anna)  # Anna's turn over: the link to Bram comes up
    html = render_screen(anna).html
    assert html.index('class="far-qr"') < html.index('data-i="far-share"') < html.index('id="far-url"')  # the code first
    assert "The game goes on on another device: send the link to Bram." not in html
    anna.handle(Intent.FAR_CLOSE)
    assert "Bram plays next, on their own device." in render_screen(anna).html
    second = device(anna.library.store)  # a tab that only shows the game offers no link: the tab that plays does
    second.library.store.data.update(anna.library.store.data)
    second.handle(Intent.CONTINUE, anna.game_id)
    second.drop_choices("taken")
    assert 'class="far-line"' not in render_screen(second).html


def test_bids_a_link_opens_are_shown_as_a_moment_on_the_device_that_receives_them() -> None:
    anna, bram = device(), device()
    bram.handle(Intent.FAR_OPEN, make(anna, "cape", ("Anna", "Bram"), (1,)))
    bram.handle(Intent.FAR_JOIN, "1")
    anna.handle(Intent.FAR_OPEN, bram.far.link_url())
    _turn(anna)  # Anna's bid sealed (K6)
    bram.handle(Intent.FAR_OPEN, anna.far.link_url())
    _turn(bram)  # Bram's sealed: every bid in, Bram's revealed
    assert bram.moments.moment is None
    anna.handle(Intent.FAR_OPEN, bram.far.link_url())  # Anna's revealed too: the bids are played here
    assert anna.moments.moment is not None, "the bids opened, shown as a moment (they were only in the log)"
    assert 'data-i="moment-close"' in render_screen(anna).html and not anna.far.sending  # the moment first
    anna.handle(Intent.MOMENT_CLOSE)
    assert anna.far.sending  # read: then the link to send comes up, as it does when no moment stands before it
    bram.handle(Intent.FAR_OPEN, anna.far.link_url())
    assert bram.moments.moment is not None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_tab_title_names_the_game_on_screen(lang: str) -> None:
    c = device(lang=lang)
    home = c.tab_title()
    assert home == "Nile — An den Ufern des Nils"
    c.handle(Intent.NEW, "cape")
    assert c.tab_title() == "Vom Kap bis Kairo — Nile"  # (a Kap game's tab said An den Ufern des Nils)
    c.handle(Intent.START_GAME)
    assert c.screen == GAME and c.tab_title() == "Vom Kap bis Kairo — Nile"
    c.handle(Intent.HOME)
    assert c.tab_title() == home


def test_the_makers_send_dialog_names_the_persons_it_plays_not_its_computer_player() -> None:
    heike, _ = made_with_a_bot("banks")
    html = render_screen(heike).html
    assert "You play Heike on this device." in html and "You play Heike, Kalle" not in html
