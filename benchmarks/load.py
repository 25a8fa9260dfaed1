"""Capacity under a mixed load, as served: the highest offered rate `meetsight serve` holds.

    python benchmarks/load.py [--database sqlite|postgresql] [--processes 1|2]
                              [--rates 50,100,...] [--step-seconds 20] [--p99-ms 250]

`meetsight serve --no-worker` with its defaults (access log, metrics, the rate limiter with the
spec's budgets; two processes share their limits through Redis, as a deployment of two would)
serves the demo data (on PostgreSQL, vacuumed and analysed first, as autovacuum would leave it a
minute later). The load is open-loop: every request has a scheduled time (the offered rate, each
client's schedule shifted by a random phase so that arrivals do not come in bursts), it is sent at
that time whether or not earlier ones have been answered (on a free connection, or a new one), and
its latency runs from the scheduled time, so a server that falls behind shows it (no coordinated
omission). The mix is what a dashboard and an agent send most: listings, transcripts, REST searches
and MCP tool calls. Requests go over enough API keys that none nears its limit (a 429 is an error
here). The rate steps up until p99 passes `--p99-ms`, an error appears, or fewer answers come back
than were offered; the report gives each step and the highest rate held. docs/benchmarks.md records
the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import platform
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from meetsight.config import normalise_database_url
from meetsight.db.engine import create_engine

sys.path.insert(0, str(Path(__file__).parent))
from _loadgen import _read_response
from _served import cpu_seconds, load_average, make_keys, seed_demo, served
from _settle import vacuum_analyze

SEARCH_WORDS = ["pricing", "budget", "timeline", "contract", "security", "discount", "onboarding"]
# (kind, weight): what a dashboard and an agent do most, listings and reading a transcript.
MIX = [("listing", 3), ("transcript", 3), ("search", 2), ("mcp_list", 1), ("mcp_search", 1)]
PER_KEY_RATE = 10.0  # under 1000/min (16.7/s) and 200/10 s (20/s) with room for jitter
CLIENTS_PER_TARGET = 32  # schedules that interleave; each sends on a free connection
MAX_CONNECTIONS = 512
DEFAULT_RATES = "50,100,150,200,300,400,500,650,800,1000,1250,1500"


@dataclass
class Step:
    rate: float
    latencies_ms: dict[str, list[float]] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    offered: int = 0
    first_errors: list[str] = field(default_factory=list)

    def add(self, kind: str, ms: float, status: int) -> None:
        self.latencies_ms.setdefault(kind, []).append(ms)
        if status != 200:
            self.errors[kind] = self.errors.get(kind, 0) + 1
            if len(self.first_errors) < 5:
                self.first_errors.append(f"{kind}: HTTP {status}")

    def fail(self, kind: str, why: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1
        if len(self.first_errors) < 5:
            self.first_errors.append(f"{kind}: {why}")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return round(ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))], 2)


def build_request(kind: str, key: str, host: str, ids: list[str], rng: random.Random) -> bytes:
    word = rng.choice(SEARCH_WORDS)
    body = b""
    if kind == "listing":
        path = rng.choice(["/api/v1/meetings?limit=10", "/api/v1/calls?limit=10"])
    elif kind == "transcript":
        path = f"/api/v1/meetings/{rng.choice(ids)}/transcript"
    elif kind == "search":
        path = f"/api/v1/search?q={word}&limit=10"
    else:
        path = "/api/v1/mcp"
        call = (
            {"name": "list_meetings", "arguments": {"limit": 10}}
            if kind == "mcp_list"
            else {"name": "search_meetings", "arguments": {"query": word, "limit": 10}}
        )
        body = json.dumps(call).encode()
    method = "POST" if body else "GET"
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", f"x-api-key: {key}"]
    if body:
        lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


Connection = tuple[asyncio.StreamReader, asyncio.StreamWriter]
# uvicorn closes a keep-alive connection idle for 5 s: one idle longer is not reused (a request
# sent on it as the server closes it would fail through no fault of the server's).
MAX_IDLE_SECONDS = 3.0


class Connections:
    """Keep-alive connections to one server: a free one when there is, else a new one."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.free: list[tuple[float, Connection]] = []
        self.open = 0

    async def take(self) -> Connection:
        now = time.perf_counter()
        while self.free:
            since, conn = self.free.pop()
            if now - since < MAX_IDLE_SECONDS:
                return conn
            conn[1].close()
        self.open += 1
        return await asyncio.open_connection("127.0.0.1", self.port)

    def give(self, conn: Connection) -> None:
        self.free.append((time.perf_counter(), conn))

    def close(self) -> None:
        for _, (_, writer) in self.free:
            writer.close()


