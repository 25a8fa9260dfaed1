"""The durable jobs table that workers claim work from."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from meetsight.db.base import Base, IdMixin, IdType, TenantMixin, TimestampMixin, utcnow

JOB_STATES = ("queued", "running", "done", "failed")


class Job(TenantMixin, IdMixin, TimestampMixin, Base):
    __tablename__ = "jobs"
    __table_args__ = (
        # Workers look for the oldest runnable job across all tenants.
        sa.Index("ix_jobs_claim", "state", "run_at"),
        sa.Index("ix_jobs_activity", "organization_id", "activity_id"),
    )

    kind: Mapped[str] = mapped_column(sa.String(40))
    # A job may outlive its activity (a delete webhook), so no foreign key here.
    activity_id: Mapped[str | None] = mapped_column(IdType)
    state: Mapped[str] = mapped_column(sa.String(20), default="queued")
    payload: Mapped[dict[str, Any]] = mapped_column(default=dict)
    attempts: Mapped[int] = mapped_column(default=0)
    max_attempts: Mapped[int] = mapped_column(default=5)
    run_at: Mapped[datetime] = mapped_column(default=utcnow)
    lease_until: Mapped[datetime | None]
    worker_id: Mapped[str | None] = mapped_column(sa.String(120))
    last_error: Mapped[str | None] = mapped_column(sa.Text)
