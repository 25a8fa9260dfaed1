"""Moving windows counted in this process's memory, without `limits`' MemoryStorage.

MemoryStorage keeps the same per-key lists of request times, but after nearly every charge it
starts a sweep of every key, and the sweep hands each key's search to a thread
(`asyncio.to_thread`): under steady load that sweep never stops, and its thread hops and the
GIL hand-overs they cause took about a quarter of the server's CPU in `benchmarks/load.py`.
Here each key's times sit in a deque, oldest first; a key's expired times are dropped when the
key is read, and keys nobody asks about are dropped by a sweep at most once per SWEEP_SECONDS,
inline (a pass over the keys, no thread). The counting is the moving window's: a request is
admitted when fewer than `amount` requests were admitted in the `expiry` seconds before it.
"""

from __future__ import annotations

import time
from collections import deque

from limits import RateLimitItem

Window = tuple[float, int]  # when the oldest counted request came, and how many are counted
SWEEP_SECONDS = 60.0


class _Times:
    __slots__ = ("expiry", "times")

    def __init__(self, expiry: float) -> None:
        self.expiry = expiry
        self.times: deque[float] = deque()

    def trim(self, now: float) -> deque[float]:
        times, cutoff = self.times, now - self.expiry
        while times and times[0] <= cutoff:
            times.popleft()
        return times


class LocalWindows:
    def __init__(self) -> None:
        self._keys: dict[str, _Times] = {}
        self._next_sweep = time.monotonic() + SWEEP_SECONDS

    async def prepare(self) -> None:
        return None

    async def read(self, keys: list[str], windows: tuple[RateLimitItem, ...]) -> list[Window]:
        now = time.time()
        found: list[Window] = []
        for key in keys:
            entry = self._keys.get(key)
            times = entry.trim(now) if entry is not None else None
            found.append((times[0], len(times)) if times else (now, 0))
        return found

    async def acquire(self, keys: list[str], windows: tuple[RateLimitItem, ...]) -> list[bool]:
        now = time.time()
        self._sweep_now_and_then()
        admitted = []
        for key, window in zip(keys, windows, strict=True):
            entry = self._keys.get(key)
            if entry is None:
                entry = self._keys[key] = _Times(window.get_expiry())
            times = entry.trim(now)
            ok = len(times) < window.amount
            if ok:
                times.append(now)
            admitted.append(ok)
        return admitted

    async def charge(
        self, keys: list[str], windows: tuple[RateLimitItem, ...]
    ) -> tuple[list[Window], list[bool] | None]:
        """`read`, then `acquire` when every window has room (None: one was full, nothing
        charged), in one pass over the keys: in memory nothing can come between the two."""
        now = time.time()
        self._sweep_now_and_then()
        entries = self._keys
        found: list[Window] = []
        trimmed: list[deque[float] | None] = []
        room = True
        for key, window in zip(keys, windows, strict=True):
            entry = entries.get(key)
            times = entry.trim(now) if entry is not None else None
            trimmed.append(times)
            if times:
                found.append((times[0], len(times)))
                room = room and len(times) < window.amount
            else:
                found.append((now, 0))
                room = room and window.amount > 0
        if not room:
            return found, None
        for key, window, times in zip(keys, windows, trimmed, strict=True):
            if times is None:
                entry = entries[key] = _Times(window.get_expiry())
                times = entry.times
            times.append(now)
        return found, [True] * len(keys)

    def _sweep_now_and_then(self) -> None:
        """Forget keys whose every time has expired: an address seen once must not stay."""
        if time.monotonic() < self._next_sweep:
            return
        self._next_sweep = time.monotonic() + SWEEP_SECONDS
        now = time.time()
        idle = [key for key, entry in self._keys.items() if not entry.trim(now)]
        for key in idle:
            del self._keys[key]
