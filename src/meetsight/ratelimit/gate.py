"""The rate-limit gate every API request passes, REST and MCP alike: a valid credential is
charged to its own budget; a missing or wrong one to its client address's stricter budget, so
that guessing keys is slow."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from starlette.datastructures import Headers
from starlette.types import Scope

from meetsight.auth.context import AuthContext
from meetsight.auth.credentials import resolve_credential
from meetsight.auth.resources import resource_of_path
from meetsight.config import Settings
from meetsight.observability.metrics import RATE_LIMIT_REFUSALS
from meetsight.ratelimit.limiter import Quota, RateLimiter, RateLimitExceeded, ceil_seconds
from meetsight.ratelimit.moving_windows import moving_windows
from meetsight.ratelimit.storage import LimitStorage, open_storage
from meetsight.ratelimit.windows import parse_budget

if TYPE_CHECKING:
    from meetsight.state import AppState

QUOTA_SCOPE_KEY = "meetsight.quota"  # read by RateLimitHeaders to label the answer
ADMITTED_SCOPE_KEY = "meetsight.admitted"  # a request is charged once, however often it asks
MAX_BLOCKED_ADDRESSES = 10_000


def credential_identity(ctx: AuthContext) -> tuple[str, ...]:
    """The budget's key: one per credential (an API key; for bearer tokens their OAuth grant,
    so that refreshing does not reset it), whatever organization or user it belongs to."""
    return ("credential", ctx.credential_kind, ctx.credential_id)


def client_address(scope: Scope) -> str:
    """The peer address (behind a proxy: what uvicorn's proxy headers made of it)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class RequestLimits:
    def __init__(self, settings: Settings) -> None:
        self.store: LimitStorage = open_storage(settings)
        self.windows = moving_windows(self.store.storage)
        self.credentials = RateLimiter(self.windows, parse_budget(settings.rate_limits))
        self.addresses = RateLimiter(
            self.windows, parse_budget(settings.rate_limits_unauthenticated)
        )
        # Addresses over their budget, until when: their requests are refused before any
        # credential is checked, so a right guess cannot be told from a wrong one.
        self._blocked: dict[str, tuple[float, RateLimitExceeded]] = {}

    async def start(self) -> None:
        await self.store.ensure_reachable()
        await self.windows.prepare()

    async def close(self) -> None:
        await self.store.close()

    async def charge_credential(self, ctx: AuthContext) -> Quota:
        return await self.credentials.charge(*credential_identity(ctx))

    def refuse_if_blocked(self, address: str) -> None:
        blocked = self._blocked.get(address)
        if blocked is None:
            return
        until, refusal = blocked
        now = time.monotonic()
        if until > now:
            raise refusal.again(ceil_seconds(until, now))
        del self._blocked[address]

    async def charge_failure(self, address: str) -> None:
        """Count a request without a valid credential; raise once the address is over."""
        try:
            await self.addresses.charge("address", address)
        except RateLimitExceeded as refusal:
            if len(self._blocked) >= MAX_BLOCKED_ADDRESSES:
                now = time.monotonic()
                self._blocked = {a: b for a, b in self._blocked.items() if b[0] > now}
            self._blocked[address] = (time.monotonic() + refusal.retry_after, refusal)
            raise


async def admit_request(state: AppState, scope: Scope, headers: Headers) -> AuthContext | None:
    """The request's credential after charging its budget; None when missing or invalid.

    Raises RateLimitExceeded (429) when the credential's budget, or for a request without a
    valid credential its address's budget, is spent; RateLimitUnavailable (503) when the
    storage fails. The quota of an admitted request is left in the scope for the headers.
    """
    limits = state.rate_limits
    resource = resource_of_path(state.public_url, scope.get("path", ""))
    if limits is None:
        return await resolve_credential(state, headers, resource)
    if ADMITTED_SCOPE_KEY in scope:
        return scope[ADMITTED_SCOPE_KEY]  # type: ignore[no-any-return]
    address = client_address(scope)
    budget = "address"
    try:
        limits.refuse_if_blocked(address)
        ctx = await resolve_credential(state, headers, resource)
        if ctx is None:
            await limits.charge_failure(address)
            return None
        budget = "credential"
        scope[QUOTA_SCOPE_KEY] = await limits.charge_credential(ctx)
    except RateLimitExceeded:
        RATE_LIMIT_REFUSALS.labels(budget).inc()
        raise
    scope[ADMITTED_SCOPE_KEY] = ctx
    return ctx
