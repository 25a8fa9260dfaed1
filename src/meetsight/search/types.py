"""What a full-text search returns: activities ranked by relevance, each with the transcript
sentences that matched (speaker and time, so an agent can cite the moment)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Literal, NamedTuple

Scope = Literal["title", "sentences", "all"]
KindFilter = Literal["meetings", "calls", "all"]
# lexical: the words (as before); meaning: sentence vectors only; hybrid: both, fused.
Mode = Literal["lexical", "meaning", "hybrid"]
MODES: tuple[str, ...] = ("lexical", "meaning", "hybrid")


@dataclass(frozen=True, slots=True)
class SearchQuery:
    text: str  # the user's words: terms, "a phrase", prefix*
    scope: Scope = "all"
    kind: KindFilter = "all"
    date_from: date | None = None  # inclusive, on the activity's start
    date_to: date | None = None  # inclusive
    direction: Literal["inbound", "outbound"] | None = None  # calls only
    from_number: str | None = None  # partial match
    to_number: str | None = None  # partial match
    limit: int = 20
    skip: int = 0
    matches_per_activity: int = 3
    mode: Mode = "lexical"
    # Only these conversations (an account's); None: any. Filtered inside the search, so that the
    # page's limit counts them alone.
    activity_ids: frozenset[str] | None = None


# SentenceMatch and SearchHit are named tuples: a page makes 20 hits and some 60 matches, and a
# tuple is made in half the time of a frozen dataclass.
class SentenceMatch(NamedTuple):
    position: int  # the segment's position in the transcript
    speaker: str
    start_time: float
    end_time: float
    snippet: str  # the sentence with the matched words marked as **word**


class SearchHit(NamedTuple):
    activity_id: str
    is_call: bool
    name: str
    start_at: datetime
    rank: float  # higher is better; comparable within one result page only
    title_matched: bool
    matches: tuple[SentenceMatch, ...] = ()


@dataclass(frozen=True, slots=True)
class SearchPage:
    total: int  # activities matching, before limit and skip
    hits: tuple[SearchHit, ...] = field(default=())
