"""What a job's handler is given: its claim, the database, and the services of the worker that
runs it (the worker loop itself is `meetsight.jobs.worker`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from meetsight.config import Settings
from meetsight.jobs.claims import Claim
from meetsight.storage.base import MediaStore


class MediaProcesses(Protocol):
    """Child processes that read untrusted media (`media.process.MediaProcessPool`)."""

    async def call(self, function: str | Callable[..., Any], *args: Any) -> Any: ...

    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Services:
    """What job handlers work with besides the database."""

    settings: Settings
    media: MediaStore
    # Child processes that decode and recognize recordings (one per worker slot).
    media_processes: MediaProcesses


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
