"""Server-side web sessions: the cookie carries a random token, the table only its SHA-256.

Public helpers (docs/web-auth.md): `current_user(request)`, `require_user`, `require_admin`.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession
from starlette.requests import Request
from starlette.responses import Response

from meetsight.db.base import utcnow
from meetsight.db.unit_of_work import unit_of_work
from meetsight.deps import app_state
from meetsight.organizations.models import User
from meetsight.web import session_repository
from meetsight.web.context import WebContext, client_ip, web_context
from meetsight.web.errors import PageError, SignInRequired
from meetsight.web.models import WebSession

ADMIN_ROLES = frozenset({"owner", "admin"})
# last_seen_at is written at most this often: a page view is not a database write.
TOUCH_RESOLUTION = timedelta(seconds=60)
_UNRESOLVED = object()


@dataclass(frozen=True, slots=True)
class WebUser:
    id: str
    organization_id: str
    email: str
    name: str
    role: str
    organization_name: str
    session_id: str

    @property
    def is_admin(self) -> bool:
        return self.role in ADMIN_ROLES


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def session_token(request: Request) -> str | None:
    token = request.cookies.get(web_context(request).session_cookie)
    return token if token and len(token) <= 100 else None


async def start_session(session: AsyncSession, request: Request, user: User) -> str:
    """A new session row for `user`; returns the token for the cookie (never stored)."""
    settings = web_context(request).settings
    token = secrets.token_urlsafe(32)
    now = utcnow()
    session.add(
        WebSession(
            organization_id=user.organization_id,
            user_id=user.id,
            token_hash=hash_token(token),
            created_at=now,
            last_seen_at=now,
            expires_at=now + timedelta(seconds=settings.session_max_age_seconds),
            user_agent=(request.headers.get("user-agent") or "")[:300] or None,
            ip=client_ip(request),
        )
    )
    await session.flush()
    return token


def set_session_cookie(response: Response, ctx: WebContext, token: str) -> None:
    response.set_cookie(
        ctx.session_cookie,
        token,
        max_age=ctx.settings.session_max_age_seconds,
        path="/",
        httponly=True,
        samesite="lax",
        secure=ctx.https,
    )


def clear_session_cookie(response: Response, ctx: WebContext) -> None:
    response.delete_cookie(
        ctx.session_cookie, path="/", httponly=True, samesite="lax", secure=ctx.https
    )


async def end_session(session: AsyncSession, request: Request) -> WebUser | None:
    """Delete the request's session row (sign-out): the cookie is worthless from now on."""
    user = await current_user(request)
    token = session_token(request)
    if token is not None:
        await session_repository.delete_session(session, hash_token(token))
    request.state.web_user = None
    return user


async def current_user(request: Request) -> WebUser | None:
    """The signed-in user of this request, or None; resolved once per request.

    A session past its absolute expiry or idle for longer than the idle timeout is deleted.
    """
    cached = getattr(request.state, "web_user", _UNRESOLVED)
    if cached is not _UNRESOLVED:
        return cached  # type: ignore[return-value]
    user = None
    token = session_token(request)
    if token is not None:
        async with unit_of_work(app_state(request).sessionmaker) as session:
            user = await _lookup(session, web_context(request), hash_token(token), utcnow())
    request.state.web_user = user
    return user


async def _lookup(
    session: AsyncSession, ctx: WebContext, digest: str, now: datetime
) -> WebUser | None:
    row = await session_repository.session_with_user(session, digest)
    if row is None:
        return None
    record, user, org_name = row
    idle_limit = record.last_seen_at + timedelta(seconds=ctx.settings.session_idle_seconds)
    if record.expires_at <= now or idle_limit <= now or user.password_hash is None:
        await session.delete(record)
        return None
    if now - record.last_seen_at >= TOUCH_RESOLUTION:
        record.last_seen_at = now
    return WebUser(
        id=user.id,
        organization_id=user.organization_id,
        email=user.email,
        name=user.name,
        role=user.role,
        organization_name=org_name,
        session_id=record.id,
    )


def _path_with_query(request: Request) -> str:
    query = request.url.query
    return request.url.path + (f"?{query}" if query else "")


async def require_user(request: Request) -> WebUser:
    """FastAPI dependency: the signed-in user, or a 303 to /signin?next=<this page>."""
    user = await current_user(request)
    if user is None:
        raise SignInRequired(_path_with_query(request) if request.method == "GET" else "/app")
    return user


async def require_admin(request: Request) -> WebUser:
    """FastAPI dependency: a signed-in owner or admin; a member gets the 403 page."""
    user = await require_user(request)
    if not user.is_admin:
        raise PageError(403, "Only owners and admins of the organization can open this page.")
    return user
