"""Home: the games on offer, the saved games (a damaged or unplayable one kept as it is, with why),
Recently deleted, backing up and restoring, what the last restore did, and how safe the storage is."""

from __future__ import annotations

from typing import Any

from ...games import GAMES
from ...kit import button, esc
from ...kit.intents import Intent
from ...messages import format_datetime, listed, plural
from ...messages import text as msg
from ..controller import Controller
from .common import language_choice
from .far import far_home


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
        f'{file_button(msg("ui.import", lang), "import-file", Intent.IMPORT, "button big")}'
        f'{button(msg("rules.title", lang), Intent.RULES, cls="big")}</div>'
        + far_home(c)
        + language_choice(lang)
        + f'<h2>{esc(msg("ui.saved_games", lang))}</h2>{_restore_report(c)}{saved}{storage_line(c, bool(rows))}'
        + _backup_row(c, bool(rows)) + _recently_deleted(c)
        + f'<p class="offline-note">{esc(msg("ui.offline_note", lang))}</p></section>'
    )


def _game_cards(lang: str) -> str:
    """Every game on offer: its picture, name, players, how long it takes, and a way in."""
    cards = []
    for name, entry in GAMES.items():  # (the games' entries: no game's rules are imported to draw them)
        lo, hi = entry.minutes
        cards.append(
            f'<li class="game-card game-{esc(name)}">{entry.picture()}<div><h2>{esc(msg(entry.title, lang))}</h2>'
            f'<p>{esc(msg(entry.about, lang))}</p>'
            f'<p class="facts">{esc(msg("ui.game_facts", lang, min=entry.min_players, max=entry.max_players, lo=lo, hi=hi))}</p>'
            f'<div class="buttons">{button(msg("ui.new_game_of", lang, game=msg(entry.title, lang)), Intent.NEW, name, cls="primary big")}'
            f'{button(msg("ui.learn", lang), Intent.LEARN, name, cls="big")}</div></div></li>'
        )
    return f'<ul class="game-cards">{"".join(cards)}</ul>'


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
        f'{file_button(msg("ui.restore_backup", lang), "restore-file", Intent.RESTORE, "button")}'
        f'</div>{last}'
    )


def file_button(label: str, ident: str, intent: Intent, cls: str) -> str:
    """A button that opens the file chooser: the file input itself, drawn as its label (a file input cannot be
    styled) but kept in the Tab order — hidden, Tab never reached it (issue 43) — so Enter or Space on it opens
    the chooser, and its label shows the keyboard's focus ring (static/app.css ``.file-button``)."""
    return (f'<label class="{cls} file-button">{esc(label)}'
            f'<input type="file" id="{ident}" class="file-input" accept=".json,application/json" data-i="{intent}"></label>')


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
        said = plural("ui.summary_over", len(where["winners"]), lang, winners=listed(where["winners"], lang))
    elif where["round"] == 0:  # set-up, as the game's head line says it (never "Round 0")
        said = (msg("ui.summary_setup", lang, player=where["to_play"][0]) if len(where["to_play"]) == 1
                else msg("ui.summary_setup_secret", lang))
    elif len(where["to_play"]) == 1:
        said = msg("ui.summary_round", lang, round=where["round"], player=where["to_play"][0])
    else:
        said = msg("ui.summary_secret", lang, round=where["round"])
    return " · ".join(part for part in (game, said) if part)
