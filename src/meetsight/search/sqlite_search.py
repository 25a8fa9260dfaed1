"""Searching the SQLite FTS5 index. Every FTS5 lookup carries a rowid range: the organization's
documents (doc_key range) or one activity's sentences (segment rowid range), so FTS5 seeks to
them instead of walking every match of every organization.

The statements run on the sqlite3 connection itself, not through SQLAlchemy: a search is a
handful of statements of a fraction of a millisecond each, and SQLAlchemy's per-statement
machinery cost as much again (see docs/search.md, "Fixed cost").

A repository (declared in tools/tenant_scope.py): its raw SQL is scoped by the
organization (`organization_id = :org`).
"""

from __future__ import annotations

import json
import re
import sqlite3
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from sqlalchemy.dialects import sqlite as sqlite_dialect

from meetsight.db.base import UTCDateTime
from meetsight.db.reads import sqlite_datetime
from meetsight.search import sqlite_index
from meetsight.search.backend import Activity, Candidate, Ranking
from meetsight.search.filters import activity_filters, needs_activities_join
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

    if len(matches) <= count:  # all of them: already in transcript order
        return matches
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


def _fts5_words(part: QueryPart) -> str:
    """A part as its separate words, all required (what ranking reads, see Prepared)."""
    trimmed = trim_phrase(part)
    words = [
        fts5_part(QueryPart((w,), prefix=trimmed.prefix and i == len(trimmed.words) - 1))
        for i, w in enumerate(trimmed.words)
    ]
    return words[0] if len(words) == 1 else "(" + " AND ".join(words) + ")"


def fts5_groups(parsed: ParsedQuery, render: Callable[[QueryPart], str]) -> str:
    """Every group required, any part of a group: `"a" AND ("b" OR "c")`."""
    groups = []
    for group in parsed.alternatives:
        rendered = [render(part) for part in group]
        groups.append(rendered[0] if len(rendered) == 1 else "(" + " OR ".join(rendered) + ")")
    return " AND ".join(groups)


@dataclass(slots=True)
class Prepared:
    org_id: str
    org_no: int
    low: int  # the organization's doc_keys; one kind's half of them when the search has one
    high: int
    match_all: str
    match_any: str
    # For ranking only: phrases as their separate words. bm25 first counts, over the whole
    # table, the documents holding each phrase; for a phrase of common words in long
    # transcripts that pass alone costs more than the search. Every ranked document holds the
    # phrase already, so ranking on its words orders them nearly the same, cheaply.
    rank_match: str
    # False once the candidates step found no title of the organization matching: then the
    # title relevance lookup is skipped.
    titles_possible: bool = True
    matched: int = 0  # documents the candidates step found matching (before filters)
    # A phrase of two words or more (after trimming): its match checks positions, costly
    # enough that it runs once per search; single words are cheap to match twice.
    has_phrase: bool = False
    # What the candidates step (the scored walk) read: bm25 scores and title matches by
    # doc_key, for every matching document of the key ranges it scored.
    scores: dict[int, float] = field(default_factory=dict)
    titles: set[int] = field(default_factory=set)


# Above this many matches per row wanted, the window is read by walking the organization's
# recency index and keeping the rows that match (it stops after `limit` rows); below it, the
# matches are joined to their keys and sorted (a cost per match). Measured at 1M segments:
# 1,583 matches, 0.4 ms walking against 2.1 ms sorting; 10 matches, 0.03 ms sorting.
WALK_RATIO = 2
# Page sentences in one lookup over the page's rowid span when the query matched at most
# SPAN_MATCHES documents per page row, and the span holds under SPAN_SENTENCES matching
# sentences per page row (else one lookup per activity). At 1M segments, a rare word's page:
# 0.17 ms in one lookup, 0.7 ms in 16.
SPAN_MATCHES = 2
SPAN_SENTENCES = 8
# The scored walk (many matches, words only, no date or call filter): the recency index is
# walked newest first in chunks and each chunk's key span is read from FTS5 once, with bm25,
# which tells both which walked documents match and their relevance; nothing is materialized.
# Keys follow start order (rebuild_all numbers them so, and new activities mostly start
# later), so a chunk's span holds little beyond the chunk. Where it holds more than
# SPAN_SPREAD keys per walked row (documents indexed long after they started), the window is
# read as before. At 1M segments, a common word's window and relevance: 1.42 -> 1.21 ms.
SPAN_SPREAD = 8
# Two key ranges are scored in one statement when at most MERGE_GAP keys per walked row lie
# between them. At 1M segments a search of meetings and calls scores the newest 175 meetings
# and 58 calls, with 358 older calls between them: one statement 0.49 ms, two 0.61 ms.
MERGE_GAP = 4
_DATETIME = UTCDateTime().bind_processor(sqlite_dialect.dialect())


