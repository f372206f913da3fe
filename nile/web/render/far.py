"""A game played from afar (issue 44), as the page shows it: the line on the game screen that says whom the game
waits for, the cover that gives the link to send (the system's share sheet, copy, a QR code to scan), the page
of a game still waiting for its players or of an invitation just opened, and the home screen's part (the games
waiting for their players, a field to open a link received).

What is known and whom to send to is the far room's (``nile.web.rooms.far``); everything here only draws it."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.correspondence import Far
from ...games import GAMES
from ...kit import attrs, button, esc
from ...kit.intents import Intent
from ...kit.memo import memo
from ...kit.qr import TooLong, qr_svg
from ...messages import describe
from ...messages import text as msg
from ..controller import Controller
from .common import language_choice


def _names(c: Controller, key: str, seats: Sequence[int], names: list[str] | None = None) -> str:
    """A sentence naming players (``players``: their names in a list, as the log names them; ``names``: the
    players' names, by default the open record's)."""
    return describe({"key": key, "params": {"players": list(seats)}}, c.far.players() if names is None else names, c.lang)


def far_line(c: Controller) -> str:
    """On the game screen: the game waits for players far away (or is over): say so, and offer the link."""
    if c.far.record is None or c.state is None or c.far.sending or c.read_only:
        return ""  # (a tab that only shows the game sends nothing: the tab that plays it does)
    to = c.far.send_to()
    if not to:
        return ""
    if not c.state.is_terminal() and c.far.was_shown():  # sent (most likely): say who plays now, offer it again
        return (f'<div class="far-line" role="status"><span>{esc(c.far.plays_next())}</span>'
                f'{button(msg("far.send_again", c.lang), Intent.FAR_SEND)}</div>')
    key = "far.line_over" if c.state.is_terminal() else "far.line_waiting"
    return (
        f'<div class="far-line" role="status"><span>{esc(_names(c, key, to))}</span>'
        f'{button(msg("far.send_button", c.lang), Intent.FAR_SEND, cls="primary")}</div>'
    )


def send_cover(c: Controller, above: str = "") -> str:
    """The link to send, over the whole screen: whom to, the link itself (to select), Share (the system's share
    sheet where the browser has one, else copy), Copy, and the link as a QR code to scan from this screen."""
    lang, far = c.lang, c.far
    if far.record is None or not far.sending:
        return ""
    url = far.link_url()
    to = far.send_to()
    title = _names(c, "far.send_title", to) if to else msg("far.send_title_all", lang)
    qr_label = msg("far.qr_label", lang)
    # level L: a code on a lit screen is not soiled or torn as a printed one may be; the fewest modules, so each is
    # as large as the window allows (a late Nile link, some 1,800 characters: version 31, not 35 at M), and links up to 2,953 bytes fit
    try:
        code = memo("far-qr").get((url, qr_label), qr_svg, url, qr_label, "L")
    except TooLong:  # (longer than any code holds: the link alone, to send)
        code = ""
    close = (button(msg("far.back_to_game", lang), Intent.FAR_CLOSE, cls="big") if c.state is not None
             else button("⌂ " + msg("ui.home", lang), Intent.HOME, cls="big"))
    lead = ("far.send_lead_start" if c.state is None else "far.send_lead_over" if c.state.is_terminal() else "far.send_lead")
    mine = [s for s in far.record.seats if not far.is_bot(far.record, s)]  # (the persons here, not the computer players)
    you = (f'<p class="far-you">{esc(_names(c, "far.you_play", mine))}</p>' if c.state is None and mine else "")
    return (
        f'<div class="handover-cover far-cover" role="dialog" aria-modal="true" aria-labelledby="far-title">{above}'
        f'<section class="far-send"><div class="screen-head"><h1 id="far-title">{esc(title)}</h1>'
        f'{language_choice(lang, compact=True)}</div>{you}'
        # the code right after the title, as large as the window allows (static/app.css .far-qr), and Share and Copy
        # under it: in view when the cover opens, even on a phone; what the link does and the link itself follow
        # (beside the code on a wide screen)
        + (f'<figure class="far-qr">{code}<figcaption>{esc(msg("far.qr_caption", lang))}</figcaption></figure>' if code else '')
        + f'<div class="buttons">{button(msg("far.share", lang), Intent.FAR_SHARE, cls="primary big")}'
        f'{button(msg("far.copy", lang), Intent.FAR_COPY, cls="big")}</div>'
        f'<p class="lead">{esc(msg(lead, lang))}</p>'
        f'<p class="far-link"><label for="far-url">{esc(msg("far.link_label", lang))}</label>'
        f'<input id="far-url" class="far-url" type="text" readonly{attrs(value=url, spellcheck="false")}></p>'
        f'<p class="hint">{esc(msg("far.secret_note", lang))}</p>'
        f'<div class="buttons">{close}</div></section></div>'
    )


def _invitation_facts(c: Controller, record: Far) -> str:
    """Who invites, which players are computer players (and on whose device), and the variants in play: what a
    person asked to join needs to know before choosing."""
    lang, far = c.lang, c.far
    names = far.players(record)
    maker = far.person_of(record.hands[0][0], record)
    lines = [describe({"key": "far.invite_from", "params": {"owner": maker}}, names, lang)]
    bots = [s for s in record.hands[0] if far.is_bot(record, s)]
    if bots:
        lines.append(describe({"key": "far.invite_bots", "params": {"owner": maker, "players": bots, "count": len(bots)}},
                              names, lang))
    entry = GAMES[record.game]
    if entry.variants:
        chosen = [v for v in entry.variants if v in record.options.get("variants", [])]
        lines.append(msg("far.invite_variants", lang, variants=", ".join(msg(f"variant_name.{v}", lang) for v in chosen))
                     if chosen else msg("far.invite_no_variants", lang))
    return "".join(f"<p>{esc(line)}</p>" for line in lines)


def render_far(c: Controller, above: str = "") -> str:
    """A game played from afar before it has begun: an invitation opened here (which player is this person?),
    or the game's players and who has joined, while the devices trade their secrets."""
    lang, far = c.lang, c.far
    invitation = far.invitation_record()
    if invitation is not None:
        names = far.players(invitation)
        entry = GAMES[invitation.game]
        game = msg(entry.title, lang)
        lo, hi = entry.minutes
        # a newcomer is asked to play a game they may never have seen: what it is, and its rules one tap away
        about = (f'<div class="game-card game-{esc(invitation.game)}">{entry.picture()}<div><p>{esc(msg(entry.about, lang))}</p>'
                 f'<p class="facts">{esc(msg("ui.game_facts", lang, min=entry.min_players, max=entry.max_players, lo=lo, hi=hi))}</p>'
                 f'</div></div>')
        choices = "".join(
            f'<li>{button(_names(c, "far.i_am", hand, names), Intent.FAR_JOIN, str(i), cls="primary big")}</li>'
            for i, hand in far.joinable()
        )
        return (
            f'{above}<section class="far-page"><div class="screen-head"><h1>{esc(msg("far.invite_title", lang, game=game))}</h1>'
            f'{language_choice(lang, compact=True)}</div>{about}'
            f'<p>{esc(_names(c, "far.invite_players", range(len(names)), names))}</p>{_invitation_facts(c, invitation)}'
            f'<p class="lead">{esc(msg("far.which" if choices else "far.all_taken", lang))}</p>'
            f'<ul class="bidders">{choices}<li>{button(msg("far.watch", lang), Intent.FAR_JOIN, "watch", cls="big")}</li></ul>'
            f'<p class="hint">{esc(msg("far.join_hint", lang))}</p>'
            f'<div class="buttons">{button(msg("rules.title", lang), Intent.RULES, cls="big")}'
            f'{button("⌂ " + msg("ui.home", lang), Intent.HOME, cls="ghost")}</div></section>'
        )
    record = far.record
    if record is None:
        return above
    if far.sending:
        return send_cover(c, above)
    game = msg(GAMES[record.game].title, lang)
    names = far.players()
    rows = []
    for hand in record.hands:
        first = hand[0]
        status = ("far.plays_here" if first in record.seats else "far.joined" if first in record.promised else "far.invited")
        rows.append(f'<li><strong>{esc(", ".join(names[s] for s in hand))}</strong> · {esc(msg(status, lang))}</li>')
    to = far.send_to()
    lead = _names(c, "far.line_waiting", to) if to else msg("far.wait_for_link", lang)
    return (
        f'{above}<section class="far-page"><div class="screen-head"><h1>{esc(msg("far.pending_title", lang, game=game))}</h1>'
        f'{language_choice(lang, compact=True)}</div>'
        f'<ul class="far-players">{"".join(rows)}</ul>'
        f'<p class="lead">{esc(lead)}</p><p class="hint">{esc(msg("far.pending_hint", lang))}</p>'
        f'<div class="buttons">{button(msg("far.send_button", lang), Intent.FAR_SEND, cls="primary big") if to else ""}'
        f'{button("⌂ " + msg("ui.home", lang), Intent.HOME, cls="ghost")}</div></section>'
    )


