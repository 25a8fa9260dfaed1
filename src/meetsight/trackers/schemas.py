"""Trackers, their mentions and counts on the wire."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from pydantic import AfterValidator, ConfigDict, Field, StringConstraints, field_validator

from meetsight.errors import ValidationFailed
from meetsight.request_params import PageQuery, QueryDay, QueryModel
from meetsight.schemas import NoNul, Schema, at_most_as_sent
from meetsight.trackers.matching import fold

MAX_KEYWORDS = 50
MAX_EXAMPLES = 20
MAX_WEEKS = 160  # about three years of weekly counts in one answer


def _has_a_word(value: str) -> str:
    if not fold(value.rstrip("*")).split() or not any(c.isalnum() for c in value):
        raise ValueError("needs at least one letter or digit")
    return value


Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=100),
    at_most_as_sent(100),
    NoNul,
]
Description = Annotated[
    str, StringConstraints(strip_whitespace=True, max_length=1000), at_most_as_sent(1000), NoNul
]
Keyword = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=100),
    at_most_as_sent(100),
    NoNul,
    AfterValidator(_has_a_word),
]
Keywords = Annotated[list[Keyword], Field(min_length=1, max_length=MAX_KEYWORDS)]
Example = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=300),
    at_most_as_sent(300),
    NoNul,
]
Examples = Annotated[list[Example], Field(max_length=MAX_EXAMPLES)]


def _distinct(value: list[str] | None) -> list[str] | None:
    """Keywords that fold alike ("Pricing", "pricing ") are one keyword."""
    if value is None:
        return None
    seen: dict[str, str] = {}
    for item in value:
        seen.setdefault(" ".join(fold(item).split()), item)
    return list(seen.values())


class _TrackerBody(Schema):
    # A misspelt field is a 422 rather than silently ignored; no coercion of 1 to "1".
    model_config = ConfigDict(extra="forbid", strict=True)


class TrackerCreate(_TrackerBody):
    name: Name = Field(description="1-100 characters, unique in the organization (any case)")
    description: Description = ""
    keywords: Keywords = Field(
        description=f"1-{MAX_KEYWORDS} words or phrases, 1-100 characters each; case and accents "
        'ignored, whole words only; a trailing * matches any ending ("integrat*")'
    )
    examples: Examples = Field(
        default_factory=list,
        description=f"Up to {MAX_EXAMPLES} example sentences; a sentence close in meaning to one "
        "of them is a mention even without the keywords",
    )

    _distinct = field_validator("keywords", "examples")(_distinct)


class TrackerUpdate(_TrackerBody):
    """Only the fields sent change; none may be null. Changing keywords or examples re-indexes
    the tracker's mentions in the background."""

    name: Name | None = None
    description: Description | None = None
    keywords: Keywords | None = None
    examples: Examples | None = None

    _distinct = field_validator("keywords", "examples")(_distinct)

    @field_validator("name", "description", "keywords", "examples", mode="before")
    @classmethod
    def _not_null(cls, value: object) -> object:
        if value is None:
            raise ValueError("may be left out but not null")
        return value


class TrackerOut(Schema):
    id: str
    name: str
    description: str
    keywords: list[str]
    examples: list[str]
    built_in: bool = Field(description="The engine's competitor and objection finders: read-only")
    status: Literal["ready", "indexing"] = Field(
        description="indexing while mentions of a new or changed tracker are being found"
    )
    created_at: str | None
    updated_at: str | None


class TrackerMentionOut(Schema):
    tracker_id: str
    conversation_id: str
    type: Literal["meeting", "call"]
    conversation_name: str
    conversation_start: str = Field(description="When the conversation started (UTC)")
    time: float = Field(description="Seconds into the conversation")
    speaker: str
    text: str = Field(description="The sentence that mentions the tracker")
    matched_by: Literal["words", "meaning", "words+meaning", "engine"]
    term: str | None = Field(description="The keyword found, the competitor or the objection")
    score: float | None = Field(description="Closeness to the nearest example, when by meaning")
    rep_id: str | None = Field(description="The conversation's owner (person id)")
    rep_name: str | None
    url: str = Field(description="The conversation's page, playing from this moment")


class WeekCount(Schema):
    week_start: str = Field(description="Monday of the ISO week (YYYY-MM-DD)")
    count: int


class RepCount(Schema):
    rep_id: str | None = Field(description="null: conversations without an owner")
    rep_name: str
    count: int


class SpeakerCount(Schema):
    speaker: str
    count: int


class TrackerCountsOut(Schema):
    tracker_id: str
    from_date: str | None
    to_date: str | None
    total: int
    weeks: list[WeekCount] = Field(description="Every week of the range, zeros included")
    reps: list[RepCount] = Field(description="Most mentions first")
    speakers: list[SpeakerCount] = Field(
        description="Who said them (as transcribed), most first, at most 20"
    )


class _RangeQuery(QueryModel):
    from_date: QueryDay | None = Field(None, alias="fromDate", description="YYYY-MM-DD, inclusive")
    to_date: QueryDay | None = Field(None, alias="toDate", description="YYYY-MM-DD, inclusive")
    type: Literal["meetings", "calls", "all"] = Field(
        "all", description="meetings (video and in-person), calls (phone) or all"
    )

    def checked_range(self) -> tuple[date | None, date | None]:
        """(fromDate, toDate); a 422 when fromDate is after toDate."""
        if self.from_date and self.to_date and self.from_date > self.to_date:
            raise ValidationFailed("fromDate: must be on or before toDate")
        return self.from_date, self.to_date


class MentionsQuery(_RangeQuery, PageQuery):
    rep_id: str | None = Field(
        None,
        alias="repId",
        min_length=1,
        max_length=64,
        description="Only the conversations this rep owns (a person id, as counts give it)",
    )


class CountsQuery(_RangeQuery):
    pass