class SqliteSearch:
    def prepare(self, db: sqlite3.Connection, org_id: str, parsed: ParsedQuery) -> Prepared | None:
        found = db.execute(_ORG_NO, (org_id,)).fetchone()
        if found is None:
            return None
        org_no = int(found[0])
        low, high = sqlite_index.org_range(org_no)
        parts = [fts5_part(p) for p in parsed.parts]
        trimmed = [trim_phrase(p) for p in parsed.parts]
        words = dict.fromkeys(
            fts5_part(QueryPart((w,), prefix=p.prefix and i == len(p.words) - 1))
            for p in trimmed
            for i, w in enumerate(p.words)
        )
        match_all, rank_match = " ".join(parts), " ".join(words)
        if parsed.has_or:
            match_all = fts5_groups(parsed, fts5_part)
            rank_match = fts5_groups(parsed, _fts5_words)
        return Prepared(
            org_id,
            org_no,
            low,
            high,
            match_all,
            " OR ".join(parts),
            rank_match,
            has_phrase=any(p.is_phrase for p in trimmed),
        )

    def candidates(
        self,
        db: sqlite3.Connection,
        prepared: Prepared,
        query: SearchQuery,
        *,
        limit: int,
        offset: int,
    ) -> tuple[list[Candidate], int]:
        filters, params, _ = activity_filters(query, sqlite=True, kind_and_start="k")
        # Meetings or calls only: their half of the organization's keys (migration 0010), so
        # FTS5 itself keeps to the kind and counts need no join for it. Walks and joins still
        # carry the kind in `filters`; `others` are the filters besides it.
        others = filters
        if query.kind != "all":
            everything = replace(query, kind="all")
            others, _, _ = activity_filters(everything, sqlite=True, kind_and_start="k")
            is_call = query.kind == "calls"
            prepared.low, prepared.high = sqlite_index.kind_range(prepared.org_no, is_call)
        for name in ("from_at", "to_at"):
            if name in params and _DATETIME is not None:
                params[name] = _DATETIME(params[name])
        params["org"] = prepared.org_id
        fts = {"q": prepared.match_all, "lo": prepared.low, "hi": prepared.high}
        source = _BODY_HITS
        if query.scope == "title":
            source = _TITLE_HITS
        elif query.scope == "all" and db.execute(_ANY_TITLE, fts).fetchone() is not None:
            source = f"{_TITLE_HITS} UNION {_BODY_HITS}"  # the union only when titles match
        elif query.scope == "all":
            prepared.titles_possible = False
        activities_join = _ACTIVITIES_JOIN if needs_activities_join(query) else ""
        if not prepared.has_phrase:
            score_span = None
            if (
                not offset
                and not activities_join
                and query.date_from is None
                and query.date_to is None
            ):
                # What `relevance` would read, kept in `prepared` for it.
                score_span = partial(
                    _score_ranges,
                    db,
                    prepared,
                    query,
                    scores=prepared.scores,
                    titles=prepared.titles,
                )
            both = (filters, others)
            return _window_in_sql(
                db, prepared, source, both, activities_join, params, limit, offset, score_span
            )
        # With a phrase the full-text match runs once: it costs a position check in every
        # document holding the phrase's words, which a count and then the window would repeat.
        matched = [row[0] for row in db.execute(source, fts)]
        prepared.matched = len(matched)
        if not matched:
            return [], 0
        wanted = limit + offset
        if len(matched) <= WALK_RATIO * wanted:
            # Few matches: their keys, filtered and sorted; all of them, so they are the total.
            # CROSS JOIN keeps SQLite from walking the whole recency index instead.
            rows = db.execute(
                "SELECT k.doc_key, k.activity_id FROM json_each(:keys) j"
                " CROSS JOIN search_keys k ON k.doc_key = j.value"
                f"{activities_join} WHERE k.organization_id = :org{filters}"
                " ORDER BY k.start_at DESC, k.activity_id DESC",
                {**params, "keys": json.dumps(matched)},
            ).fetchall()
            return [Candidate(k, a) for k, a in rows[offset:wanted]], len(rows)
        # Many matches: the organization's keys newest first along the recency index, kept when
        # they match. Without filters every match counts and the walk stops at the window's
        # end; with filters it walks on to count the matches that pass them.
        hit = set(matched)
        found: list[Candidate] = []
        total = 0
        newest_first = db.execute(
            "SELECT k.doc_key, k.activity_id FROM search_keys k"
            f" INDEXED BY ix_search_keys_recency{activities_join}"
            f" WHERE k.organization_id = :org{filters}"
            " ORDER BY k.start_at DESC, k.activity_id DESC",
            params,
        )
        for key, activity_id in newest_first:
            if key in hit:
                if offset <= total < wanted:
                    found.append(Candidate(key, activity_id))
                total += 1
                if total >= wanted and not others:
                    return found, len(matched)
        return found, total

    def relevance(
        self,
        db: sqlite3.Connection,
        prepared: Prepared,
        query: SearchQuery,
        keys: Sequence[Any],
    ) -> Ranking:
        scores, titles = prepared.scores, prepared.titles
        if all(k in scores or k in titles for k in keys):  # read by the scored walk
            return Ranking(scores, titles)
        # Rowid ranges from the lowest to the highest key of each kind (meetings and calls are
        # two halves of the organization's keys), in one statement when few keys lie between
        # them (`_grouped`): a `rowid IN (...)` lookup would run bm25's whole-table pass once
        # per key. Keys grow with time like the window's start times, so a range holds little
        # beyond the window; at worst it is the organization's documents of that kind.
        scores, titles = {}, set()  # this window's, not the scored walk's
        for ranges in _grouped(db, _spans(keys), len(keys)):
            _score_ranges(db, prepared, query, ranges, scores, titles)
        return Ranking(scores, titles)

    def sentences(
        self,
        db: sqlite3.Connection,
        prepared: Prepared,
        hits: Sequence[Candidate],
        per_activity: int,
    ) -> dict[str, list[SentenceMatch]]:
        # One OR query: FTS5 stops an OR at the end of an activity's rowid range, while an
        # AND with no co-occurrence there would walk on through later activities. The
        # sentences holding most of the query's parts are then picked from a few candidates.
        keys = [hit.key for hit in hits]
        several = prepared.match_any != prepared.match_all
        wanted = per_activity * (CANDIDATES_PER_MATCH if several else 1)
        found = None
        if prepared.matched <= SPAN_MATCHES * len(keys):
            found = _matching_in_span(db, prepared.match_any, keys, wanted)
        if found is None:
            found = _matching(db, prepared.match_any, keys, wanted)
        return {
            hit.activity_id: _best(found[hit.key], per_activity) for hit in hits if hit.key in found
        }

    def describe(
        self, db: sqlite3.Connection, org_id: str, activity_ids: Sequence[str]
    ) -> dict[str, Activity]:
        """Name, kind and start for the page only: the rank window's other rows never need them."""
        if not activity_ids:
            return {}
        marks = ", ".join("?" * len(activity_ids))
        rows = db.execute(
            "SELECT id, name, is_call, start_at FROM activities"
            f" WHERE organization_id = ? AND id IN ({marks})",
            (org_id, *activity_ids),
        )
        return {
            r[0]: Activity(r[1], bool(r[2]), sqlite_datetime(r[3]))  # type: ignore[arg-type]
            for r in rows
        }


