"""Webhook endpoints, the deliveries owed to them, and every attempt made (the delivery log)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from meetsight.db.base import Base, IdMixin, IdType, TenantMixin, TimestampMixin, tenant_fk, utcnow

DELIVERY_STATES = ("pending", "delivered", "failed")


class WebhookEndpoint(TenantMixin, IdMixin, TimestampMixin, Base):
    __tablename__ = "webhook_endpoints"

    url: Mapped[str] = mapped_column(sa.Text)
    # Kept readable: every delivery is signed with it. Shown once, at creation.
    secret: Mapped[str] = mapped_column(sa.String(200))
    events: Mapped[list[Any]] = mapped_column(default=list)
    active: Mapped[bool] = mapped_column(default=True)
    description: Mapped[str | None] = mapped_column(sa.Text)


class WebhookDelivery(TenantMixin, IdMixin, TimestampMixin, Base):
    """One event owed to one endpoint. Its id is the stable `Meetsight-Delivery` header and its
    body is stored as sent, so every retry carries the same bytes."""

    __tablename__ = "webhook_deliveries"
    __table_args__ = (
        tenant_fk(["endpoint_id"], "webhook_endpoints.id"),
        # The delivery log of one endpoint, newest first.
        sa.Index("ix_webhook_deliveries_log", "organization_id", "endpoint_id", "created_at"),
    )

    endpoint_id: Mapped[str] = mapped_column(IdType)
    event: Mapped[str] = mapped_column(sa.String(60))
    body: Mapped[str] = mapped_column(sa.Text)
    state: Mapped[str] = mapped_column(sa.String(20), default="pending")
    attempts: Mapped[int] = mapped_column(default=0)
    next_attempt_at: Mapped[datetime | None]
    delivered_at: Mapped[datetime | None]


class WebhookAttempt(TenantMixin, Base):
    __tablename__ = "webhook_attempts"
    __table_args__ = (tenant_fk(["delivery_id"], "webhook_deliveries.id"),)

    delivery_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    attempt: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    status_code: Mapped[int | None]
    error: Mapped[str | None] = mapped_column(sa.Text)
    duration_ms: Mapped[float]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
