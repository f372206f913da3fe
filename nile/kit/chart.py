"""A line chart as SVG markup, for any game's end screen (pure: numbers and words in, text out).

``line_chart`` draws one line per series over round numbers, in steps (a score holds until the
next scoring): every player's series in
their colour (the CSS class ``p-<colour>`` of ``static/app.css`` gives ``--pc``; the lines'
look is in ``static/end.css``), each line a ``<path>`` carrying ``data-series`` (the
player's seat, or a name such as ``obelisk``), optional dashed lines for something that
is not a player (the obelisk's approach). It scales with its box (``viewBox``, width
100 %), so it reads on a 390 px phone; it is an image to assistive technology
(``role="img"`` with a ``<title>`` and ``<desc>`` the caller words from its catalog), and a
legend in HTML names every line. Colour is never the only key (issue 53): each player's line has
its own dash pattern and its own marker shape (``STYLES``, by the series' place among the players),
drawn on the line and in the legend's key; and a table beside the chart gives the same numbers, for a
screen reader and for reading them exactly.

``stats_table`` is the statistics beside it: one column per player (in their colour), one row
per figure, scrolling sideways inside its card on a phone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .markup import esc

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 20, 26

#: each player's second cue, by their place among the chart's players: a dash pattern and a marker shape
#: (the first solid with circles; every pattern apart from the obelisk's even "6 4" dashes)
STYLES = (("", "circle"), ("10 3", "square"), ("2 3", "triangle"), ("10 3 2 3", "diamond"), ("5 2 1 2", "cross"))
#: at most this many markers on a line (a review has a point per round; the markers are a cue, not the data)
MARKS = 9


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


def marker(shape: str, x: float, y: float, r: float = 3.6) -> str:
    """A marker of ``shape`` centred on (x, y), filled in the line's colour with a dark edge."""
    if shape == "square":
        return f'<rect x="{x - r * .85:.1f}" y="{y - r * .85:.1f}" width="{r * 1.7:.1f}" height="{r * 1.7:.1f}"/>'
    if shape == "triangle":
        return f'<path d="M{x:.1f} {y - r * 1.15:.1f}L{x + r * 1.05:.1f} {y + r * .75:.1f}H{x - r * 1.05:.1f}Z"/>'
    if shape == "diamond":
        return f'<path d="M{x:.1f} {y - r * 1.2:.1f}L{x + r:.1f} {y:.1f}L{x:.1f} {y + r * 1.2:.1f}L{x - r:.1f} {y:.1f}Z"/>'
    if shape == "cross":
        a, b = r * 1.1, r * .4
        return (f'<path d="M{x - a:.1f} {y - b:.1f}H{x - b:.1f}V{y - a:.1f}H{x + b:.1f}V{y - b:.1f}H{x + a:.1f}V{y + b:.1f}'
                f'H{x + b:.1f}V{y + a:.1f}H{x - b:.1f}V{y + b:.1f}H{x - a:.1f}Z"/>')
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}"/>'


