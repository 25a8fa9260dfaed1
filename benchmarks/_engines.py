"""Run one benchmark on each engine asked for: SQLite in a scratch folder, PostgreSQL in a
database of its own on the given server (created afresh, dropped after)."""

from __future__ import annotations

import tempfile
from collections.abc import Awaitable, Callable
from typing import Any

from search import postgres_database

RunEngine = Callable[[str, str], Awaitable[dict[str, Any]]]


async def on_engines(engines: str, pg_url: str | None, bench_db: str, run: RunEngine) -> dict:
    """{engine name: its report, or why it was skipped} for the comma-separated `engines`."""
    report: dict[str, Any] = {}
    for name in engines.split(","):
        if name == "sqlite":
            with tempfile.TemporaryDirectory() as folder:
                report["sqlite"] = await run("sqlite", f"sqlite+aiosqlite:///{folder}/bench.db")
        elif name == "postgresql":
            if not pg_url:
                report["postgresql"] = "skipped: give --pg-url or MEETSIGHT_BENCH_DATABASE_URL"
                continue
            url = await postgres_database(pg_url, bench_db, create=True, reuse=False)
            try:
                report["postgresql"] = await run("postgresql", url)
            finally:
                await postgres_database(pg_url, bench_db, create=False, reuse=False)
    return report
