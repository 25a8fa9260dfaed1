"""ISO 8601 in UTC with Z, and the date/date-time parameters clients send."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache


@lru_cache(maxsize=65_536)
def iso_z(value: datetime | None) -> str | None:
    """To the second, or to the millisecond when there is a fraction (an end time computed from
    a 12.5 s duration). Cached: listings render the same stored times over and over."""
    if value is None:
        return None
    value = value.astimezone(UTC)
    spec = "milliseconds" if value.microsecond else "seconds"
    return value.replace(tzinfo=None).isoformat(timespec=spec) + "Z"


def parse_datetime(text: str) -> datetime:
    """Parse an ISO 8601 date-time (a bare date means its midnight UTC); naive means UTC."""
    text = text.strip()
    if not text:
        raise ValueError("empty date-time")
    if len(text) == 10:
        return datetime.combine(date.fromisoformat(text), time(), tzinfo=UTC)
    value = datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    try:
        return value.astimezone(UTC)
    except OverflowError:  # 0001-01-01T00:00+01:00 is before the first representable instant
        raise ValueError("date-time out of range") from None


def range_start(text: str) -> datetime:
    return parse_datetime(text)


def range_end(text: str) -> datetime:
    """The exclusive end of a range: a bare date includes that whole day."""
    value = parse_datetime(text)
    if len(text.strip()) != 10:
        return value
    try:
        return value + timedelta(days=1)
    except OverflowError:  # 9999-12-31: up to the last representable instant
        return datetime.max.replace(tzinfo=UTC)
