"""Storage that survives (issue 23): a store cleared under a running page, a blocked store, persistence.

The page (``nile.web.app``) tells the controller what the browser said (storage blocked at start,
``navigator.storage.persisted()``) and carries out its ``("persist",)`` effect; everything a
player sees of it is decided here, without a browser.
"""

import random
from html import escape

from nile.games import load_save
from nile.messages import text as msg
from nile.web.controller import CURRENT_KEY, GAME, Controller
from nile.web.render import render_app
from nile.web.storage import INDEX_KEY, PREFIX, Library, MemoryStore

from .test_controller import click_anything, started


def controller_on(store):
    return Controller(Library(store, load_save), lambda: 7)


def play(c, clicks, seed=3):
    rng = random.Random(seed)
    before = len(c.state.history)
    while len(c.state.history) < before + clicks:
        click_anything(c, rng)


def clear(store: MemoryStore) -> None:
    for key in list(store.keys()):
        store.remove(key)


def test_a_store_cleared_under_the_page_gets_the_game_back_and_a_reload_reopens_it():
    c = started()
    store = c.library.store
    play(c, 2)
    clear(store)  # the player cleared the site's data in the browser's settings, the page still open
    play(c, 1)
    assert store.get(PREFIX + c.game_id) is not None and store.get(CURRENT_KEY) == c.game_id
    assert c.notice == ("error", msg("ui.storage_cleared"))
    moves = list(c.state.history)
    reloaded = controller_on(store)
    reloaded.resume()
    assert reloaded.screen == GAME and reloaded.game_id == c.game_id
    assert list(reloaded.state.history) == moves


def test_a_game_deleted_elsewhere_is_not_taken_for_a_cleared_store():
    c = started()
    play(c, 1)
    c.library.store.remove(PREFIX + c.game_id)  # gone, but the index is still there
    play(c, 1)
    assert c.notice is None or c.notice[1] != msg("ui.storage_cleared")


def test_blocked_storage_is_marked_on_the_game_screen_after_its_notice_is_closed():
    c = controller_on(MemoryStore())
    c.keeper.storage_blocked = True
    c.notice = ("error", msg("ui.no_storage"))
    assert msg("ui.storage_blocked_line") in render_app(c)  # home says it, beside the saved games
    c.handle("dismiss")
    c.handle("new")
    c.handle("start-game")
    play(c, 2)
    html = render_app(c)
    assert c.screen == GAME and msg("ui.in_memory_blocked") in html
    assert msg("ui.in_memory") not in html
    assert ("persist",) not in c.effects  # nothing is kept: nothing to ask the browser to keep


def test_persistent_storage_is_asked_for_once_when_the_first_game_is_saved():
    c = controller_on(MemoryStore())
    c.resume()
    assert ("persist",) not in c.effects  # not at page load
    c.handle("new")
    c.handle("start-game")
    asked = c.effects.count(("persist",))
    play(c, 3)
    assert asked == 1 and c.effects.count(("persist",)) == 1


def test_the_saved_games_list_says_whether_the_browser_keeps_them():
    c = started()
    c.handle("home")
    assert msg("ui.storage_not_persistent") not in render_app(c)  # unknown: nothing said
    c.keeper.storage_persistent(False)
    assert msg("ui.storage_not_persistent") in render_app(c)
    c.keeper.storage_persistent(True)
    html = render_app(c)
    assert escape(msg("ui.storage_persistent")) in html and msg("ui.storage_not_persistent") not in html


def test_nothing_is_said_about_keeping_games_while_there_are_none():
    c = controller_on(MemoryStore())
    c.keeper.storage_persistent(False)
    assert msg("ui.storage_not_persistent") not in render_app(c)
    assert c.library.store.get(INDEX_KEY) is None


def test_a_store_cleared_by_another_tab_gets_the_open_game_back_at_once():
    c = started()
    store = c.library.store
    play(c, 2)
    moves = list(c.state.history)
    clear(store)  # another tab cleared the site's storage: this page hears of it (storage event, no key)
    c.keeper.storage_cleared()
    assert c.notice == ("error", msg("ui.storage_cleared"))
    reloaded = controller_on(store)
    reloaded.resume()  # closed without another move, then opened again: the game is there
    assert reloaded.screen == GAME and list(reloaded.state.history) == moves
