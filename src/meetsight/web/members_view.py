"""Names of an organization's members, for pages that show who created or did something."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.organizations.models import User


async def member_names(session: AsyncSession, organization_id: str) -> dict[str, str]:
    rows = await session.execute(
        sa.select(User.id, User.name).where(User.organization_id == organization_id)
    )
    return {user_id: name for user_id, name in rows.all()}
