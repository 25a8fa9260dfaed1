"""What each engine's search backend provides; `meetsight.search.service` combines the steps.

All steps are synchronous functions on one connection: the sqlite3 connection itself on SQLite,
a SQLAlchemy `Connection` inside a single `run_sync` on PostgreSQL, so a search costs a few
statements and no event-loop round trip between them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from meetsight.search.parsing import ParsedQuery
from meetsight.search.types import SearchQuery, SentenceMatch


@dataclass(frozen=True, slots=True)
class Activity:
    name: str
    is_call: bool
    start_at: datetime


@dataclass(frozen=True, slots=True)
class Candidate:
    key: Any  # the engine's handle on the activity's document
    activity_id: str
    # When the backend read it on the way; else the service reads it for the page's rows only.
    activity: Activity | None = None


@dataclass(frozen=True, slots=True)
class Relevance:
    title_matched: bool
    score: float  # higher is better


class SearchBackend(Protocol):
    def prepare(self, conn: Any, org_id: str, parsed: ParsedQuery) -> Any | None:
        """The engine's form of the query, or None when nothing can match."""

    def candidates(
        self, conn: Any, prepared: Any, query: SearchQuery, *, limit: int, offset: int
    ) -> tuple[list[Candidate], int]:
        """Matching activities, newest first, and how many match in all (when offset is 0;
        the count may be skipped for later slices)."""

    def relevance(
        self, conn: Any, prepared: Any, query: SearchQuery, keys: Sequence[Any]
    ) -> dict[Any, Relevance]:
        """The relevance of these documents only: ranking cost is bounded by len(keys)."""

    def sentences(
        self,
        conn: Any,
        prepared: Any,
        hits: Sequence[Candidate],
        per_activity: int,
    ) -> dict[str, list[SentenceMatch]]:
        """Up to `per_activity` sentences of each hit that hold part of the query, those holding
        the whole query (or most of it) preferred, listed in transcript order."""

    def describe(self, conn: Any, org_id: str, activity_ids: Sequence[str]) -> dict[str, Activity]:
        """Name, kind and start of the page's activities that `candidates` did not describe."""
