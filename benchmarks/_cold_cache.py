"""Cold caches for the search benchmark, without a server restart and without root's
`drop_caches` (which would empty every other user's cache on a shared machine too).

- The OS page cache: the database's own files are written back (fsync) and dropped from the
  page cache with posix_fadvise(POSIX_FADV_DONTNEED). The kernel drops only pages that no
  process has mapped: SQLite's memory map of the file (the reader maps 1 GiB) keeps the pages
  it has touched, so eviction happens with no connection open but the one being prepared, and
  `fincore` reports what stayed resident.
- PostgreSQL's shared buffers (PostgreSQL 15 has no pg_buffercache_evict; a restart would stop
  other sessions): after a CHECKPOINT (so that no page is dirty), a ballast table four times
  the size of shared_buffers is read into them with pg_prewarm(mode 'buffer'), which takes
  buffers through the clock sweep like any read (no ring buffer, unlike a sequential scan);
  pg_buffercache then counts the benchmark database's pages left in shared buffers (reported).
  The ballast stays in the OS page cache on purpose: reading it is the cost of eviction, not of
  the search.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

BALLAST = "bench_ballast"


def drop_from_page_cache(paths: list[Path]) -> None:
    for path in paths:
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            continue
        try:
            os.fsync(fd)  # dirty pages are not dropped, only written back
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def resident_bytes(paths: list[Path]) -> int | None:
    """Bytes of these files in the page cache (util-linux fincore); None without it."""
    existing = [str(p) for p in paths if p.exists()]
    if not existing:
        return 0
    try:
        out = subprocess.run(
            ["fincore", "--bytes", "--noheadings", "--output", "RES", *existing],
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    return sum(int(line) for line in out.stdout.split())


def sqlite_files(path: Path) -> list[Path]:
    return [path, Path(f"{path}-wal")]


async def pg_prepare(conn: Any) -> None:
    """The extensions and the ballast (once per database)."""
    await conn.execute("CREATE EXTENSION IF NOT EXISTS pg_prewarm")
    await conn.execute("CREATE EXTENSION IF NOT EXISTS pg_buffercache")
    exists = await conn.fetchval("SELECT to_regclass($1) IS NOT NULL", BALLAST)
    if exists:
        return
    setting = "SELECT setting FROM pg_settings WHERE name = 'shared_buffers'"  # in 8 kB pages
    buffers = int(await conn.fetchval(setting))
    rows = buffers * 4 * 7  # 7 rows of about 1 kB a page
    await conn.execute(
        f"CREATE TABLE {BALLAST} WITH (autovacuum_enabled = false) AS"
        f" SELECT g, repeat('x', 1000) AS pad FROM generate_series(1, {rows}) AS g"
    )


async def pg_database_files(conn: Any) -> list[Path]:
    """The benchmark database's files, the ballast's left out."""
    data = await conn.fetchval("SELECT setting FROM pg_settings WHERE name = 'data_directory'")
    oid = await conn.fetchval("SELECT oid FROM pg_database WHERE datname = current_database()")
    directory = Path(data) / "base" / str(oid)
    ballast = str(await conn.fetchval("SELECT pg_relation_filenode($1)", BALLAST))
    return [
        p
        for p in directory.iterdir()
        if p.is_file() and p.name.split(".")[0].split("_")[0] != ballast
    ]


async def pg_evict(conn: Any) -> dict[str, Any]:
    """The benchmark database out of shared buffers and the OS page cache; what stayed."""
    files = await pg_database_files(conn)  # first: its catalog reads are then cached
    await conn.execute("CHECKPOINT")
    left = 0
    for _ in range(4):
        await conn.execute(f"SELECT pg_prewarm('{BALLAST}', 'buffer')")
        left = int(
            await conn.fetchval(
                "SELECT count(*) FROM pg_buffercache WHERE reldatabase = (SELECT oid FROM"
                " pg_database WHERE datname = current_database()) AND relfilenode <>"
                " pg_relation_filenode($1)",
                BALLAST,
            )
        )
        if left <= 16:
            break
    drop_from_page_cache(files)
    return {"shared_buffers_left": left, "page_cache_left_bytes": resident_bytes(files)}
