"""Accounts, deals and the conversations they show, as REST answers (camelCase dicts)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from meetsight.accounts.models import Account, Deal
from meetsight.activities.kinds import kind_of
from meetsight.activities.serializers import activity_url
from meetsight.timefmt import iso_z


def serialize_account(
    account: Account, domains: list[str], stats: tuple[int, datetime | None]
) -> dict[str, Any]:
    return {
        "id": account.id,
        "name": account.name,
        "domains": domains,
        "crmCompanyId": account.crm_company_id,
        "description": account.description,
        "conversationCount": stats[0],
        "lastConversationAt": iso_z(stats[1]),
        "createdAt": iso_z(account.created_at),
        "updatedAt": iso_z(account.updated_at),
    }


def serialize_deal(deal: Deal, stats: tuple[int, datetime | None]) -> dict[str, Any]:
    return {
        "id": deal.id,
        "name": deal.name,
        "accountId": deal.account_id,
        "crmOpportunityId": deal.crm_opportunity_id,
        "stage": deal.stage,
        "amount": deal.amount,
        "currency": deal.currency,
        "conversationCount": stats[0],
        "lastConversationAt": iso_z(stats[1]),
        "createdAt": iso_z(deal.created_at),
        "updatedAt": iso_z(deal.updated_at),
    }


def conversation_ref(row: Any) -> dict[str, Any]:
    """`row` has id, is_call, name and start_at (a timeline row)."""
    return {
        "id": row.id,
        "kind": "call" if row.is_call else "meeting",
        "name": row.name,
        "startDateTime": iso_z(row.start_at),
    }


def timeline_item(row: Any, public_url: str) -> dict[str, Any]:
    return {
        **conversation_ref(row),
        "status": row.status,
        "duration": row.duration,
        "aiScore": row.ai_score,
        "matchedBy": row.matched_by,
        "url": activity_url(public_url, kind_of(row.is_call), row.id),
    }


def moment(row: Any, start_time: float | None, quote: str | None) -> dict[str, Any]:
    return {"conversation": conversation_ref(row), "startTime": start_time, "quote": quote}
