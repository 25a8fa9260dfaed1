"""The long-lived parts of a running app, built once in the lifespan."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from meetsight.activities.serialized_cache import SerializedActivities
from meetsight.auth.api_keys import ApiKeyVerifier
from meetsight.config import Settings
from meetsight.db.reads import Reader
from meetsight.oauth.bearer import BearerVerifier
from meetsight.processing.pool import WorkerPool
from meetsight.ratelimit.gate import RequestLimits
from meetsight.storage.base import MediaStore


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
    workers: WorkerPool | None = None
    rate_limits: RequestLimits | None = None  # None: limits switched off (test apps)
    serialized: SerializedActivities = field(default_factory=SerializedActivities)

    def jobs_enqueued(self) -> None:
        if self.workers is not None:
            self.workers.wake()
