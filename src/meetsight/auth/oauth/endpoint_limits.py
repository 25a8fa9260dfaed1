"""Rate limits on the token and revocation endpoints, which the API's gate does not pass.

A refused request (a wrong client secret, an unknown code or token, a malformed form) is
charged to its address's budget for requests without a valid credential, as the gate charges a
wrong API key; an address over that budget is refused before its client is checked, so a right
guess cannot be told from a wrong one while it waits. A request from an authenticated client
is charged to that client's own budget (the per-credential windows). Refusals answer in OAuth's
JSON (429 with Retry-After; 503 when the limit storage does not answer)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.responses import JSONResponse, Response
from starlette.types import Scope

from meetsight.observability.metrics import RATE_LIMIT_REFUSALS
from meetsight.ratelimit.limiter import RateLimitExceeded, RateLimitUnavailable
from meetsight.ratelimit.request_limits import client_address

from .errors import NO_STORE

if TYPE_CHECKING:
    from meetsight.auth.app_state import AuthState


class LimitRefusal(Exception):
    """The request is refused by a limit; `response` answers it."""

    def __init__(self, response: JSONResponse) -> None:
        super().__init__(response.status_code)
        self.response = response


class EndpointLimits:
    """One token or revocation request's view of the limits (none when they are off)."""

    def __init__(self, state: AuthState, scope: Scope) -> None:
        self._limits = state.rate_limits
        self._address = client_address(scope)

    def refuse_if_blocked(self) -> None:
        """LimitRefusal while the address is over its budget for refused requests."""
        if self._limits is not None:
            try:
                self._limits.refuse_if_blocked(self._address)
            except RateLimitExceeded as exc:
                raise LimitRefusal(over_limit(exc, "address")) from None

    async def charge_client(self, client_id: str) -> None:
        """LimitRefusal when the authenticated client is over its budget."""
        if self._limits is not None:
            try:
                await self._limits.credentials.charge("oauth_client", client_id)
            except (RateLimitExceeded, RateLimitUnavailable) as exc:
                raise LimitRefusal(over_limit(exc, "credential")) from None

    async def after_refusal(self, answer: Response) -> Response:
        """The refusal as it stands, or a 429 once the address has refused too often."""
        if self._limits is None:
            return answer
        try:
            await self._limits.charge_failure(self._address)
        except (RateLimitExceeded, RateLimitUnavailable) as exc:
            return over_limit(exc, "address")
        return answer


def over_limit(exc: RateLimitExceeded | RateLimitUnavailable, budget: str) -> JSONResponse:
    """OAuth's JSON for a limit's refusal: 429 with Retry-After, or 503 without storage."""
    body = {"error": "temporarily_unavailable", "error_description": exc.message}
    if isinstance(exc, RateLimitExceeded):
        RATE_LIMIT_REFUSALS.labels(budget).inc()
    return JSONResponse(body, exc.status_code, headers={**NO_STORE, **(exc.headers or {})})
