"""The rate limiter's cost per request: one charge to a credential's three windows (35/s,
200/10 s, 1000/min, the defaults), in memory and in Redis, admitted and refused.

    python benchmarks/ratelimit_check.py [--calls 20000] [--redis-url redis://127.0.0.1:6379/15]

Admitted charges spread over 2,000 credentials (each stays under its budget, as busy clients
of one server would); refused charges hammer one credential whose second is spent. A charge
reads the windows, then charges them: two steps, each one pipelined round trip in Redis. Prints
a JSON report (microseconds per charge: median of batches of 200, and p99 of single charges;
a Redis PING round trip as the baseline; the load average); docs/benchmarks.md records them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import time
import uuid
from typing import Any

import redis.asyncio as aioredis

from meetsight.auth.admission import credential_identity
from meetsight.auth.context import AuthContext
from meetsight.config import Settings
from meetsight.ratelimit.limiter import RateLimitExceeded
from meetsight.ratelimit.request_limits import RequestLimits

CREDENTIALS = 2000
BATCH = 200


def context(n: int) -> AuthContext:
    return AuthContext("org", frozenset({"meetings:read"}), "api_key", f"key-{n}")


async def admitted(limits: RequestLimits, calls: int) -> dict[str, float]:
    batches, singles = [], []
    for start in range(0, calls, BATCH):
        began = time.perf_counter()
        for n in range(start, start + BATCH):
            one = time.perf_counter()
            await limits.charge_credential(credential_identity(context(n % CREDENTIALS)))
            singles.append(time.perf_counter() - one)
        batches.append((time.perf_counter() - began) / BATCH)
    return summary(batches, singles)


async def refused(limits: RequestLimits) -> dict[str, float]:
    """Charges to one credential whose second is spent, for 0.8 s after spending it."""
    hot = credential_identity(context(-1))
    for _ in range(35):
        await limits.charge_credential(hot)
    spent = time.perf_counter()
    batches, singles = [], []
    while time.perf_counter() - spent < 0.8:
        began = time.perf_counter()
        for _ in range(BATCH // 4):
            one = time.perf_counter()
            try:
                await limits.charge_credential(hot)
            except RateLimitExceeded:
                singles.append(time.perf_counter() - one)
            else:
                raise AssertionError("a charge passed inside the spent second")
        batches.append((time.perf_counter() - began) / (BATCH // 4))
    return summary(batches, singles)


def summary(batches: list[float], singles: list[float]) -> dict[str, float]:
    singles.sort()
    return {
        "charges": len(singles),
        "median_us": round(statistics.median(batches) * 1e6, 1),
        "p99_us": round(singles[int(len(singles) * 0.99) - 1] * 1e6, 1),
    }


async def redis_ping_us(url: str) -> float:
    """The floor under any Redis-backed check here: one PING round trip, median of 1000."""
    client = aioredis.Redis.from_url(url)
    await client.ping()
    samples = []
    for _ in range(1000):
        began = time.perf_counter()
        await client.ping()
        samples.append(time.perf_counter() - began)
    await client.aclose()
    return round(statistics.median(samples) * 1e6, 1)


async def run(storage: str, settings: Settings, calls: int) -> dict[str, Any]:
    limits = RequestLimits(settings)
    await limits.start()
    try:
        return {
            "storage": storage,
            "admitted": await admitted(limits, calls),
            "refused": await refused(limits),
        }
    finally:
        if limits.store.pool is not None:
            await limits.store.storage.reset()  # this run's keys only (its own prefix)
        await limits.close()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=20000)
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/15")
    args = parser.parse_args()
    began = time.perf_counter()
    base = Settings(secret_key="bench")
    redis = base.model_copy(
        update={"redis_url": args.redis_url, "rate_limit_key_prefix": f"bench-{uuid.uuid4().hex}"}
    )
    report = [await run("memory", base, args.calls), await run("redis", redis, args.calls)]
    baseline = await redis_ping_us(args.redis_url)
    load = round(os.getloadavg()[0], 1)
    seconds = round(time.perf_counter() - began, 1)
    print(
        json.dumps({"results": report, "redis_ping_us": baseline, "load": load, "seconds": seconds})
    )


if __name__ == "__main__":
    asyncio.run(main())
