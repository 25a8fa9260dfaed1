"""FastAPI dependencies: the request's database session and its resolved credential."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.auth.context import AuthContext
from meetsight.db.unit_of_work import unit_of_work
from meetsight.errors import Unauthorized
from meetsight.ratelimit.gate import admit_request
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
    """Resolve the request's credential (API key now; bearer tokens join with OAuth) and charge
    its rate limit: 401 when missing or invalid, 429 over the limit (meetsight.ratelimit)."""
    ctx = await admit_request(app_state(request), request.scope, request.headers)
    if ctx is None:
        raise Unauthorized()
    request.state.auth = ctx
    return ctx


async def authorize(request: Request, *any_of_scopes: str) -> AuthContext:
    """Authenticate and require one of the scopes: the lean form for endpoints that take the
    raw request (see request_params)."""
    ctx = await authenticate(request)
    ctx.require(*any_of_scopes)
    return ctx


Auth = Annotated[AuthContext, Depends(authenticate)]
