"""Markup for every screen the shell owns: the controller's state in, HTML text out (no browser).

Home (the games on offer and the saved games), the set-up frame, the status
bar, the action panel, the log, the hand-over screens of secret decisions and
the rules help frame are drawn here for every game; the board, the game's own
set-up choices, the private input and the end screen come from the game's UI
module (``nile.kit.GameUI``). All text that came from a player or a file —
names above all — goes through ``esc`` so it can only ever be text.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any

from ..core.game import GameState
from ..core.players import BOT_STRENGTHS
from ..games import GAMES, spec_of
from ..kit import Frame, Interaction, Tip, attrs, button, colour_letter, esc
from ..kit.intents import Intent
from ..kit.memo import Same, memo, part, parts_begin, parts_drawn, places, view_once
from ..messages import LANGUAGES, describe, format_datetime, plural
from ..messages import text as msg
from .coach_view import end_lines, hint_button, hint_focus, hint_panel, render_review, review_button
from .controller import BOT_PACE_MS, GAME, HOME, MAX_ZOOM, READ_ONLY_LINES, SETUP, Controller
from .help import render_help
from .since import since_line

LOG_LINES = 80  # the log shows at least its last 80 lines...
LOG_BLOCK = 20  # ...from the start of a block of 20 (render._draw_log)


def start_option_label(name: str, seat: int) -> str:
    """How a seat is named in a choice of players: the name as typed (trimmed), else its number."""
    return name.strip()[:40] or str(seat + 1)


# ---------------------------------------------------------------------- whole app
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
    symbols = "".join(spec.ui.symbols for spec in GAMES.values())
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
    else:
        parts.append(above)
    if c.helpdesk.help is not None:
        parts.append(render_help(c.helpdesk.help, c.lang, c.table.variants_in_play()))
    return "".join(parts)


def _update_line(c: Controller) -> str:
    """A new version is ready (or the bot worker runs another one): one line and Reload, where it
    interrupts no move (``Controller.offers_update``)."""
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


# ---------------------------------------------------------------------- home
def _game_cards(lang: str) -> str:
    """Every game on offer: its picture, name, players, how long it takes, and a way in."""
    cards = []
    for name, spec in GAMES.items():
        ui = spec_of(name).ui
        lo, hi = spec.minutes
        cards.append(
            f'<li class="game-card game-{esc(name)}">{ui.picture()}<div><h2>{esc(msg(spec.title, lang))}</h2>'
            f'<p>{esc(msg(spec.about, lang))}</p>'
            f'<p class="facts">{esc(msg("ui.game_facts", lang, min=spec.min_players, max=spec.max_players, lo=lo, hi=hi))}</p>'
            f'<div class="buttons">{button(msg("ui.new_game_of", lang, game=msg(spec.title, lang)), Intent.NEW, name, cls="primary big")}'
            f'{button(msg("ui.learn", lang), Intent.LEARN, name, cls="big")}</div></div></li>'
        )
    return f'<ul class="game-cards">{"".join(cards)}</ul>'


def render_home(c: Controller) -> str:
    lang = c.lang
    rows = []
    for g in c.library.games():
        gid = g["id"]
        g["title"] = g["title"] or msg("ui.saved_game", lang)
        unplayable = g.get("unplayable")
        if unplayable is not None or g["damaged"]:
            # kept untouched: say why in plain words, offer its export (and deleting it, if the player wishes)
            other_rules = getattr(unplayable, "key", "") in ("save.rules_changed", "save.rules_too_new")
            headline = msg("ui.unplayable_rules" if other_rules else "ui.damaged_short", lang)
            reason = c.say(unplayable) if unplayable is not None else g["damaged"]
            game = msg(GAMES[g["game"]].title, lang) + " · " if g.get("game") in GAMES else ""
            rows.append(
                f'<li class="saved damaged"><div><strong>{esc(g["title"])}</strong>'
                f'<p class="why">{esc(game)}{esc(headline)}</p><p class="why-detail">{esc(reason)}</p>'
                f'<p class="kept">{esc(msg("ui.kept_as_is", lang))}</p></div>'
                f'<div class="row-buttons">{button(msg("ui.export", lang), Intent.EXPORT, gid, cls="primary")}'
                f'{_delete_button(c, gid, g["title"])}</div></li>'
            )
        else:
            when = format_datetime(float(g["updated"]), lang) if g["updated"] else ""
            rows.append(
                f'<li class="saved{" over" if g.get("over") else ""}"><div><strong>{esc(g["title"])}</strong>'
                f'<p>{esc(where_line(g, lang))}</p><p class="when"><time>{esc(when)}</time></p></div>'
                f'<div class="row-buttons">{button(msg("ui.view" if g.get("over") else "ui.continue", lang), Intent.CONTINUE, gid, cls="primary")}'
                f'{button(msg("ui.export", lang), Intent.EXPORT, gid)}'
                f'{_delete_button(c, gid, g["title"])}</div></li>'
            )
    saved = (
        f'<ul class="saved-list">{"".join(rows)}</ul>' if rows else f'<p class="empty">{esc(msg("ui.no_saves", lang))}</p>'
    )
    return (
        '<section class="home"><header class="hero">'
        f'<h1>{esc(msg("ui.app_name", lang))}</h1>'
        f'<p>{esc(msg("ui.tagline", lang))}</p></header>'
        + _game_cards(lang)
        + '<div class="home-actions">'
        f'<label class="button big" for="import-file">{esc(msg("ui.import", lang))}</label>'
        f'<input type="file" id="import-file" accept=".json,application/json" data-i="{Intent.IMPORT}" hidden>'
        f'{button(msg("rules.title", lang), Intent.RULES, cls="big")}</div>'
        + language_choice(lang)
        + f'<h2>{esc(msg("ui.saved_games", lang))}</h2>{_restore_report(c)}{saved}{storage_line(c, bool(rows))}'
        + _backup_row(c, bool(rows)) + _recently_deleted(c)
        + f'<p class="offline-note">{esc(msg("ui.offline_note", lang))}</p></section>'
    )


def _delete_button(c: Controller, gid: str, title: str) -> str:
    """Delete (to Recently deleted, no question) — or, when the storage has no room to keep it there, the
    question whether to delete it for good."""
    if c.shelf.asking == ("game", gid):
        return _purge_question(c, "ui.bin_full_ask", gid, title)
    return button(msg("ui.delete", c.lang), Intent.DELETE, gid, cls="danger")


def _purge_question(c: Controller, key: str, value: str, title: str) -> str:
    """Delete for good? asked once, in the page: yes, or keep it."""
    lang = c.lang
    return (
        f'<div class="purge-ask" role="alert"><p>{esc(msg(key, lang, title=title))}</p>'
        f'{button(msg("ui.purge", lang), Intent.PURGE_YES, value, cls="danger")}'
        f'{button(msg("ui.purge_keep", lang), Intent.PURGE_NO, value)}</div>'
    )


def _backup_row(c: Controller, has_games: bool) -> str:
    """Back up all games and restore a backup (beside each game's export); when the last backup was made;
    and, at most once a week, a gentle reminder that some games were never backed up."""
    lang = c.lang
    made = c.library.last_backup()
    due = c.library.backup_due() if has_games and not c.keeper.storage_blocked else 0
    reminder = (
        f'<p class="backup-reminder" role="note">{esc(plural("ui.backup_reminder", due, lang))} '
        f'{button(msg("ui.storage_backup", lang), Intent.BACKUP, cls="primary")}'
        f'{button(msg("ui.backup_later", lang), Intent.BACKUP_LATER, cls="ghost")}</p>'
    ) if due else ""
    last = f'<p class="last-backup">{esc(msg("ui.last_backup", lang, when=format_datetime(made, lang)))}</p>' if made else ""
    return (
        f'{reminder}<div class="backup-actions">'
        f'{button(msg("ui.storage_backup", lang), Intent.BACKUP) if has_games and not due else ""}'
        f'<label class="button" for="restore-file">{esc(msg("ui.restore_backup", lang))}</label>'
        f'<input type="file" id="restore-file" accept=".json,application/json" data-i="{Intent.RESTORE}" hidden>'
        f'</div>{last}'
    )


def _restore_report(c: Controller) -> str:
    """What the last restore did, until closed: how many games came back, and each damaged entry skipped."""
    if not c.shelf.restore_report:
        return ""
    head, *rest = c.shelf.restore_report
    items = "".join(f"<li>{esc(line)}</li>" for line in rest)
    return (
        f'<div class="restore-report" role="status"><p>{esc(head)}</p>{f"<ul>{items}</ul>" if items else ""}'
        f'{button("×", Intent.REPORT_CLOSE, cls="close", title=msg("ui.dismiss", c.lang))}</div>'
    )


def _recently_deleted(c: Controller) -> str:
    """Games deleted in the last 30 days: each restorable with one tap, or deleted for good (asked once)."""
    lang = c.lang
    rows = []
    for g in c.library.deleted():
        tid, title = g["bin_id"], g["title"] or msg("ui.saved_game", lang)
        detail = where_line(g, lang) if g.get("unplayable") is None and not g.get("damaged") else msg("ui.kept_as_is", lang)
        when = msg("ui.deleted_until", lang, when=format_datetime(float(g["deleted"]), lang),
                   until=format_datetime(float(g["until"]), lang))
        if c.shelf.asking == ("bin", tid):
            buttons = _purge_question(c, "ui.purge_ask", tid, title)
        else:
            buttons = (f'{button(msg("ui.undelete", lang), Intent.UNDELETE, tid, cls="primary")}'
                       f'{button(msg("ui.purge", lang), Intent.PURGE, tid, cls="ghost")}')
        rows.append(
            f'<li class="binned"><div><strong>{esc(title)}</strong><p>{esc(detail)}</p>'
            f'<p class="when">{esc(when)}</p></div><div class="row-buttons">{buttons}</div></li>'
        )
    if not rows:
        return ""
    return (
        f'<section class="recently-deleted" aria-labelledby="bin-title"><h2 id="bin-title">{esc(msg("ui.recently_deleted", lang))}</h2>'
        f'<p class="bin-note">{esc(msg("ui.bin_note", lang))}</p><ul class="bin-list">{"".join(rows)}</ul></section>'
    )


def _not_saved_key(c: Controller) -> str:
    """The status bar's mark for a game that is not being saved: storage blocked, else full or elsewhere."""
    return "ui.in_memory_blocked" if c.keeper.storage_blocked else "ui.in_memory"


def storage_line(c: Controller, has_games: bool) -> str:
    """One line under the saved games on how safe they are: storage blocked (nothing is saved), or
    kept for good (the browser granted persistent storage), or not (it may clear them: export them)."""
    lang = c.lang
    if c.keeper.storage_blocked:
        return f'<p class="storage-line blocked" role="note">{esc(msg("ui.storage_blocked_line", lang))}</p>'
    if c.keeper.persistent is None or not has_games:
        return ""
    if c.keeper.persistent:
        return f'<p class="storage-line" role="note">{esc(msg("ui.storage_persistent", lang))}</p>'
    # the Back up / Restore row follows right below: no second button here
    return f'<p class="storage-line at-risk" role="note">{esc(msg("ui.storage_not_persistent", lang))}</p>'


def where_line(entry: dict[str, Any], lang: str) -> str:
    """A saved game's line on Home: which game, then where it stands, in the player's language."""
    game = msg(GAMES[entry["game"]].title, lang) if entry.get("game") in GAMES else ""
    where = entry.get("where")
    if where is None:  # written by an older release: its words as they were
        said = entry.get("summary", "")
    elif "winners" in where:
        said = plural("ui.summary_over", len(where["winners"]), lang, winners=msg("list.sep", lang).join(where["winners"]))
    elif len(where["to_play"]) == 1:
        said = msg("ui.summary_round", lang, round=where["round"], player=where["to_play"][0])
    else:
        said = msg("ui.summary_secret", lang, round=where["round"])
    return " · ".join(part for part in (game, said) if part)


#: the head line's fixed controls are the same for a language and a setting: drawn once each (issue 21: the
#: head line's controls were built and translated again at every click)
_fixed = functools.lru_cache(maxsize=64)


@_fixed
def language_choice(lang: str, compact: bool = False) -> str:
    """The language select, on every screen (only when the app speaks more than one). Each language is
    named in itself; the compact one (status bars, hand-over screens) shows the codes (EN, DE …)."""
    if len(LANGUAGES) < 2:
        return ""
    options = "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == lang else ""}'
        f'{attrs(title=name) if compact else ""}>{esc(code.upper() if compact else name)}</option>'
        for code, name in LANGUAGES.items()
    )
    label = esc(msg("ui.language", lang))
    if compact:
        return f'<label class="language compact" title="{label}"><span class="sr-only">{label}</span><select data-i="{Intent.LANG}">{options}</select></label>'
    return f'<label class="language">{label} <select data-i="{Intent.LANG}">{options}</select></label>'


