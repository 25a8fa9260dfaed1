"""Mixed load on the demo data: many concurrent clients across many API keys, rate limits on.

    python benchmarks/load.py [--seconds 60] [--clients 200] [--keys 20] [--per-key-rate 15]
                              [--per-kind-seconds 0]

One `meetsight serve --no-worker` process on SQLite, pinned to one core, the clients on another.
Each client keeps one HTTP/1.1 connection and sends a mix of listings, transcripts, REST
searches and MCP tool calls (the simple `{"name", "arguments"}` POST). The clients of one key
share a pacer that keeps the key under the default limits (35/s, 200/10 s, 1000/min): a 429
here would be an error of the benchmark, so it is counted apart. Prints a JSON report:
throughput, p50/p99 per kind and overall, errors, 429s, and the server process's CPU time per
request (from /proc/PID/stat around the window). With --per-kind-seconds N, each kind then runs
alone for N seconds at a light rate on keys of its own (so the mixed run's budgets are untouched):
the server's CPU ms per request of that kind, a figure the machine's load moves far less than
latency. docs/benchmarks.md records the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).parent))
from _loadgen import _read_response
from rest_read import CLIENT_CPU, CPUS, PYTHON, ROOT, SERVER_CPU, _pin, free_port

SEARCH_WORDS = ["pricing", "budget", "timeline", "contract", "security", "discount", "onboarding"]
# (kind, weight): what a dashboard and an agent do most, listings and reading a transcript.
MIX = [("listing", 3), ("transcript", 3), ("search", 2), ("mcp_list", 1), ("mcp_search", 1)]


@dataclass
class Tally:
    latencies_ms: dict[str, list[float]] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    throttled: int = 0
    first_errors: list[str] = field(default_factory=list)

    def add(self, kind: str, ms: float, status: int) -> None:
        self.latencies_ms.setdefault(kind, []).append(ms)
        if status == 429:
            self.throttled += 1
        elif status != 200:
            self.errors[kind] = self.errors.get(kind, 0) + 1
            if len(self.first_errors) < 5:
                self.first_errors.append(f"{kind}: HTTP {status}")


class Pacer:
    """Hands out send times one `1/rate` apart: the clients of one key never exceed `rate`."""

    def __init__(self, rate: float) -> None:
        self.interval = 1.0 / rate
        self.next = time.perf_counter()

    async def wait_turn(self) -> None:
        slot = max(time.perf_counter(), self.next)
        self.next = slot + self.interval
        delay = slot - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)


def server_cpu_seconds(pid: int) -> float:
    """User plus system CPU time the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return round(ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))], 2)


def _request(kind: str, key: str, host: str, ids: list[str], rng: random.Random) -> bytes:
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


async def _client(
    port: int,
    key: str,
    pacer: Pacer,
    ids: list[str],
    deadline: float,
    seed: int,
    out: Tally,
    mix: list[tuple[str, int]],
) -> None:
    rng = random.Random(seed)
    kinds, weights = zip(*mix, strict=True)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        while True:
            await pacer.wait_turn()
            if time.perf_counter() >= deadline:
                return
            kind = rng.choices(kinds, weights)[0]
            request = _request(kind, key, f"127.0.0.1:{port}", ids, rng)
            start = time.perf_counter()
            writer.write(request)
            status = await _read_response(reader)
            out.add(kind, (time.perf_counter() - start) * 1000, status)
    finally:
        writer.close()


async def run_mixed_load(
    port: int,
    keys: list[str],
    ids: list[str],
    *,
    clients: int,
    seconds: float,
    rate: float,
    mix: list[tuple[str, int]] = MIX,
) -> tuple[Tally, float]:
    pacers = [Pacer(rate) for _ in keys]
    tally = Tally()
    began = time.perf_counter()
    deadline = began + seconds
    await asyncio.gather(
        *(
            _client(port, keys[i % len(keys)], pacers[i % len(keys)], ids, deadline, i, tally, mix)
            for i in range(clients)
        )
    )
    return tally, time.perf_counter() - began


# Light enough that little queues: 10 keys at 5/s, 50 requests/s of one kind.
PER_KIND_KEYS = 10
PER_KIND_RATE = 5.0


def per_kind_cpu(
    pid: int, port: int, keys: list[str], ids: list[str], seconds: float
) -> dict[str, dict[str, float]]:
    """Each kind alone: the server's CPU ms per request, with p50 for reference."""
    found = {}
    for kind, _ in MIX:
        before = server_cpu_seconds(pid)
        tally, _ = asyncio.run(
            run_mixed_load(
                port,
                keys,
                ids,
                clients=2 * len(keys),
                seconds=seconds,
                rate=PER_KIND_RATE,
                mix=[(kind, 1)],
            )
        )
        cpu = server_cpu_seconds(pid) - before
        values = tally.latencies_ms.get(kind, [])
        found[kind] = {
            "requests": len(values),
            "cpu_ms_per_request": round(cpu * 1000 / max(len(values), 1), 2),
            "p50_ms": percentile(values, 50),
            "errors": sum(tally.errors.values()) + tally.throttled,
        }
    return found


