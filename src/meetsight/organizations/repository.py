"""Every query on an organization's users and the people who stand for them; each one is
scoped by the organization it is given."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.organizations.models import Person, User


async def users(session: AsyncSession, organization_id: str) -> list[User]:
    """The organization's users by email."""
    rows = await session.execute(
        sa.select(User).where(User.organization_id == organization_id).order_by(User.email)
    )
    return list(rows.scalars())


async def user(session: AsyncSession, organization_id: str, user_id: str) -> User | None:
    found = await session.execute(
        sa.select(User).where(User.organization_id == organization_id, User.id == user_id)
    )
    return found.scalar_one_or_none()


async def owner_count(session: AsyncSession, organization_id: str) -> int:
    query = sa.select(sa.func.count()).select_from(User)
    query = query.where(User.organization_id == organization_id, User.role == "owner")
    return int((await session.execute(query)).scalar_one())


async def email_taken(session: AsyncSession, organization_id: str, email: str) -> bool:
    taken = await session.execute(
        sa.select(User.id).where(User.organization_id == organization_id, User.email == email)
    )
    return taken.first() is not None


async def unlink_person(session: AsyncSession, organization_id: str, user_id: str) -> None:
    """The person who stands for the user stays in activities, no longer linked to them."""
    await session.execute(
        sa.update(Person)
        .where(Person.organization_id == organization_id, Person.user_id == user_id)
        .values(user_id=None)
    )
