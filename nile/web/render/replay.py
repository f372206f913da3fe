"""The replay of the open game (any game): the board, the players and the log as a spectator saw them
after some of its actions, and the steps by action and by round."""

from __future__ import annotations

from ...kit import Frame, Interaction, attrs, button, esc
from ...kit.intents import Intent
from ...messages import describe
from ...messages import text as msg
from ..coach_view import review_button
from ..controller import Controller
from .common import language_choice
from .head_line import home_button, more_menu, round_label
from .log import log_section
from .table import board_frame

#: the replay's first and last step as drawn icons (a bar and a triangle): the ⏮ ⏭ characters are
#: missing from many fonts and showed as empty boxes (issue 21); the button's words name it
REPLAY_ICONS = {
    "start": '<svg class="icon" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">'
             '<rect x="1" y="2" width="2" height="8" fill="currentColor"/><path d="M11 2v8L4 6z" fill="currentColor"/></svg>',
    "end": '<svg class="icon" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">'
           '<path d="M1 2v8l7-4z" fill="currentColor"/><rect x="9" y="2" width="2" height="8" fill="currentColor"/></svg>',
}


def _replay_step(value: str, sign: str, words: str, disabled: bool) -> str:
    """A replay step's button: its sign (a character every font has, or a drawn icon) and its words."""
    if sign.startswith("<svg"):
        return (f'<button type="button"{attrs(data_i=Intent.REPLAY_STEP, data_v=value)}{" disabled" if disabled else ""}>'
                f'{sign} {esc(words)}</button>')
    return button(f"{sign} {words}", Intent.REPLAY_STEP, value, disabled=disabled)


def render_replay(c: Controller, above: str = "") -> str:
    """The open game as a spectator saw it after some of its actions: the board, the players, the log
    up to there (this step's lines marked), and steps by action and by round; ``above`` (the update line,
    a notice) under its head line."""
    replay = c.replayer.replay
    assert replay is not None
    r = replay.state()
    lang, ui = c.lang, c.ui
    frame = Frame(r, r.view(None), Interaction(), {}, lang, c.names, c.layout)
    at, n = replay.at, replay.total
    step_lines = [describe(e, c.names, lang) for e in frame.view["log"][replay.log_at(at - 1):]] if at else []
    steps = [("start", REPLAY_ICONS["start"], "ui.replay_start", at == 0), ("round-", "«", "ui.replay_round_back", at == 0),
             ("-1", "‹", "ui.replay_back", at == 0), ("+1", "›", "ui.replay_forward", at == n),
             ("round+", "»", "ui.replay_round_forward", at == n), ("end", REPLAY_ICONS["end"], "ui.replay_end", at == n)]
    controls = "".join(_replay_step(v, sym, msg(key, lang), off) for v, sym, key, off in steps)
    header = (
        '<header class="status replaying">'
        f'{home_button(lang)}'
        f'<span class="round">{esc(round_label(frame.view["round"], lang))}</span>'
        f'<span class="whose" aria-live="polite">{esc(msg("ui.replay_at", lang, step=at, total=n))}</span>'
        f'<span class="spacer"></span>{button(msg("ui.replay_exit", lang), Intent.REPLAY_EXIT, cls="primary")}'
        f'{more_menu(c, language_choice(lang, compact=True) + review_button(c))}</header>'
    )
    this_step = "".join(f"<li>{esc(line)}</li>" for line in step_lines) or f'<li>{esc(msg("ui.replay_begin", lang))}</li>'
    panel = (
        f'<section class="actions replay" aria-label="{esc(msg("ui.replay", lang))}">'
        f'<ol class="step-log" aria-live="polite">{this_step}</ol><div class="buttons replay-steps">{controls}</div></section>'
    )
    side = (
        '<aside class="side">'
        f'<section class="players" aria-label="{esc(msg("ui.players", lang))}">{ui.side(frame)}</section>'
        + log_section(c, frame.view) + "</aside>"
    )
    return (f'<section class="game game-{esc(r.GAME)} replay fit">{header}{above}<div class="table">{board_frame(c, ui.board(frame))}'
            f'{panel}{side}</div></section>')
