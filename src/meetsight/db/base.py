"""Declarative base, column types shared by every table, and the tenant mixin."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from meetsight.ids import new_id

NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_N_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(sa.TypeDecorator[datetime]):
    """Timezone-aware UTC on the way out, whatever the engine stores."""

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        value = value.astimezone(UTC)
        # SQLite keeps text: store naive UTC so that string order is time order.
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


JSONType = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
IdType = sa.String(36)


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = sa.MetaData(naming_convention=NAMING)
    type_annotation_map = {datetime: UTCDateTime, dict[str, Any]: JSONType, list[Any]: JSONType}


class TenantMixin:
    """Every tenant table leads its primary key with organization_id (distributable by it)."""

    organization_id: Mapped[str] = mapped_column(
        IdType,
        sa.ForeignKey("organizations.id", ondelete="CASCADE"),
        primary_key=True,
        sort_order=-10,
    )


class IdMixin:
    id: Mapped[str] = mapped_column(IdType, primary_key=True, default=new_id)


class TimestampMixin:
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


def tenant_fk(
    columns: list[str], target: str, *, ondelete: str | None = "CASCADE"
) -> sa.ForeignKeyConstraint:
    """A foreign key that carries organization_id, as distribution by tenant requires."""
    table, *target_cols = target.split(".")
    refcols = [f"{table}.organization_id"] + [f"{table}.{c}" for c in target_cols]
    return sa.ForeignKeyConstraint(["organization_id", *columns], refcols, ondelete=ondelete)
