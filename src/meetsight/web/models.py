"""Web sessions (only a hash of the cookie's token is stored) and sign-in attempts (lockout)."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from meetsight.db.base import Base, IdMixin, IdType, TenantMixin, tenant_fk, utcnow


class WebSession(TenantMixin, IdMixin, Base):
    __tablename__ = "web_sessions"
    __table_args__ = (
        sa.UniqueConstraint("token_hash"),
        tenant_fk(["user_id"], "users.id"),
    )

    user_id: Mapped[str] = mapped_column(IdType)
    token_hash: Mapped[str] = mapped_column(sa.String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
    user_agent: Mapped[str | None] = mapped_column(sa.String(300))
    ip: Mapped[str | None] = mapped_column(sa.String(64))
    # A one-time message for the next page (a new key's secret), sealed with a key derived from
    # the cookie's token, which the server does not keep: the database alone cannot read it.
    flash: Mapped[str | None] = mapped_column(sa.Text)


class SigninAttempt(IdMixin, Base):
    """One try to sign in, by email (normalised), before any organization is known: the one
    table without organization_id (a local table under Citus). Rows older than a day go."""

    __tablename__ = "signin_attempts"
    __table_args__ = (
        sa.Index("ix_signin_attempts_email_created_at", "email", "created_at"),
        sa.Index("ix_signin_attempts_created_at", "created_at"),
    )

    email: Mapped[str] = mapped_column(sa.String(320))
    outcome: Mapped[str] = mapped_column(sa.String(10))  # ok, failed, locked
    ip: Mapped[str | None] = mapped_column(sa.String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
