"""GET /metrics on the API port: this process's counters and the shared queue's gauges."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi import FastAPI, Request
from prometheus_client import REGISTRY, CollectorRegistry, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from starlette.responses import Response

from meetsight.observability.metrics_access import check_metrics_access


def install_metrics(
    app: FastAPI,
    token: str | None,
    shared: CollectorRegistry,
    refresh_shared: Callable[[Request], Awaitable[None]],
) -> None:
    """`token`: settings.metrics_token. `shared`: gauges of what every process shares (the job
    queue, `meetsight.jobs.metrics`), brought up to date by `refresh_shared` before each scrape."""

    @app.get("/metrics", include_in_schema=False)
    async def metrics(request: Request) -> Response:
        client = request.client.host if request.client else None
        check_metrics_access(token, client, request.headers.get("authorization", ""))
        await refresh_shared(request)
        body = generate_latest(REGISTRY) + generate_latest(shared)
        return Response(body, media_type=CONTENT_TYPE_LATEST)