def _marked(points: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The points that carry a marker: all of a short line, else evenly spread ones and always the last."""
    if len(points) <= MARKS:
        return list(points)
    step = (len(points) - 1) / (MARKS - 1)
    return [points[round(i * step)] for i in range(MARKS)]


def styles(series: Sequence[Series]) -> list[tuple[str, str]]:
    """Each series' (dash pattern, marker shape): the players' in turn, a dashed line (the obelisk) none."""
    out, n = [], 0
    for s in series:
        if s.dashed:
            out.append(("6 4", ""))
        else:
            out.append(STYLES[n % len(STYLES)])
            n += 1
    return out


def legend_key(css: str, dash: str, shape: str) -> str:
    """The legend's key of a line: a short piece of it in its colour and pattern, with its marker."""
    halo = '' if not shape else '<path class="halo" d="M2 7H34" stroke-width="4.5"/>'
    mark = f'<g class="dot">{marker(shape, 18, 7)}</g>' if shape else ""
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<svg class="key {esc(css)}" viewBox="0 0 36 14" width="36" height="14" aria-hidden="true" focusable="false">'
            f'{halo}<path class="line" d="M2 7H34" stroke-width="2.5"{dashes}/>{mark}</svg>')


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
    lines, marks = [], []
    looks = styles(series)
    for s, (dash, shape) in zip(series, looks, strict=True):
        if not s.points:
            continue
        d = _steps(s.points, px, py) if steps else "M" + "L".join(f"{px(x):.1f} {py(y):.1f}" for x, y in s.points)
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        if not s.dashed:  # a dark halo under the colour keeps white and yellow lines visible
            lines.append(f'<path class="halo" d="{d}" fill="none" stroke="#2b2118" stroke-width="4.5"/>')
        lines.append(f'<path class="series {esc(s.css)}" data-series="{esc(s.key)}" d="{d}" fill="none"'
                     f' stroke="currentColor" stroke-width="2.5"{dashes}><title>{esc(s.label)}</title></path>')
        if shape:  # the markers over every line, so no line hides another's
            marks.append(f'<g class="dot {esc(s.css)}">' + "".join(marker(shape, px(x), py(y)) for x, y in _marked(s.points))
                         + "</g>")
    legend = "".join(
        f'<li>{legend_key(s.css, dash, shape)}{esc(s.label)}</li>' for s, (dash, shape) in zip(series, looks, strict=True)
    )
    return (
        f'<figure class="chart" id="{esc(chart_id)}">'
        f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" role="img" aria-labelledby="{esc(chart_id)}-t {esc(chart_id)}-d"'
        f' preserveAspectRatio="xMidYMid meet">'
        f'<title id="{esc(chart_id)}-t">{esc(title)}</title><desc id="{esc(chart_id)}-d">{esc(desc)}</desc>'
        f'{"".join(grid)}{axes}{labels}{"".join(lines)}{"".join(marks)}</svg>'
        f'<figcaption><strong>{esc(title)}</strong><ul class="chart-legend">{legend}</ul></figcaption></figure>'
    )


def chart_with_table(chart_id: str, title: str, desc: str, series: Sequence[Series], x_label: str = "",
                     y_label: str = "", steps: bool = True) -> str:
    """The chart and, beside it (under it on a phone), a table of the same numbers: one row per round (``x``),
    one column per line, in the lines' colours and with their keys; a value a line has no point for is the
    one it holds there (a score holds until the next scoring), or empty before its first point."""
    chart = line_chart(chart_id, title, desc, series, x_label, y_label, steps)
    return f'<div class="chart-pair">{chart}{data_table(chart_id, title, series, x_label, steps)}</div>'


def data_table(chart_id: str, title: str, series: Sequence[Series], x_label: str = "", steps: bool = True) -> str:
    """The chart's numbers as a table (see ``chart_with_table``); it scrolls inside itself when long."""
    xs = sorted({x for s in series for x, _ in s.points})
    looks = styles(series)
    head = "".join(f'<th scope="col" class="{esc(s.css)}">{legend_key(s.css, dash, shape)}{esc(s.label)}</th>'
                   for s, (dash, shape) in zip(series, looks, strict=True))
    columns = []
    for s in series:
        at = dict(s.points)
        held: list[str] = []
        last = ""
        for x in xs:
            if x in at:
                last = str(at[x])
                held.append(last)
            else:
                held.append(last if steps else "")
        columns.append(held)
    body = "".join(f'<tr><th scope="row">{x}</th>' + "".join(f"<td>{esc(col[i])}</td>" for col in columns) + "</tr>"
                   for i, x in enumerate(xs))
    return (f'<div class="chart-data table-scroll" tabindex="0" role="region" aria-labelledby="{esc(chart_id)}-c">'
            f'<table class="chart-table"><caption id="{esc(chart_id)}-c">{esc(title)}</caption>'
            f'<thead><tr><th scope="col">{esc(x_label)}</th>{head}</tr></thead><tbody>{body}</tbody></table></div>')


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
