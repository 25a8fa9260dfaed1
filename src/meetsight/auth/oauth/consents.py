"""Consent remembered per user and client: asked again only for scopes not yet agreed to."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.auth.oauth.models import OAuthClient, OAuthConsent


async def consented_scopes(session: AsyncSession, client: OAuthClient, user_id: str) -> set[str]:
    found = await session.get(OAuthConsent, (client.organization_id, user_id, client.client_id))
    return set(found.scopes) if found is not None else set()


async def remember_consent(
    session: AsyncSession, client: OAuthClient, user_id: str, scopes: list[str]
) -> None:
    found = await session.get(OAuthConsent, (client.organization_id, user_id, client.client_id))
    if found is None:
        session.add(
            OAuthConsent(
                organization_id=client.organization_id,
                user_id=user_id,
                client_id=client.client_id,
                scopes=list(scopes),
            )
        )
    else:
        found.scopes = list(dict.fromkeys([*found.scopes, *scopes]))
    await session.flush()
