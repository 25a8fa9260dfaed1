"""Writing the rows that tie a conversation to an account or a deal (idempotent)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts.models import AccountActivity, DealActivity


async def link_account(
    session: AsyncSession, org_id: str, account_id: str, activity_id: str, matched_by: str
) -> bool:
    """Add the link unless it exists (the first way it was matched is kept); True when added."""
    found = await session.get(AccountActivity, (org_id, account_id, activity_id))
    if found is not None:
        return False
    session.add(
        AccountActivity(
            organization_id=org_id,
            account_id=account_id,
            activity_id=activity_id,
            matched_by=matched_by,
        )
    )
    await session.flush()
    return True


async def link_deal(
    session: AsyncSession, org_id: str, deal_id: str, activity_id: str, matched_by: str
) -> bool:
    found = await session.get(DealActivity, (org_id, deal_id, activity_id))
    if found is not None:
        return False
    session.add(
        DealActivity(
            organization_id=org_id, deal_id=deal_id, activity_id=activity_id, matched_by=matched_by
        )
    )
    await session.flush()
    return True
