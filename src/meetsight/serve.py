"""`meetsight serve`: migrate, optionally seed the demo, then run uvicorn."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import math
import socket
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


log = logging.getLogger("meetsight.serve")


def browser_url(host: str, port: int) -> str:
    """The address to open in a browser on this machine: a wildcard host is not one."""
    if host in ("", "0.0.0.0"):
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    try:
        if ipaddress.ip_address(host).version == 6:
            host = f"[{host}]"
    except ValueError:
        pass  # a host name
    return f"http://{host}:{port}"


async def first_page(settings: Settings) -> str:
    """`/setup` while nobody can sign in (the first run), else the app's home; on the way, the
    warning when PostgreSQL runs with autovacuum off (db/planner_statistics.py)."""
    from meetsight.db.engine import create_engine, create_sessionmaker
    from meetsight.db.planner_statistics import warn_if_autovacuum_off
    from meetsight.web.setup import setup_open

    engine = create_engine(settings.resolved_database_url())
    try:
        await warn_if_autovacuum_off(engine)
        async with create_sessionmaker(engine)() as session:
            return "/setup" if await setup_open(session) else "/"
    finally:
        await engine.dispose()


class AnnouncingServer(uvicorn.Server):
    """uvicorn's server that logs one "ready: open ..." line once it listens."""

    def __init__(self, config: uvicorn.Config, ready_url: str) -> None:
        super().__init__(config)
        self.ready_url = ready_url

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if not self.should_exit:  # a failed bind sets it and logs its own error
            log.info("meetsight ready: open %s", self.ready_url)


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
    page = asyncio.run(first_page(settings))
    config = uvicorn.Config(
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
    server = AnnouncingServer(config, browser_url(settings.host, settings.port) + page)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C ends the server, not with a trace
        server.run()
    if not server.started:
        raise SystemExit(3)  # uvicorn.run's code for a start that failed (a taken port)