# ---------------------------------------------------------------------- set-up
def render_setup(c: Controller) -> str:
    f, lang = c.setup.form, c.lang
    spec = GAMES[f.game]
    if f.guided:
        return render_learn(c)
    count_opts = "".join(
        f'<option value="{n}"{" selected" if n == f.count else ""}>{n}</option>'
        for n in range(spec.min_players, spec.max_players + 1)
    )
    players = []
    for i in range(f.count):
        kind = f.kinds[i] if i < len(f.kinds) else ""
        kind_opts = "".join(
            f'<option value="{i}:{k}"{" selected" if k == kind else ""}>{esc(msg("ui.kind_" + (k or "person"), lang))}</option>'
            for k in ("", *BOT_STRENGTHS)
        )
        colour_opts = "".join(
            f'<option value="{i}:{col}"{" selected" if f.colours[i] == col else ""}>'
            f'{esc(msg("colour." + col, lang))} ({esc(colour_letter(col, lang))})</option>'
            for col in spec.colours
        )
        players.append(
            f'<li class="player-setup"><span class="swatch p-{f.colours[i]}">'
            f'{esc(colour_letter(f.colours[i], lang))}</span>'
            f'<label>{esc(msg("ui.name", lang))} {i + 1} <input type="text" maxlength="40"'
            f'{attrs(value=f.names[i], data_i=Intent.SETUP_NAME, data_v=str(i), autocomplete="off")}></label>'
            f'<label>{esc(msg("ui.colour", lang))} <select data-i="{Intent.SETUP_COLOUR}">{colour_opts}</select></label>'
            f'<label>{esc(msg("ui.played_by", lang))} <select data-i="{Intent.SETUP_KIND}">{kind_opts}</select></label></li>'
        )
    error = f'<p class="form-error" role="alert">{esc(f.error)}</p>' if f.error else ""
    return (
        f'<section class="setup game-{esc(f.game)}"><div class="screen-head"><h1>{esc(msg("ui.new_game_of", lang, game=msg(spec.title, lang)))}</h1>'
        f'{language_choice(lang)}</div>'
        f'<label>{esc(msg("ui.players", lang))} <select data-i="{Intent.SETUP_COUNT}">{count_opts}</select></label>'
        f'<ul class="players-setup">{"".join(players)}</ul>'
        f'<p class="hint">{esc(msg("ui.setup_bots_hint", lang))}</p>'
        + c.ui.setup_fields(f, lang)
        + f'{error}<div class="setup-buttons">{button(msg("ui.back", lang), Intent.HOME)}'
        f'{button(msg("ui.start", lang), Intent.START_GAME, cls="primary big")}</div></section>'
    )


