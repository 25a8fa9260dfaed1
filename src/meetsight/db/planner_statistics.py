"""The query planner's statistics on PostgreSQL after a bulk load, and a word when nothing keeps
them.

Without statistics PostgreSQL's planner takes every table for a few rows: a search's page on the
demo data then scans each hit's whole transcript per snippet and costs about ten times what it
does with them (docs/operations.md). Autovacuum analyses a table within a minute or so of a bulk
write; where it is off nothing does, so the demo seeding analyses what it wrote itself, and
`meetsight serve` says at start that autovacuum is off. SQLite needs neither: its planner
reads the indexes.
"""

from __future__ import annotations

import logging

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

log = logging.getLogger("meetsight.db")

AUTOVACUUM_OFF = (
    "PostgreSQL runs with autovacuum off: nothing refreshes the planner's statistics after "
    "writes, and searches on new data can cost ten times more. Turn autovacuum on, or run "
    "ANALYZE after loading conversations in bulk (docs/operations.md)."
)


async def analyze_after_bulk_load(engine: AsyncEngine) -> None:
    """ANALYZE on PostgreSQL (outside a transaction, so the statistics stay), nothing elsewhere."""
    if engine.dialect.name != "postgresql":
        return
    async with engine.connect() as conn:
        conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
        await conn.execute(sa.text("ANALYZE"))


async def autovacuum_is_off(engine: AsyncEngine) -> bool:
    if engine.dialect.name != "postgresql":
        return False
    async with engine.connect() as conn:
        return (await conn.execute(sa.text("SHOW autovacuum"))).scalar_one() == "off"


async def warn_if_autovacuum_off(engine: AsyncEngine) -> bool:
    """Log the warning once when it applies; True when it did."""
    off = await autovacuum_is_off(engine)
    if off:
        log.warning(AUTOVACUUM_OFF)
    return off
