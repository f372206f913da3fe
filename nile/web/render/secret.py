"""Secret decisions (any game): a seat's sealed decision at the table drawn from its own view, with the
private input in the action panel's place, and the hand-over screen that covers the table while the
device goes round."""

from __future__ import annotations

from ...kit import Frame, Interaction, button, esc
from ...kit.intents import Intent
from ...kit.memo import part
from ...messages import text as msg
from ..controller import Controller
from .common import language_choice
from .head_line import rules_button, status_bar, summary_button
from .log import log_section
from .panels import news_line
from .table import board_frame, frame_of, one_popup, popup_layer, table_parts, view_of


def render_secret_table(c: Controller, p: int | None, above: str = "", popups: bool = False) -> str:
    """Seat ``p``'s sealed decision at the table: the board, the players and the log as they stand,
    drawn from ``p``'s own view only (every public fact, and nothing another seat decided in secret),
    with the private input where the action panel stands on a normal turn.

    ``p`` None: the same table from nobody's view (public facts only), under the hand-over screen
    (``render_hand_over``, a modal dialog: the keyboard is kept on it, ``nile.web.app``), with an empty
    panel where the private input will be; ``popups``: with the moment the table pauses on over it, for
    everyone at the table before the device goes round (``moments._before_hand_over``)."""
    s = c.state
    assert s is not None
    lang = c.lang
    # nothing on the board to choose; a tap on it says the decision is made in the panel (issue 53)
    frame = Frame(s, view_of(s, p), Interaction(answers=p is not None), {}, lang, c.names, c.layout)
    # the screen's regions, as on a normal turn (nile.web.render.game): a bid raised patches the panel alone
    header = part(".game > .status", status_bar(c, frame, secret=True))
    board, players = table_parts(c, frame, p)
    news = news_line(c, frame) if p is not None else ""
    side = part(".table > .side", (
        f'<aside class="side">{f"""<div class="explain" tabindex="0">{news}</div>""" if news else ""}'
        + part(".side > .players", f'<section class="players" aria-label="{esc(msg("ui.players", lang))}">{players}</section>')
        + part(".side > .log", log_section(c, frame.view)) + "</aside>"
    ))
    if p is None:
        shown, panel = popup_layer(c, frame) if popups else "", '<section class="actions"></section>'
    else:
        shown, panel = popup_layer(c, frame), _private_panel(c, frame, p)
    panel = part(".table > .actions", panel)  # (noted after the side: found in the screen all the same)
    return (
        f'<section class="game game-{esc(s.GAME)} deciding fit">{header}{above}'
        f'{shown}<div class="table">{board_frame(c, board)}{panel}{side}</div></section>'
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
        f'<p class="prompt" id="prompt" tabindex="-1">{esc(c.ui.secret_title(s, lang))}</p>'
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
        f'{language_choice(lang, compact=True)}{summary_button(s.GAME, lang)}{rules_button(lang)}</div>'
        f'<p class="why">{esc(why)}</p><p class="lead">{esc(lead)}</p>'
        f'<ul class="bidders">{choices}</ul>'
        + (f'<p class="done">{esc(msg("ui.bids_made", lang, players=", ".join(done)))}</p>' if done else "")
        + f'<p class="hint">{esc(msg("ui.bid_secret_hint", lang))}</p>'
        f'{button("⌂ " + msg("ui.home", lang), Intent.HOME, cls="ghost")}</section></div>'
        + render_secret_table(c, None)
    )
