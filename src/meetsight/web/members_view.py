"""Names of an organization's members, for pages that show who created or did something."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.organizations import repository


async def member_names(session: AsyncSession, organization_id: str) -> dict[str, str]:
    return await repository.user_names(session, organization_id)
