"""The first run: while nobody can sign in, /setup creates the organization and its owner.

"Nobody can sign in" means no user has a password: `meetsight serve --demo` seeds an
organization whose users have none, and setup then hands that organization (renamed as asked)
to the new owner instead of creating an empty second one.
"""

from __future__ import annotations

import sqlalchemy as sa
from anyio import to_thread
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.audit.service import Actor, record_event
from meetsight.auth.passwords import hash_password, password_problem
from meetsight.db.base import utcnow
from meetsight.errors import Conflict, ValidationFailed
from meetsight.intelligence.smart_categories import create_default_categories
from meetsight.organizations import repository
from meetsight.organizations.models import Organization, User
from meetsight.organizations.service import EMAIL, create_organization, create_user

# Any constant: PostgreSQL serialises concurrent setups on it.
SETUP_LOCK_ID = 0x6D65657473


async def setup_open(session: AsyncSession) -> bool:
    """True while no user has a password (nobody could sign in)."""
    query = sa.select(User.id).where(User.password_hash.is_not(None)).limit(1)
    return (await session.execute(query)).first() is None


async def claimable_organization(session: AsyncSession) -> Organization | None:
    """The one organization that already exists (the demo's), if exactly one does."""
    rows = (await session.execute(sa.select(Organization).limit(2))).scalars().all()
    return rows[0] if len(rows) == 1 else None


async def complete_setup(
    session: AsyncSession,
    *,
    organization: str,
    name: str,
    email: str,
    password: str,
    ip: str | None,
) -> User:
    """Create (or claim) the organization and its owner; Conflict when setup is already done,
    ValidationFailed for a bad field. The caller commits."""
    if session.get_bind().dialect.name == "postgresql":
        await session.execute(sa.text("SELECT pg_advisory_xact_lock(:id)"), {"id": SETUP_LOCK_ID})
    if not await setup_open(session):
        raise Conflict("Setup is already done; sign in instead.")
    problem = password_problem(password)
    if problem:
        raise ValidationFailed(problem)
    email = email.strip().lower()
    if not EMAIL.match(email):
        raise ValidationFailed("email: not an email address")
    password_hash = await to_thread.run_sync(hash_password, password)
    org = await claimable_organization(session)
    if org is None:
        org = await create_organization(session, organization, set_up=(create_default_categories,))
    else:
        org.name = _org_name(organization)
    user = await _owner(session, org.id, email=email, name=name, password_hash=password_hash)
    user.last_login_at = utcnow()  # setup signs them in
    await record_event(
        session,
        organization_id=org.id,
        action="setup.completed",
        actor=Actor(user_id=user.id, label=user.email, ip=ip),
        target_kind="organization",
        target_id=org.id,
        target_label=org.name,
    )
    return user


def _org_name(value: str) -> str:
    value = value.strip()
    if not value or len(value) > 200:
        raise ValidationFailed("name: between 1 and 200 characters")
    return value


async def _owner(
    session: AsyncSession, org_id: str, *, email: str, name: str, password_hash: str
) -> User:
    existing = await repository.user_by_email(session, org_id, email)
    if existing is None:
        return await create_user(
            session,
            organization_id=org_id,
            email=email,
            name=name,
            role="owner",
            password_hash=password_hash,
        )
    # A demo user with this email becomes the owner.
    existing.role, existing.password_hash = "owner", password_hash
    existing.name = name.strip() or existing.name
    await session.flush()
    return existing
