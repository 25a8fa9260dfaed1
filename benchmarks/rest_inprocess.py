"""REST reads in process: CPU microseconds per request of the meetings listing and a 400-segment
transcript from the app `meetsight serve` builds with its defaults (access log at info, here to a
file; metrics; the rate limiter with the spec's budgets), against the fixed-body FastAPI endpoint
of benchmarks/_baselines.py, each called straight through ASGI (no HTTP, no server).

    python benchmarks/rest_inprocess.py [--calls 2000] [--rounds 7] [--keys 256]
    python benchmarks/rest_inprocess.py --profile listing [--calls 4000]

CPU time of this process (`time.process_time`), which other work on a shared machine barely
moves, unlike wall time. The targets take turns, round after round; each figure is the median of
the rounds with its range. The load is spread over `--keys` API keys (in turn) so that none meets
its rate limit; any answer other than 200 stops the run. One setting differs from the served
defaults: verified keys are trusted for the whole run (`--key-cache-seconds`, served 2 s), so
that no turn meets a key lookup however slow the machine; a lookup's own cost is reported apart
(`cpu_us_per_key_lookup`: served, each key is looked up again every 2 s).
`--profile NAME` runs cProfile over one target and prints its heaviest functions instead.
rest_read.py measures the same as served.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import os
import platform
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from _served import load_average, make_keys, seed_demo

ASGIApp = Callable[[dict[str, Any], Any, Any], Awaitable[None]]


def scope_for(path: str, query: bytes, key: bytes | None) -> dict[str, Any]:
    """What uvicorn hands the app for a plain GET (the headers a small client sends)."""
    headers = [
        (b"host", b"127.0.0.1:8000"),
        (b"user-agent", b"bench/1"),
        (b"accept", b"*/*"),
    ]
    if key is not None:
        headers.append((b"x-api-key", key))
    return {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.4"},
        "http_version": "1.1",
        "server": ("127.0.0.1", 8000),
        "client": ("127.0.0.1", 40000),
        "scheme": "http",
        "method": "GET",
        "root_path": "",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query,
        "headers": headers,
    }


class Target:
    """One endpoint called `calls` times per turn, the keys in turn."""

    def __init__(self, app: ASGIApp, path: str, query: bytes, keys: list[str] | None) -> None:
        self.app = app
        self.scopes = [scope_for(path, query, k.encode()) for k in keys] if keys else None
        self.plain = scope_for(path, query, None)
        self.turn = 0

    async def run(self, calls: int) -> float:
        """CPU µs per call."""
        message = {"type": "http.request", "body": b"", "more_body": False}
        statuses: list[int] = []

        async def receive() -> dict[str, Any]:
            return message

        async def send(msg: dict[str, Any]) -> None:
            if msg["type"] == "http.response.start":
                statuses.append(msg["status"])

        app, scopes = self.app, self.scopes
        started = time.process_time()
        for _ in range(calls):
            if scopes is None:
                scope = dict(self.plain)
            else:
                scope = dict(scopes[self.turn % len(scopes)])
                self.turn += 1
            scope["state"] = {}
            await app(scope, receive, send)
        spent = time.process_time() - started
        wrong = [s for s in statuses if s != 200]
        if wrong:
            raise RuntimeError(f"{len(wrong)} answers were not 200 (first: {wrong[0]})")
        return spent / calls * 1e6


def spread(values: list[float], digits: int = 1) -> dict[str, float]:
    return {
        "median": round(statistics.median(values), digits),
        "min": round(min(values), digits),
        "max": round(max(values), digits),
    }


async def fresh_keys(state: Any, keys: list[str]) -> None:
    """Every key looked up again now (as served, a key is looked up once per
    MEETSIGHT_API_KEY_CACHE_SECONDS, 2 s by default)."""
    state.api_keys.forget()
    for key in keys:
        await state.api_keys.verify(state.sessionmaker, key)


async def longest_transcript(target_app: ASGIApp, key: str) -> str:
    """The id of the demo meeting with the most segments (the demo has one of 400)."""
    bodies: list[bytes] = []

    async def get(path: str, query: bytes = b"") -> Any:
        bodies.clear()

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(msg: dict[str, Any]) -> None:
            if msg["type"] == "http.response.body":
                bodies.append(msg.get("body", b""))

        scope = scope_for(path, query, key.encode())
        scope["state"] = {}
        await target_app(scope, receive, send)
        return json.loads(b"".join(bodies))

    meetings = (await get("/api/v1/meetings", b"limit=100"))["data"]
    best = ("", -1)
    for meeting in meetings:
        mid = meeting["meetingId"]
        segments = len((await get(f"/api/v1/meetings/{mid}/transcript"))["data"]["transcript"])
        best = max(best, (mid, segments), key=lambda pair: pair[1])
    return best[0]


async def measure(opts: argparse.Namespace, tmp: str, keys: list[str], demo_key: str) -> Any:
    from _baselines import fastapi_app

    from meetsight.app import create_app
    from meetsight.config import Settings
    from meetsight.observability.logs import configure_logging

    settings = Settings()
    # Verified keys trusted for the whole run (served: 2 s), so that no turn meets a lookup
    # however slow the machine is; a lookup's own cost is measured apart.
    settings = settings.model_copy(update={"api_key_cache_seconds": opts.key_cache_seconds})
    # The access log as served, written to a file: sys.stderr is what the handler writes to.
    log_file = Path(tmp, "access.log").open("w")  # noqa: ASYNC230, SIM115 - for the whole run
    real_stderr, sys.stderr = sys.stderr, log_file
    try:
        configure_logging(settings)
    finally:
        sys.stderr = real_stderr
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        mid = await longest_transcript(app, demo_key)
        targets = {
            "listing": Target(app, "/api/v1/meetings", b"limit=10", keys),
            "transcript": Target(app, f"/api/v1/meetings/{mid}/transcript", b"", keys),
            "fastapi_fixed": Target(fastapi_app, "/fixed", b"", None),
        }
        for target in targets.values():  # warm-up: every key once, caches filled
            await target.run(len(keys))
        if opts.profile:
            await fresh_keys(app.state.ms, keys)
            profiler = cProfile.Profile()
            profiler.enable()
            per_call = await targets[opts.profile].run(opts.calls)
            profiler.disable()
            out = io.StringIO()
            stats = pstats.Stats(profiler, stream=out)
            stats.sort_stats(opts.sort).print_stats(opts.top)
            return f"{opts.profile}: {per_call:.1f} µs per call under cProfile\n{out.getvalue()}"
        state = app.state.ms
        rounds: dict[str, list[float]] = {name: [] for name in targets}
        names = list(targets)
        for number in range(opts.rounds):
            for name in names[number % len(names) :] + names[: number % len(names)]:
                rounds[name].append(await targets[name].run(opts.calls))
        lookups = []
        for _ in range(opts.rounds):
            started = time.process_time()
            await fresh_keys(state, keys)
            lookups.append((time.process_time() - started) / len(keys) * 1e6)
    log_file.close()
    base = rounds["fastapi_fixed"]
    return {
        "cpu_us_per_request": {name: spread(values) for name, values in rounds.items()},
        "cpu_us_per_key_lookup": spread(lookups),
        "ratio_to_fixed_body": {
            name: spread([b / v for b, v in zip(base, values, strict=True)], 3)
            for name, values in rounds.items()
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=2000, help="per target and round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--keys", type=int, default=1024, help="API keys the calls go round")
    parser.add_argument("--profile", choices=["listing", "transcript", "fastapi_fixed"])
    parser.add_argument(
        "--key-cache-seconds", type=float, default=3600.0, help="API key cache lifetime"
    )
    parser.add_argument("--sort", default="tottime", help="cProfile sort key")
    parser.add_argument("--top", type=int, default=40)
    opts = parser.parse_args()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load_before = load_average()
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if not k.startswith("MEETSIGHT_")} | {
            "MEETSIGHT_DATA_DIR": tmp,
            "MEETSIGHT_SECRET_KEY": "bench",
        }
        org_id, demo_key = seed_demo(env)
        keys = make_keys(env, org_id, opts.keys)
        os.environ.clear()
        os.environ.update(env)
        result = asyncio.run(measure(opts, tmp, keys, demo_key))
    if isinstance(result, str):
        print(result)
        return
    report = {
        "date": started,
        "load_average_before_after": [load_before, load_average()],
        "python": platform.python_version(),
        "settings": {"calls": opts.calls, "rounds": opts.rounds, "keys": opts.keys},
        **result,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