def render_learn(c: Controller) -> str:
    """Learn to play: what the guided game is, and the learner's name (every player is named in the game's
    sentences, the person at the screen too)."""
    f, lang = c.setup.form, c.lang
    title = msg(GAMES[f.game].title, lang)
    error = f'<p class="form-error" role="alert">{esc(f.error)}</p>' if f.error else ""
    return (
        f'<section class="setup learn game-{esc(f.game)}"><div class="screen-head">'
        f'<h1>{esc(msg("ui.learn_title", lang, game=title))}</h1>{language_choice(lang, compact=True)}</div>'
        f'<p>{esc(msg("ui.learn_intro", lang, bot=f.names[1]))}</p>'
        f'<p><label class="learner">{esc(msg("ui.your_name", lang))} <input type="text" maxlength="40"'
        f'{attrs(value=f.names[0], data_i=Intent.SETUP_NAME, data_v="0", autocomplete="given-name")}></label></p>'
        f'{error}<div class="setup-buttons">{button(msg("ui.back", lang), Intent.HOME)}'
        f'{button(msg("ui.learn_start", lang), Intent.START_GAME, cls="primary big")}</div></section>'
    )


# ---------------------------------------------------------------------- game
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


def coach_tips(c: Controller, frame: Frame) -> list[Tip]:
    """The coach's tips for the person to act, when hints are on (none for a bot, a replay, the end)."""
    s = frame.state
    if not c.tutor.teaching.mode or s.is_terminal() or c.replayer.replay is not None or c.table.actor() is None:
        return []
    return c.ui.coach(frame)


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
    if s.secret_decision() and not s.is_terminal() and not c.read_only:
        bidder = c.secret.active_bidder()
        if bidder is not None:  # a person decides in secret, at the table as it stands for them
            return render_secret_table(c, bidder, above)
        if any(not c.kinds[p] for p in s.to_act()):  # the device goes round: nothing shows until the right person says so
            if c.moments.shows_before_hand_over():  # first, what the last move did, for everyone at the table
                return render_secret_table(c, None, above, popups=True)
            return render_hand_over(c, above)  # (bots need no hand-over)
    frame = frame_of(c)
    ui = c.ui
    header = _status_bar(c, frame)
    board, players = table_parts(c, frame, c.viewer())
    panel, explain = _action_panel(c, frame)
    side = (
        f'<aside class="side">{explain}'
        + part(".side > .players", f'<section class="players" aria-label="{esc(msg("ui.players", c.lang))}">{players}</section>')
        + part(".side > .log", _log(c, frame.view))
        + "</aside>"
    )
    end = ui.end_screen(frame) if s.is_terminal() else ""
    report = f"{end}{end_lines(c)}"
    return (
        f'<section class="game game-{esc(s.GAME)}{_fit(report)}">{header}{above}{_read_only_line(c)}{_popups(c, frame)}{report}<div class="table">'
        f'{_board(c, board)}{panel}{side}</div></section>'
    )


