"""The game screen: which of its forms shows (the coach's review, a replay, a secret decision, the
hand-over, or the table with its head line, panels, log and the end's report)."""

from __future__ import annotations

from ...kit import esc
from ...kit.memo import part
from ...messages import text as msg
from ..coach_view import end_lines, render_review
from ..controller import Controller
from .common import language_choice
from .far import far_line, send_cover
from .head_line import read_only_line, status_bar
from .log import log_section
from .panels import action_panel
from .replay import render_replay
from .secret import render_hand_over, render_secret_table
from .table import board_frame, frame_of, popup_layer, table_parts


def render_game(c: Controller, above: str = "") -> str:
    """The game screen, with ``above`` (the update line, a notice) right under its head line (static/app.css
    keeps a notice off the head line: under it on a phone, over the board's top where the table fits the
    window); where the device goes round for a secret decision, inside the hand-over screen that covers
    the table."""
    s = c.state
    assert s is not None
    if c.coach.coaching.review is not None:
        return above + render_review(c, language_choice(c.lang, compact=True))
    if c.replayer.replay is not None:
        return render_replay(c, above)
    if c.far.sending:  # a game played from afar: the link to send covers the table until it is closed
        return send_cover(c, above)
    if s.secret_decision() and not s.is_terminal() and not c.read_only:
        bidder = c.secret.active_bidder()
        if bidder is not None:  # a person decides in secret, at the table as it stands for them
            return render_secret_table(c, bidder, above)
        if any(c.plays_here(p) for p in s.to_act()):  # the device goes round: nothing shows until the right person says so
            if c.moments.shows_before_hand_over():  # first, what the last move did, for everyone at the table
                return render_secret_table(c, None, above, popups=True)
            return render_hand_over(c, above)  # (bots need no hand-over)
    frame = frame_of(c)
    ui = c.ui
    # the screen's regions (issue 51): each a part, patched on its own when it alone changed (nile.web.app.paint)
    # (drawn before the board and the players: the parts inside a part are noted right before it, ``nile.kit.memo.locate``)
    header = part(".game > .status", status_bar(c, frame))
    panel, explain = action_panel(c, frame)
    if panel:
        panel = part(".table > .actions", panel)
    board, players = table_parts(c, frame, c.viewer())
    side = part(".table > .side", (
        f'<aside class="side">{explain}'
        + part(".side > .players", f'<section class="players" aria-label="{esc(msg("ui.players", c.lang))}">{players}</section>')
        + part(".side > .log", log_section(c, frame.view))
        + "</aside>"
    ))
    end = ui.end_screen(frame) if s.is_terminal() else ""
    report = f"{end}{end_lines(c)}"
    return (
        f'<section class="game game-{esc(s.GAME)}{_fit(report)}">{header}{above}{read_only_line(c)}{far_line(c)}{popup_layer(c, frame)}{report}<div class="table">'
        f'{board_frame(c, board)}{panel}{side}</div></section>'
    )


def _fit(report: str) -> str:
    """" fit": the table fills the window (wider than a phone, static/app.css: the board scales to
    the space left, the panels scroll inside themselves). Not under the end's report above the table:
    the page then scrolls as one, so all of it can be read."""
    return "" if report else " fit"
