"""The generator's output records: what `seed.py` turns into rows."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime


@dataclass(frozen=True, slots=True)
class DemoPerson:
    key: str
    name: str
    email: str | None
    phone: str | None
    is_internal: bool
    company: str | None
    title: str | None


@dataclass(frozen=True, slots=True)
class DemoSegment:
    start_time: float
    end_time: float
    speaker_key: str
    content: str


@dataclass(frozen=True, slots=True)
class DemoFacts:
    """Ground truth about the text: every action, competitor and pain appears in a segment."""

    next_steps: list[tuple[str, str, str | None]] = field(default_factory=list)
    competitors: list[str] = field(default_factory=list)
    budget_mentioned: bool = False
    pains: list[str] = field(default_factory=list)
    topics: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class DemoActivity:
    name: str
    description: str
    media_type: str  # videocall | presential | phonecall
    start: datetime
    duration: int
    language: str
    direction: str | None
    from_number: str | None
    to_number: str | None
    owner_key: str
    calendar_event_id: str | None
    activity_type: str
    company: str
    people: list[DemoPerson]
    participants: list[tuple[str, bool]]
    segments: list[DemoSegment]
    facts: DemoFacts
    contact_ids: list[str]
    company_ids: list[str]
    opportunity_ids: list[str]