#: the menu button's three bars, drawn (a ☰ character is missing from many fonts)
MENU_ICON = ('<svg class="icon" viewBox="0 0 18 14" width="18" height="14" aria-hidden="true" focusable="false">'
             '<rect y="0" width="18" height="2.4" rx="1" fill="currentColor"/><rect y="5.8" width="18" height="2.4" rx="1" fill="currentColor"/>'
             '<rect y="11.6" width="18" height="2.4" rx="1" fill="currentColor"/></svg>')
#: the board's sizes on a phone (``Controller.board_zoom``), in per cent of the screen's width
ZOOM_PERCENT = {1: 100, 2: 150, 3: 200}


def _fit(report: str) -> str:
    """" fit": the table fills the window (wider than a phone, static/app.css: the board scales to
    the space left, the panels scroll inside themselves). Not under the end's report above the table:
    the page then scrolls as one, so all of it can be read."""
    return "" if report else " fit"


def _popups(c: Controller, frame: Frame) -> str:
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


def _board(c: Controller, board: str) -> str:
    """The game's board in its frame, and on a phone the control that draws it larger: the frame
    then scrolls inside itself, never the page (static/app.css ``.board-frame``)."""
    lang, zoom = c.lang, c.settings.board_zoom
    control, scrolls = _zoom_control(lang, zoom)
    return f'{control}<div class="board-frame zoom-{zoom}"{scrolls}>{board}</div>'


@_fixed
def _zoom_control(lang: str, zoom: int) -> tuple[str, str]:
    """The board's zoom control and the frame's attributes at a zoom (``_board``)."""
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


def _status_bar(c: Controller, frame: Frame, secret: bool = False) -> str:
    """The game's head line. Over a secret decision (``secret``) it offers nothing that could show
    what others decided in secret or interrupt the decision: no replay, export, hints or bot controls."""
    lang, view, s = c.lang, frame.view, frame.state
    names = c.names
    if s.is_terminal():
        who = msg("ui.game_over", lang)
    else:
        # whom the table waits for: the persons to act (a person's own sealed bid too), else what the bots wait for
        persons = [p for p in s.to_act() if not c.kinds[p]]
        seats = persons or list(s.to_act())
        who = msg("ui.turn_of", lang, player=names[seats[0]]) if len(seats) == 1 else msg("ui.everyone", lang)
        if not persons and c.bots.to_act() is not None:
            who = c.bots.thinking_text()
    memory = f'<span class="memory">{esc(msg(_not_saved_key(c), lang))}</span>' if c.keeper.in_memory_only or c.keeper.storage_blocked else ""
    bot_speed, bot_buttons = ("", "") if secret else _bot_controls(c)
    export = "" if secret else button(msg("ui.export", lang), Intent.EXPORT, c.game_id or "", cls="ghost")
    # a game the browser does not keep (its storage full) keeps Export in the line: the notice says to export it;
    # a game over keeps Replay in the line (no hints to give any more)
    rescue = c.keeper.in_memory_only
    replay = button(msg("ui.replay", lang), Intent.REPLAY, cls="ghost") if s.history and not secret else ""
    over = s.is_terminal()
    return (
        '<header class="status">'
        f'{_home_button(lang)}'
        f'<span class="round">{esc(round_label(view["round"], lang))}</span>'
        f'{c.ui.status(frame)}'
        f'<span class="whose" aria-live="polite">{esc(who)}</span>{memory}'
        '<span class="spacer"></span>'
        + _more_menu(c, f'{bot_speed}{sound_switch(bool(c.settings.sound), lang)}'
                        f'{language_choice(lang, compact=True)}'
                        f'{_summary_button(s.GAME, lang)}'
                        f'{"" if over else replay}{"" if rescue else export}',
                     first=f'{bot_buttons}{_hints_toggle(bool(c.tutor.teaching.mode), lang) if not over and not c.read_only and not secret else ""}'
                           f'{_rules_button(lang)}{replay if over else ""}{export if rescue else ""}')
        + "</header>"
    )


def round_label(number: int, lang: str) -> str:
    """The round in the head line: "Round 3", or "Set-up" before the first round (never "Round 0")."""
    return msg("ui.round", lang, round=number) if number else msg("ui.setup_round", lang)


@_fixed
def _home_button(lang: str) -> str:
    """Home, read "Home" as ever; on a phone only its house shows (static/app.css)."""
    return (f'<button type="button" class="ghost go-home"{attrs(data_i=Intent.HOME, data_v="")}><span aria-hidden="true">⌂</span> '
            f'<span class="label">{esc(msg("ui.home", lang))}</span></button>')


