"""The long-lived parts of a running app, built once in the lifespan."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from meetsight.auth.api_keys import ApiKeyVerifier
from meetsight.auth.app_state import BearerTokens
from meetsight.config import Settings
from meetsight.db.reads import Reader
from meetsight.ratelimit.request_limits import RequestLimits
from meetsight.storage.base import MediaStore


class Workers(Protocol):
    """The embedded workers (`meetsight.jobs.pool.WorkerPool`, built in `app.py`)."""

    def start(self) -> None: ...

    def wake(self) -> None: ...

    async def stop(self) -> None: ...


class SerializedCache(Protocol):
    """Serialised meetings and calls kept per process, keyed by (id, updated_at, is_call)
    (`meetsight.activities.serialized_cache.SerializedActivities`, built in `app.py`)."""

    def get(self, activity_id: str, version: datetime, is_call: bool) -> dict[str, Any] | None: ...

    def put(
        self, activity_id: str, version: datetime, is_call: bool, data: dict[str, Any]
    ) -> None: ...

    def page(self, key: tuple[bool, int, tuple[tuple[str, datetime], ...]]) -> bytes | None:
        """A listing page's rendered body, keyed by (is_call, total, its (id, version)s)."""
        ...

    def put_page(
        self, key: tuple[bool, int, tuple[tuple[str, datetime], ...]], body: bytes
    ) -> None: ...

    def listing(self, mark: int, key: tuple[str, bool, bytes]) -> tuple[bytes, int] | None:
        """A listing's answer (body, total) by (organization, is_call, query string), kept
        while the reader's change mark is `mark`."""
        ...

    def put_listing(
        self, mark: int, key: tuple[str, bool, bytes], body: bytes, total: int
    ) -> None: ...

    def __len__(self) -> int: ...


# Recomputes an activity's trends row after its talk analytics changed (session, organization
# id, activity id): `app.py` passes `trends.rows.refresh_conversation_metrics` to the uploads and
# speaker edits of `activities`, which trends build on.
RefreshTrends = Callable[[AsyncSession, str, str], Awaitable[None]]


@dataclass
class AppState:
    settings: Settings
    engine: AsyncEngine
    sessionmaker: async_sessionmaker[AsyncSession]
    reader: Reader
    api_keys: ApiKeyVerifier
    bearer: BearerTokens
    media: MediaStore
    public_url: str
    serialized: SerializedCache
    refresh_trends: RefreshTrends
    workers: Workers | None = None
    rate_limits: RequestLimits | None = None  # None: limits switched off (test apps)

    def jobs_enqueued(self) -> None:
        if self.workers is not None:
            self.workers.wake()
