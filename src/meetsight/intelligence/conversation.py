"""What an intelligence engine reads: one conversation, its speakers, and the organization's
smart categories and scorecard. Plain frozen data, so engines stay free of the database."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Literal

Kind = Literal["meeting", "call"]


@dataclass(frozen=True, slots=True)
class Speaker:
    name: str
    internal: bool


@dataclass(frozen=True, slots=True)
class Line:
    """One transcript segment; ``index`` is its position in the transcript (0-based)."""

    index: int
    start: float
    end: float
    speaker: str
    text: str


@dataclass(frozen=True)
class Conversation:
    kind: Kind
    title: str
    language: str  # ISO 639-1 ("en", "es"); "" when unknown (too little text to tell)
    day: date  # the day it took place: relative deadlines ("next Tuesday") resolve against it
    speakers: tuple[Speaker, ...]
    lines: tuple[Line, ...]
    direction: str | None = None  # calls: "inbound" or "outbound"
    # The organization's name and its users' and internal people's names (present or not):
    # they tell our side and our own company apart from the customer's and from competitors.
    organization: str = ""
    org_people: tuple[str, ...] = ()
    # How the speakers' ``internal`` flags were set: "" as loaded (marked in the organization
    # or the owner), else what the built-in engine inferred (builtin/sides.py).
    seller_side: str = ""
    # True when meetsight cut the segments (recognition, the demo: a sentence or caption each,
    # docs/processing.md#segments), so the engines may join them back into turns; an imported
    # transcript's cues are read as written (intelligence/turns.py).
    own_segments: bool = False

    @property
    def internal_names(self) -> frozenset[str]:
        return frozenset(s.name for s in self.speakers if s.internal)

    def is_internal(self, speaker: str) -> bool:
        return speaker in self.internal_names


@dataclass(frozen=True, slots=True)
class CategorySpec:
    """A smart category as the engine sees it. ``key`` is the default set's stable key
    ("pain_points", ...) or a slug of a custom category's name."""

    id: str
    key: str
    name: str
    description: str
    examples: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ObjectiveSpec:
    """One line of the organization's scorecard."""

    key: str
    name: str
    description: str


@dataclass(frozen=True)
class Question:
    text: str
    history: tuple[tuple[str, str], ...] = field(default=())  # earlier (question, answer) pairs
