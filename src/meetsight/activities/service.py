"""Reading and deleting activities for an organization; shared by REST and MCP."""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities import repository as repo
from meetsight.activities.kinds import ActivityKind
from meetsight.activities.status import transition_status
from meetsight.activity_filter import ActivityFilter
from meetsight.auth.context import AuthContext
from meetsight.db.reads import Reader
from meetsight.db.unit_of_work import checkpoint
from meetsight.errors import AppError, NotFound, ValidationFailed
from meetsight.storage.base import MediaStore
from meetsight.timefmt import range_end, range_start

log = logging.getLogger("meetsight.media")


def media_prefix(org_id: str, activity_id: str) -> str:
    return f"{org_id}/{activity_id}"


async def require_activity(
    reader: Reader, ctx: AuthContext, activity_id: str, kind: ActivityKind | None
) -> Any:
    """The activity row, or 404 when it is missing, another organization's, or the other kind."""
    row = None
    # No id is longer, or holds a NUL (which PostgreSQL cannot even take as a parameter).
    if len(activity_id) <= 64 and "\x00" not in activity_id:
        row = await repo.get_activity_row(
            reader,
            ctx.organization_id,
            activity_id,
            is_call=None if kind is None else kind.is_call,
        )
    if row is None:
        raise NotFound(kind.not_found if kind else "Meeting not found")
    return row


def build_filters(
    kind: ActivityKind,
    *,
    from_date: str | None,
    to_date: str | None,
    status: str | None,
    media_type: str | None = None,
    name: str | None = None,
    direction: str | None = None,
    participant: str | None = None,
    company: str | None = None,
) -> ActivityFilter:
    filters = ActivityFilter(is_call=kind.is_call, status=status, media_type=media_type)
    # `is not None`: an empty fromDate= is a malformed date (422), not a missing filter.
    try:
        filters.from_at = range_start(from_date) if from_date is not None else None
    except ValueError:
        raise ValidationFailed("fromDate: expected YYYY-MM-DD or an ISO 8601 date-time") from None
    try:
        filters.to_at = range_end(to_date) if to_date is not None else None
    except ValueError:
        raise ValidationFailed("toDate: expected YYYY-MM-DD or an ISO 8601 date-time") from None
    if filters.from_at and filters.to_at and filters.from_at >= filters.to_at:
        raise ValidationFailed("toDate: must be after fromDate")
    if name and "\x00" in name:
        raise ValidationFailed("name: must not contain NUL characters")
    filters.name_contains = name.strip() if name and name.strip() else None
    filters.direction = direction.lower() if direction else None
    for field, value in (("participant", participant), ("company", company)):
        if value is not None and ("\x00" in value or not value.strip()):
            raise ValidationFailed(f"{field}: give a name, an email address or a domain")
        setattr(filters, field, value.strip() if value else None)
    return filters


async def delete_activity(
    session: AsyncSession, media: MediaStore, ctx: AuthContext, activity_id: str
) -> None:
    """Delete rows first and commit, then the files: a crash in between leaves only an orphan
    file, which the start-up sweep removes, never a row that points at missing media."""
    # A concurrent delete of the same activity announces it once.
    await transition_status(session, ctx.organization_id, activity_id, "deleted")
    await checkpoint(session)
    try:
        await media.delete_prefix(media_prefix(ctx.organization_id, activity_id))
    except AppError as exc:  # the activity is gone; a store that is down keeps an orphan
        log.warning("media of deleted activity %s left for the sweep: %s", activity_id, exc)