def _window_in_sql(
    db: sqlite3.Connection,
    prepared: Prepared,
    source: str,
    all_filters: tuple[str, str],
    activities_join: str,
    params: dict[str, Any],
    limit: int,
    offset: int,
    score_span: Callable[[list[tuple[int, int]]], None] | None = None,
) -> tuple[list[Candidate], int]:
    """Words only: counted in one statement (FTS5 counts a word's documents from its doclist
    alone), then the window: the scored walk when most documents match and `score_span` is
    given, else one statement, walking the recency index when most documents match."""
    filters, others = all_filters  # every filter; those besides the kind (see candidates)
    fts = {**params, "q": prepared.match_all, "lo": prepared.low, "hi": prepared.high}
    if others or activities_join or source != _BODY_HITS:
        count = (
            f"SELECT count(*) FROM ({source}) h JOIN search_keys k ON k.doc_key = h.doc_key"
            f"{activities_join} WHERE k.organization_id = :org{others}"
        )
    else:  # every document in the organization's range has its key: no join needed
        count = f"SELECT count(*) FROM ({source})"
    total = int(db.execute(count, fts).fetchone()[0])
    prepared.matched = total
    if not total:
        return [], 0
    if total > WALK_RATIO * (limit + offset) and score_span is not None:
        walked = _scored_walk(db, prepared, score_span, filters, params, limit)
        if walked is not None:
            return walked, total
    if total > WALK_RATIO * (limit + offset):
        sql = (
            "SELECT k.doc_key, k.activity_id FROM search_keys k"
            f" INDEXED BY ix_search_keys_recency{activities_join}"
            f" WHERE k.organization_id = :org AND k.doc_key IN ({source}){filters}"
        )
    else:
        sql = (
            f"SELECT k.doc_key, k.activity_id FROM ({source}) h"
            f" CROSS JOIN search_keys k ON k.doc_key = h.doc_key{activities_join}"
            f" WHERE k.organization_id = :org{filters}"
        )
    sql += " ORDER BY k.start_at DESC, k.activity_id DESC LIMIT :limit OFFSET :offset"
    rows = db.execute(sql, {**fts, "limit": limit, "offset": offset}).fetchall()
    return [Candidate(key, activity_id) for key, activity_id in rows], total


