"""Security events: who did what to which credential or member, and when."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from meetsight.db.base import Base, IdMixin, IdType, TenantMixin, utcnow


class AuditEvent(TenantMixin, IdMixin, Base):
    __tablename__ = "audit_events"
    __table_args__ = (sa.Index("ix_audit_events_org_created", "organization_id", "created_at"),)

    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    action: Mapped[str] = mapped_column(sa.String(60))
    actor_user_id: Mapped[str | None] = mapped_column(IdType)
    actor_label: Mapped[str | None] = mapped_column(sa.String(320))
    target_kind: Mapped[str | None] = mapped_column(sa.String(40))
    target_id: Mapped[str | None] = mapped_column(sa.String(100))
    target_label: Mapped[str | None] = mapped_column(sa.String(320))
    ip: Mapped[str | None] = mapped_column(sa.String(64))
    detail: Mapped[dict[str, Any]] = mapped_column(default=dict)
