"""A budget: the windows of one kind of limit, parsed from the settings' `limits` notation."""

from __future__ import annotations

from dataclasses import dataclass

from limits import RateLimitItem, parse_many


@dataclass(frozen=True, slots=True)
class Budget:
    """Windows shortest first: the order in which a request is checked and charged."""

    windows: tuple[RateLimitItem, ...]
    policy: str  # the RateLimit-Policy header value, e.g. `35;w=1, 200;w=10, 1000;w=60`


def parse_budget(text: str) -> Budget:
    """`35/second;200/10 seconds;1000/minute` to a Budget; ValueError when malformed."""
    windows = sorted(parse_many(text), key=lambda w: w.get_expiry())
    if not windows:
        raise ValueError(f"no rate limit window in {text!r}")
    policy = ", ".join(f"{w.amount};w={w.get_expiry()}" for w in windows)
    return Budget(windows=tuple(windows), policy=policy)


def describe_window(window: RateLimitItem) -> str:
    """`35 requests per second`, `200 requests per 10 seconds`."""
    seconds = window.get_expiry()
    span = {1: "second", 60: "minute", 3600: "hour"}.get(seconds, f"{seconds} seconds")
    return f"{window.amount} requests per {span}"
