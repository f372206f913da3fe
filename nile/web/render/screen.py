"""The whole app: the screen drawn from the controller (``render_app``: the artwork sprite, the update
line, a notice, then home, set-up or the game, and the rules help over it), and ``Screen``, what the page
must know about it."""

from __future__ import annotations

from dataclasses import dataclass

from ...games import GAMES
from ...kit import button, esc
from ...kit.intents import Intent
from ...kit.memo import memo, part, parts_begin, parts_drawn
from ...messages import text as msg
from ..controller import FAR, GAME, HOME, SETUP, Controller
from ..help import render_help
from .far import render_far
from .game import render_game
from .home import render_home
from .setup import render_setup


@dataclass(frozen=True)
class Screen:
    """A drawn screen and what the page must know about it: whether it shows a secret (a private
    bid: never written down), and whether a reload may show it at once while Python starts."""

    html: str
    name: str  # home, setup, game
    secret: bool
    keep: bool
    #: parts of ``html`` the page may keep as they are when they are what it painted last time: (a selector
    #: of the part's element in #app, its markup) (``nile.kit.memo.part``, static/morph.js)
    parts: tuple[tuple[str, str], ...] = ()


def render_screen(c: Controller) -> Screen:
    secret = c.screen == GAME and c.secret.active_bidder() is not None and c.helpdesk.help is None
    parts_begin()
    html = render_app(c)
    return Screen(html, c.screen, secret, keep=c.screen in (HOME, GAME) and not secret and c.coach.coaching.review is None,
                  parts=parts_drawn())


SPRITE_ID = "nile-sprite"


def sprite() -> str:
    """Every registered game's artwork (``GameUI.symbols``) in one hidden SVG, first in the app: every
    screen's board, rules-help picture and replay draws its pieces with ``<use href="#…">`` from here.
    Its ``id`` makes static/morph.js keep the one live copy (an unchanged node is never written to)."""
    return memo("sprite").get(tuple(GAMES), _sprite)


def _sprite() -> str:
    symbols = "".join(entry.symbols for entry in GAMES.values())  # from each game's entry: its rules stay unimported
    return f'<svg id="{SPRITE_ID}" class="sprite" aria-hidden="true" focusable="false" width="0" height="0">{symbols}</svg>'


def render_app(c: Controller) -> str:
    parts = [part(f"#{SPRITE_ID}", sprite())]
    above = _update_line(c) + _notice(c)
    if c.screen == HOME:
        parts += [above, render_home(c)]
    elif c.screen == SETUP:
        parts += [above, render_setup(c)]
    elif c.screen == GAME and c.state is not None:
        parts.append(render_game(c, above))
    elif c.screen == FAR:
        parts.append(render_far(c, above))
    else:
        parts.append(above)
    if c.helpdesk.help is not None:
        parts.append(render_help(c.helpdesk.help, c.lang, c.table.variants_in_play()))
    return "".join(parts)


def _update_line(c: Controller) -> str:
    """A new version is ready (or the bot worker runs another one): one line and Reload, where it
    interrupts no move (``updates.offers_update``)."""
    if not c.updates.offers_update:
        return ""
    key = "ui.worker_other_version" if c.bots.mismatch else "ui.update_ready"
    return (
        f'<div class="update-line" role="status"><span>{esc(msg(key, c.lang))}</span>'
        f'{button(msg("ui.update_reload", c.lang), Intent.UPDATE, cls="primary")}</div>'
    )


def _notice(c: Controller) -> str:
    if not c.notice:
        return ""
    level, text = c.notice
    role = "alert" if level == "error" else "status"
    link = ""
    if c.notice_rule is not None and c.notice_rule[0] is c.notice:  # a why-line: its rule, one tap away
        ref = c.notice_rule[1]
        link = button(msg("help.rule_link", c.lang, rule=ref.partition(":")[2]), Intent.RULES_OPEN, ref, cls="rule-link")
    return (
        f'<div class="notice {esc(level)}" role="{role}"><span>{esc(text)}</span>{link}'
        f'{button("×", Intent.DISMISS, cls="close", title=msg("ui.dismiss", c.lang))}</div>'
    )