def _scored_walk(
    db: sqlite3.Connection,
    prepared: Prepared,
    score_span: Callable[[list[tuple[int, int]]], None],
    filters: str,
    params: dict[str, Any],
    wanted: int,
) -> list[Candidate] | None:
    """The `wanted` newest matching documents, what ranks them left in `prepared`; None
    when the walked keys lie too far apart (see SPAN_SPREAD)."""
    walk = db.execute(
        "SELECT k.doc_key, k.activity_id FROM search_keys k INDEXED BY ix_search_keys_recency"
        f" WHERE k.organization_id = :org{filters} ORDER BY k.start_at DESC, k.activity_id DESC",
        params,
    )
    scores, titles = prepared.scores, prepared.titles
    read: list[tuple[int, int]] = []  # key ranges already scored
    found: list[Candidate] = []
    walked = 0
    chunk = wanted + wanted // 8 + 8  # most documents match: a little over the window
    while len(found) < wanted and (rows := walk.fetchmany(chunk)):
        walked += len(rows)
        spans = _spans([r[0] for r in rows])
        if sum(high - low for low, high in spans) >= SPAN_SPREAD * len(rows):
            scores.clear()
            titles.clear()
            return None
        parts = [part for low, high in spans for part in _unread(read, low, high)]
        for ranges in _grouped(db, parts, len(rows)):
            score_span(ranges)
        read.extend(parts)
        matched = [Candidate(k, a) for k, a in rows if k in scores or k in titles]
        found += matched[: wanted - len(found)]
        # The next chunk from the share of walked documents that matched so far.
        chunk = (wanted - len(found)) * walked // max(1, len(found)) + 8
    return found


def _spans(keys: Sequence[int]) -> list[tuple[int, int]]:
    """From the lowest to the highest key, for each kind's half among `keys` (all of one
    organization)."""
    low, high = min(keys), max(keys)
    calls_from = sqlite_index.half_of(high)[0]
    if low >= calls_from:  # one half (a meetings or calls search): one range
        return [(low, high)]
    ordered = sorted(keys)
    calls = bisect_left(ordered, calls_from)  # the first key of the calls
    return [(low, ordered[calls - 1]), (ordered[calls], high)]


def _grouped(
    db: sqlite3.Connection, ranges: list[tuple[int, int]], rows: int
) -> list[list[tuple[int, int]]]:
    """Key ranges to score, in groups of one FTS5 statement each. Every statement with bm25
    pays a pass over the whole table first (it counts the documents holding each word), so
    two ranges share a statement when few keys lie between them: walking past those costs
    less than a second pass. For a search of meetings and calls the two ranges are the newest
    keys of each half, and between them lie the older calls (see MERGE_GAP)."""
    if not ranges:
        return []
    ranges = sorted(ranges)
    groups = [[ranges[0]]]
    for part in ranges[1:]:
        if _keys_between(db, groups[-1][-1][1], part[0]) <= MERGE_GAP * rows:
            groups[-1].append(part)
        else:
            groups.append([part])
    return groups


def _keys_between(db: sqlite3.Connection, low: int, high: int) -> int:
    """At most how many documents have keys between `low` and `high` (exclusive): keys are
    numbered upwards within each kind's half of an organization's range."""
    low_half, high_half = sqlite_index.half_of(low), sqlite_index.half_of(high)
    if low_half == high_half:
        return high - low - 1
    top = db.execute(_HALF_TOP, (low, low_half[1])).fetchone()[0]
    return (int(top) - low) + (high - high_half[0])