def _more_menu(c: Controller, items: str, first: str = "") -> str:
    """The head line's other controls, so that the head line stays one line at every width (issue 21: at
    1280 px it took two lines whenever the round's cards or the computer players' controls were shown,
    and the board shrank and grew with it). ``first`` (what a player needs at hand: the bots' Skip or
    Pause, the coach's "Show me what I can do", the rules; Replay once the game is over, Export while it
    is kept in memory only) stands in the line from 1100 px on; ``items`` (the bots' speed, sound,
    language, overview, replay, export) stand in it only on a screen wide enough for all of them
    (static/app.css), else behind one button that opens them below the line, with ``first`` too below
    1100 px. Open or closed is the controller's (``Controller.menu_open``): a bot's move redraws the page
    without closing it. The whole is a part of the screen (``part``): it changes with a setting, not a move."""
    if not items and not first:
        return ""
    name = msg("ui.more", c.lang)
    open_ = c.settings.menu_open
    first = f'<span class="more-first">{first}</span>' if first else ""
    return part(".status > .more", (
        f'<div class="more{" open" if open_ else ""}">'
        f'<button type="button" class="ghost more-toggle"{attrs(data_i=Intent.MENU, aria_expanded="true" if open_ else "false", aria_controls="more-items", title=name)}>'
        f'{MENU_ICON}<span class="sr-only">{esc(name)}</span></button>'
        f'<div class="more-items" id="more-items">{first}<span class="more-rest">{items}</span></div></div>'
    ))


def _read_only_line(c: Controller) -> str:
    """The open game is played in another tab: one line saying so, and Take over (not once it is over)."""
    if not c.read_only or c.state is None or c.state.is_terminal():
        return ""
    return (
        f'<div class="read-only-line" role="status"><span>{esc(msg(READ_ONLY_LINES[c.read_only], c.lang))}</span>'
        f'{button(msg("ui.take_over", c.lang), Intent.TAKE_OVER, cls="primary")}</div>'
    )


@_fixed
def _summary_button(game: str, lang: str) -> str:
    """The round summary (the overview of the rules help), one tap away on every screen of a game."""
    return button(msg("help.summary_short", lang), Intent.RULES_OPEN, game + ":summary", cls="ghost")


@_fixed
def _rules_button(lang: str) -> str:
    """The rules, one tap away on every screen of a game."""
    return button(msg("ui.rules", lang), Intent.RULES, cls="ghost")


#: the sound switch's picture: a loudspeaker, with sound waves while on, crossed out while off
SOUND_ICONS = {
    on: '<svg class="icon" viewBox="0 0 20 16" width="20" height="16" aria-hidden="true" focusable="false">'
        '<path d="M2 5.5h3.5L10 1.5v13l-4.5-4H2z" fill="currentColor"/>'
        + ('<path d="M13 5q2 3 0 6M15.5 3q3.6 5 0 10" stroke="currentColor" stroke-width="1.6" fill="none" stroke-linecap="round"/>'
           if on else '<path d="M13 5l5 6M18 5l-5 6" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/>')
        + '</svg>'
    for on in (True, False)
}


@_fixed
def sound_switch(on: bool, lang: str) -> str:
    """Sound on or off (pressed while on): short, quiet sounds for a move, a scoring and the end
    (static/sound.js); off until the player switches it on, kept with the other settings. A loudspeaker
    named by its words (its label and tooltip), so it takes little room in the head line."""
    return (f'<button type="button" class="ghost sound{" on" if on else ""}"'
            f'{attrs(data_i=Intent.SOUND, aria_pressed="true" if on else "false", aria_label=msg("ui.sound", lang), title=msg("ui.sound_hint", lang))}>'
            f'{SOUND_ICONS[on]}</button>')


@_fixed
def _hints_toggle(on: bool, lang: str) -> str:
    """Show me what I can do: the coach's tips on or off (pressed while on)."""
    return (f'<button type="button" class="ghost hints{" on" if on else ""}"'
            f'{attrs(data_i=Intent.HINTS, aria_pressed="true" if on else "false")}>{esc(msg("ui.hints", lang))}</button>')


def moment_panel(c: Controller, frame: Frame) -> str:
    """The moment the board pauses on (bids opened, a scoring, the end): the game draws it from the
    new log entries; the shell frames it with a heading and Continue."""
    if c.moments.moment is None:
        return ""
    start, end = c.moments.moment
    drawn = c.ui.moment(frame, frame.view["log"][start:end])
    if drawn is None:
        return ""
    title, body = drawn
    return (
        f'<section class="moment" role="dialog" aria-labelledby="moment-title"><h2 id="moment-title">{esc(title)}</h2>'
        f'{body}<div class="buttons">{button(msg("ui.continue_game", c.lang), Intent.MOMENT_CLOSE, cls="primary")}</div></section>'
    )


#: how many routine events the news line says at most (the latest)
NEWS_LINES = 4


def news_line(c: Controller, frame: Frame) -> str:
    """Routine events since a person last acted (a crossing's income, a desert card, an arrow: the
    game's ``news_keys``), in the log's own words: a short line that needs no click, where the
    person acts. The board shows the same facts; a moment panel is kept for what must be taken in."""
    keys = c.ui.news_keys
    entries = [e for e in frame.view["log"][c.table.news_from:] if e["key"] in keys][-NEWS_LINES:]
    if not entries:
        return ""
    items = "".join(f"<li>{esc(describe(e, c.names, c.lang))}</li>" for e in entries)
    return f'<section class="news" role="status" aria-label="{esc(msg("ui.news", c.lang))}"><ul>{items}</ul></section>'


