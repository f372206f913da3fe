"""The game's log beside the table: its last lines, newest first, each numbered by its place in the whole
log with its rule one tap away, drawn in blocks the page keeps as they are (issue 21)."""

from __future__ import annotations

from typing import Any

from ...kit import attrs, esc
from ...kit.intents import Intent
from ...kit.memo import memo, part, places
from ...messages import describe
from ...messages import text as msg
from ..controller import Controller

LOG_LINES = 80  # the log shows at least its last 80 lines...
LOG_BLOCK = 20  # ...from the start of a block of 20 (_draw_log)


def log_section(c: Controller, view: dict[str, Any]) -> str:
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
    context = (game, c.lang, tuple(c.names))
    blocks = []
    newest = (len(log) - 1) // LOG_BLOCK
    for first in reversed(range(start, len(log), LOG_BLOCK)):
        end = min(first + LOG_BLOCK, len(log))
        block = first // LOG_BLOCK
        at = f'.side > .log > ol[data-b="{block}"]'
        if block >= newest - 1:  # the block a move adds lines to (at its top): each line a part, found by its place
            # from the block's end, where it stays (issue 51: a move sends its new lines, not the block's twenty); and
            # the block before it, which a move that fills the newest one and starts the next one adds lines to too
            # (drawn without its lines as parts, all its twenty lines were sent again: 82 elements, the most of a click)
            items = _lines(c, game, log, first, end, context)
            items = [part(f"{at} > li:nth-last-child({i - first + 1})", item) for i, item in zip(range(end - 1, first - 1, -1), items, strict=True)]
            lines = "".join(items)
        else:  # a full block the moves no longer change, kept whole by the log up to its end (its lines' rules may
            # depend on any line before them): a move does not rule its twenty lines again (issue 51)
            lines = places("log-blocks").get(context, block, tuple(log[:end]), _joined_lines, c, game, log, first, end, context)
        # its id pairs it with the same block on the page (static/morph.js): a move that starts a block puts it above
        # the others, and paired by place each block was patched into the one above it (its kept lines then had no
        # place to go, and the whole screen was redrawn)
        blocks.append(part(at, f'<ol id="log-b{block}" data-b="{block}">{lines}</ol>'))
    # it scrolls, so it takes the keyboard's focus too (to scroll it without a mouse); the arrow keys go through
    # its lines (static/roving.js)
    return (f'<section class="log" tabindex="0" data-roving="lines" aria-labelledby="log-title"><h2 id="log-title">{esc(msg("ui.log", c.lang))}</h2>'
            f'{"".join(blocks) or "<ol></ol>"}</section>')


def _lines(c: Controller, game: str, log: list[dict[str, Any]], first: int, end: int, context: tuple[Any, ...]) -> list[str]:
    """The log's lines ``first`` to ``end`` (not included), newest first, each drawn once by its place in the log (a move
    adds a line, the others are kept) and kept by its entry and its rule (which may depend on the lines before it:
    GameUI.log_rule)."""
    kept = places("log-lines")
    out = []
    for i in range(end - 1, first - 1, -1):
        ruled = (log[i], c.ui.log_rule(log, i))
        out.append(kept.get(context, i, ruled, _log_line, c, *ruled, game, i))
    return out


def _joined_lines(c: Controller, game: str, log: list[dict[str, Any]], first: int, end: int, context: tuple[Any, ...]) -> str:
    return "".join(_lines(c, game, log, first, end, context))


def _log_line(c: Controller, entry: dict[str, Any], rule: str | None, game: str, index: int) -> str:
    """A log line, numbered by its place in the whole log (the list shows only the last lines), with its rule
    one tap away (the rule id the game gives it). The number is in the markup, not the list's own:
    the stylesheet lets the browser skip the lines scrolled out of the log's view (issue 21, every tap
    answers within a frame), and a skipped list item would hide a number drawn by the list."""
    # a tap target as large as any (44 px) in a line of small text: the chip is drawn small inside it (static/app.css).
    # Named "Rule N2", not the bare "N2", and out of the Tab order (issue 43): one stop per line was 89 stops by a
    # game's end between the person and the board; the log is one stop, its lines under the arrow keys
    name = msg("help.rule_link", c.lang, rule=rule) if rule else ""
    link = (f' <button type="button" class="rule-link inline" tabindex="-1"'
            f'{attrs(data_i=Intent.RULES_OPEN, data_v=f"{game}:{rule}", title=name, aria_label=name)}>'
            f'<span>{esc(rule)}</span></button>') if rule else ""
    return f'<li><span class="n">{index + 1}.</span> {esc(describe(entry, c.names, c.lang))}{link}</li>'
