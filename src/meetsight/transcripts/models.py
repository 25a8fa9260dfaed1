"""Transcript segments, kept in recording order by position."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from meetsight.db.base import Base, IdType, TenantMixin, tenant_fk


class TranscriptSegment(TenantMixin, Base):
    __tablename__ = "transcript_segments"
    __table_args__ = (tenant_fk(["activity_id"], "activities.id"),)

    activity_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    start_time: Mapped[float]
    end_time: Mapped[float]
    # Not a foreign key: a segment may name a speaker not (yet) matched to a person.
    person_id: Mapped[str] = mapped_column(IdType)
    speaker_label: Mapped[str | None] = mapped_column(sa.String(100))
    participant_name: Mapped[str] = mapped_column(sa.String(200))
    content: Mapped[str] = mapped_column(sa.Text)
    words: Mapped[list[Any] | None] = mapped_column(default=None)


class TranscriptDocument(TenantMixin, Base):
    """The transcript exactly as the API serves it: the JSON array of its segments, rendered when
    they are stored. Reading a 400-segment transcript is then one row, not 400 rows to fetch and
    serialise. Written only by `store_segments`, in the transaction that writes the segments."""

    __tablename__ = "transcript_documents"
    __table_args__ = (tenant_fk(["activity_id"], "activities.id"),)

    activity_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    segment_count: Mapped[int]
    body: Mapped[bytes] = mapped_column(sa.LargeBinary)
