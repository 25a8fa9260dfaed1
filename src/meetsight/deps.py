"""FastAPI dependencies: the request's database session and its resolved credential."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.auth.admission import admit_request
from meetsight.auth.context import AuthContext
from meetsight.auth.scopes import CALLS_READ, CALLS_WRITE, MEETINGS_READ, MEETINGS_WRITE
from meetsight.db.unit_of_work import unit_of_work
from meetsight.errors import Unauthorized
from meetsight.state import AppState


def app_state(request: Request) -> AppState:
    return request.app.state.ms  # type: ignore[no-any-return]


async def get_state(request: Request) -> AppState:
    # async on purpose: FastAPI runs plain-def dependencies on a worker thread.
    return app_state(request)


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    """One session per request, one unit of work: committed when the endpoint returns, before
    the response is sent (scope="function"), rolled back when it raises (db/unit_of_work.py)."""
    async with unit_of_work(app_state(request).sessionmaker) as session:
        yield session


DbSession = Annotated[AsyncSession, Depends(get_session, scope="function")]
State = Annotated[AppState, Depends(get_state)]


async def authenticate(request: Request) -> AuthContext:
    """Resolve the request's credential (an API key or an OAuth bearer token), then charge its
    rate limit (meetsight.auth.admission): 401 when missing or invalid, 429 over the limit."""
    ctx = await admit_request(app_state(request), request.scope, request.headers)
    if ctx is None:
        raise Unauthorized()
    request.state.auth = ctx
    return ctx


async def authorize(request: Request, *any_of_scopes: str) -> AuthContext:
    """Authenticate and require one of the scopes: the lean form for endpoints that take the
    raw request (see request_params) and for the hot reads, which have no dependencies."""
    ctx = await authenticate(request)
    ctx.require(*any_of_scopes)
    return ctx


class Authorized:
    """A dependency per scope (as Polar's `customer/auth.py`): the request's credential,
    resolved and charged by `authenticate`, holding one scope of each group (403 naming the
    first group it lacks). As a dependency it answers 401/403/429 before the parameters and
    the body's fields are validated."""

    def __init__(self, *all_of: tuple[str, ...]) -> None:
        self.all_of = all_of

    async def __call__(self, request: Request) -> AuthContext:
        ctx = await authenticate(request)
        for any_of in self.all_of:
            ctx.require(*any_of)
        return ctx


Auth = Annotated[AuthContext, Depends(authenticate)]
"""Any valid credential; the endpoint checks the scope itself (one that depends on the kind or
on what was asked, after the parameters were validated)."""
Reader = Annotated[AuthContext, Depends(Authorized((MEETINGS_READ, CALLS_READ)))]
"""Reads meetings or calls (what it may read of each is the endpoint's to check)."""
Writer = Annotated[AuthContext, Depends(Authorized((MEETINGS_WRITE, CALLS_WRITE)))]
"""Writes meetings or calls: organization-wide records (accounts, deals, trackers)."""
Admin = Annotated[AuthContext, Depends(Authorized((MEETINGS_WRITE,), (CALLS_WRITE,)))]
"""Writes meetings and calls both: the organization's integrations (webhooks)."""
