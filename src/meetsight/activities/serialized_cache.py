"""Serialised Meetings and Calls, kept per process and keyed by (id, updated_at).

A listing page then reads only ids and versions (a tenth of the columns) and serialises only what
changed since it was last served. Every write to an activity row moves `updated_at` (the column's
`onupdate`, which Core UPDATE statements apply too), so a stale entry is never served: it simply
stops being asked for and ages out. What an entry holds besides the activity's own columns is its
activity type's name, and types are never renamed (a rename must touch their activities).
"""

from __future__ import annotations

from collections import OrderedDict
from datetime import datetime
from typing import Any

MAX_ENTRIES = 20_000  # about 1 kB each
MAX_PAGES = 256  # rendered listing pages, 1 to 100 entries' worth each
MAX_LISTINGS = 1024  # answers kept under the reader's change mark (see `listing`)

PageKey = tuple[bool, int, tuple[tuple[str, datetime], ...]]
"""A listing page: whether of calls, the total it reported, its (id, updated_at) in order."""
ListingKey = tuple[str, bool, bytes]
"""A listing request: the organization, whether of calls, the raw query string."""


class SerializedActivities:
    def __init__(self, max_entries: int = MAX_ENTRIES) -> None:
        self._entries: OrderedDict[tuple[str, datetime, bool], dict[str, Any]] = OrderedDict()
        self._max = max_entries
        # Whole listing pages as rendered: a page whose activities and total are unchanged is
        # the same bytes (each entry is keyed by its version, and the total is in the key),
        # served without a look-up per entry and without rendering it again.
        self._pages: OrderedDict[PageKey, bytes] = OrderedDict()
        # Whole answers (body and total) by request, valid while the reader's change mark
        # (SQLite's data_version) stays the same: no commit anywhere since, so the same query
        # reads the same rows. A new mark empties them all.
        self._listings: dict[ListingKey, tuple[bytes, int]] = {}
        self._mark: int | None = None

    def get(self, activity_id: str, version: datetime, is_call: bool) -> dict[str, Any] | None:
        key = (activity_id, version, is_call)
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
        return found

    def put(self, activity_id: str, version: datetime, is_call: bool, data: dict[str, Any]) -> None:
        self._entries[(activity_id, version, is_call)] = data
        if len(self._entries) > self._max:
            self._entries.popitem(last=False)

    def page(self, key: PageKey) -> bytes | None:
        found = self._pages.get(key)
        if found is not None:
            self._pages.move_to_end(key)
        return found

    def put_page(self, key: PageKey, body: bytes) -> None:
        self._pages[key] = body
        if len(self._pages) > MAX_PAGES:
            self._pages.popitem(last=False)

    def listing(self, mark: int, key: ListingKey) -> tuple[bytes, int] | None:
        """The answer kept for this request under `mark`, the reader's change mark read
        before this request's own reads."""
        if mark != self._mark:
            self._listings.clear()
            self._mark = mark
            return None
        return self._listings.get(key)

    def put_listing(self, mark: int, key: ListingKey, body: bytes, total: int) -> None:
        """Keep an answer read after `mark` was read: it is at least as new as the mark says
        (a commit in between moves the mark for the next request, which reads again)."""
        if mark != self._mark:
            return  # a newer mark was seen meanwhile: this answer may be older than it
        if len(self._listings) >= MAX_LISTINGS:
            self._listings.clear()  # a flood of distinct queries costs reads, never memory
        self._listings[key] = (body, total)

    def __len__(self) -> int:
        return len(self._entries)
