"""A line chart as SVG markup, for any game's end screen (pure: numbers and words in, text out).

``line_chart`` draws one line per series over round numbers, in steps (a score holds until the
next scoring): every player's series in
their colour (the CSS class ``p-<colour>`` of ``static/app.css`` gives ``--pc``; the lines'
look is in ``static/end.css``), each line a ``<path>`` carrying ``data-series`` (the
player's seat, or a name such as ``obelisk``), optional dashed lines for something that
is not a player (the obelisk's approach). It scales with its box (``viewBox``, width
100 %), so it reads on a 390 px phone; it is an image to assistive technology
(``role="img"`` with a ``<title>`` and ``<desc>`` the caller words from its catalog), and a
legend in HTML names every line.

``stats_table`` is the statistics beside it: one column per player (in their colour), one row
per figure, scrolling sideways inside its card on a phone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .markup import esc

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 20, 26


@dataclass
class Series:
    """One line: its key (``data-series``), its legend label, its colour class, its points."""

    key: str
    label: str
    css: str  # "p-red" for a player; "obelisk" or the like for a dashed line
    points: list[tuple[int, int]] = field(default_factory=list)  # (round, value)
    dashed: bool = False


def _ticks(top: int, count: int = 5) -> list[int]:
    """Round-number ticks from 0 up to at least ``top``."""
    step = 1
    for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        step = s
        if top / s <= count:
            break
    return list(range(0, top + step, step)) if top > 0 else [0]


def _steps(points: Sequence[tuple[int, int]], px: Callable[[int], float], py: Callable[[int], float]) -> str:
    """A path that stays level until the next point, then goes straight up or down to it."""
    (x0, y0), rest = points[0], points[1:]
    return f"M{px(x0):.1f} {py(y0):.1f}" + "".join(f"H{px(x):.1f}V{py(y):.1f}" for x, y in rest)


def line_chart(chart_id: str, title: str, desc: str, series: Sequence[Series], x_label: str = "",
               y_label: str = "", steps: bool = True) -> str:
    """A ``<figure>`` with the SVG chart and its legend; ``chart_id`` keeps ids unique on a page.
    ``steps``: a value holds until the next point, then jumps (scores change at scorings, not in
    between: level to the next point, then up or down); else straight lines from point to point."""
    xs = [x for s in series for x, _ in s.points] or [0]
    ys = [y for s in series for _, y in s.points] or [0]
    x_max = max(1, max(xs))
    y_ticks = _ticks(max(1, max(ys)))
    y_min = min(0, min(ys))
    y_max = y_ticks[-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(x: int) -> float:
        return LEFT + plot_w * x / x_max

    def py(y: int) -> float:
        return TOP + plot_h * (1 - (y - y_min) / ((y_max - y_min) or 1))

    grid = []
    for t in y_ticks:
        grid.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{py(t):.1f}" y2="{py(t):.1f}"/>'
                    f'<text class="tick" x="{LEFT - 4}" y="{py(t) + 3.5:.1f}" text-anchor="end">{t}</text>')
    for t in _ticks(x_max, 8):
        if t <= x_max:
            grid.append(f'<text class="tick" x="{px(t):.1f}" y="{HEIGHT - BOTTOM + 13}" text-anchor="middle">{t}</text>')
    axes = (f'<path class="axis" d="M{LEFT} {TOP}V{HEIGHT - BOTTOM}H{WIDTH - RIGHT}" fill="none" stroke="currentColor"/>')
    labels = ""
    if x_label:
        labels += f'<text class="axis-label" x="{WIDTH - RIGHT}" y="{HEIGHT - 2}" text-anchor="end">{esc(x_label)}</text>'
    if y_label:
        labels += f'<text class="axis-label" x="{LEFT - 4}" y="{TOP - 8}">{esc(y_label)}</text>'
    lines = []
    for s in series:
        if not s.points:
            continue
        d = _steps(s.points, px, py) if steps else "M" + "L".join(f"{px(x):.1f} {py(y):.1f}" for x, y in s.points)
        dash = ' stroke-dasharray="6 4"' if s.dashed else ""
        if not s.dashed:  # a dark halo under the colour keeps white and yellow lines visible
            lines.append(f'<path class="halo" d="{d}" fill="none" stroke="#2b2118" stroke-width="4.5"/>')
        lines.append(f'<path class="series {esc(s.css)}" data-series="{esc(s.key)}" d="{d}" fill="none"'
                     f' stroke="currentColor" stroke-width="2.5"{dash}><title>{esc(s.label)}</title></path>')
        x, y = s.points[-1]
        if not s.dashed:
            lines.append(f'<circle class="dot {esc(s.css)}" cx="{px(x):.1f}" cy="{py(y):.1f}" r="3.5"/>')
    legend = "".join(
        f'<li><span class="key {esc(s.css)}{" dashed" if s.dashed else ""}" aria-hidden="true"></span>{esc(s.label)}</li>'
        for s in series
    )
    return (
        f'<figure class="chart" id="{esc(chart_id)}">'
        f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" role="img" aria-labelledby="{esc(chart_id)}-t {esc(chart_id)}-d"'
        f' preserveAspectRatio="xMidYMid meet">'
        f'<title id="{esc(chart_id)}-t">{esc(title)}</title><desc id="{esc(chart_id)}-d">{esc(desc)}</desc>'
        f'{"".join(grid)}{axes}{labels}{"".join(lines)}</svg>'
        f'<figcaption><strong>{esc(title)}</strong><ul class="chart-legend">{legend}</ul></figcaption></figure>'
    )


def stats_table(title: str, corner: str, players: Sequence[tuple[str, str]], rows: Sequence[tuple[str, Sequence[object]]],
                after: str = "") -> str:
    """The game in numbers: ``players`` as (colour, name), ``rows`` as (label, one value per player)."""
    head = "".join(f'<th scope="col" class="p-{esc(colour)}">{esc(name)}</th>' for colour, name in players)
    body = "".join(
        f'<tr><th scope="row">{esc(label)}</th>' + "".join(f"<td>{esc(v)}</td>" for v in values) + "</tr>"
        for label, values in rows
    )
    # a table wider than a phone scrolls sideways inside itself: it takes the keyboard's focus to scroll
    return (f'<div class="end-stats"><h3>{esc(title)}</h3><div class="table-scroll" tabindex="0" role="region" aria-label="{esc(title)}">'
            f'<table class="stats-table"><thead><tr><th scope="col">{esc(corner)}</th>{head}</tr></thead>'
            f'<tbody>{body}</tbody></table></div>{after}</div>')
