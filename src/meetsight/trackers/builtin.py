"""The built-in trackers: the intelligence engine's competitor and objection finders, read-only,
in every organization. Their mentions come from what the engine found in each conversation (the
summary's insights), not from keywords: `competitors` holds the vendors the customer weighs
against us (builtin/competitors.py), each mentioned wherever its name is said; `objections`
holds the customer's concerns, each at the moment it was raised."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from meetsight.trackers.matching import KeywordMatcher


@dataclass(frozen=True, slots=True)
class BuiltinTracker:
    id: str
    name: str
    description: str


COMPETITORS = BuiltinTracker(
    "builtin-competitors",
    "Competitors (built in)",
    "Vendors the customer uses, evaluates or compares us with, as the engine finds them: each "
    "moment a competitor's name is said.",
)
OBJECTIONS = BuiltinTracker(
    "builtin-objections",
    "Objections (built in)",
    "Concerns and reasons not to buy or to wait that the customer raises, as the engine finds "
    "them: each moment one is raised.",
)
BUILTIN_TRACKERS: tuple[BuiltinTracker, ...] = (COMPETITORS, OBJECTIONS)
BUILTIN_BY_ID = {t.id: t for t in BUILTIN_TRACKERS}


@dataclass(frozen=True, slots=True)
class SegmentText:
    position: int
    start_time: float
    speaker: str
    text: str


@dataclass(frozen=True, slots=True)
class Found:
    """A segment that mentions a tracker, and how it was found."""

    tracker_id: str
    position: int
    matched_by: str  # words, meaning, words+meaning, engine
    term: str | None
    score: float | None


def builtin_mentions(
    insights: Mapping[str, Any] | None, segments: Sequence[SegmentText]
) -> list[Found]:
    """Mentions of both built-in trackers in one activity, from its stored insights."""
    if not insights or not segments:
        return []
    found: list[Found] = []
    names = [str(n) for n in insights.get("competitors") or () if str(n).strip()]
    matcher = KeywordMatcher.build(names)
    for seg in segments:
        name = matcher.first(seg.text)
        if name is not None:
            found.append(Found(COMPETITORS.id, seg.position, "engine", name, None))
    seen: set[int] = set()
    for objection in insights.get("objections") or ():
        held = _segment_at(segments, objection.get("start"))
        if held is not None and held.position not in seen:
            seen.add(held.position)
            term = str(objection.get("text") or "")[:200] or None
            found.append(Found(OBJECTIONS.id, held.position, "engine", term, None))
    return found


def _segment_at(segments: Sequence[SegmentText], start: object) -> SegmentText | None:
    """The segment that holds the moment `start` (the last one starting at or before it)."""
    if not isinstance(start, int | float):
        return None
    holder = None
    for seg in segments:
        if seg.start_time <= float(start) + 0.01:
            holder = seg
        else:
            break
    return holder or segments[0]
