"""At start: remove media folders whose activity no longer exists (a crash between a delete's
commit and its file removal, or between an upload's file move and its commit). With no other
live process writing into the folder (storage/owners.py tells) every orphan goes at once; with
one, only those older than a grace period, since that process may be about to commit."""

from __future__ import annotations

import asyncio
import logging

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from meetsight.activities.models import Activity
from meetsight.activities.service import media_prefix
from meetsight.db.unit_of_work import read_only
from meetsight.errors import AppError
from meetsight.storage.base import MediaStore

log = logging.getLogger("meetsight.media")


# Another API process may be between moving an upload into place and committing its row.
GRACE_SECONDS = 600.0


async def sweep_orphan_media(
    sessionmaker: async_sessionmaker[AsyncSession],
    media: MediaStore,
    *,
    grace_seconds: float | None = None,
) -> int:
    if grace_seconds is None:
        grace_seconds = GRACE_SECONDS if await asyncio.to_thread(media.others_writing) else 0.0
    try:
        folders = await media.list_activity_prefixes(older_than=grace_seconds)
    except AppError as exc:  # an unreachable bucket must not stop the start either
        log.warning("could not list media for the orphan sweep: %s", exc.message)
        return 0
    removed = 0
    async with read_only(sessionmaker) as session:
        for start in range(0, len(folders), 500):
            batch = folders[start : start + 500]
            ids = [activity_id for _, activity_id in batch]
            rows = await session.execute(
                sa.select(Activity.organization_id, Activity.id).where(Activity.id.in_(ids))
            )
            alive = {(org, aid) for org, aid in rows.all()}
            for org_id, activity_id in batch:
                if (org_id, activity_id) not in alive:
                    try:
                        await media.delete_prefix(media_prefix(org_id, activity_id))
                    except (OSError, AppError) as exc:  # a read-only store must not stop the start
                        log.warning("could not remove orphan media %s: %s", activity_id, exc)
                        continue
                    removed += 1
    if removed:
        log.info("removed %d orphan media folders", removed)
    return removed