async def _send(
    pool: Connections, request: bytes, kind: str, due: float, step: Step, gate: asyncio.Semaphore
) -> None:
    async with gate:
        try:
            conn = await pool.take()
            conn[1].write(request)
            status = await _read_response(conn[0])
        except (OSError, asyncio.IncompleteReadError) as exc:
            step.fail(kind, type(exc).__name__)
            return
        step.add(kind, (time.perf_counter() - due) * 1000, status)
        pool.give(conn)


async def run_step(
    pools: list[Connections], keys: list[str], ids: list[str], rate: float, seconds: float
) -> Step:
    """Offer `rate` requests/s for `seconds`, open-loop, spread over the pools (processes)."""
    step = Step(rate)
    rng = random.Random(int(rate))
    kinds, weights = zip(*MIX, strict=True)
    clients = CLIENTS_PER_TARGET * len(pools)
    interval = clients / rate  # each client's gap between its requests
    began = time.perf_counter() + 0.2
    # Each client's schedule starts at a random phase inside one interval: arrivals spread out.
    schedule = sorted(
        (began + rng.uniform(0, interval) + n * interval, client)
        for client in range(clients)
        for n in range(math.ceil(seconds / interval))
    )
    schedule = [(due, client) for due, client in schedule if due < began + seconds]
    gate = asyncio.Semaphore(MAX_CONNECTIONS)
    tasks = []
    for number, (due, client) in enumerate(schedule):
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        kind = rng.choices(kinds, weights)[0]
        pool = pools[client % len(pools)]
        request = build_request(kind, keys[number % len(keys)], f"127.0.0.1:{pool.port}", ids, rng)
        tasks.append(asyncio.ensure_future(_send(pool, request, kind, due, step, gate)))
    step.offered = len(schedule)
    await asyncio.wait(tasks, timeout=30)
    for pool in pools:
        pool.close()
    return step


def summarise(step: Step, seconds: float, cpu: float) -> dict[str, object]:
    every = [ms for values in step.latencies_ms.values() for ms in values]
    answered = len(every)
    return {
        "offered_rps": step.rate,
        "answered_rps": round(answered / seconds, 1),
        "offered": step.offered,
        "answered": answered,
        "p50_ms": percentile(every, 50),
        "p99_ms": percentile(every, 99),
        "errors": sum(step.errors.values()),
        "first_errors": step.first_errors,
        "server_cpu_ms_per_request": round(cpu * 1000 / max(answered, 1), 2),
        "per_kind_p99_ms": {k: percentile(v, 99) for k, v in sorted(step.latencies_ms.items())},
        "load_average": load_average(),
    }