def lesson_panel(c: Controller) -> str:
    """A guided game's lesson: the first time something happens, what it is, its own picture and its rule,
    until the person has read it."""
    if not c.tutor.teaching.lessons or c.state is None or c.replayer.replay is not None:
        return ""
    game = c.state.GAME
    lesson = c.ui.lesson(c.tutor.teaching.lessons[0], c.lang)
    figure = ""
    if lesson.picture is not None:
        svg, caption = lesson.picture
        figure = f'<figure class="diagram">{svg}<figcaption>{esc(caption)}</figcaption></figure>'
    link = button(msg("help.rule_link", c.lang, rule=lesson.rule), Intent.RULES_OPEN, f"{game}:{lesson.rule}", cls="rule-link") if lesson.rule else ""
    return (
        f'<section class="lesson" role="dialog" aria-labelledby="lesson-title"><h2 id="lesson-title">'
        f'<span class="badge">{esc(msg("ui.lesson", c.lang))}</span> {esc(lesson.title)}</h2>'
        f'<p>{esc(lesson.text)}</p>{figure}{_next_steps(c)}<div class="buttons">{button(msg("ui.got_it", c.lang), Intent.LESSON_CLOSE, cls="primary")}'
        f'{link}</div></section>'
    )


def _next_steps(c: Controller) -> str:
    """Under the lesson that closes a guided game (the one its game-over entry triggers, any game): what a
    newcomer might do next — play again against a stronger computer player, a game with friends, the rules."""
    s = c.state
    if s is None or not s.is_terminal() or not s.log or c.ui.lesson_triggers.get(s.log[-1].key) != c.tutor.teaching.lessons[0]:
        return ""
    lang = c.lang
    return (f'<p class="next-steps">{esc(msg("ui.lesson_next", lang))}</p><div class="buttons next-steps">'
            f'{button(msg("ui.play_stronger", lang), Intent.PLAY_STRONGER, s.GAME, cls="primary")}'
            f'{button(msg("ui.play_friends", lang), Intent.NEW, s.GAME)}{button(msg("ui.rules", lang), Intent.RULES)}</div>')


def _coach_panel(c: Controller, frame: Frame) -> str:
    """Show me what I can do: each thing the person can do now, why, and its rule; a tap points at
    its places on the board (the chosen tip's places are pointed at while the list is folded too)."""
    tips = coach_tips(c, frame)
    if not tips:
        return ""
    chosen = min(c.tutor.teaching.tip, len(tips) - 1)
    game = frame.state.GAME
    items = []
    for i, tip in enumerate(tips):
        show = (button(msg("ui.coach_show", c.lang), Intent.COACH_TIP, str(i), cls="chip" + (" on" if i == chosen else ""))
                if tip.targets else "")
        rule = (f' <button type="button" class="rule-link inline"{attrs(data_i=Intent.RULES_OPEN, data_v=f"{game}:{tip.rule}", title=msg("help.rule_link", c.lang, rule=tip.rule))}>'
                f'<span>{esc(tip.rule)}</span></button>') if tip.rule else ""
        on = ' class="on"' if i == chosen else ""
        items.append(f"<li{on}>{esc(tip.text)}{rule}{show}</li>")
    # folded until the person opens it (the controller remembers: a new turn's list opens as the last was
    # left); the summary is a control the app answers itself (nile/web/app.py), not the browser
    return (f'<details class="coach"{" open" if c.tutor.coach_open else ""}><summary{attrs(data_i=Intent.COACH_LIST)}>'
            f'{esc(msg("ui.coach_title", c.lang))}</summary><ul>{"".join(items)}</ul></details>')


def _bot_controls(c: Controller) -> tuple[str, str]:
    """With computer players at the table: (their speed; skipping, or pausing a watch game). The head
    line keeps the buttons in sight (a person waiting for the bots wants them at hand) and may put the
    speed behind its menu button (``_more_menu``)."""
    s = c.state
    if s is None or not any(c.kinds) or s.is_terminal() or c.read_only:
        return "", ""
    lang = c.lang
    speeds = "".join(
        f'<option value="{v}"{" selected" if v == c.bots.speed else ""}>{esc(msg("ui.speed_" + v, lang))}</option>'
        for v in BOT_PACE_MS
    )
    speed = f'<span class="bots"><label class="bot-speed">{esc(msg("ui.bot_speed", lang))} <select data-i="{Intent.BOT_SPEED}">{speeds}</select></label></span>'
    bits = []
    watching = not c.humans()
    if c.bots.paused or watching:
        bits.append(button(msg("ui.bot_go_on" if c.bots.paused else "ui.bot_pause", lang), Intent.BOT_PAUSE,
                           cls="primary" if c.bots.paused else ""))
    if c.bots.to_act() is not None and not c.bots.skipping and not c.bots.paused:
        bits.append(button(msg("ui.bot_skip_end" if watching else "ui.bot_skip", lang), Intent.BOT_SKIP))
    return speed, f'<span class="bots">{"".join(bits)}</span>' if bits else ""


