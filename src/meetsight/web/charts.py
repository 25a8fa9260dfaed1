"""Analytics drawn on the server: talk time and questions per speaker (bars) and who spoke when
(a timeline). Plain markup, no script: charts work without JavaScript and print.

Every label and figure is HTML text at the page's type scale; only the bars themselves are SVG,
stretched to the width they are given. (Labels drawn inside an SVG viewBox shrink with it: on a
phone they came out 5-7 px.) The strict CSP allows no style attributes, so a bar's length is an
SVG `width` and a speaker's colour is a class (s0..s7, app.css).

Each chart carries role="img" and an aria-label with its figures, so a screen reader gets the
numbers the bars show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

# Speaker colours live in app.css as .s0 ... .s7; a speaker keeps their slot on the whole page.
SLOTS = 8


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    value: float
    text: str  # the figure written beside the bar


def speaker_slots(speakers: Sequence[str]) -> dict[str, int]:
    """Colour slot per speaker, in order of first appearance."""
    return {name: i % SLOTS for i, name in enumerate(speakers)}


def initials(name: str) -> str:
    """ "Priya Raman" -> "PR", "Speaker 2" -> "S2", "" -> "?": what an avatar shows."""
    words = [w for w in name.replace("-", " ").split() if w[:1].isalnum()]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].upper()
    return (words[0][0] + words[-1][0]).upper()


def avatar(name: str, slot: int) -> str:
    """The speaker's initials on their colour; decorative: the name is always beside it."""
    return f'<span class="av s{slot}" aria-hidden="true">{escape(initials(name))}</span>'


def bar_list(title: str, bars: Sequence[Bar], slots: dict[str, int]) -> Markup:
    """One row per speaker: avatar, name, figure, and a bar scaled to the largest value."""
    if not bars:
        return Markup("")
    top = max(b.value for b in bars) or 1.0
    summary = "; ".join(f"{b.label}: {b.text}" for b in bars)
    rows = []
    for bar in bars:
        slot = slots.get(bar.label, 0)
        share = max(1.0, 100.0 * bar.value / top)
        rows.append(
            f'<li class="bar-row">{avatar(bar.label, slot)}'
            f'<span class="bar-name">{escape(bar.label)}</span>'
            f'<span class="bar-figure">{escape(bar.text)}</span>'
            '<svg class="bar-track" viewBox="0 0 100 1" preserveAspectRatio="none" '
            f'aria-hidden="true"><rect class="s{slot}" width="{share:.1f}" height="1"></rect>'
            "</svg></li>"
        )
    return Markup(
        f'<ul class="bars" role="img" aria-label="{escape(title)}: {escape(summary)}">'
        + "".join(rows)
        + "</ul>"
    )


@dataclass(frozen=True, slots=True)
class Turn:
    speaker: str
    start: float
    end: float


def timeline(turns: Sequence[Turn], duration: float, slots: dict[str, int]) -> Markup:
    """One row per speaker, a block for each stretch they spoke, on a shared time axis."""
    if not turns:
        return Markup("")
    speakers = list(dict.fromkeys(t.speaker for t in turns))
    total = max(duration, max(t.end for t in turns), 1.0)
    blocks: dict[str, list[str]] = {name: [] for name in speakers}
    for t in turns:
        blocks[t.speaker].append(
            f'<rect x="{t.start:.1f}" width="{max(total / 400, t.end - t.start):.1f}" '
            'height="1"></rect>'
        )
    rows = [
        f'<div class="tl-row">{avatar(name, slots.get(name, 0))}'
        f'<span class="tl-name">{escape(name)}</span>'
        f'<svg class="tl-track s{slots.get(name, 0)}" viewBox="0 0 {total:.1f} 1" '
        f'preserveAspectRatio="none" aria-hidden="true">{"".join(blocks[name])}</svg></div>'
        for name in speakers
    ]
    ticks = "".join(f"<span>{_clock(total * i / 4)}</span>" for i in range(5))
    label = f"Who spoke when, over {_clock(total)}: {', '.join(speakers)}"
    return Markup(
        f'<div class="timeline" role="img" aria-label="{escape(label)}">'
        + "".join(rows)
        + f'<div class="tl-axis" aria-hidden="true">{ticks}</div></div>'
    )


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
