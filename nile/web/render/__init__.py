"""Markup for every screen the shell owns: the controller's state in, HTML text out (no browser).

Home (the games on offer and the saved games), the set-up frame, the status bar, the action panel, the
log, the hand-over screens of secret decisions and the rules help frame are drawn here for every game; the
board, the game's own set-up choices, the private input and the end screen come from the game's UI module
(``nile.kit.GameUI``). All text that came from a player or a file — names above all — goes through
``esc`` so it can only ever be text.

One room per job, each importing only rooms above it in this list (lowest first):

- ``common.py``: ``fixed`` (controls drawn once for a language and a setting) and the language select;
- ``log.py``: the log beside the table, in blocks the page keeps;
- ``head_line.py``: the game's head line and its menu, the computer players' controls, the read-only line;
- ``far.py``: a game played from afar: the line saying whom it waits for, the link to send, the page of a
  game not begun (an invitation opened), the home screen's part;
- ``panels.py``: the action panel, the coach's list, the news line, the moment and lesson dialogs;
- ``table.py``: the frame a table is drawn from, the board and the players' cards, the board's frame and
  zoom, the pop-up over the table;
- ``replay.py``: the replay; ``secret.py``: a sealed decision at the table and the hand-over screen;
- ``game.py``: the game screen, which of its forms shows;
- ``home.py``: home, the saved games, Recently deleted, backups; ``setup.py``: the set-up frames;
- ``screen.py``: the whole app (``render_app``) and ``Screen``.

This module only names what the rest of the app uses (``nile.web.app``, the tests, tools/bench).
"""

from __future__ import annotations

from .log import LOG_BLOCK, LOG_LINES
from .panels import coach_tips
from .screen import SPRITE_ID, Screen, render_app, render_screen, sprite
from .setup import start_option_label
from .table import frame_of

__all__ = [
    "LOG_BLOCK", "LOG_LINES", "SPRITE_ID", "Screen", "coach_tips", "frame_of",
    "render_app", "render_screen", "sprite", "start_option_label",
]
