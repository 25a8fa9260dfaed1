"""Where the windows are counted: this process's memory, or Redis shared by every API process."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

import redis.asyncio as aioredis
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from redis.exceptions import RedisError

from meetsight.config import Settings

# A Redis that does not answer must not hold requests for long (nor the start).
REDIS_TIMEOUT_SECONDS = 2.0
LIMITS_SCHEMES = {"redis": "async+redis", "rediss": "async+rediss", "unix": "async+redis+unix"}


class RateLimitStorageError(RuntimeError):
    """The configured rate-limit storage cannot be used; meetsight does not fall back to
    counting in memory, since every process would then grant the whole budget on its own."""


def redacted(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    user = f"{parts.username}:***@" if parts.username else ":***@"
    netloc = user + host + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


@dataclass
class LimitStorage:
    storage: Storage
    where: str  # "memory" or the redacted Redis URL
    pool: aioredis.ConnectionPool | None = None

    @property
    def shared(self) -> bool:
        return self.pool is not None

    async def ensure_reachable(self) -> None:
        """Raise RateLimitStorageError, with the reason, when Redis does not answer a PING."""
        if self.pool is None:
            return
        client = aioredis.Redis(connection_pool=self.pool)
        try:
            await client.ping()
        except (RedisError, OSError) as exc:
            reason = str(exc).rstrip(".")
            raise RateLimitStorageError(
                f"Cannot reach Redis at {self.where} (MEETSIGHT_REDIS_URL): {reason}. Rate limits "
                "are counted there; start Redis, or unset MEETSIGHT_REDIS_URL to count them "
                "in this process alone."
            ) from None

    async def close(self) -> None:
        if self.pool is not None:
            await self.pool.aclose()


def open_storage(settings: Settings) -> LimitStorage:
    """Memory by default; Redis when MEETSIGHT_REDIS_URL is set. Nothing is connected yet."""
    url = settings.redis_url
    if not url:
        return LimitStorage(storage=MemoryStorage(), where="memory")
    scheme = urlsplit(url).scheme
    if scheme not in LIMITS_SCHEMES:
        raise RateLimitStorageError(
            f"MEETSIGHT_REDIS_URL must start with redis://, rediss:// or unix://, not {scheme!r}"
        )
    pool = aioredis.ConnectionPool.from_url(
        url,
        socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
        socket_timeout=REDIS_TIMEOUT_SECONDS,
    )
    storage = RedisStorage(
        LIMITS_SCHEMES[scheme] + url[len(scheme) :],
        implementation="redispy",
        key_prefix=settings.rate_limit_key_prefix,
        wrap_exceptions=True,
        connection_pool=pool,  # type: ignore[arg-type]  # typed narrower than it takes
    )
    return LimitStorage(storage=storage, where=redacted(url), pool=pool)


async def ensure_storage_reachable(settings: Settings) -> None:
    """For `meetsight serve`: fail before starting, with the reason, not in the first request."""
    store = open_storage(settings)
    try:
        await store.ensure_reachable()
    finally:
        await store.close()
