"""Markup of the coach in the page (issue 22), for every game: the Hint button and the hints in the
action panel, the line at the end of a game that used hints with the way into its review, and the
review screen (each seat's chance to win per round as a line chart, each person's costliest moves).

What is asked and answered is ``nile.web.coaching``'s; the words come from the shell's catalog, the
actions' words and board targets from the game's own interaction (``coaching.said``).
"""

from __future__ import annotations

from ..bots import protocol
from ..games import spec_of
from ..kit import Frame, button, esc
from ..kit.chart import Series, chart_with_table
from ..kit.intents import Intent
from ..messages import plural
from ..messages import text as msg
from .coaching import percent, said_after
from .controller import Controller


def hint_button(c: Controller) -> str:
    """Hint: at a person's turn, ask the coach (disabled while it thinks)."""
    key = c.coach.hint_key()
    if key is None or c.coach.coaching.hints_at(key):
        return ""
    return button(msg("ui.hint", c.lang), Intent.HINT, cls="hint-button", disabled=c.coach.coaching.asked == key,
                  title=msg("ui.hint_title", c.lang))


def hint_panel(c: Controller, frame: Frame) -> str:
    """The coach thinking, why it could not answer, or its three choices: "1. <action> — 62 % — <why>"."""
    key, lang = c.coach.hint_key(), c.lang
    if key is None:
        return ""
    if c.coach.coaching.asked == key:
        return f'<p class="hint-thinking">{esc(msg("ui.hint_thinking", lang))}</p>'
    choices = c.coach.coaching.hints_at(key)
    if not choices:
        return f'<p class="hint-error">{esc(c.coach.coaching.error)}</p>' if c.coach.coaching.error else ""
    items = [f'<li>{esc(line)}</li>' for line in c.coach.coaching.lines(key, frame.state, lang, c.names)]
    # (a screen reader hears them from the herald: nile/web/rooms/herald.py)
    return (f'<section class="hints-given" aria-labelledby="hints-title"><h3 id="hints-title">{esc(msg("ui.hint_heading", lang))}</h3>'
            f'<ol>{"".join(items)}</ol></section>')


def hint_focus(c: Controller, frame: Frame) -> frozenset[str]:
    """The board targets of the hints shown (the same marks as the tips of "Show me what I can do")."""
    key = c.coach.hint_key()
    if key is None:
        return frozenset()
    return frozenset(t for where in c.coach.coaching.located(key, frame.state, c.lang, c.names) for t in where.targets)


def end_lines(c: Controller) -> str:
    """Under a finished game's end screen: how many hints it was played with, and the way into its review."""
    s = c.state
    if s is None or not s.is_terminal():
        return ""
    used = c.coach.hints_used()
    line = f'<p class="hints-used">{esc(plural("ui.hints_used", used, c.lang))}</p>' if used else ""
    return f'<div class="coach-end">{line}{button(msg("ui.review", c.lang), Intent.REVIEW, cls="primary")}</div>'


def review_button(c: Controller) -> str:
    """The review, offered from a finished game's replay too."""
    s = c.state
    return button(msg("ui.review", c.lang), Intent.REVIEW) if s is not None and s.is_terminal() else ""


def _chart(c: Controller, chances: list[list[float]]) -> str:
    lang = c.lang
    series = [Series(str(p), c.names[p], f"p-{c.state_colour(p)}", [(x, percent(v)) for x, v in enumerate(row)])
              for p, row in enumerate(chances)]
    return chart_with_table("review-chart", msg("ui.review_chart_title", lang), msg("ui.review_chart_desc", lang), series,
                            msg("ui.review_x", lang), msg("ui.review_y", lang), steps=False)  # an estimate after each decision


def _moments(c: Controller, moments: list[protocol.Moment]) -> str:
    """Each reviewed person's costliest moves, in game order, said as the screen offered them."""
    s, lang, names = c.state, c.lang, c.names
    assert s is not None
    at: dict[int, tuple[int, str, str]] = {}
    wanted = sorted({int(m["index"]) for m in moments})
    position = spec_of(s.GAME).new_state(s.options, s.seed)
    for i, (player, action) in enumerate(s.history):
        if not wanted or i > wanted[-1]:
            break
        if i in wanted:
            m = next(m for m in moments if m["index"] == i)
            at[i] = (int(position.view(None)["round"]), said_after(position, m["played"], lang, names),
                     said_after(position, m["best"], lang, names))
        position.apply(action, player)
    parts = []
    for seat in c.humans():
        mine = [m for m in moments if m["seat"] == seat]
        lines = "".join(f"<li>{esc(_moment_line(m, at[m['index']], lang))}</li>" for m in mine if m["index"] in at) or f'<li>{esc(msg("ui.review_none", lang))}</li>'
        parts.append(f'<section class="review-moves"><h3><span class="swatch-dot p-{esc(c.state_colour(seat))}"></span>'
                     f'{esc(msg("ui.review_moves_of", lang, player=names[seat]))}</h3><ol>{lines}</ol></section>')
    return "".join(parts)


def _moment_line(m: protocol.Moment, at: tuple[int, str, str], lang: str) -> str:
    """A costly move as the review says it: its round (round 0 is the set-up, as the head line says it: a start-player
    bid is never "Round 0"), its number in the game, what was played and what was better, each with its chance."""
    rnd, played, best = at
    chances = {"move": m["index"] + 1, "played": played, "played_chance": percent(m["played_chance"]), "best": best,
               "best_chance": percent(m["best_chance"])}
    if rnd == 0:
        return msg("ui.review_moment_setup", lang, **chances)
    return msg("ui.review_moment", lang, round=rnd, **chances)


def render_review(c: Controller, languages: str) -> str:
    """The review screen: the coach thinking (the worker goes through the game), or the chart and the moves
    (drawn once per language: the moves' words replay the game). ``languages``: the language choice."""
    review = c.coach.coaching.review
    assert review is not None and c.state is not None
    lang = c.lang
    head = (f'<header class="status reviewing"><h2>{esc(msg("ui.review_title", lang))}</h2><span class="spacer"></span>'
            f'{languages}{button(msg("ui.review_back", lang), Intent.REVIEW_EXIT, cls="primary")}</header>')
    if review.answer is None:
        body = (f'<p class="review-error" role="alert">{esc(review.error)}</p>' if review.error else
                f'<p class="review-thinking" role="status"><span class="spinner" aria-hidden="true"></span>'
                f'{esc(msg("ui.review_thinking", lang))}</p>')
    else:
        body = review.drawn.get(lang, "")
        if not body:
            body = review.drawn[lang] = _chart(c, review.answer["chances"]) + _moments(c, list(review.answer["moments"]))
    return f'<section class="game review game-{esc(c.state.GAME)}">{head}<div class="review-body">{body}</div></section>'