def _score_ranges(
    db: sqlite3.Connection,
    prepared: Prepared,
    query: SearchQuery,
    ranges: list[tuple[int, int]],
    scores: dict[int, float],
    titles: set[int],
) -> None:
    """Title matches and bm25 scores of the documents in `ranges`, read in one statement
    each: FTS5 is given the range covering them all, the rest is kept out by SQLite."""
    params: list[int] = [ranges[0][0], ranges[-1][1]]
    within = ""
    if len(ranges) > 1:
        within = " AND (" + " OR ".join(["rowid BETWEEN ? AND ?"] * len(ranges)) + ")"
        params += [bound for part in ranges for bound in part]
    if query.scope != "sentences" and prepared.titles_possible:
        found = db.execute(_TITLE_MATCHES + within, (prepared.match_all, *params))
        titles.update(row[0] for row in found)
    if query.scope != "title":
        scores.update(db.execute(_BODY_SCORES + within, (prepared.rank_match, *params)))


def _unread(read: list[tuple[int, int]], low: int, high: int) -> list[tuple[int, int]]:
    """The parts of [low, high] outside every range in `read`."""
    parts = [(low, high)]
    for done_low, done_high in read:
        parts = [
            piece
            for a, b in parts
            for piece in ((a, min(b, done_low - 1)), (max(a, done_high + 1), b))
            if piece[0] <= piece[1]
        ]
    return parts


_ORG_NO = "SELECT org_no FROM search_orgs WHERE organization_id = ?"
_ACTIVITIES_JOIN = (
    " JOIN activities a ON a.organization_id = k.organization_id AND a.id = k.activity_id"
)
_IN_ORG = (
    "SELECT rowid AS doc_key FROM {table} WHERE {table} MATCH :q AND rowid BETWEEN :lo AND :hi"
)
_TITLE_HITS = _IN_ORG.format(table="search_titles")
_BODY_HITS = _IN_ORG.format(table="search_transcripts")
_ANY_TITLE = _TITLE_HITS + " LIMIT 1"
_HALF_TOP = "SELECT max(doc_key) FROM search_keys WHERE doc_key BETWEEN ? AND ?"
_TITLE_MATCHES = (
    "SELECT rowid FROM search_titles WHERE search_titles MATCH ? AND rowid BETWEEN ? AND ?"
)
# bm25 is lower for better matches; negated so that higher is better.
_BODY_SCORES = (
    "SELECT rowid, -bm25(search_transcripts) FROM search_transcripts"
    " WHERE search_transcripts MATCH ? AND rowid BETWEEN ? AND ?"
)
# highlight(), not snippet(): a sentence is short, and snippet's fragment scoring costs
# several times more for phrases. Long sentences are cut around the first match in Python.
_SENTENCES_IN_RANGE = (
    "SELECT rowid, highlight(search_segments, 0, '**', '**'), speaker, start_time, end_time"
    " FROM search_segments WHERE search_segments MATCH ? AND rowid BETWEEN ? AND ?"
    " ORDER BY rowid LIMIT ?"
)
_POSITION_MASK = (1 << SEGMENT_BITS) - 1


def _sentence(rowid: int, snippet: str, speaker: str, start: float, end: float) -> SentenceMatch:
    # Times go in as floats but FTS5 keeps what it was given: a whole second reads back an int.
    return SentenceMatch(rowid & _POSITION_MASK, speaker, float(start), float(end), trim(snippet))


def _matching(
    db: sqlite3.Connection, match: str, keys: Sequence[int], limit: int
) -> dict[int, list[SentenceMatch]]:
    """The first `limit` sentences matching in each activity: one FTS5 range lookup per
    activity, the same statement each time (prepared once by sqlite3's statement cache; a
    UNION ALL of one lookup per activity cost more to prepare than to run)."""
    found: dict[int, list[SentenceMatch]] = {}
    for key in keys:
        low, high = sqlite_index.segment_range(key)
        if rows := db.execute(_SENTENCES_IN_RANGE, (match, low, high, limit)).fetchall():
            found[key] = [_sentence(*row) for row in rows]
    return found


def _matching_in_span(
    db: sqlite3.Connection, match: str, keys: Sequence[int], limit: int
) -> dict[int, list[SentenceMatch]] | None:
    """The same as `_matching`, in one lookup over the rowids from the first activity to the
    last, when that range holds few matching sentences (rare words); None when it holds more
    than SPAN_SENTENCES per activity, which the caller then reads activity by activity."""
    cap = SPAN_SENTENCES * len(keys)
    low, high = sqlite_index.segment_range(min(keys))[0], sqlite_index.segment_range(max(keys))[1]
    rows = db.execute(_SENTENCES_IN_RANGE, (match, low, high, cap)).fetchall()
    if len(rows) >= cap:
        return None
    wanted = set(keys)
    found: dict[int, list[SentenceMatch]] = {}
    for row in rows:
        key = int(row[0]) >> SEGMENT_BITS
        if key in wanted and len(kept := found.setdefault(key, [])) < limit:
            kept.append(_sentence(*row))
    return found
