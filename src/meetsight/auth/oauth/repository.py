"""Every query on OAuth clients, codes, grants and tokens; each one is scoped by the
organization it is given, but for the lookups by hash: a presented code or token is the
credential that names the organization, so it is found first and the rest follows its row."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.auth.oauth.models import OAuthClient, OAuthCode, OAuthConsent, OAuthGrant, OAuthToken

# The organizations table by name, not its model: `organizations` builds on `auth` (removing a
# member revokes the API keys they created), so nothing in `auth` imports it.
_ORGANIZATIONS = sa.table("organizations", sa.column("id"))


async def organization_exists(session: AsyncSession, org_id: str) -> bool:
    found = await session.scalar(
        sa.select(_ORGANIZATIONS.c.id).where(_ORGANIZATIONS.c.id == org_id)
    )
    return found is not None


async def clients_of(session: AsyncSession, org_id: str) -> list[OAuthClient]:
    """The organization's clients in the order they were registered."""
    rows = await session.execute(
        sa.select(OAuthClient)
        .where(OAuthClient.organization_id == org_id)
        .order_by(OAuthClient.created_at, OAuthClient.client_id)
    )
    return list(rows.scalars())


async def get_client(session: AsyncSession, org_id: str, client_id: str) -> OAuthClient | None:
    return await session.get(OAuthClient, (org_id, client_id))


async def delete_client_rows(session: AsyncSession, org_id: str, client_id: str) -> None:
    """The client's tokens, grants, codes and consents (the client row itself is the caller's)."""
    grants = sa.select(OAuthGrant.id).where(
        OAuthGrant.organization_id == org_id, OAuthGrant.client_id == client_id
    )
    await session.execute(
        sa.delete(OAuthToken).where(
            OAuthToken.organization_id == org_id, OAuthToken.grant_id.in_(grants)
        )
    )
    for model in (OAuthGrant, OAuthCode, OAuthConsent):
        await session.execute(
            sa.delete(model).where(model.organization_id == org_id, model.client_id == client_id)
        )


async def get_grant(session: AsyncSession, org_id: str, grant_id: str) -> OAuthGrant | None:
    return await session.get(OAuthGrant, (org_id, grant_id))


async def revoke_grant_tokens(
    session: AsyncSession, org_id: str, grant_id: str, *, at: datetime
) -> None:
    """Revoke the grant's tokens that are still live."""
    await session.execute(
        sa.update(OAuthToken)
        .where(
            OAuthToken.organization_id == org_id,
            OAuthToken.grant_id == grant_id,
            OAuthToken.revoked_at.is_(None),
        )
        .values(revoked_at=at)
    )


async def code_by_hash(session: AsyncSession, digests: list[str]) -> OAuthCode | None:
    """The code stored under one of these hashes (the presented code under each secret)."""
    found = await session.execute(sa.select(OAuthCode).where(OAuthCode.code_hash.in_(digests)))
    return found.scalar_one_or_none()


async def spend_code(session: AsyncSession, org_id: str, code_id: str, **values: Any) -> int:
    """Mark the code used, with `values`, unless it already is; 1 when this call spent it."""
    spent = await session.execute(
        sa.update(OAuthCode)
        .where(
            OAuthCode.organization_id == org_id,
            OAuthCode.id == code_id,
            OAuthCode.used_at.is_(None),
        )
        .values(**values)
    )
    return int(spent.rowcount)  # type: ignore[attr-defined]


async def rotate_token(session: AsyncSession, org_id: str, token_id: str, *, at: datetime) -> int:
    """Mark a refresh token rotated unless it already is; 1 when this call rotated it."""
    spent = await session.execute(
        sa.update(OAuthToken)
        .where(
            OAuthToken.organization_id == org_id,
            OAuthToken.id == token_id,
            OAuthToken.rotated_at.is_(None),
        )
        .values(rotated_at=at)
    )
    return int(spent.rowcount)  # type: ignore[attr-defined]


async def token_and_grant(
    session: AsyncSession, digests: list[str], kind: str | None = None
) -> Sequence[Any] | None:
    """The stored token (of `kind`, when given) under any of these digests, with its grant."""
    query = (
        sa.select(OAuthToken, OAuthGrant)
        .join(
            OAuthGrant,
            sa.and_(
                OAuthGrant.organization_id == OAuthToken.organization_id,
                OAuthGrant.id == OAuthToken.grant_id,
            ),
        )
        .where(OAuthToken.token_hash.in_(digests))
    )
    if kind is not None:
        query = query.where(OAuthToken.kind == kind)
    return (await session.execute(query)).one_or_none()
