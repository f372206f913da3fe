"""The game's head line: Home, the round, whose turn it is, and its controls — the computer players',
sound, language, the round summary, the rules, replay, export and the coach's hints — one line at every
width, with what does not fit behind its menu button; and the line saying the game is played in another
tab."""

from __future__ import annotations

from ...kit import Frame, attrs, button, esc
from ...kit.intents import Intent
from ...kit.memo import part
from ...messages import text as msg
from ..controller import BOT_PACE_MS, READ_ONLY_LINES, Controller
from .common import fixed, language_choice

#: the menu button's three bars, drawn (a ☰ character is missing from many fonts)
MENU_ICON = ('<svg class="icon" viewBox="0 0 18 14" width="18" height="14" aria-hidden="true" focusable="false">'
             '<rect y="0" width="18" height="2.4" rx="1" fill="currentColor"/><rect y="5.8" width="18" height="2.4" rx="1" fill="currentColor"/>'
             '<rect y="11.6" width="18" height="2.4" rx="1" fill="currentColor"/></svg>')


def status_bar(c: Controller, frame: Frame, secret: bool = False) -> str:
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
        f'{home_button(lang)}'
        f'<span class="round">{esc(round_label(view["round"], lang))}</span>'
        f'{c.ui.status(frame)}'
        f'<span class="whose" aria-live="polite">{esc(who)}</span>{memory}'
        '<span class="spacer"></span>'
        + more_menu(c, f'{bot_speed}{sound_switch(bool(c.settings.sound), lang)}'
                       f'{language_choice(lang, compact=True)}'
                       f'{summary_button(s.GAME, lang)}'
                       f'{"" if over else replay}{"" if rescue else export}',
                    first=f'{bot_buttons}{_hints_toggle(bool(c.tutor.teaching.mode), lang) if not over and not c.read_only and not secret else ""}'
                          f'{rules_button(lang)}{replay if over else ""}{export if rescue else ""}')
        + "</header>"
    )


def _not_saved_key(c: Controller) -> str:
    """The status bar's mark for a game that is not being saved: storage blocked, else full or elsewhere."""
    return "ui.in_memory_blocked" if c.keeper.storage_blocked else "ui.in_memory"


def _bot_controls(c: Controller) -> tuple[str, str]:
    """With computer players at the table: (their speed; skipping, or pausing a watch game). The head
    line keeps the buttons in sight (a person waiting for the bots wants them at hand) and may put the
    speed behind its menu button (``more_menu``)."""
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


def round_label(number: int, lang: str) -> str:
    """The round in the head line: "Round 3", or "Set-up" before the first round (never "Round 0")."""
    return msg("ui.round", lang, round=number) if number else msg("ui.setup_round", lang)


@fixed
def home_button(lang: str) -> str:
    """Home, read "Home" as ever; on a phone only its house shows (static/app.css)."""
    return (f'<button type="button" class="ghost go-home"{attrs(data_i=Intent.HOME, data_v="")}><span aria-hidden="true">⌂</span> '
            f'<span class="label">{esc(msg("ui.home", lang))}</span></button>')


def more_menu(c: Controller, items: str, first: str = "") -> str:
    """The head line's other controls, so that the head line stays one line at every width (issue 21: at
    1280 px it took two lines whenever the round's cards or the computer players' controls were shown,
    and the board shrank and grew with it). ``first`` (what a player needs at hand: the bots' Skip or
    Pause, the coach's "Show me what I can do", the rules; Replay once the game is over, Export while it
    is kept in memory only) stands in the line from 1100 px on; ``items`` (the bots' speed, sound,
    language, overview, replay, export) stand in it only on a screen wide enough for all of them
    (static/app.css), else behind one button that opens them below the line, with ``first`` too below
    1100 px. Open or closed is the controller's (``settings.menu_open``): a bot's move redraws the page
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


def read_only_line(c: Controller) -> str:
    """The open game is played in another tab: one line saying so, and Take over (not once it is over)."""
    if not c.read_only or c.state is None or c.state.is_terminal():
        return ""
    return (
        f'<div class="read-only-line" role="status"><span>{esc(msg(READ_ONLY_LINES[c.read_only], c.lang))}</span>'
        f'{button(msg("ui.take_over", c.lang), Intent.TAKE_OVER, cls="primary")}</div>'
    )


@fixed
def summary_button(game: str, lang: str) -> str:
    """The round summary (the overview of the rules help), one tap away on every screen of a game."""
    return button(msg("help.summary_short", lang), Intent.RULES_OPEN, game + ":summary", cls="ghost")


@fixed
def rules_button(lang: str) -> str:
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


@fixed
def sound_switch(on: bool, lang: str) -> str:
    """Sound on or off (pressed while on): short, quiet sounds for a move, a scoring and the end
    (static/sound.js); off until the player switches it on, kept with the other settings. A loudspeaker
    named by its words (its label and tooltip), so it takes little room in the head line."""
    return (f'<button type="button" class="ghost sound{" on" if on else ""}"'
            f'{attrs(data_i=Intent.SOUND, aria_pressed="true" if on else "false", aria_label=msg("ui.sound", lang), title=msg("ui.sound_hint", lang))}>'
            f'{SOUND_ICONS[on]}</button>')


@fixed
def _hints_toggle(on: bool, lang: str) -> str:
    """Show me what I can do: the coach's tips on or off (pressed while on)."""
    return (f'<button type="button" class="ghost hints{" on" if on else ""}"'
            f'{attrs(data_i=Intent.HINTS, aria_pressed="true" if on else "false")}>{esc(msg("ui.hints", lang))}</button>')
