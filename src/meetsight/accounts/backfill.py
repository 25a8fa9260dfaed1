"""Matching what is already stored: for one account or deal after it is created or changed,
and for a whole organization (`meetsight accounts backfill`, the demo)."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts.folding import account_key
from meetsight.accounts.links import link_account, link_deal
from meetsight.accounts.matching import match_activity
from meetsight.accounts.models import Account, AccountDomain, Deal, DealActivity
from meetsight.accounts.proposals import propose_for_account
from meetsight.activities.models import Activity, ActivityLink, ActivityParticipant
from meetsight.organizations.models import Person


async def _linked_by_crm(session: AsyncSession, org_id: str, kind: str, crm_id: str) -> list[str]:
    rows = await session.scalars(
        sa.select(ActivityLink.activity_id).where(
            ActivityLink.organization_id == org_id,
            ActivityLink.kind == kind,
            ActivityLink.external_id == crm_id,
        )
    )
    return list(rows)


async def _attended_by(session: AsyncSession, org_id: str, person_ids: list[str]) -> list[str]:
    if not person_ids:
        return []
    rows = await session.scalars(
        sa.select(ActivityParticipant.activity_id)
        .where(
            ActivityParticipant.organization_id == org_id,
            ActivityParticipant.person_id.in_(person_ids),
        )
        .distinct()
    )
    return list(rows)


async def _outside_people_of(
    session: AsyncSession, org_id: str, account: Account
) -> tuple[list[str], list[str]]:
    """(people at the account's domains, people whose company folds to its name)."""
    domains = list(
        await session.scalars(
            sa.select(AccountDomain.domain).where(
                AccountDomain.organization_id == org_id, AccountDomain.account_id == account.id
            )
        )
    )
    rows = await session.execute(
        sa.select(Person.id, Person.email, Person.company).where(
            Person.organization_id == org_id, Person.is_internal.is_(False)
        )
    )
    by_domain, by_name = [], []
    for person_id, email, company in rows:
        if email and "@" in email and email.rsplit("@", 1)[1].lower() in domains:
            by_domain.append(person_id)
        if company and account_key(company) == account.folded_name:
            by_name.append(person_id)
    return by_domain, by_name


async def match_existing_for_account(session: AsyncSession, org_id: str, account: Account) -> int:
    """Link the stored conversations that match this account; the number of links added."""
    added = 0
    candidates: list[tuple[str, str]] = []
    if account.crm_company_id:
        crm = await _linked_by_crm(session, org_id, "company", account.crm_company_id)
        candidates += [(a, "crm") for a in crm]
    by_domain, by_name = await _outside_people_of(session, org_id, account)
    candidates += [(a, "domain") for a in await _attended_by(session, org_id, by_domain)]
    candidates += [(a, "name") for a in await _attended_by(session, org_id, by_name)]
    for activity_id, how in candidates:
        added += await link_account(session, org_id, account.id, activity_id, how)
    if added:
        await propose_for_account(session, org_id, account.id)
    return added


async def match_existing_for_deal(session: AsyncSession, org_id: str, deal: Deal) -> int:
    added = 0
    if deal.crm_opportunity_id:
        for activity_id in await _linked_by_crm(
            session, org_id, "opportunity", deal.crm_opportunity_id
        ):
            added += await link_deal(session, org_id, deal.id, activity_id, "crm")
    if deal.account_id is not None:
        for activity_id in await deal_activity_ids(session, org_id, deal.id):
            await link_account(session, org_id, deal.account_id, activity_id, "deal")
        await propose_for_account(session, org_id, deal.account_id)
    return added


async def deal_activity_ids(session: AsyncSession, org_id: str, deal_id: str) -> list[str]:
    rows = await session.scalars(
        sa.select(DealActivity.activity_id).where(
            DealActivity.organization_id == org_id, DealActivity.deal_id == deal_id
        )
    )
    return list(rows)


async def backfill_organization(session: AsyncSession, org_id: str) -> dict[str, int]:
    """Match every stored conversation, oldest first, then look for proposals in every account.
    Safe to run again: it only adds what is missing."""
    activity_ids = list(
        await session.scalars(
            sa.select(Activity.id)
            .where(Activity.organization_id == org_id)
            .order_by(Activity.start_at, Activity.id)
        )
    )
    for activity_id in activity_ids:
        await match_activity(session, org_id, activity_id)
    account_ids = list(
        await session.scalars(sa.select(Account.id).where(Account.organization_id == org_id))
    )
    proposed = 0
    for account_id in account_ids:
        proposed += await propose_for_account(session, org_id, account_id)
    return {"activities": len(activity_ids), "accounts": len(account_ids), "proposals": proposed}
