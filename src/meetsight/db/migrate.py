"""Apply Alembic migrations programmatically (used by `meetsight migrate`, serve and tests)."""

from __future__ import annotations

import asyncio
import logging
import shutil
import sqlite3
from pathlib import Path

from alembic import command
from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
# A migration that remakes tables (0020 remade the search indexes) leaves the old pages free
# and the new tables scattered between them: cold reads were a third slower until a VACUUM.
COMPACT_FREE_SHARE = 0.1
COMPACT_MIN_FREE_BYTES = 8 << 20

logger = logging.getLogger(__name__)


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(url: str, revision: str = "head") -> None:
    """Bring the database at `url` to `revision`; safe to call on an up-to-date database."""
    if url.startswith("sqlite"):
        _ensure_sqlite_folder(url)
    command.upgrade(alembic_config(url), revision)
    if url.startswith("sqlite"):
        compact_sqlite(url)


def compact_sqlite(url: str) -> bool:
    """VACUUM a SQLite file that is mostly free pages (left by a migration that remade tables);
    it needs the file to itself and free disk of its size, so a busy or full disk only warns."""
    path = _sqlite_path(url)
    if path is None or not path.exists():
        return False
    with sqlite3.connect(path, timeout=1.0) as connection:
        free = connection.execute("PRAGMA freelist_count").fetchone()[0]
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        page_size = connection.execute("PRAGMA page_size").fetchone()[0]
    if free * page_size < COMPACT_MIN_FREE_BYTES or free < COMPACT_FREE_SHARE * pages:
        return False
    if shutil.disk_usage(path.parent).free < pages * page_size:
        logger.warning("not compacting %s: less free disk than the file's size", path)
        return False
    try:
        connection = sqlite3.connect(path, timeout=1.0, isolation_level=None)
        try:
            connection.execute("VACUUM")
        finally:
            connection.close()
    except sqlite3.OperationalError as error:  # another process holds it: next start retries
        logger.warning("not compacting %s: %s", path, error)
        return False
    logger.info("compacted %s: %d MiB of free pages returned", path, free * page_size >> 20)
    return True


async def upgrade_async(url: str) -> None:
    # Alembic's env runs its own event loop; keep it off the caller's loop.
    await asyncio.to_thread(upgrade, url)


def _ensure_sqlite_folder(url: str) -> None:
    path = _sqlite_path(url)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)


def _sqlite_path(url: str) -> Path | None:
    path = url.split("///", 1)[-1].split("?", 1)[0]
    return Path(path) if path and path != ":memory:" else None
