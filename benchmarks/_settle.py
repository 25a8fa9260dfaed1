"""After a benchmark's bulk load: what autovacuum would do soon after, done at once."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine


async def vacuum_analyze(engine: AsyncEngine) -> None:
    """The planner's statistics (ANALYZE) and, on PostgreSQL, the visibility map (VACUUM)
    without which an index-only scan reads the table row by row ("Heap Fetches"). Outside a
    transaction: VACUUM refuses one, and ANALYZE's statistics roll back with theirs (only the
    row counts stay), which left the planner guessing 1 row where there were 10,000."""
    async with engine.connect() as conn:
        if engine.dialect.name == "postgresql":
            conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.execute(sa.text("VACUUM ANALYZE"))
        else:
            await conn.execute(sa.text("ANALYZE"))
            await conn.commit()