def _action_panel(c: Controller, frame: Frame) -> tuple[str, str]:
    """(the action panel, the explanations). The panel holds what the step needs, and only that: who acts
    (several people at the table), the prompt, the game's part (what is chosen, the crops or piles to choose
    from), the buttons, and the coach's answer to the Hint asked for there. It never scrolls inside itself:
    on a phone it stays docked at the bottom, as small as its controls; where the table fits the window it
    takes the room it needs (static/app.css). The explanations (the coach's "What you can do now", folded
    until the person opens it, the routine events and "Since your turn") stand at the top of the side panel:
    read after the controls, never pushing one out of sight (issue: every button in reach)."""
    lang = c.lang
    inter: Interaction = frame.interaction
    if frame.state.is_terminal():
        return "", ""
    if c.table.confirm is not None:  # asked once: the action waits for a yes
        text, question = c.table.confirm
        label = next((b.label for b in inter.buttons if b.value == text), text)
        return (
            f'<section class="actions confirm" role="alertdialog" aria-labelledby="confirm-q" aria-label="{esc(msg("ui.your_move", lang))}">'
            f'<p class="prompt" id="confirm-q">{esc(question)}</p><div class="buttons">'
            f'{button(label, Intent.CONFIRM, text, cls="primary")}{button(msg("ui.keep_playing", lang), Intent.CONFIRM_CANCEL)}</div></section>'
        ), ""
    actor = frame.state.current_player()
    who = (f'<p class="who"><span class="swatch-dot p-{esc(c.state_colour(actor))}"></span>{esc(msg("ui.turn_of", lang, player=c.names[actor]))}</p>'
           if actor is not None and len(c.humans()) != 1 else "")  # alone with bots, it is always "you"
    since = since_line(frame.state, frame.view, c.kinds, c.table.since_log, c.table.news_from, (c.ui.since_keys, c.ui.news_keys),
                       c.names, lang)
    bits = [who, f'<p class="prompt">{esc(inter.prompt)}</p>', c.ui.panel(frame)]
    buttons = []
    for b in inter.buttons:
        label = b.label + (f" · {msg(spec_of(frame.state.GAME).cost, lang, cost=b.cost)}" if b.cost else "")
        buttons.append(button(label, b.intent, b.value, cls="primary" if b.primary else "", key=b.key.upper() or None,
                              unavailable=not b.available))
    if c.table.selection:
        buttons.append(_cancel_button(lang))
    buttons.append(_undo_button(lang, not c.table.undo_possible()))
    buttons.append(hint_button(c))
    bits.append(f'<div class="buttons">{"".join(buttons)}</div>')
    bits.append(hint_panel(c, frame))
    coach = _coach_panel(c, frame)
    explained = f"{coach}{news_line(c, frame)}{since}"
    # it may scroll inside itself (a table that fits the window): then it takes the keyboard's focus too
    explain = f'<div class="explain{" coached" if coach else ""}" tabindex="0">{explained}</div>' if explained else ""
    return f'<section class="actions" aria-label="{esc(msg("ui.your_move", lang))}">{"".join(bits)}</section>', explain


@_fixed
def _cancel_button(lang: str) -> str:
    return button(msg("ui.cancel", lang), Intent.CANCEL)


@_fixed
def _undo_button(lang: str, disabled: bool) -> str:
    return button(msg("ui.undo", lang), Intent.UNDO, disabled=disabled, title=msg("ui.undo_hint", lang), key="U Control+Z")


def _log(c: Controller, view: dict[str, Any]) -> str:
    game = c.state.GAME if c.state is not None else ""
    log = view["log"]
    # the last LOG_LINES lines at least, from the start of a block of LOG_BLOCK lines (see _draw_log)
    start = max(0, (len(log) - LOG_LINES) // LOG_BLOCK * LOG_BLOCK)
    shown = log[start:]
    # what it shows: the last lines' entries, in the game's words (rule links), language and names
    return memo("log").get((game, c.lang, tuple(c.names), shown), _draw_log, c, game, log, start)


def _draw_log(c: Controller, game: str, log: list[dict[str, Any]], start: int) -> str:
    """The log's lines, newest first, in blocks of LOG_BLOCK lines by their place in the whole log (issue 21,
    every tap answers within a frame): a move adds lines to the newest block only, and every other block is
    a part the page keeps as it is (``part``), so a click does not send, parse and compare the whole log."""
    # each line drawn once, by its place in the log: a move adds a line, the others are kept
    kept, context = places("log-lines"), (game, c.lang, tuple(c.names))
    blocks = []
    for first in reversed(range(start, len(log), LOG_BLOCK)):
        lines = range(first, min(first + LOG_BLOCK, len(log)))
        # a line is kept by its entry and its rule (which may depend on the lines before it: GameUI.log_rule)
        ruled = {i: (log[i], c.ui.log_rule(log, i)) for i in lines}
        items = "".join(kept.get(context, i, ruled[i], _log_line, c, *ruled[i], game, i) for i in reversed(lines))
        block = first // LOG_BLOCK
        blocks.append(part(f'.side > .log > ol[data-b="{block}"]', f'<ol data-b="{block}">{items}</ol>'))
    # it scrolls, so it takes the keyboard's focus too (to scroll it without a mouse)
    return (f'<section class="log" tabindex="0" aria-labelledby="log-title"><h2 id="log-title">{esc(msg("ui.log", c.lang))}</h2>'
            f'{"".join(blocks) or "<ol></ol>"}</section>')


def _log_line(c: Controller, entry: dict[str, Any], rule: str | None, game: str, index: int) -> str:
    """A log line, numbered by its place in the whole log (the list shows only the last lines), with its rule
    one tap away (the rule id the game gives it). The number is in the markup, not the list's own:
    the stylesheet lets the browser skip the lines scrolled out of the log's view (issue 21, every tap
    answers within a frame), and a skipped list item would hide a number drawn by the list."""
    # a tap target as large as any (44 px) in a line of small text: the chip is drawn small inside it (static/app.css)
    link = (f' <button type="button" class="rule-link inline"{attrs(data_i=Intent.RULES_OPEN, data_v=f"{game}:{rule}", title=msg("help.rule_link", c.lang, rule=rule))}>'
            f'<span>{esc(rule)}</span></button>') if rule else ""
    return f'<li><span class="n">{index + 1}.</span> {esc(describe(entry, c.names, c.lang))}{link}</li>'


# ---------------------------------------------------------------------- replay (any game)
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
        f'{_home_button(lang)}'
        f'<span class="round">{esc(round_label(frame.view["round"], lang))}</span>'
        f'<span class="whose" aria-live="polite">{esc(msg("ui.replay_at", lang, step=at, total=n))}</span>'
        f'<span class="spacer"></span>{button(msg("ui.replay_exit", lang), Intent.REPLAY_EXIT, cls="primary")}'
        f'{_more_menu(c, language_choice(lang, compact=True) + review_button(c))}</header>'
    )
    this_step = "".join(f"<li>{esc(line)}</li>" for line in step_lines) or f'<li>{esc(msg("ui.replay_begin", lang))}</li>'
    panel = (
        f'<section class="actions replay" aria-label="{esc(msg("ui.replay", lang))}">'
        f'<ol class="step-log" aria-live="polite">{this_step}</ol><div class="buttons replay-steps">{controls}</div></section>'
    )
    side = (
        '<aside class="side">'
        f'<section class="players" aria-label="{esc(msg("ui.players", lang))}">{ui.side(frame)}</section>'
        + _log(c, frame.view) + "</aside>"
    )
    return (f'<section class="game game-{esc(r.GAME)} replay fit">{header}{above}<div class="table">{_board(c, ui.board(frame))}'
            f'{panel}{side}</div></section>')


