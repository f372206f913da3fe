"""One game, one tab (issue 23), without a browser: two controllers over one store are two tabs; the
page's lock news ("elsewhere", "lost", "held", "freed") and storage events are told to them as
``nile.web.app`` does. A tab that does not play the game shows it and offers Take over; it never plays,
never drives a bot, never writes; every move made in either tab ends up in the stored save. A link of a game
played from afar that brings news (issue 50) plays it in the tab where it was opened (``Keeper.open_link``); the
tab that had it says why it only shows it now; a stale or refused link takes nothing from it. And an unexpected
error is said in the player's language."""

from __future__ import annotations

import itertools
import json
import random
import re

import pytest

from nile.core import save
from nile.games import load_save
from nile.messages import text as msg
from nile.web.controller import CHANGED, ELSEWHERE, GAME, TAKEN, Controller
from nile.web.render import render_app
from nile.web.storage import PREFIX, MemoryStore

from .test_controller import click_anything, controller, to_actions_phase


class WatchedStore(MemoryStore):
    """A store that counts the writes made to it."""

    writes = 0

    def set(self, key: str, value: str) -> None:
        self.writes += 1
        super().set(key, value)


def playing(store: MemoryStore, kinds: tuple[str, ...] = ()):
    """Tab 1: a new game of three, at a turn with board targets (or with bots in ``kinds``)."""
    c = controller(store)
    c.handle("new")
    for i, kind in enumerate(kinds):
        c.handle("setup-kind", f"{i}:{kind}")
    c.handle("start-game")
    if not kinds:
        to_actions_phase(c)
    return c


def second_tab(store: MemoryStore, gid: str, news: str = "elsewhere"):
    """Tab 2 opens the same game; the page tells it what the lock said."""
    c = controller(store)
    c.handle("continue", gid)
    assert c.screen == GAME
    c.keeper.tab_news(gid, news)
    return c


def stored_actions(store: MemoryStore, gid: str) -> list[str]:
    return [a.text() for _, a in load_save(store.get(PREFIX + gid)).history]


def move(c) -> None:
    """One move in a tab that plays: a commit on the board or an action button."""
    before = len(c.state.history)
    rng = random.Random(len(c.state.history))
    while len(c.state.history) == before:
        click_anything(c, rng)


def test_a_game_open_in_another_tab_is_shown_but_nothing_can_be_played_here():
    store = WatchedStore()
    first = playing(store)
    gid = first.game_id
    second = second_tab(store, gid)
    assert second.read_only == ELSEWHERE
    html = render_app(second)
    assert msg("ui.open_elsewhere") in html and 'data-i="take-over"' in html
    assert second.table.interaction().targets == {} and not second.table.interaction().buttons  # no answer offered
    undo = re.search(r'<button[^>]*data-i="undo"[^>]*>', html)
    assert not second.table.undo_possible() and undo and undo.group(0).endswith(" disabled>")
    # everything the playing tab could click, clicked here: nothing happens, nothing is written
    offered = [("pick", k) for k in first.table.interaction().targets] + [(b.intent, b.value) for b in first.table.interaction().buttons]
    assert offered
    writes = store.writes
    for intent, value in [*offered, ("undo", ""), ("key", "e"), ("key", "u"), ("bid-submit", ""), ("hints", "")]:
        second.handle(intent, value)
        assert len(second.state.history) == len(first.state.history) and second.read_only == ELSEWHERE
    assert store.writes == writes
    assert second.notice is None or second.notice[0] == "info"


def test_bots_are_not_driven_from_a_tab_that_only_shows_the_game():
    store = MemoryStore()
    first = playing(store, kinds=("", "easy", "easy"))
    while first.bots.due() is None:  # the person's start bid: then the bots decide theirs
        move(first)
    second = second_tab(store, first.game_id)
    assert second.bots.due() is None and second.bots.job() is None
    key = first.bots.due()[0]
    second.handle("bot-move", f"{key}|bid 1")
    assert store.get(PREFIX + first.game_id) == first.library.known[first.game_id]
    assert 'data-i="bot-skip"' not in render_app(second)


