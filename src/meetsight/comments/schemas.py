"""Comment DTOs: what a client sends to add or edit one, and what it reads back."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field, field_validator, model_validator

from meetsight.schemas import NOT_BLANK, Schema

COMMENT_MAX_CHARS = 2000
# A moment further out than a week is no recording's; the activity's own duration is checked by
# the service (a longer span is refused there).
MOMENT_MAX_SECONDS = 7 * 24 * 3600.0


def clean_text(value: str) -> str:
    """Trimmed text, refused when blank or holding NUL (PostgreSQL text cannot)."""
    if "\x00" in value:
        raise ValueError("contains a NUL character")
    value = value.strip()
    if not value:
        raise ValueError("is blank")
    return value


class CommentText(Schema):
    text: str = Field(
        min_length=1,
        max_length=COMMENT_MAX_CHARS,
        description="Plain text (shown escaped; no markup)",
        json_schema_extra=NOT_BLANK,
    )

    @field_validator("text")
    @classmethod
    def _clean(cls, value: str) -> str:
        return clean_text(value)


class CommentCreate(CommentText):
    start_time: float = Field(ge=0, le=MOMENT_MAX_SECONDS, description="Seconds from the start")
    end_time: float | None = Field(
        None, ge=0, le=MOMENT_MAX_SECONDS, description="End of the span commented on, if any"
    )

    @model_validator(mode="after")
    def _ordered(self) -> CommentCreate:
        if self.end_time is not None and self.end_time < self.start_time:
            raise ValueError("endTime is before startTime")
        return self


class CommentUpdate(CommentText):
    """Only the text changes: the moment is what the comment is about."""


class CommentOut(Schema):
    id: str
    start_time: float
    end_time: float | None
    text: str
    author_id: str | None = Field(description="null once the author is no longer a member")
    author_name: str
    created_at: datetime
    edited_at: datetime | None
