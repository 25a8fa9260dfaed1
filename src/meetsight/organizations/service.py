"""Creating organizations and users."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.db.unit_of_work import flush_unique
from meetsight.errors import AppError, Conflict, ValidationFailed
from meetsight.organizations import repository
from meetsight.organizations.models import Organization, Person, User

ROLES = ("owner", "admin", "member")
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")

# Sets up what a new organization starts with (session, organization id); passed in by the
# caller, as that belongs to packages that build on organizations
# (`intelligence.smart_categories.create_default_categories`).
SetUp = Callable[[AsyncSession, str], Awaitable[None]]


async def create_organization(
    session: AsyncSession, name: str, *, set_up: Sequence[SetUp]
) -> Organization:
    name = name.strip()
    if not name or len(name) > 200:
        raise ValidationFailed("name: between 1 and 200 characters")
    org = Organization(name=name, settings={})
    session.add(org)
    await session.flush()
    for step in set_up:
        await step(session, org.id)
    return org


_EMAIL_TAKEN = "email: a user with this email already exists in the organization"


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
    if await repository.email_taken(session, organization_id, email):
        raise Conflict(_EMAIL_TAKEN)
    user = User(
        organization_id=organization_id,
        email=email,
        name=name.strip() or email,
        role=role,
        password_hash=password_hash,
    )
    session.add(user)
    await flush_unique(session, _EMAIL_TAKEN)  # a concurrent request added the email first
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


MAX_VOCABULARY = 100
MAX_TERM_LENGTH = 100


async def set_vocabulary(session: AsyncSession, org_id: str, words: list[str] | None) -> list[str]:
    """The organization's custom vocabulary (product and company names the recognizer should
    favour); `words` None reads it, a list replaces it."""
    org = await session.get(Organization, org_id) if len(org_id) <= 64 else None
    if org is None:
        raise AppError("org: no such organization", 404)
    if words is None:
        return list((org.settings or {}).get("vocabulary", []))
    unique = list(dict.fromkeys(w for w in words if w))
    if len(unique) > MAX_VOCABULARY:
        raise ValidationFailed(f"vocabulary: at most {MAX_VOCABULARY} terms")
    if any(len(w) > MAX_TERM_LENGTH or "\x00" in w for w in unique):
        raise ValidationFailed(f"vocabulary: a term is at most {MAX_TERM_LENGTH} characters")
    org.settings = {**(org.settings or {}), "vocabulary": unique}
    return unique


ENGINE_CHOICES = ("builtin", "llm", "default")


async def set_intelligence_engine(session: AsyncSession, org_id: str, engine: str | None) -> str:
    """The organization's intelligence engine: "builtin", "llm", or "default" (the service's
    MEETSIGHT_INTELLIGENCE_ENGINE); `engine` None reads it."""
    org = await session.get(Organization, org_id) if len(org_id) <= 64 else None
    if org is None:
        raise AppError("org: no such organization", 404)
    current = dict(org.settings or {})
    if engine is None:
        return str(current.get("intelligenceEngine") or "default")
    if engine not in ENGINE_CHOICES:
        raise ValidationFailed(f"engine: one of {', '.join(ENGINE_CHOICES)}")
    if engine == "default":
        current.pop("intelligenceEngine", None)
    else:
        current["intelligenceEngine"] = engine
    org.settings = current
    return engine
