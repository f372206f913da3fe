"""Markup for every screen the shell owns: the controller's state in, HTML text out (no browser).

Home (the games on offer and the saved games), the set-up frame, the status
bar, the action panel, the log, the hand-over screens of secret decisions and
the rules help frame are drawn here for every game; the board, the game's own
set-up choices, the private input and the end screen come from the game's UI
module (``nile.kit.GameUI``). All text that came from a player or a file —
names above all — goes through ``esc`` so it can only ever be text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.players import BOT_STRENGTHS
from ...games import GAMES, spec_of
from ...kit import attrs, button, colour_letter, esc
from ...kit.intents import Intent
from ...kit.memo import memo, part, parts_begin, parts_drawn
from ...messages import format_datetime, plural
from ...messages import text as msg
from ..controller import GAME, HOME, SETUP, Controller
from ..help import render_help
from .common import language_choice
from .game import render_game
from .log import LOG_BLOCK, LOG_LINES
from .panels import coach_tips
from .table import frame_of

__all__ = [
    "LOG_BLOCK", "LOG_LINES", "SPRITE_ID", "Screen", "coach_tips", "frame_of",
    "render_app", "render_screen", "sprite", "start_option_label",
]


def start_option_label(name: str, seat: int) -> str:
    """How a seat is named in a choice of players: the name as typed (trimmed), else its number."""
    return name.strip()[:40] or str(seat + 1)


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
    secret = c.screen == GAME and c.active_bidder() is not None and c.help is None
    parts_begin()
    html = render_app(c)
    return Screen(html, c.screen, secret, keep=c.screen in (HOME, GAME) and not secret and c.coaching.review is None,
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
    if c.help is not None:
        parts.append(render_help(c.help, c.lang, c.variants_in_play()))
    return "".join(parts)


def _update_line(c: Controller) -> str:
    """A new version is ready (or the bot worker runs another one): one line and Reload, where it
    interrupts no move (``Controller.offers_update``)."""
    if not c.offers_update:
        return ""
    key = "ui.worker_other_version" if c.worker_mismatch else "ui.update_ready"
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
    if c.asking == ("game", gid):
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
    due = c.library.backup_due() if has_games and not c.storage_blocked else 0
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
    if not c.restore_report:
        return ""
    head, *rest = c.restore_report
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
        if c.asking == ("bin", tid):
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


def storage_line(c: Controller, has_games: bool) -> str:
    """One line under the saved games on how safe they are: storage blocked (nothing is saved), or
    kept for good (the browser granted persistent storage), or not (it may clear them: export them)."""
    lang = c.lang
    if c.storage_blocked:
        return f'<p class="storage-line blocked" role="note">{esc(msg("ui.storage_blocked_line", lang))}</p>'
    if c.persistent is None or not has_games:
        return ""
    if c.persistent:
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


def render_setup(c: Controller) -> str:
    f, lang = c.form, c.lang
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
    f, lang = c.form, c.lang
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
