"""What an intelligence engine produces. Both engines fill the same models, so storage, REST and
MCP never know which engine ran."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Literal

Priority = Literal["low", "medium", "high"]


@dataclass(frozen=True, slots=True)
class NextStep:
    action: str
    actors: tuple[str, ...]
    deadline: str  # as said ("by Friday", "el martes"); "" when none was said
    due: date | None = None  # the deadline resolved against the conversation's day
    line: int | None = None  # index of the transcript line that holds the commitment


@dataclass(frozen=True, slots=True)
class Topic:
    title: str
    description: str
    lines: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class NoteDraft:
    category_key: str
    content: str
    tag: str | None
    priority: Priority
    start: float
    end: float
    line: int


@dataclass(frozen=True, slots=True)
class ObjectiveScore:
    key: str
    objective: str
    score: float  # 0-100
    explanation: str


@dataclass(frozen=True, slots=True)
class Scorecard:
    score: float  # 0-100
    justification: str
    objectives: tuple[ObjectiveScore, ...]


@dataclass(frozen=True, slots=True)
class Citation:
    line: int
    speaker: str
    start: float


@dataclass(frozen=True, slots=True)
class ChatAnswer:
    answer: str
    citations: tuple[Citation, ...] = ()


@dataclass(frozen=True)
class Intelligence:
    """Everything the stage stores for one activity, apart from talk analytics (deterministic,
    computed by :mod:`meetsight.intelligence.analytics` whatever the engine)."""

    summary: str
    next_steps: tuple[NextStep, ...]
    topics: tuple[Topic, ...]
    notes: tuple[NoteDraft, ...]
    ai_opinion: str
    insights: dict[str, Any]
    scorecard: Scorecard
    engine: str = "builtin"
    engine_error: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def seller_speakers(insights: Mapping[str, Any] | None) -> list[str]:
    """The speakers the engine took as the seller, from a stored summary's insights
    (``sellerSide.speakers``); none when it took nobody or the insights are missing."""
    side = (insights or {}).get("sellerSide")
    speakers = side.get("speakers") if isinstance(side, dict) else None
    return [str(s) for s in speakers] if isinstance(speakers, list) else []
