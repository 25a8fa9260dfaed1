"""Column types, time and ids as of revision 0018 (`meetsight.db.base`, `meetsight.ids`)."""

from __future__ import annotations

import os
import time
import uuid
from datetime import UTC, datetime

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql


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


def utcnow() -> datetime:
    return datetime.now(UTC)


def new_id() -> str:
    """A time-sortable UUIDv7 (RFC 9562) as a string."""
    ms = time.time_ns() // 1_000_000
    rand = int.from_bytes(os.urandom(10), "big")
    value = (ms & ((1 << 48) - 1)) << 80
    value |= 0x7 << 76  # version
    value |= (rand >> 68) << 64  # 12 random bits (rand_a)
    value |= 0b10 << 62  # variant
    value |= rand & ((1 << 62) - 1)  # 62 random bits (rand_b)
    return str(uuid.UUID(int=value))
