"""What a job's handler is given: its claim, the database, and the services of the worker that
runs it (the worker loop itself is `meetsight.jobs.worker`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from meetsight.config import Settings
from meetsight.jobs.claims import Claim
from meetsight.speech.media_process import MediaProcessPool, shared_pool
from meetsight.storage.base import MediaStore


@dataclass(frozen=True, slots=True)
class Services:
    """What job handlers work with besides the database."""

    settings: Settings
    media: MediaStore
    # Child processes that decode and recognize recordings (one per worker slot).
    media_processes: MediaProcessPool = field(default_factory=shared_pool)


@dataclass(frozen=True, slots=True)
class JobContext:
    claim: Claim
    sessionmaker: async_sessionmaker[AsyncSession]
    services: Services | None = None

    def require_services(self) -> Services:
        if self.services is None:
            raise RuntimeError("this worker was built without services (settings, media)")
        return self.services


Handler = Callable[[JobContext], Awaitable[None]]
