"""The long-lived parts of a running app, built once in the lifespan."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from meetsight.activities.serialized_cache import SerializedActivities
from meetsight.auth.api_keys import ApiKeyVerifier
from meetsight.config import Settings
from meetsight.db.reads import Reader
from meetsight.oauth.bearer import BearerVerifier
from meetsight.ratelimit.gate import RequestLimits
from meetsight.storage.base import MediaStore


class Workers(Protocol):
    """The embedded workers (`meetsight.processing.pool.WorkerPool`, built in `app.py`)."""

    def start(self) -> None: ...

    def wake(self) -> None: ...

    async def stop(self) -> None: ...


@dataclass
class AppState:
    settings: Settings
    engine: AsyncEngine
    sessionmaker: async_sessionmaker[AsyncSession]
    reader: Reader
    api_keys: ApiKeyVerifier
    bearer: BearerVerifier
    media: MediaStore
    public_url: str
    workers: Workers | None = None
    rate_limits: RequestLimits | None = None  # None: limits switched off (test apps)
    serialized: SerializedActivities = field(default_factory=SerializedActivities)

    def jobs_enqueued(self) -> None:
        if self.workers is not None:
            self.workers.wake()