def test_take_over_plays_from_the_stored_game_and_the_first_tab_only_shows_it_then():
    store = WatchedStore()
    first = playing(store)
    gid = first.game_id
    second = second_tab(store, gid)
    move(first)  # the first tab plays on; the second hears of it (storage event) and follows
    writes = store.writes
    second.keeper.other_tab_changed()
    assert store.writes == writes  # following writes nothing, not even the index
    assert second.read_only == ELSEWHERE and second.state.history == first.state.history
    second.handle("take-over")
    assert second.effects[-1] == ("take-over", gid) and second.read_only  # the page steals the lock first
    second.keeper.tab_news(gid, "held")
    assert second.read_only is None and second.notice == ("info", msg("ui.playing_here"))
    assert [a.text() for _, a in second.state.history] == stored_actions(store, gid)
    first.keeper.tab_news(gid, "lost")  # its held lock was stolen
    assert first.read_only == TAKEN and msg("ui.taken_elsewhere") in render_app(first)
    move(second)
    first.keeper.other_tab_changed()
    assert first.read_only == TAKEN and first.state.history == second.state.history
    before = stored_actions(store, gid)
    for key in list(second.table.interaction().targets):
        first.handle("pick", key)
    assert stored_actions(store, gid) == before
    # and back again: the first tab takes over, the second only shows it; every move of both is stored
    first.handle("take-over")
    first.keeper.tab_news(gid, "held")
    second.keeper.tab_news(gid, "lost")
    move(first)
    assert second.read_only == TAKEN and first.read_only is None
    assert stored_actions(store, gid) == [a.text() for _, a in first.state.history]
    assert len(first.state.history) == len(before) + 1


def test_a_game_let_go_by_the_tab_that_played_it_is_played_here_with_its_moves():
    store = MemoryStore()
    first = playing(store)
    gid = first.game_id
    second = second_tab(store, gid)
    move(first)
    first.handle("home")  # the page lets the lock go; the second tab was queued for it
    second.keeper.tab_news(gid, "freed")
    assert second.read_only is None and len(second.state.history) == len(first.library.load(gid).history)
    move(second)
    assert len(stored_actions(store, gid)) == len(second.state.history)


def test_without_web_locks_a_tab_that_sees_its_game_written_elsewhere_only_shows_it_from_then_on():
    store = MemoryStore()
    first = playing(store)
    gid = first.game_id
    second = controller(store)
    second.handle("continue", gid)  # no lock news at all: both tabs play
    move(first)
    second.keeper.other_tab_changed()  # the storage event
    assert second.read_only == CHANGED and second.state.history == first.state.history
    assert msg("ui.changed_elsewhere") in render_app(second)
    second.handle("take-over")  # the page plays it here at once (no lock to take)
    second.keeper.tab_news(gid, "held")
    assert second.read_only is None


@pytest.mark.parametrize("later", [False, True])
def test_a_move_that_races_another_tabs_write_is_taken_back_and_said_never_written_over(later):
    """``later``: the page's way, the move saved after the frame that shows it (``Keeper.later``): taken back then."""
    store = MemoryStore()
    first = playing(store)
    gid = first.game_id
    second = controller(store)
    second.handle("continue", gid)
    second.keeper.later = later
    move(first)
    theirs = store.get(PREFIX + gid)
    move(second)  # before the storage event arrived: its save conflicts (at once, or when the page saves it)
    if later:
        assert second.read_only is None  # shown for a frame
        assert second.keeper.save_due() is True
    assert store.get(PREFIX + gid) == theirs
    assert second.read_only == CHANGED and second.notice == ("error", msg("ui.conflict"))
    assert save.dumps(second.state) == theirs  # the board shows what is stored: nothing played in memory only


def test_take_over_of_a_game_deleted_in_the_other_tab_says_why_and_writes_nothing():
    store = MemoryStore()
    first = playing(store)
    gid = first.game_id
    second = second_tab(store, gid)
    first.handle("home")
    first.library.delete(gid)  # deleted in the first tab
    second.handle("take-over")
    second.keeper.tab_news(gid, "held")
    assert second.read_only == ELSEWHERE and second.notice[0] == "error"
    assert store.get(PREFIX + gid) is None


def test_old_lock_news_is_ignored():
    store = MemoryStore()
    first = playing(store)
    first.keeper.tab_news("another-game", "lost")
    assert first.read_only is None
    first.handle("home")
    first.keeper.tab_news(first.game_id or "", "elsewhere")
    assert first.read_only is None


def test_a_secret_decision_played_in_another_tab_shows_the_board_here_not_the_hand_over():
    store = MemoryStore()
    c = controller(store)
    c.handle("new")
    c.handle("setup-option", "variant:N12")  # the start player is bid for, in secret
    c.handle("start-game")
    assert c.state.secret_decision()
    second = second_tab(store, c.game_id)
    html = render_app(second)
    assert 'data-i="reveal-bidder"' not in html and 'class="board' in html and msg("ui.open_elsewhere") in html
    assert second.secret.active_bidder() is None
    second.handle("reveal-bidder", str(c.state.to_act()[0]))
    assert second.secret.bidder is None


