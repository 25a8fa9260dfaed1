"""The query parameters of the meetings and calls read endpoints."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from meetsight.request_params import PageQuery, QueryModel

Status = Literal["scheduled", "processing", "completed", "failed"]


class MeetingListQuery(PageQuery):
    from_date: str | None = Field(None, alias="fromDate", description="YYYY-MM-DD or date-time")
    to_date: str | None = Field(
        None, alias="toDate", description="YYYY-MM-DD (inclusive) or date-time"
    )
    status: Status | None = Field(None, description="Only activities in this state")
    media_type: Literal["videocall", "presential"] | None = Field(None, alias="mediaType")


class CallListQuery(PageQuery):
    name: str | None = Field(None, max_length=500, description="Part of the name")
    from_date: str | None = Field(None, alias="fromDate", description="YYYY-MM-DD or date-time")
    to_date: str | None = Field(
        None, alias="toDate", description="YYYY-MM-DD (inclusive) or date-time"
    )
    status: Status | None = Field(None, description="Only activities in this state")
    direction: Literal["inbound", "outbound", "INBOUND", "OUTBOUND"] | None = None


class TranscriptQuery(QueryModel):
    format: Literal["srt", "vtt", "txt", "json"] | None = Field(
        None, description="Download as a file in this format instead of the JSON envelope"
    )


class CallNotesQuery(PageQuery):
    call_id: str | None = Field(None, alias="callId", max_length=64)