def meeting_ids(port: int, key: str) -> list[str]:
    url = f"http://127.0.0.1:{port}/api/v1/meetings"
    r = httpx.get(url, params={"limit": 100}, headers={"x-api-key": key})
    r.raise_for_status()
    return [m["meetingId"] for m in r.json()["data"]]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument(
        "--database-url",
        default="postgresql://postgres@127.0.0.1:5432/meetsight_bench_load",
        help="for --database postgresql: an empty database (its tables are replaced)",
    )
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/8", help="2 processes")
    parser.add_argument("--processes", type=int, choices=[1, 2], default=1)
    parser.add_argument("--rates", default=DEFAULT_RATES, help="offered requests/s, in order")
    parser.add_argument("--step-seconds", type=float, default=20.0)
    parser.add_argument("--p99-ms", type=float, default=250.0)
    opts = parser.parse_args()
    rates = [float(r) for r in opts.rates.split(",")]
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load_before = load_average()
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        env = {k: v for k, v in os.environ.items() if not k.startswith("MEETSIGHT_")}
        env |= {"MEETSIGHT_DATA_DIR": tmp, "MEETSIGHT_SECRET_KEY": "bench"}
        if opts.database == "postgresql":
            env["MEETSIGHT_DATABASE_URL"] = opts.database_url
            reset_postgres(opts.database_url)
        if opts.processes > 1:
            env["MEETSIGHT_REDIS_URL"] = opts.redis_url
            flush_redis(opts.redis_url)
        org_id, demo_key = seed_demo(env)
        keys = make_keys(env, org_id, math.ceil(max(rates) / PER_KEY_RATE))
        if opts.database == "postgresql":
            asyncio.run(settle(opts.database_url))
        log = Path(tmp) / "servers.log"
        servers = [stack.enter_context(served(env, log)) for _ in range(opts.processes)]
        ids = meeting_ids(servers[0][0], demo_key)
        for key in keys:  # every key once: the key caches are warm for the steps
            for port, _ in servers:
                httpx.get(
                    f"http://127.0.0.1:{port}/api/v1/meetings?limit=1", headers={"x-api-key": key}
                ).raise_for_status()
        # A warm-up step, not reported: connections opened, every kind's first call made.
        asyncio.run(run_step([Connections(p) for p, _ in servers], keys, ids, rates[0], 5.0))
        steps = []
        held = None
        for rate in rates:
            pools = [Connections(port) for port, _ in servers]
            cpu = sum(cpu_seconds(pid) for _, pid in servers)
            step = asyncio.run(run_step(pools, keys, ids, rate, opts.step_seconds))
            found = summarise(
                step, opts.step_seconds, sum(cpu_seconds(p) for _, p in servers) - cpu
            )
            steps.append(found)
            answered_all = int(found["answered"]) >= 0.98 * step.offered  # type: ignore[call-overload]
            ok = found["errors"] == 0 and float(found["p99_ms"]) <= opts.p99_ms and answered_all  # type: ignore[arg-type]
            print(json.dumps(found), file=sys.stderr)
            if not ok:
                break
            held = rate
            time.sleep(2)  # let the rate limiter's short windows empty between steps
    report = {
        "date": started,
        "load_average_before_after": [load_before, load_average()],
        "machine": {"cores": os.cpu_count(), "python": platform.python_version()},
        "settings": {
            "database": opts.database,
            "processes": opts.processes,
            "step_seconds": opts.step_seconds,
            "p99_limit_ms": opts.p99_ms,
            "api_keys": len(keys),
            "mix": dict(MIX),
            "target": "meetsight serve --no-worker, defaults (access log, metrics, rate limits)",
            "settled": opts.database == "postgresql",
        },
        "highest_rate_held": held,
        "steps": steps,
    }
    print(json.dumps(report, indent=2))


async def settle(url: str) -> None:
    """What autovacuum does within a minute of the demo's bulk load, done before serving: this
    machine's PostgreSQL runs with autovacuum off. `meetsight demo` analyses what it wrote
    (without statistics a search's page costs 10 times more); VACUUM adds the visibility map."""
    engine = create_engine(normalise_database_url(url))
    try:
        await vacuum_analyze(engine)
    finally:
        await engine.dispose()


def reset_postgres(url: str) -> None:
    """A fresh database for the run (created when missing, emptied when not)."""
    import asyncpg

    base, name = url.rsplit("/", 1)

    async def reset() -> None:
        conn = await asyncpg.connect(f"{base}/postgres")
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()

    asyncio.run(reset())


def flush_redis(url: str) -> None:
    import redis

    redis.Redis.from_url(url).flushdb()


if __name__ == "__main__":
    main()
