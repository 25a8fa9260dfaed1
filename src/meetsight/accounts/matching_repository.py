"""The queries of matching conversations to accounts and deals (accounts/matching.py and
backfill.py): a conversation's outside people and CRM links, the accounts and deals they point
to, and the stored conversations an account or deal matches. Each one is scoped by the
organization it is given."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts.models import Account, AccountDomain, Deal, DealActivity
from meetsight.activities.models import Activity, ActivityLink, ActivityParticipant
from meetsight.activities.participants_repository import person_of_participant
from meetsight.organizations.models import Person


async def outside_people(session: AsyncSession, org_id: str, activity_id: str) -> Sequence[Any]:
    """(email, company) of the conversation's participants who are not internal."""
    rows = await session.execute(
        sa.select(Person.email, Person.company)
        .join(ActivityParticipant, person_of_participant())
        .where(
            ActivityParticipant.organization_id == org_id,
            ActivityParticipant.activity_id == activity_id,
            Person.is_internal.is_(False),
        )
    )
    return rows.all()


async def crm_links(session: AsyncSession, org_id: str, activity_id: str) -> Sequence[Any]:
    """(kind, external id) of the conversation's links, in the order they were made."""
    rows = await session.execute(
        sa.select(ActivityLink.kind, ActivityLink.external_id)
        .where(ActivityLink.organization_id == org_id, ActivityLink.activity_id == activity_id)
        .order_by(ActivityLink.created_at, ActivityLink.external_id)
    )
    return rows.all()


async def accounts_with_domains(
    session: AsyncSession, org_id: str, domains: list[str]
) -> list[str]:
    rows = await session.scalars(
        sa.select(AccountDomain.account_id).where(
            AccountDomain.organization_id == org_id, AccountDomain.domain.in_(domains)
        )
    )
    return list(rows)


async def accounts_named(session: AsyncSession, org_id: str, folded_names: list[str]) -> list[str]:
    rows = await session.scalars(
        sa.select(Account.id).where(
            Account.organization_id == org_id, Account.folded_name.in_(folded_names)
        )
    )
    return list(rows)


async def account_by_crm_id(session: AsyncSession, org_id: str, crm_id: str) -> Account | None:
    return await session.scalar(
        sa.select(Account).where(
            Account.organization_id == org_id, Account.crm_company_id == crm_id
        )
    )


async def deal_by_crm_id(session: AsyncSession, org_id: str, crm_id: str) -> Deal | None:
    return await session.scalar(
        sa.select(Deal).where(Deal.organization_id == org_id, Deal.crm_opportunity_id == crm_id)
    )


async def linked_by_crm(session: AsyncSession, org_id: str, kind: str, crm_id: str) -> list[str]:
    """The conversations with a CRM link of this kind and id."""
    rows = await session.scalars(
        sa.select(ActivityLink.activity_id).where(
            ActivityLink.organization_id == org_id,
            ActivityLink.kind == kind,
            ActivityLink.external_id == crm_id,
        )
    )
    return list(rows)


async def attended_by(session: AsyncSession, org_id: str, person_ids: list[str]) -> list[str]:
    """The conversations any of these people took part in."""
    rows = await session.scalars(
        sa.select(ActivityParticipant.activity_id)
        .where(
            ActivityParticipant.organization_id == org_id,
            ActivityParticipant.person_id.in_(person_ids),
        )
        .distinct()
    )
    return list(rows)


async def domains_of_account(session: AsyncSession, org_id: str, account_id: str) -> list[str]:
    rows = await session.scalars(
        sa.select(AccountDomain.domain).where(
            AccountDomain.organization_id == org_id, AccountDomain.account_id == account_id
        )
    )
    return list(rows)


async def outside_contacts(session: AsyncSession, org_id: str) -> Sequence[Any]:
    """(id, email, company) of every person of the organization who is not internal."""
    rows = await session.execute(
        sa.select(Person.id, Person.email, Person.company).where(
            Person.organization_id == org_id, Person.is_internal.is_(False)
        )
    )
    return rows.all()


async def deal_activity_ids(session: AsyncSession, org_id: str, deal_id: str) -> list[str]:
    rows = await session.scalars(
        sa.select(DealActivity.activity_id).where(
            DealActivity.organization_id == org_id, DealActivity.deal_id == deal_id
        )
    )
    return list(rows)


async def activity_ids_oldest_first(session: AsyncSession, org_id: str) -> list[str]:
    rows = await session.scalars(
        sa.select(Activity.id)
        .where(Activity.organization_id == org_id)
        .order_by(Activity.start_at, Activity.id)
    )
    return list(rows)


async def account_ids(session: AsyncSession, org_id: str) -> list[str]:
    rows = await session.scalars(sa.select(Account.id).where(Account.organization_id == org_id))
    return list(rows)
