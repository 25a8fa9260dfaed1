"""Writing the SQLite FTS5 index (tables described in `meetsight.search.schema`).

The transcript table is contentless (no third copy of every sentence), so removing a document
needs the exact text it was indexed with: that is rebuilt from search_segments, which keeps the
sentences it indexed, in rowid (= position) order, joined as when they were inserted.

A repository (declared in tools/tenant_scope.py): its raw SQL is scoped by the
organization (`organization_id = :org`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from meetsight.search.schema import (
    ACTIVITY_BITS,
    KIND_BIT,
    MAX_INDEXED_POSITION,
    SEGMENT_BITS,
    SENTENCE_BREAK,
    SQLITE_FTS_TABLES,
    IndexedSentence,
)

_ORG_NO = sa.text("SELECT org_no FROM search_orgs WHERE organization_id = :org")
_NEW_ORG = sa.text("INSERT INTO search_orgs (organization_id) VALUES (:org)")
_DOC_KEY = sa.text(
    "SELECT doc_key FROM search_keys WHERE organization_id = :org AND activity_id = :act"
)
_IS_CALL = sa.text("SELECT is_call FROM activities WHERE organization_id = :org AND id = :act")
_NEXT_KEY = sa.text("SELECT max(doc_key) FROM search_keys WHERE doc_key BETWEEN :lo AND :hi")
_NEW_KEY = sa.text(
    "INSERT INTO search_keys (doc_key, organization_id, activity_id) VALUES (:key, :org, :act)"
)
_SEGMENT_TEXTS = sa.text(
    "SELECT content FROM search_segments WHERE rowid BETWEEN :lo AND :hi ORDER BY rowid"
)
_DROP_SEGMENTS = sa.text("DELETE FROM search_segments WHERE rowid BETWEEN :lo AND :hi")
_ADD_SEGMENT = sa.text(
    "INSERT INTO search_segments (rowid, content, speaker, start_time, end_time)"
    " VALUES (:rowid, :content, :speaker, :start, :end)"
)
_DROP_DOCUMENT = sa.text(
    "INSERT INTO search_transcripts (search_transcripts, rowid, body)"
    " VALUES ('delete', :key, :body)"
)
_ADD_DOCUMENT = sa.text("INSERT INTO search_transcripts (rowid, body) VALUES (:key, :body)")
_DROP_TITLE = sa.text("DELETE FROM search_titles WHERE rowid = :key")
_ADD_TITLE = sa.text("INSERT INTO search_titles (rowid, name) VALUES (:key, :name)")
_DROP_KEY = sa.text("DELETE FROM search_keys WHERE doc_key = :key")


def segment_range(doc_key: int) -> tuple[int, int]:
    """The rowids of one activity's sentences in search_segments."""
    low = doc_key << SEGMENT_BITS
    return low, low | MAX_INDEXED_POSITION


def org_range(org_no: int) -> tuple[int, int]:
    """The doc_keys of one organization."""
    low = org_no << ACTIVITY_BITS
    return low, low | ((1 << ACTIVITY_BITS) - 1)


def kind_range(org_no: int, is_call: bool) -> tuple[int, int]:
    """The doc_keys of one organization's meetings, or of its calls."""
    low = org_no << ACTIVITY_BITS | int(is_call) << KIND_BIT
    return low, low | ((1 << KIND_BIT) - 1)


def half_of(doc_key: int) -> tuple[int, int]:
    """The doc_keys of the kind `doc_key` belongs to, in its organization (`kind_range`)."""
    return kind_range(doc_key >> ACTIVITY_BITS, bool(doc_key >> KIND_BIT & 1))


def join_sentences(texts: Iterable[str]) -> str:
    return f" {SENTENCE_BREAK} ".join(texts)


def org_number(conn: Connection, org_id: str, *, create: bool) -> int | None:
    found = conn.execute(_ORG_NO, {"org": org_id}).scalar()
    if found is None and create:
        conn.execute(_NEW_ORG, {"org": org_id})
        found = conn.execute(_ORG_NO, {"org": org_id}).scalar()
    return None if found is None else int(found)


def doc_key(conn: Connection, org_id: str, activity_id: str, *, create: bool) -> int | None:
    found = conn.execute(_DOC_KEY, {"org": org_id, "act": activity_id}).scalar()
    if found is not None or not create:
        return None if found is None else int(found)
    org_no = org_number(conn, org_id, create=True)
    assert org_no is not None
    # The kind never changes after creation (meetings and calls are uploaded to their paths).
    is_call = bool(conn.execute(_IS_CALL, {"org": org_id, "act": activity_id}).scalar())
    low, high = kind_range(org_no, is_call)
    # SQLite has one writer at a time: nobody else can take this number before we insert it.
    key = int(conn.execute(_NEXT_KEY, {"lo": low, "hi": high}).scalar() or low) + 1
    if key > high:
        raise RuntimeError("search index: organization has more activities than doc keys")
    conn.execute(_NEW_KEY, {"key": key, "org": org_id, "act": activity_id})
    return key


_COPY_FILTERS = sa.text(
    "UPDATE search_keys SET (is_call, start_at) = (SELECT a.is_call, a.start_at"
    " FROM activities a WHERE a.organization_id = :org AND a.id = :act) WHERE doc_key = :key"
)


