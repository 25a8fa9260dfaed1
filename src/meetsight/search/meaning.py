"""Search by meaning, and its fusion with the search of words (hybrid).

The query is embedded with the built-in engine's sentence encoder (the same model as the
stored vectors, multilingual: an English query finds a Spanish sentence); the organization's
nearest sentence and title vectors (`vector_index`) that pass MIN_COSINE make the meaning
ranking of activities, each by its best sentence. The activity filters of the search of words
(kind, dates, direction, numbers) are applied to those activities in SQL, and the nearest set
is widened until the page is full or WIDEST vectors were looked at.

Hybrid: reciprocal rank fusion (RRF_K) of the two rankings of activities, and within each hit
of its sentences: those the words matched (snippets marked **like this**) and those nearest in
meaning (the sentence as said), listed in transcript order as before. When the words matched
nothing, the answer is the nearest in meaning; when they matched, an activity found by meaning
alone joins only if it is near (EXTRA_COSINE). Cosines of this model do not separate a
paraphrase from an unrelated sentence of the same domain well (docs/search.md), so the
nearest are always some activities: mode lexical asks for the words only.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, NamedTuple

import numpy as np
import sqlalchemy as sa
from sqlalchemy.engine import Connection

from meetsight.db.reads import sqlite_datetime
from meetsight.search import repository, vector_index
from meetsight.search.backend import Activity
from meetsight.search.filters import activity_filters
from meetsight.search.types import SearchHit, SearchPage, SearchQuery, SentenceMatch
from meetsight.search.vectors import TITLE_POSITION, embed_texts

# Below this cosine a sentence is not taken as saying the query (USE multilingual: unrelated
# sentences of one domain score 0.1-0.3; a paraphrase 0.4-0.7). Set on the dev paraphrases.
MIN_COSINE = 0.15
# Hybrid, when the words matched something: an activity found by meaning alone joins them only
# this near (else every search of a name would list unrelated activities after its matches).
# When the words matched nothing, the nearest in meaning are the answer (MIN_COSINE).
EXTRA_COSINE = 0.35
FIRST_LOOK = 400  # nearest vectors looked at first
WIDEST = 25_600  # at most, when filters leave too few activities
RRF_K = 60  # the usual constant: rank 1 scores 1/61, rank 10 1/70
SNIPPET_CHARS = 300


class Moment(NamedTuple):
    position: int
    cosine: float


class MeaningHit(NamedTuple):
    activity_id: str
    activity: Activity
    cosine: float  # of its best moment
    moments: list[Moment]  # best first; the title is position -1


@functools.lru_cache(maxsize=512)
def query_vector(text: str) -> np.ndarray:
    """The query's unit vector (a repeated query, or the next page, costs nothing)."""
    vector: np.ndarray = embed_texts([text])[0]
    vector.setflags(write=False)
    return vector


class Reads:
    """The few statements of this module on either engine's connection: a plain sqlite3
    connection (the search's own, in its read transaction) or a SQLAlchemy Connection."""

    def __init__(self, conn: sqlite3.Connection | Connection) -> None:
        self.conn = conn
        self.sqlite = isinstance(conn, sqlite3.Connection)

    def rows(self, sql: str, params: dict[str, Any]) -> Sequence[Sequence[Any]]:
        if isinstance(self.conn, sqlite3.Connection):
            return self.conn.execute(sql, params).fetchall()
        return self.conn.execute(sa.text(sql), params).all()


def _in_list(name: str, values: Sequence[Any], params: dict[str, Any]) -> str:
    for i, value in enumerate(values):
        params[f"{name}{i}"] = value
    return "(" + ", ".join(f":{name}{i}" for i in range(len(values))) + ")"


def meaning_hits(
    reads: Reads, org_id: str, query: SearchQuery, vector: np.ndarray, want: int
) -> list[MeaningHit]:
    """Up to `want` activities nearest in meaning that pass the query's filters, best first."""
    k = FIRST_LOOK
    while True:
        found = vector_index.nearest(reads.rows, org_id, vector, k)
        moments: dict[str, list[Moment]] = {}
        for activity_id, position, cosine in found:
            if cosine < MIN_COSINE:
                break  # best first: the rest are further
            if query.scope == "title" and position != TITLE_POSITION:
                continue
            if query.scope == "sentences" and position == TITLE_POSITION:
                continue
            moments.setdefault(activity_id, []).append(Moment(position, cosine))
        described = _describe(reads, org_id, query, list(moments))
        hits = [
            MeaningHit(a, described[a], ms[0].cosine, ms)
            for a, ms in moments.items()
            if a in described
        ]
        widened = len(found) == k and (not found or found[-1][2] >= MIN_COSINE)
        if len(hits) >= want or not widened or k >= WIDEST:
            return hits[:want]
        k *= 8


def _describe(
    reads: Reads, org_id: str, query: SearchQuery, activity_ids: list[str]
) -> dict[str, Activity]:
    """Those of the activities that pass the filters (and still exist), described."""
    if not activity_ids:
        return {}
    filters, params, binds = activity_filters(query, sqlite=reads.sqlite)
    params["org"] = org_id
    if reads.sqlite:
        for bind in binds:  # SQLite keeps datetimes as text: bound as the ORM binds them
            processor = bind.type.bind_processor(sqlite_dialect())
            if processor is not None and bind.key in params:
                params[bind.key] = processor(params[bind.key])
    ids = _in_list("id", activity_ids, params)
    rows = reads.rows(repository.described_activities(ids, filters), params)
    return {str(r[0]): Activity(str(r[1]), bool(r[2]), _when(r[3])) for r in rows}


