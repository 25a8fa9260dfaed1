"""The query parameters of the meetings and calls read endpoints."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field
from pydantic.json_schema import JsonDict

from meetsight.request_params import PageQuery, QueryModel

Status = Literal["scheduled", "processing", "completed", "failed"]
# What timefmt.parse_datetime reads; documented so that clients (and the fuzzer) know that any
# other string is a 422.
DATE_OR_DATETIME: JsonDict = {
    "anyOf": [{"type": "string", "format": "date"}, {"type": "string", "format": "date-time"}]
}


class PeopleFilters(QueryModel):
    participant: str | None = Field(
        None,
        min_length=1,
        max_length=320,
        description="Someone who took part: an email address (matched exactly, ignoring case), "
        '"@domain" (anyone at that email domain), or part of a name (case and accents ignored: '
        '"Lucia" finds "Lucía")',
    )
    company: str | None = Field(
        None,
        min_length=1,
        max_length=320,
        description='A company that took part: an email domain ("acme.com" or "@acme.com", '
        "subdomains too) or part of its name, matched against the participants' company and "
        "email domain (case and accents ignored)",
    )


class ActivityListQuery(PeopleFilters, PageQuery):
    """What GET /meetings and GET /calls share; each kind's query adds its own filters."""

    from_date: str | None = Field(
        None,
        alias="fromDate",
        description="YYYY-MM-DD or date-time",
        json_schema_extra=DATE_OR_DATETIME,
    )
    to_date: str | None = Field(
        None,
        alias="toDate",
        description="YYYY-MM-DD (inclusive) or date-time",
        json_schema_extra=DATE_OR_DATETIME,
    )
    status: Status | None = Field(None, description="Only activities in this state")

    def filters(self) -> dict[str, Any]:
        """The filters by field name, as service.build_filters takes them (no paging)."""
        return self.model_dump(exclude=set(PageQuery.model_fields))


class PeopleAndNameFilters(PeopleFilters):
    """Calls are also found by part of their name; a subclass of PeopleFilters, so that in
    CallListQuery's parameters `name` comes after the people filters and before the dates."""

    name: str | None = Field(None, max_length=500, description="Part of the name")


class MeetingListQuery(ActivityListQuery):
    media_type: Literal["videocall", "presential"] | None = Field(None, alias="mediaType")


class CallListQuery(ActivityListQuery, PeopleAndNameFilters):
    direction: Literal["inbound", "outbound", "INBOUND", "OUTBOUND"] | None = None


# One page holds every participant of any real meeting; the bound is for the hostile or odd one
# (20,000 participants answered 2.4 MB at once): the rest are further pages (X-Total-Count).
PARTICIPANT_PAGE = 1000


class ParticipantsQuery(PageQuery):
    limit: int = Field(
        PARTICIPANT_PAGE,
        ge=1,
        le=PARTICIPANT_PAGE,
        description=f"Participants per page (default and most {PARTICIPANT_PAGE})",
    )


class TranscriptQuery(QueryModel):
    format: Literal["srt", "vtt", "txt", "json"] | None = Field(
        None, description="Download as a file in this format instead of the JSON envelope"
    )


class CallNotesQuery(PageQuery):
    call_id: str | None = Field(None, alias="callId", max_length=64)