def test_the_stored_save_is_untouched_by_a_tab_that_only_shows_it():
    store = MemoryStore()
    first = playing(store)
    gid = first.game_id
    second = second_tab(store, gid)
    before = json.loads(store.get(PREFIX + gid))
    second.handle("update")  # a new version: Reload saves the open game — not from here
    second.handle("escape")
    assert json.loads(store.get(PREFIX + gid)) == before


# ---------------------------------------------------------------------- a link opened in another tab (issue 50)


def far_game_in_a_tab(store: MemoryStore) -> tuple[Controller, Controller, str]:
    """A game of Nile played from afar: Anna's device (a store of its own) and Bram's, where it is open in a tab
    (``store``) that plays it. Returns (Anna's device, Bram's tab, Anna's link with moves Bram's tab lacks)."""
    from nile.kit.intents import Intent

    from .test_far import deliver_all, device, make

    anna, tab = device(), device(store)
    invitation = make(anna, "banks", ("Anna", "Bram"), (1,))
    tab.handle(Intent.FAR_OPEN, invitation)
    tab.handle(Intent.FAR_JOIN, "1")
    rng, moved = random.Random(5), False
    for _ in range(500):
        seat = next((p for p in anna.state.to_act() if anna.plays_here(p)), None) if anna.state else None
        if seat is not None:
            anna.apply(rng.choice(anna.state.legal_actions(seat)).text(), seat)
            moved = True
        elif moved and tab.screen == GAME and anna.far.send_to():
            return anna, tab, anna.far.link_url()
        else:  # Bram's turn, played in the tab; the links passed
            seat = next((p for p in tab.state.to_act() if tab.plays_here(p)), None) if tab.state else None
            if seat is not None:
                tab.apply(rng.choice(tab.state.legal_actions(seat)).text(), seat)
            deliver_all({"Anna": anna, "Bram": tab})
            moved = False
    raise AssertionError("Anna never sent a link")


def second_tab_opens(store: MemoryStore, link: str):
    """A second tab of Bram's device starts with the link in its address (``App``: resume, then the link)."""
    c = controller(store)
    c.resume()
    c.keeper.open_link(link)
    return c


@pytest.mark.parametrize("order", list(itertools.permutations(("written", "linked", "lost"))))
def test_a_link_with_news_opened_in_a_second_tab_plays_there_and_the_first_tab_says_why(order) -> None:
    from nile.web.rooms.keeper import LINK_KEY, LINKED

    store = WatchedStore()
    anna, first, link = far_game_in_a_tab(store)
    gid = first.game_id
    second = second_tab_opens(store, link)
    assert second.screen == GAME and second.game_id == gid and second.read_only is None
    assert second.effects[-1] == ("take-over", gid)  # the page takes the lock: the person just acted here
    assert store.get(LINK_KEY) == gid
    assert len(second.state.history) == len(anna.state.history)
    # what the first tab hears, in whatever order the browser brings it: the stored game written, the link's
    # mark (a storage event each), its lock stolen
    hear = {"written": first.keeper.other_tab_changed, "linked": lambda: first.keeper.linked_elsewhere(gid),
            "lost": lambda: first.keeper.tab_news(gid, "lost")}
    for news in order:
        hear[news]()
    second.keeper.tab_news(gid, "held")
    assert first.read_only == LINKED and second.read_only is None
    html = render_app(first)
    assert msg("ui.linked_elsewhere") in html and 'data-i="take-over"' in html
    assert first.state.history == second.state.history  # it shows what the link brought
    # the first tab writes nothing from now on; the second plays Bram's turn and stores it
    writes = store.writes
    for intent, value in [*(("pick", k) for k in second.table.interaction().targets), ("undo", ""), ("key", "e")]:
        first.handle(intent, value)
    assert store.writes == writes
    offered = second.table.interaction()
    assert offered.targets or offered.buttons  # Bram's turn, offered in the second tab
    seat = next(p for p in second.state.to_act() if second.plays_here(p))
    second.apply(random.Random(1).choice(second.state.legal_actions(seat)).text(), seat)
    assert stored_actions(store, gid) == [a.text() for _, a in second.state.history]
    # its usual way back: Take over
    first.handle("take-over")
    first.keeper.tab_news(gid, "held")
    second.keeper.tab_news(gid, "lost")
    assert first.read_only is None and second.read_only == TAKEN
    assert first.state.history == second.state.history


