"""Small line charts drawn as SVG in Python, each with a title and its figures as a table.

A chart is a ``<figure>``: the SVG (``role="img"``, named by its ``<title>`` and described by
its ``<desc>``), a legend, and the same figures in a ``<table>`` inside ``<details>`` -- the
text alternative a screen reader or a curious player opens.  Every text given (titles, series
names such as players' names) is escaped: a name is text, never markup.  No inline styles (the
page's content security policy forbids them): series take the classes ``s0``..``s3`` and the
stylesheet colours them::

    >>> svg = line_chart("Points after each hand", [("Ana", [10, 35]), ("<b>Ben</b>", [20, 15])],
    ...                  chart_id="demo", x_label="Hand", y_label="Points")
    >>> svg.count("<polyline"), "&lt;b&gt;Ben&lt;/b&gt;" in svg, "<b>" in svg
    (2, True, False)
"""

from __future__ import annotations

import math
from typing import Callable, Optional, Sequence

from ..text.i18n import _
from ..text.markup import esc

WIDTH, HEIGHT = 320, 180
"""The SVG's own coordinates; it scales to the width of its box."""
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 40, 10, 10, 26
MAX_SERIES = 4
"""Series drawn (and coloured ``s0``..``s3``); a caller passes at most this many."""
SHOWN = 200
"""Points drawn and rows of the table at most: a longer series is shown every so many points
(its last always; 10,000 games drew 1 MB of chart)."""
MAX_MARKERS = 30
"""Points are marked with a dot while a series has at most this many."""


def nice_ticks(lo: float, hi: float, count: int = 4) -> list[float]:
    """Round tick values covering ``lo``..``hi`` (about ``count`` steps of 1, 2 or 5 x 10^k).

    >>> nice_ticks(0, 100)
    [0, 25, 50, 75, 100]
    >>> nice_ticks(-130, 420)
    [-200, 0, 200, 400, 600]
    >>> nice_ticks(5, 5)
    [4, 5, 6]
    """
    if hi <= lo:
        return [lo - 1, lo, lo + 1]
    raw = (hi - lo) / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    if step == int(step):
        step = int(step)
    first = math.floor(lo / step) * step
    ticks = []
    v = first
    while v < hi + step:
        ticks.append(v)
        if v >= hi:
            break
        v += step
    return ticks


