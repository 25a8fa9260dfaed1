"""A least-recently-used cache of per-conversation results, bounded by the lines they cover.

Chat asks question after question about one conversation, so the engine keeps what it derived
from the last ones (line vectors, per-line cues). Counting entries alone let eight caches of
50,000-line conversations hold about 1 GB for good; this budget holds at most ``max_lines``
lines' worth per cache, whatever the number of conversations.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from meetsight.intelligence.conversation import Conversation

V = TypeVar("V")

CACHED_LINES = 50_000  # one conversation at the segment limit (line vectors: 100 MB)


class LineBudgetCache(Generic[V]):
    def __init__(self, max_entries: int, max_lines: int = CACHED_LINES) -> None:
        self.max_entries = max_entries
        self.max_lines = max_lines
        self._items: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._lines = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            hit = self._items.get(key)
            if hit is None:
                return None
            self._items.move_to_end(key)
            return hit[0]

    def put(self, key: Hashable, value: V, lines: int) -> None:
        """Keep ``value`` (derived from ``lines`` lines), dropping the least recently used
        entries to stay within both bounds; a value over the whole budget is not kept."""
        if lines > self.max_lines:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._lines -= old[1]
            self._items[key] = (value, lines)
            self._lines += lines
            while len(self._items) > self.max_entries or self._lines > self.max_lines:
                self._lines -= self._items.popitem(last=False)[1][1]


def per_conversation(
    max_entries: int, max_lines: int = CACHED_LINES
) -> Callable[[Callable[[Conversation], V]], Callable[[Conversation], V]]:
    """Cache a function of one conversation within a line budget (what ``functools.lru_cache``
    would keep by count: ``max_entries`` conversations of any length)."""

    def wrap(function: Callable[[Conversation], V]) -> Callable[[Conversation], V]:
        cache: LineBudgetCache[V] = LineBudgetCache(max_entries, max_lines)

        @functools.wraps(function)
        def cached(conversation: Conversation) -> V:
            found = cache.get(conversation)
            if found is None:
                found = function(conversation)
                cache.put(conversation, found, len(conversation.lines))
            return found

        return cached

    return wrap
