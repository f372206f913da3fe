"""Every intent the page can report, declared once: what a click, a key or a form change means.

Markup writes an intent into ``data-i`` (and its value into ``data-v``); the page reports it to
``Core.handle`` (``nile.web.core``), which routes each one to the room that declared it (a test renders every screen of both games and
fails on an intent no handler takes). Games write the intents of their own screens from here
too — a board target is ``PICK``, an action button ``ACT``, a set-up choice ``SETUP_OPTION``.
"""

from __future__ import annotations

from enum import StrEnum


class Intent(StrEnum):
    # home and set-up
    HOME = "home"
    NEW = "new"
    LEARN = "learn"
    PLAY_STRONGER = "play-stronger"  # after a guided game: the same game against a stronger computer player
    CONTINUE = "continue"
    DELETE = "delete"
    EXPORT = "export"
    IMPORT = "import"  # a file chosen: the page reads it and calls shelf.import_text
    UNDELETE = "undelete"  # put a game from Recently deleted back among the saved games
    PURGE = "purge"  # delete a game for good: asks first (PURGE_YES / PURGE_NO)
    PURGE_YES = "purge-yes"
    PURGE_NO = "purge-no"
    BACKUP = "backup"  # back up all games: one file to download
    BACKUP_LATER = "backup-later"  # the backup reminder's "not now"
    RESTORE = "restore"  # a backup file chosen: the page reads it and calls shelf.restore_text
    REPORT_CLOSE = "report-close"  # close the report of a restore
    LANG = "lang"
    SETUP_COUNT = "setup-count"
    SETUP_NAME = "setup-name"
    SETUP_COLOUR = "setup-colour"
    SETUP_KIND = "setup-kind"
    SETUP_OPTION = "setup-option"  # the game's own set-up choices: "variant:N11", "start:2"
    START_GAME = "start-game"
    # a game in progress
    PICK = "pick"  # a board target (a game's key: field:W4-2, card:R3 …)
    ACT = "act"  # an action button: its value is the action's text
    SELECT = "select"  # a button that changes what is being chosen (the game says what it means)
    CONFIRM = "confirm"
    CONFIRM_CANCEL = "confirm-cancel"
    CANCEL = "cancel"
    UNDO = "undo"
    KEY = "key"  # a shortcut key (the page)
    STANDING = "standing"  # the S key: where the game stands, said to a screen reader (the herald)
    ESCAPE = "escape"  # the Escape key (the page)
    DISMISS = "dismiss"
    TAKE_OVER = "take-over"  # the open game is played in another tab: play it here (the page takes its lock)
    UPDATE = "update"  # a new version of Nile is ready (or the bot worker is another version): reload into it
    MOMENT_CLOSE = "moment-close"
    HINTS = "hints"
    HINT = "hint"  # ask the coach (the bot worker) for the person's three best choices now
    REVIEW = "review"  # open the review of a finished game (the coach goes through it in the bot worker)
    REVIEW_EXIT = "review-exit"
    COACH_TIP = "coach-tip"
    COACH_LIST = "coach-list"  # the coach's list of what the person can do now: unfolded or folded
    LESSON_CLOSE = "lesson-close"
    LAYOUT = "layout"  # the page's width changed (the page)
    MENU = "menu"  # the head line's other controls, behind one button on a narrow screen: open or closed
    ZOOM = "zoom"  # the board larger or smaller on a phone ("in", "out")
    # the rules help
    RULES = "rules"
    RULES_OPEN = "rules-open"
    RULES_BACK = "rules-back"
    RULES_SEARCH = "rules-search"
    # replay
    REPLAY = "replay"
    REPLAY_EXIT = "replay-exit"
    REPLAY_STEP = "replay-step"
    # secret decisions
    FAR_SEND = "far-send"  # a game played from afar: show its link to send (share, copy, QR code)
    FAR_CLOSE = "far-close"
    FAR_SHARE = "far-share"  # the system's share sheet where the browser has one (the page), else copy
    FAR_COPY = "far-copy"
    FAR_JOIN = "far-join"  # an invitation opened: play the hand it names (its index), or "watch"
    FAR_REMOVE = "far-remove"  # a game played from afar that never began: to Recently deleted (its id)
    FAR_OPEN = "far-open"  # a link pasted into the home screen's field (or the page's address: the page)

    REVEAL_BIDDER = "reveal-bidder"
    BID_CHANGE = "bid-change"
    BID_SUBMIT = "bid-submit"
    BID_HIDE = "bid-hide"
    # computer players
    BOT_SPEED = "bot-speed"
    BOT_SKIP = "bot-skip"
    BOT_PAUSE = "bot-pause"
    BOT_MOVE = "bot-move"  # the bot worker's answer (the page)
    # settings
    SOUND = "sound"  # short, quiet sounds on or off (off at first; kept with the other settings)


#: intents the page itself takes, never sent to the controller as they are
PAGE_INTENTS = frozenset({Intent.IMPORT, Intent.RESTORE})
