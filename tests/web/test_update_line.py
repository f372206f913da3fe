"""A new version of Nile (issue 23): where the page says it is ready, and what Reload does; and a bot
worker of another build, whose answers are never used.

The page's service worker tells the app that a new version waits (``new_version_ready``); the
line and its Reload show only where they interrupt no move.
"""

from nile.kit.intents import Intent
from nile.messages import text as msg
from nile.web.controller import GAME, Controller
from nile.web.render import render_app
from nile.web.storage import PREFIX

from .test_bots_flow import start
from .test_controller import controller, started

RELOAD = f'data-i="{Intent.UPDATE}"'


def shown(c: Controller) -> bool:
    html = render_app(c)
    return msg("ui.update_ready") in html and RELOAD in html


def test_nothing_is_said_until_a_new_version_waits_then_home_says_it():
    c = controller()
    assert not shown(c)
    c.updates.new_version_ready()
    assert shown(c)


def test_in_a_game_it_waits_for_the_start_of_a_turn_never_interrupting_a_move():
    c = started()
    c.updates.new_version_ready()
    assert c.screen == GAME and shown(c)  # a person's turn, nothing done yet
    c.handle("pick", "supply:flax")  # a move of this turn: not now
    assert c.state.history[-1][0] == c.state.current_player() and not shown(c)


def test_reload_saves_the_game_and_asks_the_page_to_reload_into_the_new_version():
    c = started()
    c.updates.new_version_ready()
    c.handle("pick", "supply:flax")
    c.handle(Intent.UPDATE)
    assert ("update",) in c.effects
    assert c.library.store.get(PREFIX + c.game_id) is not None
    assert len(c.library.load(c.game_id).history) == len(c.state.history)


def test_a_worker_of_another_build_stops_the_bots_and_is_said_at_once():
    c = start("cape", ["strong", "strong"])  # bots only: one of them is due at once
    assert c.bots.due() is not None
    c.bots.other_build()
    html = render_app(c)
    assert msg("ui.worker_other_version") in html and RELOAD in html
    assert c.bots.due() is None
