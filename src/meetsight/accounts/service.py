"""Creating and changing accounts and deals. Each change matches the stored conversations
again, so that an account created today shows last month's meetings at once."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts import repository as repo
from meetsight.accounts.backfill import match_existing_for_account, match_existing_for_deal
from meetsight.accounts.folding import account_key
from meetsight.accounts.models import Account, Deal
from meetsight.accounts.schemas import AccountCreate, AccountUpdate, DealCreate, DealUpdate
from meetsight.db.base import utcnow
from meetsight.db.unit_of_work import flush_unique
from meetsight.errors import Conflict, NotFound, ValidationFailed


async def require_account(session: AsyncSession, org_id: str, account_id: str) -> Account:
    account = await repo.get_account(session, org_id, account_id)
    if account is None:
        raise NotFound("Account not found")
    return account


async def require_deal(session: AsyncSession, org_id: str, deal_id: str) -> Deal:
    deal = await repo.get_deal(session, org_id, deal_id)
    if deal is None:
        raise NotFound("Deal not found")
    return deal


_LABELS = {
    "folded_name": "name (compared without case, accents or punctuation)",
    "crm_company_id": "CRM company id (crmCompanyId)",
    "crm_opportunity_id": "CRM opportunity id (crmOpportunityId)",
}


async def _require_free(
    session: AsyncSession, org_id: str, column: Any, value: str, what: str, except_id: str | None
) -> None:
    if await repo.value_taken(session, org_id, column, value, except_id=except_id):
        raise Conflict(f"Another {what} already has this {_LABELS[column.key]}")


async def _require_free_domains(
    session: AsyncSession, org_id: str, domains: list[str], account_id: str | None
) -> None:
    owners = await repo.domain_owners(session, org_id, domains)
    taken = sorted(d for d, owner in owners.items() if owner != account_id)
    if taken:
        raise Conflict(f"These domains belong to another account: {', '.join(taken)}")


# A concurrent request took the name, CRM id or domain first.
_TAKEN = "Another account or deal took this name, CRM id or domain"


async def create_account(session: AsyncSession, org_id: str, body: AccountCreate) -> Account:
    folded = account_key(body.name)
    await _require_free(session, org_id, Account.folded_name, folded, "account", None)
    if body.crm_company_id is not None:
        await _require_free(
            session, org_id, Account.crm_company_id, body.crm_company_id, "account", None
        )
    await _require_free_domains(session, org_id, body.domains, None)
    account = Account(
        organization_id=org_id,
        name=body.name,
        folded_name=folded,
        crm_company_id=body.crm_company_id,
        description=body.description,
    )
    session.add(account)
    await session.flush()
    await repo.replace_domains(session, org_id, account.id, body.domains)
    await match_existing_for_account(session, org_id, account)
    await flush_unique(session, _TAKEN)
    return account


async def update_account(
    session: AsyncSession, org_id: str, account_id: str, body: AccountUpdate
) -> Account:
    account = await require_account(session, org_id, account_id)
    changes = body.model_dump(exclude_unset=True)
    if "name" in changes:
        folded = account_key(changes["name"])
        await _require_free(session, org_id, Account.folded_name, folded, "account", account.id)
        account.name, account.folded_name = changes["name"], folded
    if changes.get("crm_company_id") is not None:
        await _require_free(
            session,
            org_id,
            Account.crm_company_id,
            changes["crm_company_id"],
            "account",
            account.id,
        )
    for field in ("crm_company_id", "description"):
        if field in changes:
            setattr(account, field, changes[field])
    if "domains" in changes:
        await _require_free_domains(session, org_id, changes["domains"], account.id)
        await repo.replace_domains(session, org_id, account.id, changes["domains"])
    if changes:  # domains live in their own table: onupdate would not see them change
        account.updated_at = utcnow()
    await session.flush()
    # Matching adds links for the new name, id or domains; links already made stay.
    await match_existing_for_account(session, org_id, account)
    await flush_unique(session, _TAKEN)
    return account


async def _require_account_field(session: AsyncSession, org_id: str, account_id: str) -> None:
    if await repo.get_account(session, org_id, account_id) is None:
        raise ValidationFailed("accountId: no account with this id")


async def create_deal(session: AsyncSession, org_id: str, body: DealCreate) -> Deal:
    if body.account_id is not None:
        await _require_account_field(session, org_id, body.account_id)
    if body.crm_opportunity_id is not None:
        await _require_free(
            session, org_id, Deal.crm_opportunity_id, body.crm_opportunity_id, "deal", None
        )
    deal = Deal(organization_id=org_id, **body.model_dump())
    session.add(deal)
    await session.flush()
    await match_existing_for_deal(session, org_id, deal)
    await flush_unique(session, _TAKEN)
    return deal


async def update_deal(session: AsyncSession, org_id: str, deal_id: str, body: DealUpdate) -> Deal:
    deal = await require_deal(session, org_id, deal_id)
    changes = body.model_dump(exclude_unset=True)
    if changes.get("account_id") is not None:
        await _require_account_field(session, org_id, changes["account_id"])
    if changes.get("crm_opportunity_id") is not None:
        await _require_free(
            session, org_id, Deal.crm_opportunity_id, changes["crm_opportunity_id"], "deal", deal.id
        )
    for field, value in changes.items():
        setattr(deal, field, value)
    await session.flush()
    await match_existing_for_deal(session, org_id, deal)
    await flush_unique(session, _TAKEN)
    return deal
