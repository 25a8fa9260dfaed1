"""Creating organizations (with their default smart categories) and users."""

from __future__ import annotations

import re

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.errors import Conflict, ValidationFailed
from meetsight.intelligence.smart_categories import create_default_categories
from meetsight.organizations.models import Organization, Person, User

ROLES = ("owner", "admin", "member")
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


async def create_organization(session: AsyncSession, name: str) -> Organization:
    name = name.strip()
    if not name or len(name) > 200:
        raise ValidationFailed("name: between 1 and 200 characters")
    org = Organization(name=name, settings={})
    session.add(org)
    await session.flush()
    await create_default_categories(session, org.id)
    return org


async def create_user(
    session: AsyncSession,
    *,
    organization_id: str,
    email: str,
    name: str,
    role: str,
    password_hash: str | None = None,
) -> User:
    """A user and the person who represents them in activities (internal)."""
    email = email.strip().lower()
    if not EMAIL.match(email):
        raise ValidationFailed("email: not an email address")
    if role not in ROLES:
        raise ValidationFailed(f"role: one of {', '.join(ROLES)}")
    if await session.get(Organization, organization_id) is None:
        raise ValidationFailed("org: no such organization")
    taken = await session.execute(
        sa.select(User.id).where(User.organization_id == organization_id, User.email == email)
    )
    if taken.first() is not None:
        raise Conflict("email: a user with this email already exists in the organization")
    user = User(
        organization_id=organization_id,
        email=email,
        name=name.strip() or email,
        role=role,
        password_hash=password_hash,
    )
    session.add(user)
    await session.flush()
    session.add(
        Person(
            organization_id=organization_id,
            name=user.name,
            email=email,
            is_internal=True,
            user_id=user.id,
        )
    )
    await session.flush()
    return user
