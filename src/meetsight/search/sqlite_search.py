"""Searching the SQLite FTS5 index. Every FTS5 lookup carries a rowid range: the organization's
documents (doc_key range) or one activity's sentences (segment rowid range), so FTS5 seeks to
them instead of walking every match of every organization."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from meetsight.search import sqlite_index
from meetsight.search.backend import Candidate, Relevance
from meetsight.search.filters import activity_filters, needs_call_columns
from meetsight.search.parsing import ParsedQuery, QueryPart
from meetsight.search.schema import SEGMENT_BITS
from meetsight.search.types import SearchQuery, SentenceMatch

SNIPPET_CHARS = 240
CANDIDATES_PER_MATCH = 4
_MARKED = re.compile(r"\*\*(.+?)\*\*")


def _best(matches: list[SentenceMatch], count: int) -> list[SentenceMatch]:
    """The sentences with the most distinct marked words, listed in transcript order."""

    def marked(m: SentenceMatch) -> int:
        return len({w.casefold() for w in _MARKED.findall(m.snippet)})

    ranked = sorted(matches, key=lambda m: (-marked(m), m.position))
    return sorted(ranked[:count], key=lambda m: m.position)


def trim(marked: str) -> str:
    """A long sentence cut to about SNIPPET_CHARS around its first marked word, on spaces."""
    if len(marked) <= SNIPPET_CHARS:
        return marked
    first = max(0, marked.find("**"))
    start = max(0, first - SNIPPET_CHARS // 3)
    start = marked.rfind(" ", 0, start) + 1 if start else 0
    end = marked.find(" ", start + SNIPPET_CHARS)
    cut = marked[start : end if end != -1 else len(marked)]
    if cut.count("**") % 2:  # do not leave a mark open
        cut += "**"
    return ("…" if start else "") + cut + ("…" if end != -1 else "")


# English function words that PostgreSQL's english configuration drops. On FTS5 they are
# indexed; at either end of a phrase they only cost time (their position lists are the longest
# in every document) and PostgreSQL ignores them there too, so they are trimmed from phrase ends.
_EDGE_STOPWORDS = frozenset(
    "a an the of to in on at by for with and or but is are was were be been it this that these "  # noqa: SIM905
    "those i we you he she they our your their my me us".split()
)


def trim_phrase(part: QueryPart) -> QueryPart:
    words = list(part.words)
    while len(words) > 1 and words[0].casefold() in _EDGE_STOPWORDS:
        words.pop(0)
    while len(words) > 1 and not part.prefix and words[-1].casefold() in _EDGE_STOPWORDS:
        words.pop()
    return QueryPart(tuple(words), prefix=part.prefix)


def fts5_part(part: QueryPart) -> str:
    """One part as an FTS5 string: every word quoted, so nothing in it is FTS5 syntax."""
    part = trim_phrase(part)
    phrase = '"' + " ".join(w.replace('"', '""') for w in part.words) + '"'
    return phrase + " *" if part.prefix else phrase


@dataclass(frozen=True, slots=True)
class Prepared:
    org_id: str
    low: int
    high: int
    match_all: str
    match_any: str
    # For ranking only: phrases as their separate words. bm25 first counts, over the whole
    # table, the documents holding each phrase; for a phrase of common words in long
    # transcripts that pass alone costs more than the search. Every ranked document holds the
    # phrase already, so ranking on its words orders them nearly the same, cheaply.
    rank_match: str


class SqliteSearch:
    def prepare(self, conn: Connection, org_id: str, parsed: ParsedQuery) -> Prepared | None:
        org_no = sqlite_index.org_number(conn, org_id, create=False)
        if org_no is None:
            return None
        low, high = sqlite_index.org_range(org_no)
        parts = [fts5_part(p) for p in parsed.parts]
        trimmed = [trim_phrase(p) for p in parsed.parts]
        words = dict.fromkeys(
            fts5_part(QueryPart((w,), prefix=p.prefix and i == len(p.words) - 1))
            for p in trimmed
            for i, w in enumerate(p.words)
        )
        return Prepared(org_id, low, high, " ".join(parts), " OR ".join(parts), " ".join(words))

    def candidates(
        self, conn: Connection, prepared: Prepared, query: SearchQuery, *, limit: int, offset: int
    ) -> tuple[list[Candidate], int]:
        filters, params, binds = activity_filters(query, kind_and_start="k")
        params.update(org=prepared.org_id, q=prepared.match_all, lo=prepared.low, hi=prepared.high)
        source = _BODY_HITS
        if query.scope == "title":
            source = _TITLE_HITS
        elif query.scope == "all" and conn.execute(_ANY_TITLE, params).first() is not None:
            source = f"{_TITLE_HITS} UNION {_BODY_HITS}"  # the union only when titles match
        # Filter and order on search_keys alone: one integer-key lookup per match.
        base = (
            f" FROM ({source}) h JOIN search_keys k ON k.doc_key = h.doc_key"
            + (_CALL_JOIN if needs_call_columns(query) else "")
            + f" WHERE k.organization_id = :org{filters}"
        )
        # Keys only: the rank window needs no names or dates, the page's rows get theirs later.
        page = sa.text(
            "SELECT k.doc_key, k.activity_id"
            + base
            + " ORDER BY k.start_at DESC, k.activity_id DESC LIMIT :limit OFFSET :offset"
        ).bindparams(*binds)
        rows = conn.execute(page, {**params, "limit": limit, "offset": offset}).all()
        found = [Candidate(r.doc_key, r.activity_id) for r in rows]
        if offset:  # a later slice: the caller has the total already
            return found, 0
        if len(rows) < limit:
            return found, len(rows)
        count = sa.text("SELECT count(*)" + base).bindparams(*binds)
        return found, int(conn.execute(count, params).scalar() or 0)

    def relevance(
        self, conn: Connection, prepared: Prepared, query: SearchQuery, keys: Sequence[Any]
    ) -> dict[Any, Relevance]:
        if not keys:
            return {}
        # One rowid range from the lowest to the highest key: a `rowid IN (...)` lookup would
        # run bm25's whole-table pass once per key. Keys grow with time like the window's
        # start times, so the range holds little beyond the window; at worst it is the
        # organization's documents.
        params = {"lo": min(keys), "hi": max(keys)}
        titles: set[int] = set()
        if query.scope != "sentences":
            found = conn.execute(_TITLE_MATCHES, {**params, "q": prepared.match_all})
            titles = set(found.scalars())
        scores: dict[int, float] = {}
        if query.scope != "title":
            found = conn.execute(_BODY_SCORES, {**params, "q": prepared.rank_match})
            # bm25 is lower for better matches; negated so that higher is better.
            scores = {k: -float(s) for k, s in found.all()}
        return {k: Relevance(k in titles, scores.get(k, 0.0)) for k in keys}

    def sentences(
        self, conn: Connection, prepared: Prepared, hits: Sequence[Candidate], per_activity: int
    ) -> dict[str, list[SentenceMatch]]:
        # One OR query: FTS5 stops an OR at the end of an activity's rowid range, while an
        # AND with no co-occurrence there would walk on through later activities. The
        # sentences holding most of the query's parts are then picked from a few candidates.
        keys = [hit.key for hit in hits]
        several = prepared.match_any != prepared.match_all
        wanted = per_activity * (CANDIDATES_PER_MATCH if several else 1)
        found = _matching(conn, prepared.match_any, keys, wanted)
        return {
            hit.activity_id: _best(found[hit.key], per_activity) for hit in hits if hit.key in found
        }


_CALL_JOIN = " JOIN activities a ON a.organization_id = k.organization_id AND a.id = k.activity_id"
_IN_ORG = (
    "SELECT rowid AS doc_key FROM {table} WHERE {table} MATCH :q AND rowid BETWEEN :lo AND :hi"
)
_TITLE_HITS = _IN_ORG.format(table="search_titles")
_BODY_HITS = _IN_ORG.format(table="search_transcripts")
_ANY_TITLE = sa.text(_TITLE_HITS + " LIMIT 1")
_TITLE_MATCHES = sa.text(
    "SELECT rowid FROM search_titles WHERE search_titles MATCH :q AND rowid BETWEEN :lo AND :hi"
)
_BODY_SCORES = sa.text(
    "SELECT rowid, bm25(search_transcripts) FROM search_transcripts"
    " WHERE search_transcripts MATCH :q AND rowid BETWEEN :lo AND :hi"
)
# highlight(), not snippet(): a sentence is short, and snippet's fragment scoring costs
# several times more for phrases. Long sentences are cut around the first match in Python.
_SENTENCES = (
    "SELECT rowid, highlight(search_segments, 0, '**', '**'), speaker, start_time, end_time"
    " FROM search_segments WHERE search_segments MATCH ?1"
)


def _matching(
    conn: Connection, match: str, keys: Sequence[int], limit: int
) -> dict[int, list[SentenceMatch]]:
    """The first `limit` sentences matching in each activity: one statement, one FTS5 range
    lookup per activity (the keys and limits are integers, written into the SQL)."""
    selects = []
    for key in keys:
        low, high = sqlite_index.segment_range(int(key))
        selects.append(
            f"SELECT * FROM ({_SENTENCES} AND rowid BETWEEN {low} AND {high}"
            f" ORDER BY rowid LIMIT {int(limit)})"
        )
    mask = (1 << SEGMENT_BITS) - 1
    found: dict[int, list[SentenceMatch]] = {}
    for rowid, snippet, speaker, start, end in conn.exec_driver_sql(
        " UNION ALL ".join(selects), (match,)
    ):
        found.setdefault(int(rowid) >> SEGMENT_BITS, []).append(
            SentenceMatch(
                position=int(rowid) & mask,
                speaker=str(speaker),
                start_time=float(start),
                end_time=float(end),
                snippet=trim(str(snippet)),
            )
        )
    return found
