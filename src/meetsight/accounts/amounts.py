"""The amounts quoted in an account's conversations, latest first, each with its moment.

The built-in engine keeps every money amount it reads in the insights (`pricingAmounts`, with
the segment it was said in); for a conversation whose insights lack them (an LLM engine's), the
same extractor runs over the transcript's segments here. Percentages (discounts) are not
amounts quoted and are left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts.moments import segments_at, segments_of
from meetsight.accounts.views import moment
from meetsight.intelligence.builtin.amounts import find_amounts
from meetsight.intelligence.models import ActivitySummary
from meetsight.timefmt import iso_z


async def _stored_insights(
    session: AsyncSession, org_id: str, activity_ids: Sequence[str]
) -> dict[str, dict[str, Any]]:
    if not activity_ids:
        return {}
    rows = await session.execute(
        sa.select(ActivitySummary.activity_id, ActivitySummary.insights).where(
            ActivitySummary.organization_id == org_id,
            ActivitySummary.activity_id.in_(list(activity_ids)),
        )
    )
    return {a: i or {} for a, i in rows}


async def _mentions(
    session: AsyncSession, org_id: str, activity_id: str, insights: dict[str, Any] | None
) -> list[dict[str, Any]]:
    """(value, currency, text, speaker, start, quote) of each amount, in reading order."""
    stored = (insights or {}).get("pricingAmounts")
    if isinstance(stored, list):
        kept = [a for a in stored if isinstance(a, dict) and not a.get("percent")]
        at = await segments_at(
            session,
            org_id,
            [(activity_id, a["line"]) for a in kept if isinstance(a.get("line"), int)],
        )
        found = []
        for a in kept:
            segment = at.get((activity_id, a.get("line", -1)))
            found.append(
                {
                    "value": a.get("value"),
                    "currency": a.get("currency"),
                    "text": a.get("text", ""),
                    "speaker": a.get("speaker") or (segment.speaker if segment else None),
                    "startTime": segment.start_time if segment else None,
                    "quote": segment.content if segment else None,
                }
            )
        return found
    return [
        {
            "value": a.value,
            "currency": a.currency,
            "text": a.text,
            "speaker": segment.speaker,
            "startTime": segment.start_time,
            "quote": segment.content,
        }
        for _, segment in await segments_of(session, org_id, activity_id)
        for a in find_amounts(segment.content)
        if not a.percent
    ]


async def quoted_amounts(
    session: AsyncSession, org_id: str, conversations: Sequence[Any]
) -> list[dict[str, Any]]:
    """Every amount quoted in `conversations` (timeline rows, newest first), latest first."""
    insights = await _stored_insights(session, org_id, [c.id for c in conversations])
    out: list[dict[str, Any]] = []
    for row in conversations:
        mentions = await _mentions(session, org_id, row.id, insights.get(row.id))
        for m in reversed(mentions):  # latest first within the conversation too
            start = m.pop("startTime")
            quote = m.pop("quote")
            said = row.start_at + timedelta(seconds=start or 0)
            out.append({**m, **moment(row, start, quote), "saidAt": iso_z(said)})
    return out