def cli(env: dict[str, str], *args: str) -> dict[str, object]:
    done = subprocess.run(
        [PYTHON, "-m", "meetsight.cli", *args, "--json"], env=env, check=True, capture_output=True
    )
    result = json.loads(done.stdout)
    assert isinstance(result, dict)
    return result


def prepare_keys(env: dict[str, str], count: int) -> tuple[str, list[str]]:
    """The demo (its key, for setup reads) and `count` fresh keys made by `meetsight apikey`."""
    demo = cli(env, "demo")
    org = str(demo["org_id"])
    with ThreadPoolExecutor(max_workers=len(CPUS)) as pool:
        made = pool.map(
            lambda i: cli(env, "apikey", "create", "--org", org, "--name", f"load-{i}"),
            range(count),
        )
        return str(demo["api_key"]), [str(k["key"]) for k in made]


@contextmanager
def meetsight_server(env: dict[str, str], data_dir: str) -> Iterator[tuple[int, int]]:
    port = free_port()
    command = [PYTHON, "-m", "meetsight.cli", "serve", "--no-worker", "--port", str(port)]
    command += ["--host", "127.0.0.1", "--data-dir", data_dir]
    proc = subprocess.Popen(command, env=env, cwd=ROOT, preexec_fn=_pin(SERVER_CPU))
    try:
        for _ in range(300):
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        else:
            raise RuntimeError("meetsight serve did not start")
        yield port, proc.pid
    finally:
        proc.terminate()
        proc.wait(10)


def meeting_ids(port: int, key: str) -> list[str]:
    url = f"http://127.0.0.1:{port}/api/v1/meetings"
    r = httpx.get(url, params={"limit": 100}, headers={"x-api-key": key})
    r.raise_for_status()
    return [m["meetingId"] for m in r.json()["data"]]


def report(
    tally: Tally, elapsed: float, cpu_seconds: float, opts: argparse.Namespace
) -> dict[str, object]:
    every = [ms for values in tally.latencies_ms.values() for ms in values]
    kinds = {
        kind: {
            "requests": len(values),
            "p50_ms": percentile(values, 50),
            "p99_ms": percentile(values, 99),
            "errors": tally.errors.get(kind, 0),
        }
        for kind, values in sorted(tally.latencies_ms.items())
    }
    return {
        "machine": {"cores": os.cpu_count(), "python": platform.python_version()},
        "settings": {
            "seconds": opts.seconds,
            "clients": opts.clients,
            "keys": opts.keys,
            "per_key_rate": opts.per_key_rate,
            "server_processes": 1,
            "database": "sqlite",
            "server_cpu": SERVER_CPU if len(CPUS) > 1 else None,
            "client_cpu": CLIENT_CPU if len(CPUS) > 1 else None,
        },
        "overall": {
            "requests": len(every),
            # Every request was sent inside the window (a client past it stops): count by it.
            "rps": round(len(every) / opts.seconds, 1),
            "wall_seconds": round(elapsed, 1),
            "p50_ms": percentile(every, 50),
            "p99_ms": percentile(every, 99),
            "errors": sum(tally.errors.values()),
            "throttled_429": tally.throttled,
            "server_cpu_seconds": round(cpu_seconds, 2),
            "server_cpu_ms_per_request": round(cpu_seconds * 1000 / max(len(every), 1), 2),
            "load_average": [round(x, 2) for x in os.getloadavg()],
        },
        "per_kind": kinds,
        "first_errors": tally.first_errors,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--keys", type=int, default=20)
    # 15/s per key: 150 per 10 s and 900 per minute, under every default window with a margin.
    parser.add_argument("--per-key-rate", type=float, default=15.0, help="requests/s per key")
    parser.add_argument(
        "--per-kind-seconds", type=float, default=0.0, help="then each kind alone (0: skip)"
    )
    opts = parser.parse_args()
    extra = PER_KIND_KEYS if opts.per_kind_seconds > 0 else 0
    with tempfile.TemporaryDirectory() as tmp:
        env = {
            **os.environ,
            "MEETSIGHT_DATA_DIR": tmp,
            "MEETSIGHT_SECRET_KEY": "bench",
            "MEETSIGHT_WORKERS": "0",
            "MEETSIGHT_LOG_LEVEL": "warning",
        }
        env.pop("MEETSIGHT_DATABASE_URL", None)
        env.pop("MEETSIGHT_RATE_LIMITS_ENABLED", None)  # the default limits, on
        demo_key, made = prepare_keys(env, opts.keys + extra)
        keys, spare = made[: opts.keys], made[opts.keys :]
        with meetsight_server(env, tmp) as (port, pid):
            ids = meeting_ids(port, demo_key)
            if len(CPUS) > 1:
                os.sched_setaffinity(0, {CLIENT_CPU})
            before = server_cpu_seconds(pid)
            tally, elapsed = asyncio.run(
                run_mixed_load(
                    port,
                    keys,
                    ids,
                    clients=opts.clients,
                    seconds=opts.seconds,
                    rate=opts.per_key_rate,
                )
            )
            result = report(tally, elapsed, server_cpu_seconds(pid) - before, opts)
            if spare:
                result["per_kind_alone"] = per_kind_cpu(
                    pid, port, spare, ids, opts.per_kind_seconds
                )
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
