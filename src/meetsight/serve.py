"""`meetsight serve`: migrate, optionally seed the demo, then run uvicorn."""

from __future__ import annotations

import asyncio
import math
import sys

import uvicorn

from meetsight.config import Settings
from meetsight.observability.logs import configure_logging, logging_config


def check_rate_limit_storage(settings: Settings) -> None:
    """A configured Redis that does not answer stops the start with one clear line."""
    from meetsight.ratelimit.storage import RateLimitStorageError, ensure_storage_reachable

    if not settings.rate_limits_enabled:
        return
    try:
        asyncio.run(ensure_storage_reachable(settings))
    except RateLimitStorageError as exc:
        print(f"meetsight: {exc}", file=sys.stderr)
        raise SystemExit(1) from None


def serve(settings: Settings, *, demo: bool, worker: bool) -> None:
    configure_logging(settings)  # uvicorn applies the same configuration again as it starts
    check_rate_limit_storage(settings)  # before the app's imports: a bad start fails fast
    from meetsight.app import create_app
    from meetsight.db.migrate import upgrade

    if not worker:
        settings = settings.model_copy(update={"workers": 0})
    upgrade(settings.resolved_database_url())
    if demo:
        from meetsight.demo.seed import seed_demo_if_empty

        result = asyncio.run(seed_demo_if_empty(settings))
        if result is not None:
            print(
                f"Demo data seeded into organization {result.org_id}.\n"
                f"Demo API key (shown once, also saved to {result.key_file}):\n  {result.api_key}",
                file=sys.stderr,
            )
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level,
        log_config=logging_config(settings),
        access_log=False,  # meetsight.access logs each request, with its id and route
        proxy_headers=True,
        # SIGTERM: stop accepting, let in-flight requests finish this long, then the lifespan
        # stops the embedded workers (a running job finishes or is given back).
        timeout_graceful_shutdown=math.ceil(settings.shutdown_timeout_seconds),
    )
