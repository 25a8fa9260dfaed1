"""What processing does for accounts once a conversation's intelligence is stored."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts.matching import match_activity
from meetsight.accounts.proposals import propose_for_account


async def match_processed_activity(session: AsyncSession, org_id: str, activity_id: str) -> None:
    """Link the conversation to its accounts and deals, then let it propose closing the open
    steps of earlier conversations of those accounts. Runs in the stage's transaction."""
    for account_id in await match_activity(session, org_id, activity_id):
        await propose_for_account(session, org_id, account_id)
