"""The panels the person acts and reads in: the action panel (who acts, the prompt, the game's part, the
buttons), the coach's list of what can be done now, the news line of routine events, and the dialogs
over the table — the moment the board pauses on and a guided game's lesson (with what to do next after
the last one)."""

from __future__ import annotations

from ...games import spec_of
from ...kit import Frame, Interaction, Tip, attrs, button, esc
from ...kit.intents import Intent
from ...messages import describe
from ...messages import text as msg
from ..coach_view import hint_button, hint_panel
from ..controller import Controller
from ..since import since_line
from .common import fixed


def coach_tips(c: Controller, frame: Frame) -> list[Tip]:
    """The coach's tips for the person to act, when hints are on (none for a bot, a replay, the end)."""
    s = frame.state
    if not c.tutor.teaching.mode or s.is_terminal() or c.replayer.replay is not None or c.table.actor() is None:
        return []
    return c.ui.coach(frame)


def action_panel(c: Controller, frame: Frame) -> tuple[str, str]:
    """(the action panel, the explanations). The panel holds what the step needs, and only that: who acts
    (several people at the table), the prompt, the game's part (what is chosen, the crops or piles to choose
    from), the buttons, and the coach's answer to the Hint asked for there. On a phone it stays docked at the
    bottom, as small as its controls; where the table fits the window it has a fixed share of it and scrolls
    inside itself when its controls need more, so the board beside it never shrinks or moves between the two
    taps of an action (static/app.css; issue 53). The explanations (the coach's "What you can do now", folded
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
            f'<section class="actions confirm" role="alertdialog" aria-modal="true" aria-labelledby="confirm-q" aria-label="{esc(msg("ui.your_move", lang))}">'
            f'<p class="prompt" id="confirm-q">{esc(question)}</p><div class="buttons">'
            f'{button(label, Intent.CONFIRM, text, cls="primary")}{button(msg("ui.keep_playing", lang), Intent.CONFIRM_CANCEL)}</div></section>'
        ), ""
    actor = frame.state.current_player()
    who = (f'<p class="who"><span class="swatch-dot p-{esc(c.state_colour(actor))}"></span>{esc(msg("ui.turn_of", lang, player=c.names[actor]))}</p>'
           if actor is not None and len(c.humans()) != 1 else "")  # alone with bots, it is always "you"
    # (a seat played from afar waits on its own device: "since your turn" is said there)
    kinds = [k or ("far" if p in c.hold else "") for p, k in enumerate(c.kinds)] if c.hold else c.kinds
    since = since_line(frame.state, frame.view, kinds, c.table.since_log, c.table.news_from, (c.ui.since_keys, c.ui.news_keys),
                       c.names, lang)
    # the prompt takes the keyboard after the person's move (nile/web/app/focus.py): it says what to do now
    # the game's part (the crops to choose, the piles) one stop of the Tab key, the arrow keys inside (static/roving.js)
    part = c.ui.panel(frame)
    choices = f'<div class="choices" role="group" aria-labelledby="prompt" data-roving="places">{part}</div>' if part else ""
    bits = [who, f'<p class="prompt" id="prompt" tabindex="-1">{esc(inter.prompt)}</p>', choices]
    buttons = []
    for b in inter.buttons:
        label = b.label + (f" · {msg(spec_of(frame.state.GAME).cost, lang, cost=b.cost)}" if b.cost else "")
        buttons.append(button(label, b.intent, b.value, cls="primary" if b.primary else "", key=b.key.upper() or None,
                              unavailable=not b.available, pressed=b.pressed))
    if c.table.selection:
        buttons.append(_cancel_button(lang))
    buttons.append(_undo_button(lang, not c.table.undo_possible()))
    buttons.append(hint_button(c))
    bits.append(f'<div class="buttons">{"".join(buttons)}</div>')
    bits.append(hint_panel(c, frame))
    coach = _coach_panel(c, frame)
    explained = f"{coach}{news_line(c, frame)}{since}"
    # it may scroll inside itself (a table that fits the window): then it takes the keyboard's focus too
    explain = f'<div class="explain" tabindex="0">{explained}</div>' if explained else ""
    return f'<section class="actions" aria-label="{esc(msg("ui.your_move", lang))}">{"".join(bits)}</section>', explain


@fixed
def _cancel_button(lang: str) -> str:
    return button(msg("ui.cancel", lang), Intent.CANCEL)


@fixed
def _undo_button(lang: str, disabled: bool) -> str:
    return button(msg("ui.undo", lang), Intent.UNDO, disabled=disabled, title=msg("ui.undo_hint", lang), key="U Control+Z")


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
        show = (button(msg("ui.coach_show", c.lang), Intent.COACH_TIP, str(i), cls="chip" + (" on" if i == chosen else ""),
                       pressed=i == chosen)
                if tip.targets else "")
        # named "Rule N6" for a screen reader, not the bare "N6" (issue 43); a tip's rule stays a Tab stop: the
        # list is short, and this link is the way to the rule from the keyboard
        name = msg("help.rule_link", c.lang, rule=tip.rule) if tip.rule else ""
        rule = (f' <button type="button" class="rule-link inline"'
                f'{attrs(data_i=Intent.RULES_OPEN, data_v=f"{game}:{tip.rule}", title=name, aria_label=name)}>'
                f'<span>{esc(tip.rule)}</span></button>') if tip.rule else ""
        on = ' class="on"' if i == chosen else ""
        items.append(f"<li{on}>{esc(tip.text)}{rule}{show}</li>")
    # folded until the person opens it (the controller remembers: a new turn's list opens as the last was
    # left); the summary is a control the app answers itself (nile/web/app/events.py), not the browser
    return (f'<details class="coach"{" open" if c.tutor.coach_open else ""}><summary{attrs(data_i=Intent.COACH_LIST)}>'
            f'{esc(msg("ui.coach_title", c.lang))}</summary><ul>{"".join(items)}</ul></details>')


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
        f'<section class="moment" role="dialog" aria-modal="true" aria-labelledby="moment-title"><h2 id="moment-title">{esc(title)}</h2>'
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
    # (not a live region: a screen reader has heard each of them as it came, from the herald: nile/web/rooms/herald.py)
    return f'<section class="news" aria-label="{esc(msg("ui.news", c.lang))}"><ul>{items}</ul></section>'


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
        f'<section class="lesson" role="dialog" aria-modal="true" aria-labelledby="lesson-title" aria-describedby="lesson-text"><h2 id="lesson-title">'
        f'<span class="badge">{esc(msg("ui.lesson", c.lang))}</span> {esc(lesson.title)}</h2>'
        f'<p id="lesson-text">{esc(lesson.text)}</p>{figure}{_next_steps(c)}<div class="buttons">{button(msg("ui.got_it", c.lang), Intent.LESSON_CLOSE, cls="primary")}'
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
