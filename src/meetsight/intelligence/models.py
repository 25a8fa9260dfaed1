"""What the intelligence stage derives from a transcript, and what users add to it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from meetsight.db.base import (
    Base,
    IdMixin,
    IdType,
    TenantMixin,
    TimestampMixin,
    tenant_fk,
    utcnow,
)


class SmartCategory(TenantMixin, IdMixin, TimestampMixin, Base):
    __tablename__ = "smart_categories"
    __table_args__ = (sa.UniqueConstraint("organization_id", "name"),)

    name: Mapped[str] = mapped_column(sa.String(120))
    description: Mapped[str] = mapped_column(sa.Text, default="")
    examples: Mapped[list[Any]] = mapped_column(default=list)
    type: Mapped[str] = mapped_column(sa.String(20), default="all")
    key: Mapped[str | None] = mapped_column(sa.String(60))


class ActivitySummary(TenantMixin, TimestampMixin, Base):
    __tablename__ = "activity_summaries"
    __table_args__ = (tenant_fk(["activity_id"], "activities.id"),)

    activity_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    summary: Mapped[str | None] = mapped_column(sa.Text)
    ai_opinion: Mapped[str | None] = mapped_column(sa.Text)
    next_steps: Mapped[list[Any]] = mapped_column(default=list)
    topics: Mapped[list[Any]] = mapped_column(default=list)
    insights: Mapped[dict[str, Any] | None] = mapped_column(default=None)
    engine: Mapped[str] = mapped_column(sa.String(40), default="builtin")
    engine_error: Mapped[str | None] = mapped_column(sa.Text)


class Note(TenantMixin, IdMixin, TimestampMixin, Base):
    __tablename__ = "notes"
    __table_args__ = (
        tenant_fk(["activity_id"], "activities.id"),
        # No cascade: deleting a category must not delete notes. The delete endpoint first sets
        # the notes' smart_category_id to NULL (a composite ON DELETE SET NULL would also null
        # organization_id, which is part of the primary key).
        tenant_fk(["smart_category_id"], "smart_categories.id", ondelete=None),
        sa.Index("ix_notes_activity", "organization_id", "activity_id"),
    )

    activity_id: Mapped[str] = mapped_column(IdType)
    # NULL once the note's category has been deleted; the note keeps its text and its tag.
    smart_category_id: Mapped[str | None] = mapped_column(IdType)
    tag: Mapped[str | None] = mapped_column(sa.String(120))
    content: Mapped[str] = mapped_column(sa.Text)
    priority: Mapped[str | None] = mapped_column(sa.String(10))
    is_manual: Mapped[bool] = mapped_column(default=False)
    start_timestamp: Mapped[float | None]
    end_timestamp: Mapped[float | None]


class ChatMessage(TenantMixin, IdMixin, Base):
    __tablename__ = "chat_messages"
    __table_args__ = (
        tenant_fk(["activity_id"], "activities.id"),
        sa.Index("ix_chat_messages_activity", "organization_id", "activity_id", "created_at"),
    )

    activity_id: Mapped[str] = mapped_column(IdType)
    question: Mapped[str] = mapped_column(sa.Text)
    answer: Mapped[str] = mapped_column(sa.Text)
    citations: Mapped[list[Any]] = mapped_column(default=list)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class ActivityAnalytics(TenantMixin, TimestampMixin, Base):
    __tablename__ = "activity_analytics"
    __table_args__ = (tenant_fk(["activity_id"], "activities.id"),)

    activity_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    questions_by_speaker: Mapped[list[Any]] = mapped_column(default=list)
    participation: Mapped[list[Any]] = mapped_column(default=list)
    extra: Mapped[dict[str, Any]] = mapped_column(default=dict)


class ActivityScore(TenantMixin, TimestampMixin, Base):
    __tablename__ = "activity_scores"
    __table_args__ = (tenant_fk(["activity_id"], "activities.id"),)

    activity_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    score: Mapped[float | None]
    justification: Mapped[str | None] = mapped_column(sa.Text)
    objectives: Mapped[list[Any]] = mapped_column(default=list)
