"""Tool parameters shared by several tools: types, defaults, maxima and the descriptions that
land in each tool's input schema."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import Annotated, Literal

from pydantic import Field

from meetsight.mcp.errors import ToolFailure

MAX_LIMIT = 50
DEFAULT_LIMIT = 20
TRANSCRIPT_CAP = 10_000
# Participants per activity: a listing page of 50 activities stays near 200 KB whatever the
# meetings hold; details pages them (docs/mcp.md, "Bounded answers").
LISTING_PARTICIPANTS = 25
DETAILS_PARTICIPANTS = 100
MAX_DETAILS_PARTICIPANTS = 1000
MAX_SENTENCES = 100_000
DATE_PATTERN = r"^\d{4}-\d{2}-\d{2}$"

ParticipantsSkip = Annotated[
    int, Field(ge=0, le=1_000_000, description="Participants to skip (paging; default 0)")
]
ParticipantsLimit = Annotated[
    int,
    Field(
        ge=1,
        le=MAX_DETAILS_PARTICIPANTS,
        description="Participants to return (1-1000, default 100); organizers as many",
    ),
]
Limit = Annotated[
    int, Field(ge=1, le=MAX_LIMIT, description="How many results to return (1-50, default 20)")
]
Skip = Annotated[int, Field(ge=0, le=100_000, description="How many results to skip (paging)")]
SortOrder = Annotated[
    Literal["asc", "desc"],
    Field(description="By start date: desc (newest first) or asc"),
]
FromDate = Annotated[
    str | None,
    Field(
        pattern=DATE_PATTERN,
        description="First day, YYYY-MM-DD (UTC)",
    ),
]
ToDate = Annotated[
    str | None,
    Field(
        pattern=DATE_PATTERN,
        description="Last day (inclusive), YYYY-MM-DD (UTC)",
    ),
]
Emails = Annotated[
    list[Annotated[str, Field(min_length=3, max_length=320)]] | None,
    Field(
        max_length=50,
        description="Email addresses (case-insensitive); an activity matches if any one of them "
        "takes part",
    ),
]
# typing caches `X | None` by equality, and Literals are equal as sets: a plain
# `Literal[...] | None` could come back as the REST parameters' union, with their order
# (lower case first), whichever module was imported first. The marker keeps this one its own.
Direction = Annotated[
    Annotated[Literal["INBOUND", "OUTBOUND", "inbound", "outbound"], "mcp order"] | None,
    Field(description="Only inbound or only outbound calls"),
]
NumberFilter = Annotated[
    str | None,
    Field(max_length=40, description="Part of a phone number, e.g. '555' or '+1555010'"),
]
TitleFilter = Annotated[
    str | None, Field(max_length=500, description="Part of the title (case-insensitive)")
]
ActivityId = Annotated[
    str,
    Field(
        min_length=1,
        description="A meeting or call id from the other tools",
    ),
]
Language = Annotated[
    str | None,
    Field(
        max_length=8,
        description="ISO 639-1 code; content stays in its recorded language (the result says)",
    ),
]
MaxSentences = Annotated[
    int | None,
    Field(
        ge=1,
        le=MAX_SENTENCES,
        description="Return at most this many transcript sentences (default cap 10,000)",
    ),
]


SentenceOffset = Annotated[
    int,
    Field(
        ge=0,
        le=10_000_000,
        description="Start at this sentence index (0 = the first); page with nextOffset",
    ),
]
Seconds = Annotated[
    float | None,
    Field(
        ge=0,
        le=10 * 24 * 3600,
        description="Seconds from the recording's start: sentences starting in [from, to)",
    ),
]
TranscriptFormat = Annotated[
    Literal["json", "text"],
    Field(
        description="json: sentences as objects (default); text: one string, a line per "
        "sentence as '[m:ss] speaker: words', about a third of the size"
    ),
]
Verbosity = Annotated[
    Literal["compact", "full"],
    Field(
        description="compact (default): participants as {name, isInternal}; full: all their "
        "fields and organizers"
    ),
]


def day(text: str, argument: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ToolFailure(
            f"Invalid argument {argument}: {text!r} is not a date (YYYY-MM-DD)"
        ) from None


def date_range(
    from_date: str | None, to_date: str | None
) -> tuple[datetime | None, datetime | None]:
    """[start of fromDate, start of the day after toDate) in UTC; both ends optional."""
    start = end = None
    if from_date:
        start = datetime.combine(day(from_date, "fromDate"), time(), tzinfo=UTC)
    if to_date:
        last = day(to_date, "toDate")
        end = (
            datetime.combine(last, time(), tzinfo=UTC) + timedelta(days=1)
            if last < date.max
            else None
        )
    if start and end and start >= end:
        raise ToolFailure("Invalid argument toDate: must not be before fromDate")
    return start, end


def normalised_emails(values: list[str] | None, argument: str) -> list[str]:
    emails = []
    for value in values or []:
        value = value.strip().lower()
        if "@" not in value:
            raise ToolFailure(f"Invalid argument {argument}: {value!r} is not an email address")
        emails.append(value)
    return emails


def partial(text: str | None, argument: str) -> str | None:
    """A partial-match filter, trimmed; None when empty."""
    if text is None or not text.strip():
        return None
    if "\x00" in text:
        raise ToolFailure(f"Invalid argument {argument}: must not contain NUL characters")
    return text.strip()
