"""API keys: only an HMAC of the key is stored; the key itself is shown once."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from meetsight.db.base import Base, IdMixin, IdType, TenantMixin, utcnow


class ApiKey(TenantMixin, IdMixin, Base):
    __tablename__ = "api_keys"
    __table_args__ = (sa.UniqueConstraint("key_hash"),)

    name: Mapped[str] = mapped_column(sa.String(200))
    prefix: Mapped[str] = mapped_column(sa.String(24))
    key_hash: Mapped[str] = mapped_column(sa.String(64))
    scopes: Mapped[list[Any]] = mapped_column(default=list)
    expires_at: Mapped[datetime | None]
    revoked_at: Mapped[datetime | None]
    last_used_at: Mapped[datetime | None]
    created_by_user_id: Mapped[str | None] = mapped_column(IdType)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
