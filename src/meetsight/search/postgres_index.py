"""Writing the PostgreSQL index: tsvectors computed by the server from the source rows, in the
text search configuration of the activity's language (see `meetsight.search.schema`).
search_matches follows search_documents by a trigger (schema.POSTGRES_MATCHES_DDL).

A tsvector holds at most 1 MB; text with that much distinct vocabulary (990 kB of random words,
inside the transcript limits) made to_tsvector fail and the upload answer 500. Such a
transcript is indexed again on the first ``TSVECTOR_SAFE_CHARS`` characters of each segment and
of the document: no tsvector of that much text can reach 1 MB (at worst about 6.5 bytes a
character, one-letter words of four-byte letters), and every other transcript is indexed whole.

A repository (declared in tools/tenant_scope.py): its raw SQL is scoped by the
organization (`organization_id = :org`).
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from meetsight.search.schema import SENTENCE_BREAK

# Mirrors schema.postgres_config(), in SQL so that one statement indexes many activities.
CONFIG_OF_ACTIVITY = (
    "(CASE lower(left(coalesce(a.language, 'en'), 2)) WHEN 'en' THEN 'ms_english'"
    " WHEN 'es' THEN 'ms_spanish' ELSE 'ms_simple' END)::regconfig"
)
TSVECTOR_SAFE_CHARS = 100_000
_PROGRAM_LIMIT_EXCEEDED = "54000"  # SQLSTATE of "string is too long for tsvector"


def _body(cut: str = "{}") -> str:
    """The body: every sentence in order with a break word between them, then the break word
    removed, which leaves a gap in the positions: no phrase matches across two sentences.
    ``cut`` wraps the joined text ("left({}, n)" keeps its first n characters)."""
    joined = f"string_agg(s.content, ' {SENTENCE_BREAK} ' ORDER BY s.position)"
    return (
        f"coalesce((SELECT ts_delete(to_tsvector(c.config, {cut.format(joined)}), "
        f"'{SENTENCE_BREAK}') FROM transcript_segments s"
        " WHERE s.organization_id = c.organization_id"
        " AND s.activity_id = c.activity_id), ''::tsvector)"
    )


_BODY = _body()
_SAFE = f"left({{}}, {TSVECTOR_SAFE_CHARS})"
_CONFIGS = (
    "SELECT a.organization_id, a.id AS activity_id, a.name, a.is_call, a.start_at, "
    + CONFIG_OF_ACTIVITY
    + " AS config FROM activities a"
)

_DROP_SEGMENTS = sa.text(
    "DELETE FROM search_segments WHERE organization_id = :org AND activity_id = :act"
)


def _add_segments(cut: str = "{}") -> sa.TextClause:
    return sa.text(
        "WITH c AS (" + _CONFIGS + " WHERE a.organization_id = :org AND a.id = :act)"
        " INSERT INTO search_segments (organization_id, activity_id, position, tsv)"
        " SELECT s.organization_id, s.activity_id, s.position,"
        f" to_tsvector(c.config, {cut.format('s.content')})"
        " FROM transcript_segments s JOIN c ON s.organization_id = c.organization_id"
        " AND s.activity_id = c.activity_id"
    )


def _upsert_document(body: str) -> sa.TextClause:
    return sa.text(
        "WITH c AS (" + _CONFIGS + " WHERE a.organization_id = :org AND a.id = :act)"
        " INSERT INTO search_documents"
        " (organization_id, activity_id, is_call, start_at, config, title_tsv, body_tsv)"
        " SELECT c.organization_id, c.activity_id, c.is_call, c.start_at, c.config,"
        " to_tsvector(c.config, c.name), "
        + body
        + " FROM c ON CONFLICT (organization_id, activity_id) DO UPDATE SET"
        " is_call = EXCLUDED.is_call, start_at = EXCLUDED.start_at,"
        " config = EXCLUDED.config, title_tsv = EXCLUDED.title_tsv, body_tsv = EXCLUDED.body_tsv"
    )


_ADD_SEGMENTS = _add_segments()
_ADD_SEGMENTS_SAFE = _add_segments(_SAFE)
_UPSERT_DOCUMENT = _upsert_document(_BODY)
_UPSERT_DOCUMENT_SAFE = _upsert_document(_body(_SAFE))
_UPSERT_TITLE = sa.text(
    "WITH c AS (" + _CONFIGS + " WHERE a.organization_id = :org AND a.id = :act)"
    " INSERT INTO search_documents"
    " (organization_id, activity_id, is_call, start_at, config, title_tsv)"
    " SELECT c.organization_id, c.activity_id, c.is_call, c.start_at, c.config,"
    " to_tsvector(c.config, c.name) FROM c"
    " ON CONFLICT (organization_id, activity_id) DO UPDATE SET title_tsv = EXCLUDED.title_tsv,"
    " is_call = EXCLUDED.is_call, start_at = EXCLUDED.start_at"
)
_DROP_DOCUMENT = sa.text(
    "DELETE FROM search_documents WHERE organization_id = :org AND activity_id = :act"
)


def index_activity(conn: Connection, org_id: str, activity_id: str) -> None:
    """Re-index the activity's title and every sentence from the stored rows."""
    params = {"org": org_id, "act": activity_id}
    conn.execute(_DROP_SEGMENTS, params)
    try:
        with conn.begin_nested():
            conn.execute(_ADD_SEGMENTS, params)
            conn.execute(_UPSERT_DOCUMENT, params)
    except DBAPIError as exc:
        if not _too_long_for_tsvector(exc):
            raise
        conn.execute(_ADD_SEGMENTS_SAFE, params)
        conn.execute(_UPSERT_DOCUMENT_SAFE, params)


def _too_long_for_tsvector(exc: DBAPIError) -> bool:
    driver = getattr(exc.orig, "driver_exception", exc.orig)
    return getattr(driver, "sqlstate", None) == _PROGRAM_LIMIT_EXCEEDED


def index_title(conn: Connection, org_id: str, activity_id: str) -> None:
    conn.execute(_UPSERT_TITLE, {"org": org_id, "act": activity_id})


def remove_activity(conn: Connection, org_id: str, activity_id: str) -> None:
    params = {"org": org_id, "act": activity_id}
    conn.execute(_DROP_SEGMENTS, params)
    conn.execute(_DROP_DOCUMENT, params)


def rebuild_all(conn: Connection) -> None:
    """Index every activity from scratch, set-based (after a bulk load)."""
    # TRUNCATE fires no row trigger: search_matches is emptied here, refilled by the inserts.
    conn.execute(sa.text("TRUNCATE search_segments, search_matches, search_documents"))
    conn.execute(
        sa.text(
            "WITH c AS (" + _CONFIGS + ")"
            " INSERT INTO search_segments (organization_id, activity_id, position, tsv)"
            " SELECT s.organization_id, s.activity_id, s.position,"
            " to_tsvector(c.config, s.content) FROM transcript_segments s"
            " JOIN c ON s.organization_id = c.organization_id AND s.activity_id = c.activity_id"
        )
    )
    conn.execute(
        sa.text(
            "WITH c AS (" + _CONFIGS + ")"
            " INSERT INTO search_documents"
            " (organization_id, activity_id, is_call, start_at, config, title_tsv, body_tsv)"
            " SELECT c.organization_id, c.activity_id, c.is_call, c.start_at, c.config,"
            " to_tsvector(c.config, c.name), " + _BODY + " FROM c"
        )
    )
