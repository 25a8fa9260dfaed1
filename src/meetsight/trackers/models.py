"""Trackers and their precomputed mentions. Mentions by meaning compare a tracker's examples with
the sentence vectors search keeps for every segment (meetsight.search.vectors)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from meetsight.db.base import Base, IdMixin, IdType, TenantMixin, TimestampMixin, tenant_fk


class Tracker(TenantMixin, IdMixin, TimestampMixin, Base):
    """An organization's own tracker. The built-in ones (the engine's competitor and objection
    finders) are not rows: they exist in every organization (trackers/builtin.py)."""

    __tablename__ = "trackers"
    __table_args__ = (sa.UniqueConstraint("organization_id", "name"),)

    name: Mapped[str] = mapped_column(sa.String(120))
    description: Mapped[str] = mapped_column(sa.Text, default="")
    keywords: Mapped[list[Any]] = mapped_column(default=list)
    examples: Mapped[list[Any]] = mapped_column(default=list)
    # Bumped when what matches changes (keywords, examples); the index job records the version
    # whose mentions it completed, so a reader can tell "indexing" from "ready".
    version: Mapped[int] = mapped_column(default=1)
    indexed_version: Mapped[int] = mapped_column(default=0)


# Unique whatever the case ("Pricing" beside "pricing"), so that a race between two requests
# ends in the service's 409 (migration 0019).
sa.Index(
    "uq_trackers_organization_id_lower_name",
    Tracker.organization_id,
    sa.func.lower(Tracker.name),
    unique=True,
)


class TrackerMention(TenantMixin, Base):
    """One segment of one activity that mentions one tracker. The activity's start, kind, owner
    and week are copied in, so a quarter's mentions and their counts per week and per rep are
    one index range without a join. No foreign key to `trackers`: built-in trackers have no
    row; a deleted tracker's mentions are deleted with it (service)."""

    __tablename__ = "tracker_mentions"
    __table_args__ = (
        tenant_fk(["activity_id"], "activities.id"),
        sa.Index("ix_tracker_mentions_range", "organization_id", "tracker_id", "start_at"),
        # Replacing one activity's mentions, and deleting the activity.
        sa.Index("ix_tracker_mentions_activity", "organization_id", "activity_id"),
    )

    tracker_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    activity_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    start_at: Mapped[datetime]  # the activity's start
    week_start: Mapped[date] = mapped_column(sa.Date)  # Monday of start_at's ISO week (UTC)
    is_call: Mapped[bool] = mapped_column(default=False)
    owner_person_id: Mapped[str | None] = mapped_column(IdType)
    start_time: Mapped[float]  # seconds into the recording
    speaker: Mapped[str] = mapped_column(sa.String(200))
    text: Mapped[str] = mapped_column(sa.Text)
    matched_by: Mapped[str] = mapped_column(sa.String(20))  # words, meaning, words+meaning, engine
    term: Mapped[str | None] = mapped_column(sa.String(200))
    score: Mapped[float | None]
