"""The queries of the web sign-in session (web/sessions.py). A session is found by the hash of
its cookie's token, which is the credential: the organization comes from the row found, and the
user and organization joined to it are the session's own."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.organizations.models import Organization, User
from meetsight.web.models import WebSession


async def session_with_user(session: AsyncSession, digest: str) -> Any | None:
    """(WebSession, User, organization name) of the session with this token hash."""
    return (
        await session.execute(
            sa.select(WebSession, User, Organization.name)
            .join(
                User,
                sa.and_(
                    User.organization_id == WebSession.organization_id,
                    User.id == WebSession.user_id,
                ),
            )
            .join(Organization, Organization.id == WebSession.organization_id)
            .where(WebSession.token_hash == digest)
        )
    ).first()


async def delete_session(session: AsyncSession, digest: str) -> None:
    await session.execute(sa.delete(WebSession).where(WebSession.token_hash == digest))
