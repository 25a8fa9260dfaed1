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

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts import conversation_repository
from meetsight.accounts.moments import segments_at, segments_of
from meetsight.accounts.views import moment
from meetsight.intelligence.builtin.amounts import find_amounts
from meetsight.timefmt import iso_z

IDS_PER_QUERY = 2_000  # bound parameters per IN list, far below both engines' limits


async def _stored_insights(
    session: AsyncSession, org_id: str, activity_ids: Sequence[str]
) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    ids = sorted(set(activity_ids))
    for first in range(0, len(ids), IDS_PER_QUERY):
        chunk = ids[first : first + IDS_PER_QUERY]
        rows = await conversation_repository.insights_of(session, org_id, chunk)
        found.update((a, i or {}) for a, i in rows)
    return found


async def _mentions(
    session: AsyncSession, org_id: str, activity_ids: Sequence[str]
) -> dict[str, list[dict[str, Any]]]:
    """Per conversation, each amount in reading order: value, currency, text and speaker, with
    the `line` it was said at when stored (its moment is placed later, only where needed) or
    its moment (startTime, quote) when read from the transcript."""
    insights = await _stored_insights(session, org_id, activity_ids)
    found: dict[str, list[dict[str, Any]]] = {}
    for activity_id in dict.fromkeys(activity_ids):
        stored = insights.get(activity_id, {}).get("pricingAmounts")
        if isinstance(stored, list):
            found[activity_id] = [
                {
                    "value": a.get("value"),
                    "currency": a.get("currency"),
                    "text": a.get("text", ""),
                    "speaker": a.get("speaker"),
                    "line": a.get("line"),
                }
                for a in stored
                if isinstance(a, dict) and not a.get("percent")
            ]
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


async def _place(
    session: AsyncSession, org_id: str, mentions: Sequence[tuple[str, dict[str, Any]]]
) -> None:
    """Give stored mentions (activity id, mention) their moment: the segment at their line,
    all in one lookup; its speaker where the engine stored none."""
    stored = [(a, m) for a, m in mentions if "line" in m]
    at = await segments_at(
        session, org_id, [(a, m["line"]) for a, m in stored if isinstance(m["line"], int)]
    )
    for activity_id, m in stored:
        segment = at.get((activity_id, m.pop("line")))
        m["speaker"] = m["speaker"] or (segment.speaker if segment else None)
        m["startTime"] = segment.start_time if segment else None
        m["quote"] = segment.content if segment else None


def _answer(row: Any, mention: dict[str, Any]) -> dict[str, Any]:
    m = dict(mention)
    start = m.pop("startTime")
    quote = m.pop("quote")
    said = row.start_at + timedelta(seconds=start or 0)
    return {**m, **moment(row, start, quote), "saidAt": iso_z(said)}


async def quoted_amounts(
    session: AsyncSession, org_id: str, conversations: Sequence[Any]
) -> list[dict[str, Any]]:
    """Every amount quoted in `conversations` (timeline rows, newest first), latest first."""
    mentions = await _mentions(session, org_id, [row.id for row in conversations])
    await _place(session, org_id, [(a, m) for a, found in mentions.items() for m in found])
    return [
        _answer(row, m)
        for row in conversations
        for m in reversed(mentions[row.id])  # latest first within the conversation too
    ]


async def largest_amounts(
    session: AsyncSession, org_id: str, timelines: dict[str, list[Any]]
) -> dict[str, dict[str, Any]]:
    """Per account (its timeline rows, newest first), the largest amount quoted as
    quoted_amounts gives it (the latest of equal ones); the same statements for one account or
    hundreds, and only the winners' moments looked up."""
    rows = [row for found in timelines.values() for row in found]
    mentions = await _mentions(session, org_id, [row.id for row in rows])
    best: dict[str, tuple[Any, dict[str, Any]]] = {}
    for account_id, found in timelines.items():
        valued = [
            (row, m)
            for row in found
            for m in reversed(mentions[row.id])
            if isinstance(m.get("value"), int | float)
        ]
        if valued:
            best[account_id] = max(valued, key=lambda pair: pair[1]["value"])
    # a conversation of two accounts can give both the same mention: placed once
    chosen = {id(m): (row.id, m) for row, m in best.values()}
    await _place(session, org_id, list(chosen.values()))
    return {account_id: _answer(row, m) for account_id, (row, m) in best.items()}
