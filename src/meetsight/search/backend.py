"""What each engine's search backend provides; `meetsight.search.service` combines the steps.

All steps are synchronous functions on one connection: the sqlite3 connection itself on SQLite,
a SQLAlchemy `Connection` inside a single `run_sync` on PostgreSQL, so a search costs a few
statements and no event-loop round trip between them."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from typing import Any, NamedTuple, Protocol

from meetsight.search.parsing import ParsedQuery
from meetsight.search.types import SearchQuery, SentenceMatch


class Activity(NamedTuple):
    name: str
    is_call: bool
    start_at: datetime


# Named tuples, not dataclasses: a search makes a few hundred candidates (its whole rank
# window), and a tuple is made in half the time of a frozen dataclass.
class Candidate(NamedTuple):
    key: Any  # the engine's handle on the activity's document
    activity_id: str
    # When the backend read it on the way; else the service reads it for the page's rows only.
    activity: Activity | None = None


class Relevance(NamedTuple):
    title_matched: bool
    score: float  # higher is better


class Ranking(NamedTuple):
    """What ranks a window: scores (higher is better) and the documents whose title matched.
    Kept as the backend read them; a Relevance is made for the page's hits only."""

    scores: Mapping[Any, float]
    titles: Collection[Any]

    def of(self, key: Any) -> Relevance:
        return Relevance(key in self.titles, self.scores.get(key, 0.0))


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
    ) -> Ranking:
        """The relevance of these documents (others may be included): ranking cost is bounded
        by len(keys)."""

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
