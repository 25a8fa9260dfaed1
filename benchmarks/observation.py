"""What the request observer (request id, metrics, access-log line) costs a request: the same
app with and without it, driven by direct ASGI calls (no network, no client library, so the
difference is not diluted), rounds alternating.

    python benchmarks/observation.py [--requests 2000] [--rounds 7]

Targets: GET /healthz (the cheapest route: the largest share) and an authenticated
GET /api/v1/meetings?limit=10 on 30 seeded meetings. Variants: `off` (observer removed),
`on` (observer, access log below its level: what log_level=warning costs) and `on+log` (observer
and one JSON access line a request, written to /dev/null). Prints JSON: microseconds per request
(median of rounds) and the ratio to `off`, with the load average; docs/benchmarks.md records it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi import FastAPI

from meetsight.app import create_app
from meetsight.config import Settings
from meetsight.db.migrate import upgrade_async
from meetsight.observability.http_observation import RequestObservation
from meetsight.observability.logs import ContextIds, JsonFormatter


def scope(path: str, query: bytes, headers: list[tuple[bytes, bytes]]) -> dict[str, Any]:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": query,
        "headers": [(b"host", b"bench"), *headers],
        "client": ("127.0.0.1", 40000),
        "server": ("127.0.0.1", 8000),
    }


async def call(app: Any, request: dict[str, Any]) -> int:
    status = 0

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    await app(dict(request), receive, send)
    return status


def without_observer(app: FastAPI) -> FastAPI:
    app.user_middleware = [m for m in app.user_middleware if m.cls is not RequestObservation]
    app.middleware_stack = None  # rebuilt on the next call
    return app


async def seed(settings: Settings) -> str:
    from meetsight.db.engine import create_engine, create_sessionmaker
    from meetsight.demo.seed import seed_demo

    engine = create_engine(settings.resolved_database_url())
    async with create_sessionmaker(engine)() as session:
        result = await seed_demo(session, settings, org_name="Bench")
        await session.commit()
    await engine.dispose()
    return result.api_key


def access_log_to_devnull() -> logging.Logger:
    """The access logger as production's JSON format would write it, into /dev/null."""
    access = logging.getLogger("meetsight.access")
    sink = logging.StreamHandler(open(os.devnull, "w"))  # noqa: SIM115
    sink.setFormatter(JsonFormatter())
    sink.addFilter(ContextIds())
    access.addHandler(sink)
    access.propagate = False
    return access


async def main(requests: int, rounds: int) -> dict[str, Any]:
    data_dir = Path(tempfile.mkdtemp(prefix="observation-bench-"))
    settings = Settings(data_dir=data_dir, secret_key="bench", workers=0, rate_limits_enabled=False)
    await upgrade_async(settings.resolved_database_url())
    key = await seed(settings)
    access = access_log_to_devnull()

    apps = {"off": without_observer(create_app(settings)), "on": create_app(settings)}
    targets = {
        "healthz": scope("/healthz", b"", []),
        "meetings": scope("/api/v1/meetings", b"limit=10", [(b"x-api-key", key.encode())]),
    }
    results: dict[str, dict[str, list[float]]] = {t: {} for t in targets}
    async with apps["off"].router.lifespan_context(apps["off"]):
        apps["off"].state.ms.public_url = "http://bench"
        async with apps["on"].router.lifespan_context(apps["on"]):
            for target, request in targets.items():
                for app in apps.values():
                    assert await call(app, request) == 200
                    for _ in range(200):  # warm caches
                        await call(app, request)
                for _ in range(rounds):
                    for variant in ("off", "on", "on+log"):
                        access.setLevel(logging.INFO if variant == "on+log" else logging.WARNING)
                        app = apps["off" if variant == "off" else "on"]
                        began = time.perf_counter()
                        for _ in range(requests):
                            await call(app, request)
                        per = (time.perf_counter() - began) / requests * 1e6
                        results[target].setdefault(variant, []).append(per)
    report: dict[str, Any] = {"load_average": os.getloadavg(), "requests": requests}
    for target, variants in results.items():
        off = statistics.median(variants["off"])
        report[target] = {
            v: {
                "us": round(statistics.median(times), 1),
                "ratio_to_off": round(
                    statistics.median(t / o for t, o in zip(times, variants["off"], strict=True)),
                    3,
                ),
            }
            for v, times in variants.items()
        }
        report[target]["off_us"] = round(off, 1)
    return report


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(main(args.requests, args.rounds)), indent=2))