def far_home(c: Controller) -> str:
    """On the home screen: the games waiting for their players, and a field to open a link received (a link
    opened from a message comes by the page's address; this is for one copied by hand)."""
    lang = c.lang
    rows = []
    for record in c.far.pending():
        names = c.far.players(record)
        game = msg(GAMES[record.game].title, lang) if record.game in GAMES else record.game
        rows.append(
            f'<li class="saved"><div><strong>{esc(", ".join(names))}</strong><p>{esc(game)} · {esc(msg("far.not_begun", lang))}</p></div>'
            f'<div class="row-buttons">{button(msg("far.send_button", lang), Intent.FAR_SEND, record.id, cls="primary")}'
            f'{button(msg("ui.delete", lang), Intent.FAR_REMOVE, record.id, cls="danger")}</div></li>'
        )
    waiting = (f'<h2>{esc(msg("far.home_title", lang))}</h2><ul class="saved-list">{"".join(rows)}</ul>' if rows else "")
    label = msg("far.open_label", lang)
    return (
        f'{waiting}<p class="far-open"><label>{esc(label)} <input type="url" autocomplete="off"'
        f'{attrs(data_i=Intent.FAR_OPEN, spellcheck="false", placeholder="https://…#far=…")}></label>'
        f'<span class="hint">{esc(msg("far.open_hint", lang))}</span></p>'
    )
