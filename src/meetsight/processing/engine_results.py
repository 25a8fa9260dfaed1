"""Storing an engine's results with what follows from them in the packages that build on
intelligence: the next steps' rows (`accounts`) kept in step with the summary's steps, and the
conversation's trends row (`trends`)."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts.next_step_records import record_next_steps
from meetsight.activities.models import Activity
from meetsight.intelligence.results import Intelligence
from meetsight.intelligence.store import store_intelligence
from meetsight.trends.rows import refresh_conversation_metrics


async def store_engine_results(
    session: AsyncSession,
    activity: Activity,
    result: Intelligence,
    category_ids: Mapping[str, str],
) -> None:
    """`store_intelligence`, then the next-step rows (each step keeps its id and state: open,
    done, dropped, across runs) and the trends row."""
    await store_intelligence(session, activity, result, category_ids)
    await record_next_steps(
        session, activity.organization_id, activity.id, [s.action for s in result.next_steps]
    )
    await refresh_conversation_metrics(session, activity.organization_id, activity.id)
