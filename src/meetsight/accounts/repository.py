"""Every query on accounts and deals; each is scoped by organization, and the conversations an
account shows are limited to the kinds (meetings, calls) the credential may read."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts.models import Account, AccountActivity, AccountDomain, Deal
from meetsight.activities.models import Activity

Kinds = tuple[bool, ...]  # the is_call values readable: (False,), (True,) or (False, True)


def plausible(value: str, longest: int = 64) -> bool:
    """No id is longer, or holds a NUL (which PostgreSQL cannot even take as a parameter)."""
    return len(value) <= longest and "\x00" not in value


async def get_account(session: AsyncSession, org_id: str, account_id: str) -> Account | None:
    if not plausible(account_id):
        return None
    return await session.get(Account, (org_id, account_id))


async def account_by_folded_name(
    session: AsyncSession, org_id: str, folded_name: str
) -> Account | None:
    return await session.scalar(
        sa.select(Account).where(
            Account.organization_id == org_id, Account.folded_name == folded_name
        )
    )


async def value_taken(
    session: AsyncSession, org_id: str, column: Any, value: str, *, except_id: str | None
) -> bool:
    """Whether another account or deal (the model of `column`) has this value."""
    model = column.class_
    query = sa.select(model.id).where(model.organization_id == org_id, column == value)
    if except_id is not None:
        query = query.where(model.id != except_id)
    return (await session.execute(query.limit(1))).first() is not None


async def get_deal(session: AsyncSession, org_id: str, deal_id: str) -> Deal | None:
    if not plausible(deal_id):
        return None
    return await session.get(Deal, (org_id, deal_id))


async def list_accounts(
    session: AsyncSession,
    org_id: str,
    *,
    folded_name: str | None,
    domain: str | None,
    limit: int,
    offset: int,
) -> tuple[list[Account], int]:
    where: list[Any] = [Account.organization_id == org_id]
    if folded_name:
        where.append(Account.folded_name.contains(folded_name, autoescape=True))
    if domain is not None:
        if not plausible(domain, 255):
            return [], 0
        where.append(
            Account.id.in_(
                sa.select(AccountDomain.account_id).where(
                    AccountDomain.organization_id == org_id,
                    AccountDomain.domain == domain.strip().lower(),
                )
            )
        )
    query = sa.select(Account).where(*where).order_by(Account.folded_name, Account.id)
    rows = await session.scalars(query.limit(limit).offset(offset))
    total = await session.scalar(sa.select(sa.func.count()).select_from(Account).where(*where))
    return list(rows), int(total or 0)


async def list_deals(
    session: AsyncSession,
    org_id: str,
    *,
    account_id: str | None,
    stage: str | None,
    limit: int,
    offset: int,
) -> tuple[list[Deal], int]:
    where: list[Any] = [Deal.organization_id == org_id]
    if account_id is not None:
        if not plausible(account_id):
            return [], 0
        where.append(Deal.account_id == account_id)
    if stage is not None:
        where.append(Deal.stage == stage)
    query = sa.select(Deal).where(*where).order_by(Deal.created_at.desc(), Deal.id.desc())
    rows = await session.scalars(query.limit(limit).offset(offset))
    total = await session.scalar(sa.select(sa.func.count()).select_from(Deal).where(*where))
    return list(rows), int(total or 0)


async def domains_of(
    session: AsyncSession, org_id: str, account_ids: Sequence[str]
) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {a: [] for a in account_ids}
    if account_ids:
        rows = await session.execute(
            sa.select(AccountDomain.account_id, AccountDomain.domain)
            .where(
                AccountDomain.organization_id == org_id,
                AccountDomain.account_id.in_(list(account_ids)),
            )
            .order_by(AccountDomain.domain)
        )
        for account_id, domain in rows:
            found[account_id].append(domain)
    return found


async def conversation_stats(
    session: AsyncSession, org_id: str, link: Any, owner_ids: Sequence[str], kinds: Kinds
) -> dict[str, tuple[int, datetime | None]]:
    """(conversations, latest start) per account or deal; `link` is AccountActivity or
    DealActivity."""
    owner = link.account_id if link is AccountActivity else link.deal_id
    found: dict[str, tuple[int, datetime | None]] = {o: (0, None) for o in owner_ids}
    if not owner_ids:
        return found
    rows = await session.execute(
        sa.select(owner, sa.func.count(), sa.func.max(Activity.start_at))
        .join(Activity, linked_activity(link))
        .where(link.organization_id == org_id, owner.in_(list(owner_ids)), _kinds(kinds))
        .group_by(owner)
    )
    for owner_id, count, latest in rows:
        found[owner_id] = (int(count), latest)  # max() keeps the column's type
    return found


def linked_activity(link: Any) -> Any:
    """The join of AccountActivity or DealActivity to the conversation it links."""
    return sa.and_(
        Activity.organization_id == link.organization_id, Activity.id == link.activity_id
    )


def _kinds(kinds: Kinds) -> Any:
    return Activity.is_call.in_(list(kinds))


TIMELINE_COLUMNS = (
    Activity.id,
    Activity.is_call,
    Activity.name,
    Activity.status,
    Activity.start_at,
    Activity.duration,
    Activity.ai_score,
    AccountActivity.matched_by,
)


async def account_timeline(
    session: AsyncSession,
    org_id: str,
    account_id: str,
    kinds: Kinds,
    *,
    limit: int | None = None,
    offset: int = 0,
) -> tuple[list[Any], int]:
    """The account's conversations, newest first, and how many there are."""
    where = (
        AccountActivity.organization_id == org_id,
        AccountActivity.account_id == account_id,
        _kinds(kinds),
    )
    query = (
        sa.select(*TIMELINE_COLUMNS)
        .join(Activity, linked_activity(AccountActivity))
        .where(*where)
        .order_by(Activity.start_at.desc(), Activity.id.desc())
        .offset(offset)
    )
    if limit is not None:
        query = query.limit(limit)
    rows = list((await session.execute(query)).all())
    total = await session.scalar(
        sa.select(sa.func.count())
        .select_from(AccountActivity)
        .join(Activity, linked_activity(AccountActivity))
        .where(*where)
    )
    return rows, int(total or 0)


