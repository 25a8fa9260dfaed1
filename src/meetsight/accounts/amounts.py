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

IDS_PER_QUERY = 2_000  # bound parameters per IN list, far below both engines' limits


async def _stored_insights(
    session: AsyncSession, org_id: str, activity_ids: Sequence[str]
) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    ids = sorted(set(activity_ids))
    for first in range(0, len(ids), IDS_PER_QUERY):
        rows = await session.execute(
            sa.select(ActivitySummary.activity_id, ActivitySummary.insights).where(
                ActivitySummary.organization_id == org_id,
                ActivitySummary.activity_id.in_(ids[first : first + IDS_PER_QUERY]),
            )
        )
        found.update((a, i or {}) for a, i in rows)
    return found


async def _mentions(
    session: AsyncSession, org_id: str, insights: dict[str, dict[str, Any]], activity_ids: list[str]
) -> dict[str, list[dict[str, Any]]]:
    """Per conversation, (value, currency, text, speaker, start, quote) of each amount in
    reading order; the moments of all stored amounts in one lookup."""
    stored: dict[str, list[dict[str, Any]]] = {}
    for activity_id in activity_ids:
        amounts = insights.get(activity_id, {}).get("pricingAmounts")
        if isinstance(amounts, list):
            stored[activity_id] = [
                a for a in amounts if isinstance(a, dict) and not a.get("percent")
            ]
    at = await segments_at(
        session,
        org_id,
        [
            (activity_id, a["line"])
            for activity_id, kept in stored.items()
            for a in kept
            if isinstance(a.get("line"), int)
        ],
    )
    found: dict[str, list[dict[str, Any]]] = {}
    for activity_id, kept in stored.items():
        found[activity_id] = []
        for a in kept:
            segment = at.get((activity_id, a.get("line", -1)))
            found[activity_id].append(
                {
                    "value": a.get("value"),
                    "currency": a.get("currency"),
                    "text": a.get("text", ""),
                    "speaker": a.get("speaker") or (segment.speaker if segment else None),
                    "startTime": segment.start_time if segment else None,
                    "quote": segment.content if segment else None,
                }
            )
    for activity_id in activity_ids:
        if activity_id in stored:
            continue
        found[activity_id] = [
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
    return found


async def amounts_by_conversation(
    session: AsyncSession, org_id: str, conversations: Sequence[Any]
) -> dict[str, list[dict[str, Any]]]:
    """Each of `conversations`' (timeline rows) amounts, latest first: the same queries for one
    account or for many (list_accounts' largest amounts)."""
    unique = {row.id: row for row in conversations}
    insights = await _stored_insights(session, org_id, list(unique))
    mentions = await _mentions(session, org_id, insights, list(unique))
    out: dict[str, list[dict[str, Any]]] = {}
    for activity_id, row in unique.items():
        out[activity_id] = []
        for m in reversed(mentions[activity_id]):  # latest first within the conversation too
            start = m.pop("startTime")
            quote = m.pop("quote")
            said = row.start_at + timedelta(seconds=start or 0)
            out[activity_id].append({**m, **moment(row, start, quote), "saidAt": iso_z(said)})
    return out


async def quoted_amounts(
    session: AsyncSession, org_id: str, conversations: Sequence[Any]
) -> list[dict[str, Any]]:
    """Every amount quoted in `conversations` (timeline rows, newest first), latest first."""
    found = await amounts_by_conversation(session, org_id, conversations)
    return [amount for row in conversations for amount in found[row.id]]
