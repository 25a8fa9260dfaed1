"""Mentions per week as a column chart drawn on the server: the columns are SVG stretched to the
width they are given, every label is HTML text at the page's type scale (web/charts.py says why),
and the figures are in the aria-label and in a table under the chart."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from markupsafe import Markup, escape


def _short(day: str) -> str:
    d = date.fromisoformat(day)
    return f"{d.strftime('%b')} {d.day}"


def week_chart(weeks: Sequence[dict[str, Any]], *, title: str) -> Markup:
    if not weeks:
        return Markup('<p class="hint">No mentions yet.</p>')
    top = max(w["count"] for w in weeks) or 1
    n = len(weeks)
    columns = []
    for i, w in enumerate(weeks):
        height = 100.0 * w["count"] / top
        columns.append(
            f'<rect x="{i + 0.15:.2f}" y="{100 - height:.1f}" width="0.7" '
            f'height="{max(height, 0.8 if w["count"] else 0):.1f}"></rect>'
        )
    summary = "; ".join(f"week of {_short(w['weekStart'])}: {w['count']}" for w in weeks)
    ticks = [weeks[0], weeks[n // 2], weeks[-1]] if n > 2 else list(weeks)
    axis = "".join(f"<span>{escape(_short(w['weekStart']))}</span>" for w in ticks)
    return Markup(
        f'<figure class="week-chart" role="img" aria-label="{escape(title)}: {escape(summary)}">'
        f'<div class="wk-top" aria-hidden="true"><span>{top}</span></div>'
        f'<svg viewBox="0 0 {n} 100" preserveAspectRatio="none" aria-hidden="true">'
        + "".join(columns)
        + f'</svg><div class="wk-axis" aria-hidden="true">{axis}</div></figure>'
    )
