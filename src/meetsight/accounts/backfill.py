"""Matching what is already stored: for one account or deal after it is created or changed,
and for a whole organization (`meetsight accounts backfill`, the demo)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts import matching_repository
from meetsight.accounts.folding import account_key
from meetsight.accounts.links import link_account, link_deal
from meetsight.accounts.matching import match_activity
from meetsight.accounts.models import Account, Deal
from meetsight.accounts.proposals import propose_for_account


async def _attended_by(session: AsyncSession, org_id: str, person_ids: list[str]) -> list[str]:
    if not person_ids:
        return []
    return await matching_repository.attended_by(session, org_id, person_ids)


async def _outside_people_of(
    session: AsyncSession, org_id: str, account: Account
) -> tuple[list[str], list[str]]:
    """(people at the account's domains, people whose company folds to its name)."""
    domains = await matching_repository.domains_of_account(session, org_id, account.id)
    rows = await matching_repository.outside_contacts(session, org_id)
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
        crm = await matching_repository.linked_by_crm(
            session, org_id, "company", account.crm_company_id
        )
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
        for activity_id in await matching_repository.linked_by_crm(
            session, org_id, "opportunity", deal.crm_opportunity_id
        ):
            added += await link_deal(session, org_id, deal.id, activity_id, "crm")
    if deal.account_id is not None:
        for activity_id in await matching_repository.deal_activity_ids(session, org_id, deal.id):
            await link_account(session, org_id, deal.account_id, activity_id, "deal")
        await propose_for_account(session, org_id, deal.account_id)
    return added


async def backfill_organization(session: AsyncSession, org_id: str) -> dict[str, int]:
    """Match every stored conversation, oldest first, then look for proposals in every account.
    Safe to run again: it only adds what is missing."""
    activity_ids = await matching_repository.activity_ids_oldest_first(session, org_id)
    for activity_id in activity_ids:
        await match_activity(session, org_id, activity_id)
    account_ids = await matching_repository.account_ids(session, org_id)
    proposed = 0
    for account_id in account_ids:
        proposed += await propose_for_account(session, org_id, account_id)
    return {"activities": len(activity_ids), "accounts": len(account_ids), "proposals": proposed}