def test_a_stale_same_or_refused_link_in_a_second_tab_changes_nothing() -> None:
    from nile.kit.intents import Intent
    from nile.web.rooms.keeper import LINK_KEY

    store = MemoryStore()
    anna, first, link = far_game_in_a_tab(store)
    gid = first.game_id
    first.handle(Intent.FAR_OPEN, link)  # the first tab has the link's moves already
    old = first.library.store.get(PREFIX + gid)
    middle = len(link) // 2
    tampered = link[:middle] + ("A" if link[middle] != "A" else "B") + link[middle + 1:]
    for opened in (link, tampered, link[: len(link) // 2]):
        second = second_tab_opens(store, opened)
        assert ("take-over", gid) not in second.effects and store.get(LINK_KEY) is None
        if second.screen == GAME:  # the game a reload reopens: shown as any game another tab plays
            second.keeper.tab_news(gid, "elsewhere")
            assert second.read_only == ELSEWHERE
        assert first.read_only is None and store.get(PREFIX + gid) == old
    assert second.notice is not None and second.notice[0] == "error"  # (the last: cut short, refused)


def test_a_link_of_a_game_not_open_in_the_first_tab_just_plays_and_the_first_follows_it_later() -> None:
    from nile.web.rooms.keeper import LINK_KEY

    store = MemoryStore()
    anna, first, link = far_game_in_a_tab(store)
    gid = first.game_id
    other = playing(store)  # the first tab goes on to another game of its own
    other_gid = other.game_id
    first.handle("continue", other_gid)
    first.keeper.tab_news(other_gid, "held")
    second = second_tab_opens(store, link)
    second.keeper.tab_news(gid, "held")  # nobody held it: the steal takes nothing from anyone
    assert second.read_only is None and store.get(LINK_KEY) == gid
    first.keeper.linked_elsewhere(gid)  # not its game: it plays on
    assert first.read_only is None and first.game_id == other_gid
    move(first)
    first.handle("home")
    first.keeper.linked_elsewhere(gid)
    assert first.screen == "home"
    first.handle("continue", gid)  # opened later: the stored copy, with the link's moves
    first.keeper.tab_news(gid, "elsewhere")
    assert first.read_only == ELSEWHERE and first.state.history == second.state.history
    history = second.state.history
    second.handle("home")
    first.keeper.tab_news(gid, "freed")
    assert first.read_only is None and first.state.history == history


@pytest.mark.parametrize("lang", ["de", "nl", "fr"])
def test_an_unexpected_error_is_said_in_the_players_language_its_details_after_the_sentence(lang: str) -> None:
    c = controller()
    c.lang = lang
    c.keeper.went_wrong(KeyError("board"))
    level, text = c.notice
    sentence = msg("ui.unexpected", lang)
    assert level == "error" and sentence != msg("ui.unexpected", "en")
    assert text == f"{sentence} [KeyError: 'board']"
    c.keeper.went_wrong(ValueError("x" * 1000))
    assert c.notice[1].startswith(sentence) and len(c.notice[1]) < len(sentence) + 210


# A move is saved after the frame that shows it (issue 51: ``Keeper.later``, as nile.web.app sets it): until the page
# says (``save_due``) the store holds the game before it; what a save has to say is said then, and redraws.
def test_a_move_saved_after_its_frame_is_in_the_store_once_the_page_says_and_not_before():
    store = MemoryStore()
    c = playing(store)
    c.keeper.later = True
    gid = c.game_id
    before = store.get(PREFIX + gid)
    move(c)
    assert store.get(PREFIX + gid) == before  # not yet: the frame comes first
    assert c.keeper.save_due() is False  # saved, and nothing on the screen changes for it
    assert store.get(PREFIX + gid) == save.dumps(c.state)
    assert c.keeper.save_due() is False and store.get(PREFIX + gid) == save.dumps(c.state)  # nothing is due twice


def test_a_move_saved_after_its_frame_into_a_full_storage_says_so_then():
    store = MemoryStore()
    c = playing(store)
    c.keeper.later = True
    move(c)
    store.quota = 10  # from now on every write fails
    assert c.notice is None and not c.keeper.in_memory_only
    assert c.keeper.save_due() is True  # the screen changes: the notice, the head line's mark
    assert c.keeper.in_memory_only and c.notice == ("error", msg("ui.storage_full"))
    assert c.state.history  # the move stays played, in memory


def test_a_save_asked_for_at_once_takes_the_move_left_for_later_with_it():
    store = MemoryStore()
    c = playing(store)
    c.keeper.later = True
    move(c)
    c.keeper.autosave()  # (undo, a game opened from afar: saved as they are made)
    assert store.get(PREFIX + c.game_id) == save.dumps(c.state)
    assert c.keeper.save_due() is False