async def timelines_of(
    session: AsyncSession, org_id: str, account_ids: Sequence[str], kinds: Kinds
) -> dict[str, list[Any]]:
    """Each account's conversations, newest first, as account_timeline reads one account's
    (its rows also carry `account_id`): one query for all of them."""
    found: dict[str, list[Any]] = {a: [] for a in account_ids}
    if not account_ids:
        return found
    rows = await session.execute(
        sa.select(AccountActivity.account_id, *TIMELINE_COLUMNS)
        .join(Activity, linked_activity(AccountActivity))
        .where(
            AccountActivity.organization_id == org_id,
            AccountActivity.account_id.in_(list(account_ids)),
            _kinds(kinds),
        )
        .order_by(Activity.start_at.desc(), Activity.id.desc())
    )
    for row in rows:
        found[row.account_id].append(row)
    return found


async def replace_domains(
    session: AsyncSession, org_id: str, account_id: str, domains: Sequence[str]
) -> None:
    await session.execute(
        sa.delete(AccountDomain).where(
            AccountDomain.organization_id == org_id, AccountDomain.account_id == account_id
        )
    )
    for domain in dict.fromkeys(domains):
        session.add(AccountDomain(organization_id=org_id, domain=domain, account_id=account_id))
    await session.flush()


async def domain_owners(
    session: AsyncSession, org_id: str, domains: Sequence[str]
) -> dict[str, str]:
    if not domains:
        return {}
    rows = await session.execute(
        sa.select(AccountDomain.domain, AccountDomain.account_id).where(
            AccountDomain.organization_id == org_id, AccountDomain.domain.in_(list(domains))
        )
    )
    return dict(rows.all())
