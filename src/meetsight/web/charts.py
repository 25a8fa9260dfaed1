"""Analytics drawn on the server as SVG: speaking time and questions per speaker (bars) and
who spoke when (a timeline). Plain markup, no script: charts work without JavaScript and print.

Every chart carries a <title> and role="img" with an aria-label that states its figures, so a
screen reader gets the numbers the bars show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

# Distinct hues with at least 3:1 contrast against white (WCAG non-text contrast).
PALETTE = ("#1f4fbf", "#b3261e", "#1b7f3b", "#8a4baf", "#a15c00", "#00768a", "#5d5d5d", "#c2185b")
WIDTH = 640
BAR_HEIGHT = 22
LABEL_WIDTH = 170


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    value: float
    text: str  # the figure written at the bar's end


def speaker_colors(speakers: Sequence[str]) -> dict[str, str]:
    return {name: PALETTE[i % len(PALETTE)] for i, name in enumerate(speakers)}


def _clip(label: str, limit: int = 22) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "…"


def bar_chart(title: str, bars: Sequence[Bar], colors: dict[str, str]) -> Markup:
    """Horizontal bars, one per speaker, scaled to the largest value."""
    if not bars:
        return Markup("")
    top = max(b.value for b in bars) or 1.0
    span = WIDTH - LABEL_WIDTH - 70
    height = len(bars) * (BAR_HEIGHT + 10) + 10
    summary = "; ".join(f"{b.label}: {b.text}" for b in bars)
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-label="{escape(title)}: {escape(summary)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
    ]
    for i, bar in enumerate(bars):
        y = 10 + i * (BAR_HEIGHT + 10)
        length = max(2.0, span * bar.value / top)
        color = colors.get(bar.label, PALETTE[0])
        parts.append(
            f'<text x="{LABEL_WIDTH - 8}" y="{y + 16}" text-anchor="end" class="chart-label">'
            f"{escape(_clip(bar.label))}</text>"
            f'<rect x="{LABEL_WIDTH}" y="{y}" width="{length:.1f}" height="{BAR_HEIGHT}" '
            f'rx="3" fill="{color}"></rect>'
            f'<text x="{LABEL_WIDTH + length + 6:.1f}" y="{y + 16}" class="chart-value">'
            f"{escape(bar.text)}</text>"
        )
    parts.append("</svg>")
    return Markup("".join(parts))


@dataclass(frozen=True, slots=True)
class Turn:
    speaker: str
    start: float
    end: float


def timeline(turns: Sequence[Turn], duration: float, colors: dict[str, str]) -> Markup:
    """One row per speaker; a block for each stretch they spoke, on a shared time axis."""
    if not turns:
        return Markup("")
    speakers = list(dict.fromkeys(t.speaker for t in turns))
    total = max(duration, max(t.end for t in turns), 1.0)
    span = WIDTH - LABEL_WIDTH - 10
    row = 20
    height = len(speakers) * (row + 8) + 30
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-label="Who spoke when, over {_clock(total)}: {escape(", ".join(speakers))}" '
        'xmlns="http://www.w3.org/2000/svg">',
        "<title>Who spoke when</title>",
    ]
    rows = {name: 8 + i * (row + 8) for i, name in enumerate(speakers)}
    for name, y in rows.items():
        parts.append(
            f'<text x="{LABEL_WIDTH - 8}" y="{y + 15}" text-anchor="end" class="chart-label">'
            f"{escape(_clip(name))}</text>"
            f'<rect x="{LABEL_WIDTH}" y="{y}" width="{span}" height="{row}" class="chart-track">'
            "</rect>"
        )
    scale = span / total
    for t in turns:
        x = LABEL_WIDTH + t.start * scale
        w = max(1.0, (t.end - t.start) * scale)
        parts.append(
            f'<rect x="{x:.1f}" y="{rows[t.speaker]}" width="{w:.1f}" height="{row}" '
            f'fill="{colors.get(t.speaker, PALETTE[0])}"></rect>'
        )
    axis_y = height - 8
    for i in range(5):
        at = total * i / 4
        x = LABEL_WIDTH + at * scale
        anchor = "start" if i == 0 else "end" if i == 4 else "middle"
        parts.append(
            f'<text x="{x:.1f}" y="{axis_y}" text-anchor="{anchor}" class="chart-axis">'
            f"{_clock(at)}</text>"
        )
    parts.append("</svg>")
    return Markup("".join(parts))


def _clock(seconds: float) -> str:
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


def merge_turns(turns: Sequence[Turn], gap: float = 1.0) -> list[Turn]:
    """Adjacent segments of one speaker become one block: fewer shapes, same picture."""
    merged: list[Turn] = []
    for t in turns:
        last = merged[-1] if merged else None
        if last and last.speaker == t.speaker and t.start - last.end <= gap:
            merged[-1] = Turn(last.speaker, last.start, max(last.end, t.end))
        else:
            merged.append(t)
    return merged
