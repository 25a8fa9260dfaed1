"""The moving-window operations a budget needs, for several windows at once: read how full they
are, then charge one request to each. In memory, LocalWindows (local_windows.py: `limits`'
MemoryStorage swept every key on a thread after nearly every charge); in Redis, `limits`' own
Lua scripts and key layout, sent as one pipeline per step, since one round trip per window and
step (six per request) was most of a request's limiter cost."""

from __future__ import annotations

import time
from typing import Protocol, cast

import redis.asyncio as aioredis
from limits import RateLimitItem
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.storage.redis.redispy import RedispyBridge
from redis.exceptions import NoScriptError, RedisError

from meetsight.ratelimit.local_windows import LocalWindows, Window


class WindowsUnavailable(Exception):
    """The storage did not answer."""


class MovingWindows(Protocol):
    async def read(self, keys: list[str], windows: tuple[RateLimitItem, ...]) -> list[Window]: ...

    async def acquire(self, keys: list[str], windows: tuple[RateLimitItem, ...]) -> list[bool]: ...

    async def charge(
        self, keys: list[str], windows: tuple[RateLimitItem, ...]
    ) -> tuple[list[Window], list[bool] | None]:
        """`read` the windows, then `acquire` them when every one has room: the windows as
        they were before this request, and whether each admitted it (None when one was full
        and nothing was charged)."""
        ...

    async def prepare(self) -> None: ...


class RedisWindows:
    """What RedisStorage.get_moving_window and acquire_entry send, pipelined."""

    def __init__(self, storage: RedisStorage) -> None:
        bridge = storage.bridge
        if not isinstance(bridge, RedispyBridge):  # open_storage asks for redis-py
            raise TypeError(f"expected the redis-py bridge, got {type(bridge).__name__}")
        self._client = cast(aioredis.Redis, bridge.get_connection())
        self._prefixed = bridge.prefixed_key
        self._read_script = bridge.lua_moving_window
        self._acquire_script = bridge.lua_acquire_moving_window

    async def prepare(self) -> None:
        """Load the scripts, so that pipelines can call them by their digest alone."""
        for script in (self._read_script, self._acquire_script):
            script.sha = await self._client.script_load(script.script)

    async def _pipeline(
        self, calls: list[tuple[str, tuple[str | float | int, ...]]]
    ) -> list[object]:
        pipe = self._client.pipeline(transaction=False)
        for sha, args in calls:
            pipe.evalsha(sha, 1, *args)
        return list(await pipe.execute())

    async def _run(self, calls: list[tuple[str, tuple[str | float | int, ...]]]) -> list[object]:
        try:
            return await self._pipeline(calls)
        except NoScriptError:
            pass  # Redis restarted and lost its scripts: load them again, once
        except (RedisError, OSError) as exc:
            raise WindowsUnavailable from exc
        try:
            await self.prepare()
            return await self._pipeline(calls)
        except (RedisError, OSError) as exc:
            raise WindowsUnavailable from exc

    async def read(self, keys: list[str], windows: tuple[RateLimitItem, ...]) -> list[Window]:
        now = time.time()
        answers = await self._run(
            [
                (self._read_script.sha, (self._prefixed(key), now - w.get_expiry(), w.amount))
                for key, w in zip(keys, windows, strict=True)
            ]
        )
        return [(float(a[0]), int(a[1])) if a else (now, 0) for a in answers]  # type: ignore[index]

    async def acquire(self, keys: list[str], windows: tuple[RateLimitItem, ...]) -> list[bool]:
        now = time.time()
        answers = await self._run(
            [
                (
                    self._acquire_script.sha,
                    (self._prefixed(key), now, w.amount, w.get_expiry(), 1),
                )
                for key, w in zip(keys, windows, strict=True)
            ]
        )
        return [bool(a) for a in answers]

    async def charge(
        self, keys: list[str], windows: tuple[RateLimitItem, ...]
    ) -> tuple[list[Window], list[bool] | None]:
        """Two pipelines, the second only when every window had room."""
        stats = await self.read(keys, windows)
        if any(count >= w.amount for w, (_, count) in zip(windows, stats, strict=True)):
            return stats, None
        return stats, await self.acquire(keys, windows)


def moving_windows(storage: Storage) -> MovingWindows:
    if isinstance(storage, MemoryStorage):
        return LocalWindows()  # the storage object names the choice; its lists go unused
    if isinstance(storage, RedisStorage):
        return RedisWindows(storage)
    raise TypeError(f"no moving windows for {type(storage).__name__}")
