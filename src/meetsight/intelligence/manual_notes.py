"""Notes people write themselves (`isManual: true`): the intelligence stage never touches them."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.errors import Conflict, NotFound, ValidationFailed
from meetsight.intelligence.models import Note, SmartCategory
from meetsight.schemas import NOT_BLANK, Schema


class ManualNoteCreate(Schema):
    content: str = Field(min_length=1, max_length=10_000, json_schema_extra=NOT_BLANK)
    smart_category_id: str = Field(min_length=1, max_length=64)
    tag: str | None = Field(None, max_length=120, json_schema_extra=NOT_BLANK)
    priority: Literal["low", "medium", "high"] | None = None
    start_timestamp: float | None = Field(None, ge=0, le=7 * 24 * 3600)
    end_timestamp: float | None = Field(None, ge=0, le=7 * 24 * 3600)

    @field_validator("content", "tag")
    @classmethod
    def _clean(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if "\x00" in value:
            raise ValueError("contains a NUL character")
        value = value.strip()
        if not value:
            raise ValueError("is blank")
        return value

    @model_validator(mode="after")
    def _ordered(self) -> ManualNoteCreate:
        start, end = self.start_timestamp, self.end_timestamp
        if start is not None and end is not None and end < start:
            raise ValueError("endTimestamp is before startTimestamp")
        return self


async def create_manual_note(
    session: AsyncSession, org_id: str, activity_id: str, body: ManualNoteCreate
) -> str:
    if await session.get(SmartCategory, (org_id, body.smart_category_id)) is None:
        raise ValidationFailed("smartCategoryId: no such smart category")
    note = Note(
        organization_id=org_id,
        activity_id=activity_id,
        smart_category_id=body.smart_category_id,
        tag=body.tag,
        content=body.content,
        priority=body.priority,
        is_manual=True,
        start_timestamp=body.start_timestamp,
        end_timestamp=body.end_timestamp,
    )
    session.add(note)
    await session.flush()
    return note.id


async def delete_manual_note(
    session: AsyncSession, org_id: str, activity_id: str, note_id: str
) -> None:
    """Only manual notes can be deleted: the stage's notes come back on every run."""
    note = await session.get(Note, (org_id, note_id)) if len(note_id) <= 64 else None
    if note is None or note.activity_id != activity_id:
        raise NotFound("Note not found")
    if not note.is_manual:
        raise Conflict(
            "Only manual notes can be deleted; the others are derived again on every run"
        )
    await session.delete(note)
    await session.flush()
