"""The game table's shared parts: the frame a screen is drawn from (view, interaction, selection, the
coach's marks), the board and the players' cards (each drawn again only when what it shows changed),
the board in its frame with the phone's zoom, and the one pop-up standing over the table."""

from __future__ import annotations

import dataclasses
from typing import Any

from ...core.game import GameState
from ...kit import Frame, attrs
from ...kit.intents import Intent
from ...kit.memo import Same, memo, part, view_once
from ...messages import text as msg
from ..coach_view import hint_focus
from ..controller import MAX_ZOOM, Controller
from .common import fixed
from .panels import coach_tips, lesson_panel, moment_panel

#: the board's sizes on a phone (``settings.board_zoom``), in per cent of the screen's width
ZOOM_PERCENT = {1: 100, 2: 150, 3: 200}


def frame_of(c: Controller) -> Frame:
    assert c.state is not None
    frame = Frame(c.state, view_of(c.state, c.viewer()), c.table.interaction(), c.table.selection or {}, c.lang, c.names, c.layout)
    tips = coach_tips(c, frame)
    if tips:  # the tip chosen points at its targets on the board
        tip = tips[min(c.tutor.teaching.tip, len(tips) - 1)]
        frame.interaction = dataclasses.replace(frame.interaction, focus=frozenset(tip.targets))
    hinted = hint_focus(c, frame)
    if hinted:  # the coach's hints point at their targets (over a tip's)
        frame.interaction = dataclasses.replace(frame.interaction, focus=hinted)
    return frame


def view_of(s: GameState, viewer: int | None) -> dict[str, Any]:
    """``s.view(viewer)``, worked out once per position (a view is a function of the state and its moves)."""
    return view_once("view", s, viewer)


def table_parts(c: Controller, frame: Frame, viewer: int | None) -> tuple[str, str]:
    """The board and the players of the table, each drawn again only when what it shows changed
    (``nile.kit.memo``): ``frame`` holds ``view_of(state, viewer)``. The board shows the view, what may be
    clicked and what is chosen (targets, the coach's marks), the language, the names and the layout; the
    players' cards the view, the language, the names and the layout (``GameUI.side``)."""
    s = frame.state
    at = (s.GAME, Same(s), len(s.history), viewer, frame.lang, tuple(frame.names), frame.layout)
    return (part(".board-frame > .board", memo("board").get((at, frame.interaction, frame.selection), c.ui.board, frame)),
            memo("side").get(at, c.ui.side, frame))


def popup_layer(c: Controller, frame: Frame) -> str:
    """The moment the board pauses on or a guided game's lesson (``one_popup``), as a dialog over the table
    (static/app.css ``.popups``): over the panels where the table fits the window (a laptop: the column on the
    right; a tablet: the window's foot), a sheet over a phone's docked panel, so the board it talks about stays
    in sight and its main button is where the player looks. Opening or closing it leaves the table as it is
    laid out (issue 21: standing above the table, a pop-up made the page scroll instead of fit, and the
    browser styled and laid out the whole table anew as it opened and again as it closed)."""
    popups = one_popup(c, frame)
    return f'<div class="popups">{popups}</div>' if popups else ""


def one_popup(c: Controller, frame: Frame) -> str:
    """A guided game's lesson, else the moment the board pauses on: one at a time, so that neither stands
    under the other with its button below the window's edge (issue: every button in reach). The lesson
    goes first: it says what the moment then shows (a scoring); the moment waits meanwhile."""
    return lesson_panel(c) or moment_panel(c, frame)


def board_frame(c: Controller, board: str) -> str:
    """The game's board in its frame, and on a phone the control that draws it larger: the frame
    then scrolls inside itself, never the page (static/app.css ``.board-frame``)."""
    lang, zoom = c.lang, c.settings.board_zoom
    control, scrolls = _zoom_control(lang, zoom)
    # one stop of the Tab key, the arrow keys inside it (static/roving.js)
    return f'{control}<div class="board-frame zoom-{zoom}" data-roving="places"{scrolls}>{board}</div>'


@fixed
def _zoom_control(lang: str, zoom: int) -> tuple[str, str]:
    """The board's zoom control and the frame's attributes at a zoom (``board_frame``)."""
    name = msg("ui.zoom", lang)
    control = (
        f'<div class="zoom" role="group"{attrs(aria_label=name)}>'
        f'<button type="button"{attrs(data_i=Intent.ZOOM, data_v="out", title=msg("ui.zoom_out", lang), aria_label=msg("ui.zoom_out", lang))}'
        f'{" disabled" if zoom <= 1 else ""}>−</button>'
        f'<output aria-live="polite">{ZOOM_PERCENT[zoom]} %</output>'
        f'<button type="button"{attrs(data_i=Intent.ZOOM, data_v="in", title=msg("ui.zoom_in", lang), aria_label=msg("ui.zoom_in", lang))}'
        f'{" disabled" if zoom >= MAX_ZOOM else ""}>+</button></div>'
    )
    # larger than the screen it scrolls sideways inside itself: then it takes the keyboard's focus too
    scrolls = attrs(tabindex="0", role="region", aria_label=msg("ui.board", lang)) if zoom > 1 else ""
    return control, scrolls
