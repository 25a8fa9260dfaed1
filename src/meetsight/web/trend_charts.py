"""The team page's charts: one row per rep (and the team), the range's figure beside the name and
a column per week or month under it, all rows of a metric on one scale so reps compare at a
glance. As charts.py: the figures and dates are HTML text, only the columns are SVG (stretched
to the row's width, so nothing shrinks on a phone), colours are classes (the CSP allows no
style attribute), and each chart's aria-label carries every figure."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from meetsight.web.charts import avatar

Format = Callable[[float], str]


@dataclass(frozen=True, slots=True)
class TrendRow:
    label: str
    slot: int
    total: float | None
    values: Sequence[float | None]  # one per period, None where nothing was measured


def percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def decimal(value: float) -> str:
    return f"{value:.1f}"


def whole(value: float) -> str:
    return f"{value:.0f}"


def clock(seconds: float) -> str:
    whole_seconds = round(seconds)
    return f"{whole_seconds // 60}:{whole_seconds % 60:02d}"


def _columns(values: Sequence[float | None], top: float) -> str:
    rects = []
    for i, value in enumerate(values):
        if value is None:
            continue
        height = max(2.0, 100.0 * value / top)  # a measured 0 still shows as a sliver
        rects.append(
            f'<rect x="{i + 0.15:.2f}" y="{100 - height:.1f}" width="0.7" '
            f'height="{height:.1f}"></rect>'
        )
    return "".join(rects)


def trend_chart(
    title: str, rows: Sequence[TrendRow], periods: Sequence[str], fmt: Format
) -> Markup:
    """Rows of columns over `periods` (their labels); empty when nothing was measured."""
    measured = [v for row in rows for v in row.values if v is not None]
    if not rows or not measured:
        return Markup('<p class="muted">Nothing measured in this range.</p>')
    top = max(measured) or 1.0
    n = max(1, len(periods))
    parts = []
    spoken = []
    for row in rows:
        figure = fmt(row.total) if row.total is not None else "—"
        points = ", ".join(
            f"{p} {fmt(v)}" for p, v in zip(periods, row.values, strict=False) if v is not None
        )
        spoken.append(f"{row.label}: {figure} ({points or 'nothing measured'})")
        parts.append(
            f'<li class="trend-row">{avatar(row.label, row.slot)}'
            f'<span class="bar-name">{escape(row.label)}</span>'
            f'<span class="bar-figure">{escape(figure)}</span>'
            f'<svg class="trend-track s{row.slot}" viewBox="0 0 {n} 100" '
            f'preserveAspectRatio="none" aria-hidden="true">{_columns(row.values, top)}</svg>'
            "</li>"
        )
    axis = (
        f'<div class="trend-axis" aria-hidden="true"><span>{escape(periods[0])}</span>'
        f"<span>{escape(periods[-1])}</span></div>"
        if periods
        else ""
    )
    label = f"{title}: " + "; ".join(spoken)
    return Markup(
        f'<div class="trend" role="img" aria-label="{escape(label)}">'
        f'<ul class="bars">{"".join(parts)}</ul>{axis}</div>'
    )