# ---------------------------------------------------------------------- secret decisions (any game)
def render_secret_table(c: Controller, p: int | None, above: str = "", popups: bool = False) -> str:
    """Seat ``p``'s sealed decision at the table: the board, the players and the log as they stand,
    drawn from ``p``'s own view only (every public fact, and nothing another seat decided in secret),
    with the private input where the action panel stands on a normal turn.

    ``p`` None: the same table from nobody's view (public facts only), under the hand-over screen
    (``render_hand_over``, a modal dialog: the keyboard is kept on it, ``nile.web.app``), with an empty
    panel where the private input will be; ``popups``: with the moment the table pauses on over it, for
    everyone at the table before the device goes round (``Controller._before_hand_over``)."""
    s = c.state
    assert s is not None
    lang = c.lang
    frame = Frame(s, view_of(s, p), Interaction(), {}, lang, c.names, c.layout)  # nothing on the board to click
    board, players = table_parts(c, frame, p)
    news = news_line(c, frame) if p is not None else ""
    side = (
        f'<aside class="side">{f"""<div class="explain" tabindex="0">{news}</div>""" if news else ""}'
        + part(".side > .players", f'<section class="players" aria-label="{esc(msg("ui.players", lang))}">{players}</section>')
        + part(".side > .log", _log(c, frame.view)) + "</aside>"
    )
    if p is None:
        shown, panel = _popups(c, frame) if popups else "", '<section class="actions"></section>'
    else:
        shown, panel = _popups(c, frame), _private_panel(c, frame, p)
    return (
        f'<section class="game game-{esc(s.GAME)} deciding fit">{_status_bar(c, frame, secret=True)}{above}'
        f'{shown}<div class="table">{_board(c, board)}{panel}{side}</div></section>'
    )


def _private_panel(c: Controller, frame: Frame, p: int) -> str:
    """The private input of a sealed decision, in the action panel's place: whose it is, what is
    decided, the game's form, and Place bid (with Hide when others share the device)."""
    s, lang, names = frame.state, c.lang, c.names
    # alone at the table there is nobody to hide the bid from, but the way home stays open (the head line)
    hide = button(msg("ui.hide", lang), Intent.BID_HIDE) if c.secret.bidder is not None else ""
    return (
        f'<section class="actions bid-private" aria-labelledby="bid-title">'
        f'<h2 id="bid-title">{esc(msg("ui.bid_of", lang, player=names[p]))}</h2>'
        f'<p class="prompt">{esc(c.ui.secret_title(s, lang))}</p>'
        f'{c.ui.private_input(s, p, c.secret.bid_draft, lang, names)}'
        f'<div class="buttons">{hide}{button(msg("ui.place_bid", lang), Intent.BID_SUBMIT, cls="primary big")}</div></section>'
    )


def render_hand_over(c: Controller, above: str = "") -> str:
    """The hand-over screen: who still decides in secret, and nothing else, over the whole window
    (static/app.css ``.handover-cover``); the person who says it is them then decides at the table
    drawn from their own view (``render_secret_table``). ``above`` (the update line, a notice), the
    moment the board pauses on and a guided game's lesson stand inside the cover, over the hand-over.

    Under the cover lies the table from nobody's view, out of reach (issue 21): it holds only what every
    player may see (N9, K6: a sealed decision shows nowhere until all are revealed), and when the
    bidder is chosen the page changes only what their own view adds (their panel), instead of
    building the whole table from nothing on that tap (a trace of Kap's clicks: 19-57 ms a reveal)."""
    s = c.state
    assert s is not None
    lang, names, ui = c.lang, c.names, c.ui
    why = ui.secret_title(s, lang)
    waiting = c.secret.hand_over_order()  # from the person holding the device, round the table
    holder = c.secret.device_holder()
    done = [names[q] for q in s.secret_decided()]  # this round only: a re-bid's bidders
    choices = "".join(
        f'<li>{button(msg("ui.i_am", lang, player=names[p]), Intent.REVEAL_BIDDER, str(p), cls="primary big")}</li>' for p in waiting
    )
    lead = (
        msg("ui.decide_first", lang, player=names[holder]) if holder is not None
        else msg("ui.pass_device", lang, player=names[waiting[0]])
    )
    popup = one_popup(c, frame_of(c))
    popups = f'<div class="popups">{popup}</div>' if popup else ""
    return (
        f'<div class="handover-cover" role="dialog" aria-modal="true" aria-labelledby="handover-title">'
        f'{above}{popups}'
        f'<section class="handover" aria-live="polite"><div class="screen-head"><h1 id="handover-title">{esc(msg("ui.handover_title", lang))}</h1>'
        f'{language_choice(lang, compact=True)}{_summary_button(s.GAME, lang)}{_rules_button(lang)}</div>'
        f'<p class="why">{esc(why)}</p><p class="lead">{esc(lead)}</p>'
        f'<ul class="bidders">{choices}</ul>'
        + (f'<p class="done">{esc(msg("ui.bids_made", lang, players=", ".join(done)))}</p>' if done else "")
        + f'<p class="hint">{esc(msg("ui.bid_secret_hint", lang))}</p>'
        f'{button("⌂ " + msg("ui.home", lang), Intent.HOME, cls="ghost")}</section></div>'
        + render_secret_table(c, None)
    )
