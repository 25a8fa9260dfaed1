"""An activity's status changes, each written together with its `meeting_status_changed`
webhook event in the caller's transaction: the one place a status is changed and announced.

- `transcript_done`, `summary_done`, `notes_done`: milestones of processing, announced as their
  stage is marked done; the stored status stays `processing`.
- `completed`: from `processing` only (an activity that failed or was deleted meanwhile stays so).
- `failed`: from any status, with the reason the activity shows.
- `deleted`: the activity's rows are removed (media is the caller's).

A change that did not happen (the activity is gone, or not `processing` any more) is not
announced, so each change is announced exactly once even when two writers race.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities import repository as repo
from meetsight.activities.models import Activity
from meetsight.activities.updates import update_activity
from meetsight.webhooks.events import emit_status

MILESTONES: Final = ("transcript_done", "summary_done", "notes_done")


@dataclass(frozen=True, slots=True)
class Announced:
    """What a status event names of its activity."""

    is_call: bool
    name: str | None


async def transition_status(
    session: AsyncSession,
    organization_id: str,
    activity_id: str,
    status: str,
    *,
    failure_reason: str | None = None,
    activity: Announced | None = None,
) -> bool:
    """Change the activity's status and queue its webhook event; False when there was nothing
    to change. `activity`: the activity's kind and name, required for the milestones (which
    write nothing, so read nothing either)."""
    if status in MILESTONES:
        if activity is None:
            raise ValueError(f"{status}: the activity's kind and name are needed")
        row: Announced | None = activity
    elif status == "completed":
        row = await _set_status(
            session,
            organization_id,
            activity_id,
            status="completed",
            failure_reason=None,
            only_from="processing",
        )
    elif status == "failed":
        row = await _set_status(
            session, organization_id, activity_id, status="failed", failure_reason=failure_reason
        )
    elif status == "deleted":
        deleted = await repo.delete_activity_rows(session, organization_id, activity_id)
        row = None if deleted is None else Announced(deleted.is_call, deleted.name)
    else:
        raise ValueError(f"unknown status {status!r}")
    if row is None:
        return False
    await emit_status(
        session,
        organization_id,
        activity_id=activity_id,
        is_call=row.is_call,
        status=status,
        name=row.name,
        failure_reason=failure_reason if status == "failed" else None,
    )
    return True


async def _set_status(
    session: AsyncSession,
    organization_id: str,
    activity_id: str,
    *,
    status: str,
    failure_reason: str | None,
    only_from: str | None = None,
) -> Announced | None:
    row = await update_activity(
        session,
        organization_id,
        activity_id,
        where=() if only_from is None else (Activity.status == only_from,),
        status=status,
        failure_reason=failure_reason,
    )
    return None if row is None else Announced(row.is_call, row.name)
