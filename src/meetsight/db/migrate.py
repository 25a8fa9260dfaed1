"""Apply Alembic migrations programmatically (used by `meetsight migrate`, serve and tests)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from alembic import command
from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).parent / "migrations"


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


async def upgrade_async(url: str) -> None:
    # Alembic's env runs its own event loop; keep it off the caller's loop.
    await asyncio.to_thread(upgrade, url)


def _ensure_sqlite_folder(url: str) -> None:
    path = url.split("///", 1)[-1]
    if path and path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
