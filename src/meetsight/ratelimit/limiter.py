"""Charging one request to a budget: every window must have room, and then each is charged.

The strategy is the moving window (`limits`' moving-window storage and scripts): a window of N
seconds admits a request when fewer than `amount` requests were admitted in the N seconds before
it, to the millisecond, so there is no burst at window edges. The windows are read first and only
charged when all have room, so a refused request costs no budget.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from limits import RateLimitItem

from meetsight.errors import AppError
from meetsight.ratelimit.moving_windows import MovingWindows, Window, WindowsUnavailable
from meetsight.ratelimit.windows import Budget, describe_window


@dataclass(frozen=True, slots=True)
class Quota:
    """What is left of the tightest window (the one with the fewest requests remaining)."""

    limit: int
    remaining: int
    reset_seconds: int
    policy: str

    def headers(self) -> dict[str, str]:
        return {
            "RateLimit-Limit": str(self.limit),
            "RateLimit-Remaining": str(self.remaining),
            "RateLimit-Reset": str(self.reset_seconds),
            "RateLimit-Policy": self.policy,
        }

    def raw_headers(self) -> list[tuple[bytes, bytes]]:
        """headers() as an ASGI answer carries them (lower-case names, latin-1 values)."""
        return [
            (b"ratelimit-limit", str(self.limit).encode("latin-1")),
            (b"ratelimit-remaining", str(self.remaining).encode("latin-1")),
            (b"ratelimit-reset", str(self.reset_seconds).encode("latin-1")),
            (b"ratelimit-policy", self.policy.encode("latin-1")),
        ]


class RateLimitExceeded(AppError):
    status_code = 429

    def __init__(self, window: RateLimitItem, retry_after: int, policy: str) -> None:
        super().__init__(
            f"Rate limit exceeded: {describe_window(window)}; retry after {retry_after} s"
        )
        self.window = window
        self.retry_after = retry_after
        self.policy = policy
        quota = Quota(window.amount, 0, retry_after, policy)
        self.headers = {"Retry-After": str(retry_after), **quota.headers()}

    def again(self, retry_after: int) -> RateLimitExceeded:
        """The same refusal later on, with the time left."""
        return RateLimitExceeded(self.window, retry_after, self.policy)


class RateLimitUnavailable(AppError):
    status_code = 503

    def __init__(self) -> None:
        super().__init__("Rate limiting is unavailable (its storage does not answer); try again")
        self.headers = {"Retry-After": "5"}


def ceil_seconds(at: float, now: float) -> int:
    return max(1, math.ceil(at - now))


# Identities whose storage keys are kept built (credentials and addresses seen lately); past
# it the map starts again.
MAX_KEYED_IDENTITIES = 10_000


class RateLimiter:
    def __init__(self, windows: MovingWindows, budget: Budget) -> None:
        self._windows = windows
        self._budget = budget
        # Each window's key suffix, built once: building keys per request (as `limits`'
        # strategies do) was a third of the in-memory cost.
        self._suffixes = [f"{w.amount}/{w.get_expiry()}" for w in budget.windows]
        # Each window's (amount, seconds), read once rather than per request.
        self._limits = [(w.amount, w.get_expiry()) for w in budget.windows]
        # An identity's storage keys, built at its first request: the same credential comes
        # back request after request.
        self._keys: dict[tuple[str, ...], list[str]] = {}

    @property
    def budget(self) -> Budget:
        return self._budget

    def _keys_of(self, identity: tuple[str, ...]) -> list[str]:
        keys = self._keys.get(identity)
        if keys is None:
            if len(self._keys) >= MAX_KEYED_IDENTITIES:
                self._keys.clear()
            base = "/".join(identity)
            keys = self._keys[identity] = [f"{base}/{suffix}" for suffix in self._suffixes]
        return keys

    async def charge(self, *identity: str) -> Quota:
        """Charge one request to `identity`'s windows and return the tightest one's quota.

        Raises RateLimitExceeded (nothing charged, unless a concurrent request took the last
        slot between the read and the charge) or RateLimitUnavailable when the storage fails.
        """
        windows = self._budget.windows
        keys = self._keys_of(identity)
        try:
            stats, hits = await self._windows.charge(keys, windows)
        except WindowsUnavailable as exc:
            raise RateLimitUnavailable() from exc
        now = time.time()
        if hits is None:
            full = [(w, s) for w, s in zip(windows, stats, strict=True) if s[1] >= w.amount]
            raise self._refusal(full, now)
        if not all(hits):
            lost = [(w, s) for w, s, ok in zip(windows, stats, hits, strict=True) if not ok]
            raise self._refusal(lost, now)
        return self._tightest(stats, now)

    def _refusal(self, full: list[tuple[RateLimitItem, Window]], now: float) -> AppError:
        """The request may pass when every full window has freed a slot: the latest of them."""
        window, (start, _) = max(full, key=lambda pair: pair[1][0] + pair[0].get_expiry())
        retry_after = ceil_seconds(start + window.get_expiry(), now)
        return RateLimitExceeded(window, retry_after, self._budget.policy)

    def _tightest(self, stats: list[Window], now: float) -> Quota:
        """The window with the fewest requests left (of those, the one that resets last; of
        those, the first). `stats` were read before this request was charged: one less
        remains now."""
        best: tuple[int, int, int] | None = None
        for (amount, seconds), (start, count) in zip(self._limits, stats, strict=True):
            remaining = amount - count - 1
            reset = ceil_seconds(start + seconds, now)
            if best is None or remaining < best[1] or (remaining == best[1] and reset > best[2]):
                best = (amount, remaining, reset)
        assert best is not None  # a budget has at least one window (parse_budget)
        return Quota(best[0], best[1], best[2], self._budget.policy)
