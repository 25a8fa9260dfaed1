"""A small keep-alive HTTP/1.1 load generator: cheap enough per request that on a 2-core
machine the server under test, not the client, is what gets measured."""

from __future__ import annotations

import asyncio
import statistics
import time
from dataclasses import dataclass


@dataclass
class LoadResult:
    requests: int
    errors: int
    seconds: float
    latencies_ms: list[float]
    # every answer, warm-up included: what the server's CPU time over the whole run is divided by
    answered: int = 0

    @property
    def rps(self) -> float:
        return self.requests / self.seconds

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies_ms)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]

    def summary(self) -> dict[str, float]:
        return {
            "rps": round(self.rps, 1),
            "p50_ms": round(self.percentile(50), 2),
            "p99_ms": round(self.percentile(99), 2),
            "mean_ms": round(statistics.fmean(self.latencies_ms), 2) if self.latencies_ms else 0,
            "requests": self.requests,
            "errors": self.errors,
        }


async def _read_response(reader: asyncio.StreamReader) -> int:
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head[9:12])
    length = 0
    for line in head.split(b"\r\n")[1:]:
        if line[:15].lower() == b"content-length:":
            length = int(line[15:])
    if length:
        await reader.readexactly(length)
    return status


async def _worker(
    host: str,
    port: int,
    requests: list[bytes],
    deadline: float,
    warm_until: float,
    out: LoadResult,
) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    turn = 0
    try:
        while True:
            start = time.perf_counter()
            if start >= deadline:
                return
            writer.write(requests[turn % len(requests)])
            turn += 1
            status = await _read_response(reader)
            end = time.perf_counter()
            out.answered += 1
            if end < warm_until:
                continue
            out.requests += 1
            out.latencies_ms.append((end - start) * 1000)
            if status != 200:
                out.errors += 1
    finally:
        writer.close()


async def run_load(
    host: str,
    port: int,
    path: str,
    *,
    headers: dict[str, str] | None = None,
    concurrency: int = 16,
    seconds: float = 5.0,
    warmup: float = 1.0,
    api_keys: list[str] | None = None,
) -> LoadResult:
    """Keep `concurrency` connections busy for `seconds` after `warmup`; with `api_keys`, each
    connection sends them in turn (offset per connection), so that the load spreads over them
    and no key meets its rate limit."""
    lines = [f"GET {path} HTTP/1.1", f"Host: {host}:{port}"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    variants = [[*lines, f"x-api-key: {key}"] for key in api_keys] if api_keys else [lines]
    requests = [("\r\n".join(v) + "\r\n\r\n").encode() for v in variants]
    now = time.perf_counter()
    warm_until, deadline = now + warmup, now + warmup + seconds
    result = LoadResult(requests=0, errors=0, seconds=seconds, latencies_ms=[])
    await asyncio.gather(
        *(
            _worker(host, port, requests[i:] + requests[:i], deadline, warm_until, result)
            for i in range(concurrency)
        )
    )
    return result
