"""GET /metrics on the API port: this process's counters and the shared queue's gauges."""

from __future__ import annotations

from fastapi import FastAPI, Request
from prometheus_client import REGISTRY, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from starlette.responses import Response

from meetsight.observability.metrics_access import check_metrics_access
from meetsight.observability.queue_metrics import QUEUE_REGISTRY, refresh_queue_gauges
from meetsight.state import AppState


def install_metrics(app: FastAPI) -> None:
    @app.get("/metrics", include_in_schema=False)
    async def metrics(request: Request) -> Response:
        state: AppState = request.app.state.ms
        client = request.client.host if request.client else None
        check_metrics_access(
            state.settings.metrics_token, client, request.headers.get("authorization", "")
        )
        await refresh_queue_gauges(state.sessionmaker)
        body = generate_latest(REGISTRY) + generate_latest(QUEUE_REGISTRY)
        return Response(body, media_type=CONTENT_TYPE_LATEST)
