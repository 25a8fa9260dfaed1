"""Checking a sign-in: password (Argon2, old scrypt hashes upgraded), lockout, audit events.

Lockout is per email, whether or not a user has it (no enumeration): `signin_max_failures`
failures within `signin_failure_window_seconds` since the last success refuse every try for
`signin_lockout_seconds` after the last of them. Refused tries are recorded but do not extend
the lock.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from anyio import to_thread
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.audit.service import Actor, record_event
from meetsight.auth.passwords import burn_verify_time, hash_password, needs_rehash, verify_password
from meetsight.config import Settings
from meetsight.db.base import utcnow
from meetsight.organizations.models import User
from meetsight.web.models import SigninAttempt

WRONG_CREDENTIALS = "Wrong email or password."
ATTEMPTS_KEPT = timedelta(days=1)


class SigninRefused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def locked_message(until: datetime, now: datetime) -> str:
    minutes = max(1, math.ceil((until - now).total_seconds() / 60))
    unit = "minute" if minutes == 1 else "minutes"
    return f"Too many failed sign-ins for this email. Try again in {minutes} {unit}."


async def locked_until(
    session: AsyncSession, settings: Settings, email: str, now: datetime
) -> datetime | None:
    """When the lock on `email` ends, or None when it is not locked."""
    last_ok = (
        await session.execute(
            sa.select(sa.func.max(SigninAttempt.created_at)).where(
                SigninAttempt.email == email, SigninAttempt.outcome == "ok"
            )
        )
    ).scalar()
    since = now - timedelta(seconds=settings.signin_failure_window_seconds)
    if last_ok is not None:
        since = max(since, _aware(last_ok))
    failures = (
        await session.execute(
            sa.select(SigninAttempt.created_at)
            .where(
                SigninAttempt.email == email,
                SigninAttempt.outcome == "failed",
                SigninAttempt.created_at > since,
            )
            .order_by(SigninAttempt.created_at.desc())
            .limit(settings.signin_max_failures)
        )
    ).scalars()
    recent = list(failures)
    if len(recent) < settings.signin_max_failures:
        return None
    until = _aware(recent[0]) + timedelta(seconds=settings.signin_lockout_seconds)
    return until if until > now else None


def _aware(value: datetime) -> datetime:
    # UTCDateTime answers aware datetimes; an aggregate (max) over it on SQLite may not.
    return value if value.tzinfo else value.replace(tzinfo=UTC)


async def sign_in(
    session: AsyncSession,
    settings: Settings,
    *,
    email: str,
    password: str,
    ip: str | None,
) -> User:
    """The user whose email and password these are; SigninRefused (wrong or locked) otherwise.

    Writes the attempt and its audit events into the caller's transaction (commit it either
    way). Where one email belongs to users of several organizations, the oldest user whose
    password matches signs in.
    """
    email = email.strip().lower()[:320]
    now = utcnow()
    await session.execute(
        sa.delete(SigninAttempt).where(SigninAttempt.created_at < now - ATTEMPTS_KEPT)
    )
    users = await _users_with_email(session, email)
    until = await locked_until(session, settings, email, now)
    if until is not None:
        await _record(session, users, email, ip, "locked", now)
        raise SigninRefused(locked_message(until, now))
    user = await _first_match(users, password)
    if user is None:
        await _record(session, users, email, ip, "failed", now)
        raise SigninRefused(WRONG_CREDENTIALS)
    if user.password_hash is not None and needs_rehash(user.password_hash):
        user.password_hash = await to_thread.run_sync(hash_password, password)
    user.last_login_at = now
    await _record(session, [user], email, ip, "ok", now)
    return user


async def _users_with_email(session: AsyncSession, email: str) -> list[User]:
    rows = await session.execute(
        sa.select(User)
        .where(User.email == email, User.password_hash.is_not(None))
        .order_by(User.created_at, User.id)
    )
    return list(rows.scalars())


async def _first_match(users: list[User], password: str) -> User | None:
    if not users:
        await to_thread.run_sync(burn_verify_time, password)
        return None
    for user in users:
        assert user.password_hash is not None
        if await to_thread.run_sync(verify_password, password, user.password_hash):
            return user
    return None


async def _record(
    session: AsyncSession,
    users: list[User],
    email: str,
    ip: str | None,
    outcome: str,
    now: datetime,
) -> None:
    session.add(SigninAttempt(email=email, outcome=outcome, ip=ip, created_at=now))
    for user in users:
        actor = Actor(user_id=user.id if outcome == "ok" else None, label=email, ip=ip)
        await record_event(
            session,
            organization_id=user.organization_id,
            action=f"signin.{outcome}",
            actor=actor,
            target_kind="user",
            target_id=user.id,
            target_label=user.email,
        )
    await session.flush()
