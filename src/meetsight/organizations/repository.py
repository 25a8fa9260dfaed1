"""Every query on an organization's users and the people who stand for them; each one is
scoped by the organization it is given."""

from __future__ import annotations

from typing import Any

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


async def user_names(session: AsyncSession, organization_id: str) -> dict[str, str]:
    """Each user's name by id."""
    rows = await session.execute(
        sa.select(User.id, User.name).where(User.organization_id == organization_id)
    )
    return {user_id: name for user_id, name in rows.all()}


async def user_by_email(session: AsyncSession, organization_id: str, email: str) -> User | None:
    found = await session.execute(
        sa.select(User).where(User.organization_id == organization_id, User.email == email)
    )
    return found.scalar_one_or_none()


async def person_of_user(session: AsyncSession, organization_id: str, user_id: str) -> Person:
    """The person who stands for the user in activities (every user has one)."""
    found = await session.execute(
        sa.select(Person).where(
            Person.organization_id == organization_id, Person.user_id == user_id
        )
    )
    return found.scalar_one()


async def people_to_pick(session: AsyncSession, organization_id: str, *, limit: int) -> list[Any]:
    """(id, name, email, is_internal, user_id) of people, internal ones first, by name."""
    rows = await session.execute(
        sa.select(Person.id, Person.name, Person.email, Person.is_internal, Person.user_id)
        .where(Person.organization_id == organization_id)
        .order_by(Person.is_internal.desc(), Person.name)
        .limit(limit)
    )
    return list(rows.all())


async def find_person_of_user(
    session: AsyncSession, organization_id: str, user_id: str
) -> Person | None:
    """The person of this user id, if it is one (an owner is often given as a user)."""
    found = await session.execute(
        sa.select(Person).where(
            Person.organization_id == organization_id, Person.user_id == user_id
        )
    )
    return found.scalar_one_or_none()
