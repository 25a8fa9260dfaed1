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
    host: str, port: int, request: bytes, deadline: float, warm_until: float, out: LoadResult
) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    try:
        while True:
            start = time.perf_counter()
            if start >= deadline:
                return
            writer.write(request)
            status = await _read_response(reader)
            end = time.perf_counter()
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
) -> LoadResult:
    lines = [f"GET {path} HTTP/1.1", f"Host: {host}:{port}"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    request = ("\r\n".join(lines) + "\r\n\r\n").encode()
    now = time.perf_counter()
    warm_until, deadline = now + warmup, now + warmup + seconds
    result = LoadResult(requests=0, errors=0, seconds=seconds, latencies_ms=[])
    await asyncio.gather(
        *(_worker(host, port, request, deadline, warm_until, result) for _ in range(concurrency))
    )
    return result
