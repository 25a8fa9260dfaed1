"""The way in of every API request, REST (its dependencies and the hot reads) and MCP alike:
resolve the credential, then charge its rate limit.

An address already over its budget for requests without a valid credential is refused first,
before its credential is checked, so that a right guess cannot be told from a wrong one while
it waits; then the credential is resolved; a valid one is charged to its own budget
(`credential_identity`), a missing or wrong one to its address's. The limiter
(`meetsight.ratelimit`) only sees these identities."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.datastructures import Headers
from starlette.types import Scope

from meetsight.auth.context import AuthContext
from meetsight.auth.credentials import resolve_credential
from meetsight.auth.resources import resource_of_path
from meetsight.observability.metrics import RATE_LIMIT_REFUSALS
from meetsight.ratelimit.limiter import RateLimitExceeded
from meetsight.ratelimit.request_limits import QUOTA_SCOPE_KEY, Identity, client_address

if TYPE_CHECKING:
    from meetsight.auth.app_state import AuthState

ADMITTED_SCOPE_KEY = "meetsight.admitted"  # a request is charged once, however often it asks


def credential_identity(ctx: AuthContext) -> Identity:
    """The budget's key: one per credential (an API key; for bearer tokens their OAuth grant,
    so that refreshing does not reset it), whatever organization or user it belongs to."""
    return ("credential", ctx.credential_kind, ctx.credential_id)


async def admit_request(state: AuthState, scope: Scope, headers: Headers) -> AuthContext | None:
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
        scope[QUOTA_SCOPE_KEY] = await limits.charge_credential(credential_identity(ctx))
    except RateLimitExceeded:
        RATE_LIMIT_REFUSALS.labels(budget).inc()
        raise
    scope[ADMITTED_SCOPE_KEY] = ctx
    return ctx