@functools.cache
def sqlite_dialect() -> sa.Dialect:
    from sqlalchemy.dialects import sqlite

    return sqlite.dialect()  # type: ignore[no-any-return]


def _when(value: Any) -> datetime:
    if isinstance(value, str):  # SQLite: naive UTC text
        when = sqlite_datetime(value)
        assert when is not None
        return when
    assert isinstance(value, datetime)
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def sentences(
    reads: Reads, org_id: str, wanted: dict[str, list[int]]
) -> dict[tuple[str, int], SentenceMatch]:
    """The segments at these positions of these activities, as matches (the text as said)."""
    wanted = {a: [p for p in ps if p >= 0] for a, ps in wanted.items()}
    wanted = {a: ps for a, ps in wanted.items() if ps}
    if not wanted:
        return {}
    params: dict[str, Any] = {"org": org_id}
    ids = _in_list("a", list(wanted), params)
    positions = _in_list("p", sorted({p for ps in wanted.values() for p in ps}), params)
    rows = reads.rows(repository.sentences_at(ids, positions), params)
    out = {}
    for activity_id, position, speaker, start, end, content in rows:
        if int(position) in wanted.get(str(activity_id), ()):
            text = str(content)
            if len(text) > SNIPPET_CHARS:
                text = text[:SNIPPET_CHARS].rsplit(" ", 1)[0] + "…"
            out[(str(activity_id), int(position))] = SentenceMatch(
                int(position), str(speaker), float(start), float(end), text
            )
    return out


def fuse(
    reads: Reads,
    org_id: str,
    query: SearchQuery,
    lexical: SearchPage | None,
    meaning: list[MeaningHit],
) -> SearchPage:
    """One page from the ranking of words (`lexical`, its first skip+limit hits) and that of
    meaning; with no lexical page, meaning alone."""
    scores: dict[str, float] = {}
    by_words = {hit.activity_id: hit for hit in lexical.hits} if lexical else {}
    if by_words:
        meaning = [h for h in meaning if h.activity_id in by_words or h.cosine >= EXTRA_COSINE]
    by_meaning = {hit.activity_id: hit for hit in meaning}
    for rank, activity_id in enumerate(by_words):
        scores[activity_id] = 1 / (RRF_K + rank + 1)
    for rank, hit in enumerate(meaning):
        scores[hit.activity_id] = scores.get(hit.activity_id, 0.0) + 1 / (RRF_K + rank + 1)
    ordered = sorted(scores, key=lambda a: -scores[a])  # stable: words first on ties
    page = ordered[query.skip : query.skip + query.limit]
    per = query.matches_per_activity if query.scope != "title" else 0
    chosen: dict[str, list[tuple[str, int]]] = {}
    for activity_id in page:
        word_hit = by_words.get(activity_id)
        meaning_hit = by_meaning.get(activity_id)
        chosen[activity_id] = _moments(word_hit, meaning_hit, per)
    texts = sentences(
        reads,
        org_id,
        {a: [p for source, p in ms if source == "m"] for a, ms in chosen.items()},
    )
    hits = []
    for activity_id in page:
        word_hit = by_words.get(activity_id)
        meaning_hit = by_meaning.get(activity_id)
        lexical_matches = {m.position: m for m in word_hit.matches} if word_hit else {}
        matches = []
        for source, position in chosen[activity_id]:
            match = (
                lexical_matches.get(position)
                if source == "w"
                else texts.get((activity_id, position))
            )
            if match is not None:
                matches.append(match)
        matches.sort(key=lambda m: m.position)
        if word_hit is not None:
            base = (word_hit.is_call, word_hit.name, word_hit.start_at)
        else:
            assert meaning_hit is not None
            base = (
                meaning_hit.activity.is_call,
                meaning_hit.activity.name,
                meaning_hit.activity.start_at,
            )
        title = bool(word_hit and word_hit.title_matched) or bool(
            meaning_hit and meaning_hit.moments[0].position == TITLE_POSITION
        )
        hits.append(
            SearchHit(
                activity_id=activity_id,
                is_call=base[0],
                name=base[1],
                start_at=base[2],
                rank=round(scores[activity_id] * 1000, 6),
                title_matched=title,
                matches=tuple(matches),
            )
        )
    total = len(scores)
    if lexical is not None:
        total = lexical.total + sum(1 for a in by_meaning if a not in by_words)
    return SearchPage(total=total, hits=tuple(hits))


def _moments(
    word_hit: SearchHit | None, meaning_hit: MeaningHit | None, per: int
) -> list[tuple[str, int]]:
    """Up to `per` sentences of one hit: those the words matched and those nearest in meaning,
    taken in turn (each list best first), each sentence once."""
    words = [("w", m.position) for m in word_hit.matches] if word_hit else []
    near = (
        [("m", m.position) for m in meaning_hit.moments if m.position >= 0] if meaning_hit else []
    )
    out: list[tuple[str, int]] = []
    seen: set[int] = set()
    for i in range(max(len(words), len(near))):
        for source in (words, near):
            if i < len(source) and source[i][1] not in seen and len(out) < per:
                out.append(source[i])
                seen.add(source[i][1])
    return out
