"""Every query on an activity's stored transcript (its segments and rendered document) outside
the read paths of activities/repository.py; each one is scoped by the organization it is
given."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.transcripts.models import TranscriptDocument, TranscriptSegment


async def delete_transcript(session: AsyncSession, org_id: str, activity_id: str) -> None:
    """The activity's segments and its rendered document."""
    for table in (TranscriptSegment, TranscriptDocument):
        await session.execute(
            sa.delete(table).where(
                table.organization_id == org_id, table.activity_id == activity_id
            )
        )


async def segments(session: AsyncSession, org_id: str, activity_id: str) -> list[TranscriptSegment]:
    """The activity's segment rows in order."""
    rows = await session.execute(
        sa.select(TranscriptSegment)
        .where(
            TranscriptSegment.organization_id == org_id,
            TranscriptSegment.activity_id == activity_id,
        )
        .order_by(TranscriptSegment.position)
    )
    return list(rows.scalars())