def line_chart(title: str, series: Sequence[tuple[str, Sequence[float]]], chart_id: str,
               x_label: str, y_label: str, y_range: Optional[tuple[float, float]] = None,
               value_text: Callable[[float], str] = lambda v: f"{v:g}",
               desc: str = "") -> str:
    """A line chart of ``series`` (``[(name, [y1, y2, ...]), ...]``, x = 1, 2, ... for each).

    ``chart_id`` makes the element ids unique in the page; ``y_range`` fixes the axis (e.g.
    ``(0, 100)`` for a percentage), else it fits the data and 0; ``value_text`` words a value
    for the axis and the table ("50%").  Returns trusted markup (everything given is escaped).
    """
    series = [(name, list(vals)) for name, vals in series[:MAX_SERIES] if vals]
    n = max((len(v) for _n, v in series), default=0)
    cid = esc(chart_id)
    if not series:
        return (f'<figure class="chart chart-empty" id="{cid}"><figcaption>{esc(title)}</figcaption>'
                f'<p class="muted">{esc(_("Nothing to draw yet."))}</p></figure>')
    values = [v for _n, vals in series for v in vals]
    lo, hi = y_range if y_range else (min(0, min(values)), max(0, max(values)))
    ticks = nice_ticks(lo, hi)
    lo, hi = min(ticks[0], lo), max(ticks[-1], hi)
    plot_w = WIDTH - PAD_LEFT - PAD_RIGHT
    plot_h = HEIGHT - PAD_TOP - PAD_BOTTOM

    def x_at(i: int) -> float:  # i counts from 0
        return PAD_LEFT + (plot_w / 2 if n == 1 else plot_w * i / (n - 1))

    def y_at(v: float) -> float:
        return PAD_TOP + plot_h * (hi - v) / (hi - lo)

    parts = [f'<svg class="chart-svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
             f'aria-labelledby="{cid}-title {cid}-desc" focusable="false">'
             f'<title id="{cid}-title">{esc(title)}</title>'
             f'<desc id="{cid}-desc">{esc(desc or _summary_text(series, x_label, value_text))}</desc>']
    for t in ticks:
        y = y_at(t)
        parts.append(f'<line class="grid{" zero" if t == 0 else ""}" x1="{PAD_LEFT}" x2="{WIDTH - PAD_RIGHT}" '
                     f'y1="{y:.1f}" y2="{y:.1f}"/>'
                     f'<text class="tick" x="{PAD_LEFT - 4}" y="{y + 3:.1f}" text-anchor="end">'
                     f'{esc(value_text(t))}</text>')
    for i in _x_ticks(n):
        parts.append(f'<text class="tick" x="{x_at(i):.1f}" y="{HEIGHT - PAD_BOTTOM + 12}" '
                     f'text-anchor="middle">{i + 1}</text>')
    parts.append(f'<text class="axis-label" x="{PAD_LEFT + plot_w / 2:.1f}" y="{HEIGHT - 2}" '
                 f'text-anchor="middle">{esc(x_label)}</text>')
    for k, (name, vals) in enumerate(series):
        pts = " ".join(f"{x_at(i):.1f},{y_at(vals[i]):.1f}" for i in shown(len(vals)))
        parts.append(f'<g class="series s{k}"><polyline points="{pts}"/>')
        if len(vals) <= MAX_MARKERS:
            parts.extend(f'<circle cx="{x_at(i):.1f}" cy="{y_at(v):.1f}" r="2.5"/>' for i, v in enumerate(vals))
        parts.append("</g>")
    parts.append("</svg>")
    legend = "".join(f'<li><span class="swatch s{k}" aria-hidden="true"></span>{esc(name)}</li>'
                     for k, (name, _v) in enumerate(series))
    return (f'<figure class="chart" id="{cid}"><figcaption>{esc(title)}</figcaption>'
            + "".join(parts)
            + f'<ul class="chart-legend">{legend}</ul>'
            + data_table(series, x_label, y_label, value_text)
            + "</figure>")


def shown(n: int) -> list[int]:
    """The points of ``n`` that are drawn: all, or every so many and the last (``SHOWN``)."""
    return sorted({*range(0, n, math.ceil(n / SHOWN)), n - 1}) if n > SHOWN else list(range(n))


def _x_ticks(n: int) -> list[int]:
    """The x positions labelled: all of them when few, else about six."""
    if n <= 8:
        return list(range(n))
    step = math.ceil(n / 6)
    return sorted(set(list(range(0, n, step)) + [n - 1]))


def _summary_text(series, x_label: str, value_text) -> str:
    """One sentence per series for the chart's description: where it ends."""
    return " ".join(_("{name}: {value} at the end ({n} points on the chart).").format(
        name=name, value=value_text(vals[-1]), n=len(vals)) for name, vals in series)


def data_table(series, x_label: str, y_label: str, value_text) -> str:
    """The chart's figures as a table (rows: x; columns: series), folded in ``<details>``."""
    n = max(len(v) for _n, v in series)
    head = f'<th scope="col">{esc(x_label)}</th>' + "".join(f'<th scope="col">{esc(name)}</th>' for name, _v in series)
    rows = []
    for i in shown(n):
        cells = "".join(f"<td>{esc(value_text(vals[i])) if i < len(vals) else ''}</td>" for _n, vals in series)
        rows.append(f'<tr><th scope="row">{i + 1}</th>{cells}</tr>')
    return (f'<details class="chart-figures"><summary>{esc(_("The figures"))}</summary>'
            f'<table><caption>{esc(y_label)}</caption><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></details>')
