"""Matching conversations to accounts and deals (docs/accounts.md#matching).

A conversation belongs to an account when its CRM company link names the account's CRM id,
when an outside participant's email domain is one of the account's domains (free-mail domains
never count), or when an outside participant's company folds to the account's name ("Cedar &
Stone Builders" = "cedar stone builders", "Alhambra Distribución" = "alhambra distribucion").
A CRM opportunity link ties it to the deal with that CRM id. A CRM id without an account or deal
creates one, so that the links every meeting already carries become entities of their own.
Matching only adds links.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts import matching_repository, repository
from meetsight.accounts.folding import account_key, email_domain, fold_name
from meetsight.accounts.links import link_account, link_deal
from meetsight.accounts.models import Account, AccountDomain, Deal


@dataclass(frozen=True, slots=True)
class OutsidePerson:
    email: str | None
    company: str | None


async def outside_people(
    session: AsyncSession, org_id: str, activity_id: str
) -> list[OutsidePerson]:
    rows = await matching_repository.outside_people(session, org_id, activity_id)
    return [OutsidePerson(email, company) for email, company in rows]


async def crm_links(session: AsyncSession, org_id: str, activity_id: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {"company": [], "opportunity": []}
    for kind, external_id in await matching_repository.crm_links(session, org_id, activity_id):
        found.setdefault(kind, []).append(external_id)
    return found


async def match_activity(session: AsyncSession, org_id: str, activity_id: str) -> list[str]:
    """Link the conversation to every account and deal it matches; the account ids."""
    people = await outside_people(session, org_id, activity_id)
    links = await crm_links(session, org_id, activity_id)
    matched: dict[str, str] = {}
    for crm_id in links["company"]:
        account = await account_for_crm_id(session, org_id, crm_id, people)
        matched.setdefault(account.id, "crm")
    domains = {d for p in people if (d := email_domain(p.email))}
    if domains:
        by_domain = await matching_repository.accounts_with_domains(
            session, org_id, sorted(domains)
        )
        for account_id in by_domain:
            matched.setdefault(account_id, "domain")
    names = {account_key(p.company) for p in people if p.company and fold_name(p.company)}
    if names:
        by_name = await matching_repository.accounts_named(session, org_id, sorted(names))
        for account_id in by_name:
            matched.setdefault(account_id, "name")
    for account_id, how in matched.items():
        await link_account(session, org_id, account_id, activity_id, how)
    only_account = next(iter(matched)) if len(matched) == 1 else None
    for crm_id in links["opportunity"]:
        deal = await deal_for_crm_id(session, org_id, crm_id, only_account)
        await link_deal(session, org_id, deal.id, activity_id, "crm")
        if deal.account_id is not None:
            await link_account(session, org_id, deal.account_id, activity_id, "deal")
            matched.setdefault(deal.account_id, "deal")
    return list(matched)


async def account_for_crm_id(
    session: AsyncSession, org_id: str, crm_id: str, people: list[OutsidePerson]
) -> Account:
    """The account with this CRM company id; else the account named as the participants' company
    (which takes the id); else a new account named after them, with their email domains."""
    found = await matching_repository.account_by_crm_id(session, org_id, crm_id)
    if found is not None:
        return found
    companies = Counter(p.company.strip() for p in people if p.company and fold_name(p.company))
    name = companies.most_common(1)[0][0][:200] if companies else f"Company {crm_id}"[:200]
    named = await repository.account_by_folded_name(session, org_id, account_key(name))
    if named is not None and named.crm_company_id is None:
        named.crm_company_id = crm_id
        await session.flush()
        return named
    if named is not None:  # the name is taken by another CRM company: keep both apart
        name = f"{name} ({crm_id})"[:200]
    account = Account(
        organization_id=org_id, name=name, folded_name=account_key(name), crm_company_id=crm_id
    )
    session.add(account)
    await session.flush()
    for domain in sorted({d for p in people if (d := email_domain(p.email))}):
        if await session.get(AccountDomain, (org_id, domain)) is None:
            session.add(AccountDomain(organization_id=org_id, domain=domain, account_id=account.id))
    await session.flush()
    return account


async def deal_for_crm_id(
    session: AsyncSession, org_id: str, crm_id: str, account_id: str | None
) -> Deal:
    found = await matching_repository.deal_by_crm_id(session, org_id, crm_id)
    if found is not None:
        if found.account_id is None and account_id is not None:
            found.account_id = account_id
            await session.flush()
        return found
    name = f"Opportunity {crm_id}"
    if account_id is not None:
        account = await session.get(Account, (org_id, account_id))
        name = f"{account.name} · {crm_id}" if account is not None else name
    deal = Deal(
        organization_id=org_id, account_id=account_id, name=name[:200], crm_opportunity_id=crm_id
    )
    session.add(deal)
    await session.flush()
    return deal
