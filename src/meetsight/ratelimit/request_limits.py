"""The budgets every API request is charged to, REST and MCP alike, keyed by an identity the
caller gives: a valid credential's own key (its per-credential windows), or for a request
without one its client address (the stricter windows, so that guessing keys is slow).

Nothing here knows what a credential is: `meetsight.auth.admission` resolves it first and then
charges it here."""

from __future__ import annotations

import time

from starlette.types import Scope

from meetsight.config import Settings
from meetsight.ratelimit.limiter import Quota, RateLimiter, RateLimitExceeded, ceil_seconds
from meetsight.ratelimit.moving_windows import moving_windows
from meetsight.ratelimit.storage import LimitStorage, open_storage
from meetsight.ratelimit.windows import parse_budget

QUOTA_SCOPE_KEY = "meetsight.quota"  # read by RateLimitHeaders to label the answer
MAX_BLOCKED_ADDRESSES = 10_000

Identity = tuple[str, ...]
"""A budget's key, e.g. ("credential", "api_key", key id); its parts make the storage key."""


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

    async def charge_credential(self, identity: Identity) -> Quota:
        """Charge one request to a valid credential's own budget."""
        return await self.credentials.charge(*identity)

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
