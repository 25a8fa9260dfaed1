"""Every query on the audit log; each one is scoped by the organization it is given."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.audit.models import AuditEvent


async def page_events(
    session: AsyncSession, organization_id: str, *, limit: int, offset: int
) -> tuple[list[AuditEvent], int]:
    """One page of the organization's events, newest first, and how many there are."""
    where = AuditEvent.organization_id == organization_id
    total = (
        await session.execute(sa.select(sa.func.count()).select_from(AuditEvent).where(where))
    ).scalar_one()
    rows = await session.execute(
        sa.select(AuditEvent)
        .where(where)
        .order_by(AuditEvent.created_at.desc(), AuditEvent.id.desc())
        .limit(limit)
        .offset(offset)
    )
    return list(rows.scalars()), int(total)
