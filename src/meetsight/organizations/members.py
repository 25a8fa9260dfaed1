"""Managing the members of an organization: add, change role, remove, with the role rules.

Owners may do anything; admins manage admins and members but cannot make, change or remove an
owner. The last owner can be neither demoted nor removed, and nobody removes themself.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.auth import repository as auth_repository
from meetsight.db.base import utcnow
from meetsight.errors import Forbidden, NotFound, ValidationFailed
from meetsight.organizations import repository
from meetsight.organizations.models import User
from meetsight.organizations.service import ROLES, create_user

# Unlinks the rows a member authored that outlive them (session, organization id, user id);
# passed in by the caller, as those rows belong to packages that build on organizations
# (`comments.repository.unlink_author`).
Unlink = Callable[[AsyncSession, str, str], Awaitable[None]]


async def list_members(session: AsyncSession, organization_id: str) -> list[User]:
    return await repository.users(session, organization_id)


async def get_member(session: AsyncSession, organization_id: str, user_id: str) -> User:
    user = await repository.user(session, organization_id, user_id)
    if user is None:
        raise NotFound("No such member")
    return user


def _check_may_touch(actor_role: str, *roles: str) -> None:
    if "owner" in roles and actor_role != "owner":
        raise Forbidden("Only an owner can make, change or remove an owner.")


async def add_member(
    session: AsyncSession,
    organization_id: str,
    *,
    actor_role: str,
    email: str,
    name: str,
    role: str,
    password_hash: str,
) -> User:
    if role not in ROLES:
        raise ValidationFailed(f"role: one of {', '.join(ROLES)}")
    _check_may_touch(actor_role, role)
    return await create_user(
        session,
        organization_id=organization_id,
        email=email,
        name=name,
        role=role,
        password_hash=password_hash,
    )


async def change_role(
    session: AsyncSession, organization_id: str, user_id: str, *, actor_role: str, role: str
) -> tuple[User, str]:
    """The member and their previous role."""
    if role not in ROLES:
        raise ValidationFailed(f"role: one of {', '.join(ROLES)}")
    user = await get_member(session, organization_id, user_id)
    _check_may_touch(actor_role, role, user.role)
    previous = user.role
    if (
        previous == "owner"
        and role != "owner"
        and await repository.owner_count(session, organization_id) < 2
    ):
        raise ValidationFailed("The last owner cannot be demoted; make another owner first.")
    user.role = role
    await session.flush()
    return user, previous


async def remove_member(
    session: AsyncSession,
    organization_id: str,
    user_id: str,
    *,
    actor_id: str,
    actor_role: str,
    unlink_authored: Sequence[Unlink],
) -> User:
    """Delete the user; their sessions go with them (cascade) and the API keys they created are
    revoked. The person who stands for them in activities stays, unlinked, and so do their
    comments (under the name they had): `unlink_authored` unlinks them before the user goes."""
    user = await get_member(session, organization_id, user_id)
    if user.id == actor_id:
        raise ValidationFailed("You cannot remove yourself.")
    _check_may_touch(actor_role, user.role)
    if user.role == "owner" and await repository.owner_count(session, organization_id) < 2:
        raise ValidationFailed("The last owner cannot be removed.")
    await repository.unlink_person(session, organization_id, user.id)
    await auth_repository.revoke_keys_created_by(session, organization_id, user.id, at=utcnow())
    for unlink in unlink_authored:
        await unlink(session, organization_id, user.id)
    await session.delete(user)
    await session.flush()
    return user