def index_title(conn: Connection, org_id: str, activity_id: str, name: str) -> None:
    """The name, and the activity's kind and start that searches filter and order by."""
    key = doc_key(conn, org_id, activity_id, create=True)
    conn.execute(_COPY_FILTERS, {"org": org_id, "act": activity_id, "key": key})
    conn.execute(_DROP_TITLE, {"key": key})
    conn.execute(_ADD_TITLE, {"key": key, "name": name})


def index_transcript(
    conn: Connection, org_id: str, activity_id: str, sentences: Sequence[IndexedSentence]
) -> None:
    """Replace the activity's sentences in the index."""
    key = doc_key(conn, org_id, activity_id, create=True)
    assert key is not None
    _drop_transcript(conn, key)
    low, _ = segment_range(key)
    kept = sorted(
        (s for s in sentences if 0 <= s.position <= MAX_INDEXED_POSITION), key=lambda s: s.position
    )
    if not kept:
        return
    rows = [
        _segment_row(low | s.position, s.text, s.speaker, s.start_time, s.end_time) for s in kept
    ]
    for start in range(0, len(rows), 2000):
        conn.execute(_ADD_SEGMENT, rows[start : start + 2000])
    conn.execute(_ADD_DOCUMENT, {"key": key, "body": join_sentences(s.text for s in kept)})


def _segment_row(
    rowid: int, content: str, speaker: str, start: float, end: float
) -> dict[str, object]:
    return {"rowid": rowid, "content": content, "speaker": speaker, "start": start, "end": end}


def _drop_transcript(conn: Connection, key: int) -> None:
    low, high = segment_range(key)
    old = list(conn.execute(_SEGMENT_TEXTS, {"lo": low, "hi": high}).scalars())
    if old:
        conn.execute(_DROP_DOCUMENT, {"key": key, "body": join_sentences(old)})
        conn.execute(_DROP_SEGMENTS, {"lo": low, "hi": high})


def remove_activity(conn: Connection, org_id: str, activity_id: str) -> None:
    key = doc_key(conn, org_id, activity_id, create=False)
    if key is None:
        return
    _drop_transcript(conn, key)
    conn.execute(_DROP_TITLE, {"key": key})
    conn.execute(_DROP_KEY, {"key": key})


def rebuild_all(conn: Connection) -> None:
    """Index every activity from scratch (after a bulk load, or when the index is created)."""
    conn.execute(
        sa.text("INSERT INTO search_transcripts (search_transcripts) VALUES ('delete-all')")
    )
    for table in ("search_titles", "search_segments", "search_keys"):
        conn.execute(sa.text(f"DELETE FROM {table}"))
    # Keys in start order: the rank window (the newest matches) is then a narrow key range,
    # and bm25 runs over that range (see sqlite_search.SqliteSearch.relevance).
    activities = conn.execute(
        sa.text(
            "SELECT organization_id, id, name FROM activities"
            " ORDER BY organization_id, start_at, id"
        )
    ).all()
    keys: list[tuple[int, str, str]] = []
    for org_id, activity_id, name in activities:
        index_title(conn, org_id, activity_id, name)
        key = doc_key(conn, org_id, activity_id, create=False)
        assert key is not None
        keys.append((key, org_id, activity_id))
    for start in range(0, len(keys), 200):
        _index_chunk(conn, keys[start : start + 200])
    # Merged into one b-tree per table: a bulk insert leaves dozens of segments, and every FTS5
    # lookup reads each of them (at 1M segments, sentences for a page 2.0 -> 0.8 ms).
    for table in SQLITE_FTS_TABLES:
        conn.execute(sa.text(f"INSERT INTO {table} ({table}) VALUES ('optimize')"))


_CHUNK_SEGMENTS = sa.text(
    "SELECT activity_id, position, content, participant_name, start_time, end_time"
    " FROM transcript_segments"
    " WHERE organization_id = :org AND activity_id IN :ids ORDER BY activity_id, position"
).bindparams(sa.bindparam("ids", expanding=True))


def _index_chunk(conn: Connection, keys: list[tuple[int, str, str]]) -> None:
    """The sentences of up to a few hundred activities, read in one query, inserted in bulk."""
    by_org: dict[str, dict[str, int]] = {}
    for key, org_id, activity_id in keys:
        by_org.setdefault(org_id, {})[activity_id] = key
    segments: list[dict[str, object]] = []
    documents: list[dict[str, object]] = []
    for org_id, ids in by_org.items():
        rows = conn.execute(_CHUNK_SEGMENTS, {"org": org_id, "ids": list(ids)}).all()
        texts: dict[int, list[str]] = {}
        for activity_id, position, content, speaker, start, end in rows:
            if position <= MAX_INDEXED_POSITION:
                key = ids[activity_id]
                texts.setdefault(key, []).append(content)
                rowid = (key << SEGMENT_BITS) | position
                segments.append(_segment_row(rowid, content, speaker, start, end))
        documents += [{"key": k, "body": join_sentences(t)} for k, t in texts.items()]
    if segments:
        conn.execute(_ADD_SEGMENT, segments)
    if documents:
        conn.execute(_ADD_DOCUMENT, documents)
