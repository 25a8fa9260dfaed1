"""The search index as of revision 0018: its tables per engine and a rebuild from the stored
rows, copied from `meetsight.search.schema`, `sqlite_index` and `postgres_index` for revisions
0005 (create and fill), 0009 (SQLite recency index), 0010 (SQLite keys renumbered) and 0011
(PostgreSQL search_matches). Revision 0005 creates the index in its 0011 shape already (as the
live code did when this was frozen); 0009-0011 are written to be harmless on such an index.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

SQLITE_TOKENIZE = "porter unicode61 remove_diacritics 2"
SEGMENT_BITS = 20  # positions per activity in a segment rowid
ACTIVITY_BITS = 24  # activities per organization in a doc_key
KIND_BIT = ACTIVITY_BITS - 1  # set for calls: meetings and calls are two halves of the range
MAX_INDEXED_POSITION = (1 << SEGMENT_BITS) - 1
# Between two sentences of one document: a word nobody says, so "a b" never spans sentences.
SENTENCE_BREAK = "zzsentencebreakzz"

SQLITE_TABLES = (
    "search_orgs",
    "search_keys",
    "search_titles",
    "search_transcripts",
    "search_segments",
)

SQLITE_DDL = (
    "CREATE TABLE search_orgs (org_no INTEGER PRIMARY KEY,"
    " organization_id VARCHAR(36) NOT NULL UNIQUE)",
    "CREATE TABLE search_keys (doc_key INTEGER PRIMARY KEY,"
    " organization_id VARCHAR(36) NOT NULL, activity_id VARCHAR(36) NOT NULL,"
    " is_call BOOLEAN NOT NULL DEFAULT 0, start_at DATETIME,"
    " UNIQUE (organization_id, activity_id))",
    f"CREATE VIRTUAL TABLE search_titles USING fts5(name, tokenize = '{SQLITE_TOKENIZE}')",
    "CREATE VIRTUAL TABLE search_transcripts USING fts5(body, content = '',"
    f" tokenize = '{SQLITE_TOKENIZE}')",
    "CREATE VIRTUAL TABLE search_segments USING fts5(content, speaker UNINDEXED,"
    f" start_time UNINDEXED, end_time UNINDEXED, tokenize = '{SQLITE_TOKENIZE}')",
)
# Migration 0009. is_call is in it so that the meetings/calls filter reads no table row.
SQLITE_RECENCY_INDEX = (
    "CREATE INDEX IF NOT EXISTS ix_search_keys_recency"
    " ON search_keys (organization_id, start_at, activity_id, is_call)"
)
SQLITE_FTS_TABLES = ("search_titles", "search_transcripts", "search_segments")
SQLITE_DROP = tuple(f"DROP TABLE IF EXISTS {name}" for name in reversed(SQLITE_TABLES))


# Migration 0011. A search of words finds, counts and orders its matches here; ranking, phrases
# and snippets still read search_documents. search_documents keeps each transcript's tsvector
# in its row (ranking and phrase checks read it there), so a row fills a page: a common word's
# window visited a page per matching activity, and checked each one's configuration on the
# tsvector. Here each tsvector carries one more lexeme, the document's key (organization, kind
# and configuration, `match_key`), and is kept out of line (TOAST, read only to build the
# index): "this organization's meetings in English holding the word" is then one tsquery on one
# GIN index (the words AND the key), exact, so no row's tsvector is read to check it and the
# rows read for the window are small, dozens to a page. (The key as a separate indexed column
# let PostgreSQL use it alone for a key with no rows, and then check every row's tsvector.)
# At 1M segments a common word's search of meetings: 4.3 -> 2.3 ms.
def match_key(organization: str, kind: str, config: str) -> str:
    """SQL for a search_matches document's key lexeme from SQL for its parts: the organization's
    id, the kind (is_call, or 0 for meetings and 1 for calls) and the text search
    configuration. Spaces separate them: no word taken from text holds a space, so no word of a
    transcript is ever a key. The one definition, for the stored lexemes and the searches."""
    return f"({organization})::text || ' ' || ({kind})::int::text || ' ' || ({config})::oid::text"


def _keyed(tsvector: str, key: str) -> str:
    return f"{tsvector} || array_to_tsvector(ARRAY[{key}])"


_NEW_KEY = match_key("NEW.organization_id", "NEW.is_call", "NEW.config")
_ROW_KEY = match_key("organization_id", "is_call", "config")
POSTGRES_MATCHES_DDL = (
    "CREATE TABLE IF NOT EXISTS search_matches ("
    " organization_id VARCHAR(36) NOT NULL, activity_id VARCHAR(36) NOT NULL,"
    " is_call BOOLEAN NOT NULL, start_at TIMESTAMPTZ,"
    " title_keyed TSVECTOR NOT NULL, body_keyed TSVECTOR NOT NULL,"
    " CONSTRAINT pk_search_matches PRIMARY KEY (organization_id, activity_id),"
    " CONSTRAINT fk_search_matches_activities FOREIGN KEY (organization_id, activity_id)"
    " REFERENCES activities (organization_id, id) ON DELETE CASCADE)",
    "ALTER TABLE search_matches ALTER COLUMN title_keyed SET STORAGE EXTERNAL,"
    " ALTER COLUMN body_keyed SET STORAGE EXTERNAL",
    "CREATE INDEX IF NOT EXISTS ix_search_matches_title ON search_matches USING gin (title_keyed)",
    "CREATE INDEX IF NOT EXISTS ix_search_matches_body ON search_matches USING gin (body_keyed)",
    # Kept in step by the database itself: whatever writes search_documents (this code, a
    # process of the previous version during a rolling upgrade, a repair by hand) writes
    # search_matches in the same transaction. Removing an activity cascades to both.
    "CREATE OR REPLACE FUNCTION search_matches_follow() RETURNS trigger LANGUAGE plpgsql AS $$"
    " BEGIN"
    " IF TG_OP = 'DELETE' THEN"
    " DELETE FROM search_matches"
    " WHERE organization_id = OLD.organization_id AND activity_id = OLD.activity_id;"
    " RETURN OLD;"
    " END IF;"
    " INSERT INTO search_matches"
    " (organization_id, activity_id, is_call, start_at, title_keyed, body_keyed)"
    " VALUES (NEW.organization_id, NEW.activity_id, NEW.is_call, NEW.start_at,"
    f" {_keyed('NEW.title_tsv', _NEW_KEY)}, {_keyed('NEW.body_tsv', _NEW_KEY)})"
    " ON CONFLICT (organization_id, activity_id) DO UPDATE SET is_call = EXCLUDED.is_call,"
    " start_at = EXCLUDED.start_at, title_keyed = EXCLUDED.title_keyed,"
    " body_keyed = EXCLUDED.body_keyed;"
    " RETURN NEW;"
    " END $$",
    "DROP TRIGGER IF EXISTS search_matches_follow ON search_documents",
    "CREATE TRIGGER search_matches_follow AFTER INSERT OR UPDATE OR DELETE ON search_documents"
    " FOR EACH ROW EXECUTE FUNCTION search_matches_follow()",
)
# search_matches filled from search_documents, once (migration 0011; the trigger keeps it).
POSTGRES_MATCHES_COPY = (
    "INSERT INTO search_matches"
    " (organization_id, activity_id, is_call, start_at, title_keyed, body_keyed)"
    " SELECT organization_id, activity_id, is_call, start_at,"
    f" {_keyed('title_tsv', _ROW_KEY)}, {_keyed('body_tsv', _ROW_KEY)} FROM search_documents"
)
# Accents are dropped before stemming: "información" and "informacion" are one word.
_PG_CONFIGS = (("ms_english", "english", "english_stem"), ("ms_spanish", "spanish", "spanish_stem"))
POSTGRES_DDL = (
    "CREATE EXTENSION IF NOT EXISTS unaccent",
    "CREATE EXTENSION IF NOT EXISTS btree_gin",
    *(
        statement
        for name, parent, stem in _PG_CONFIGS
        for statement in (
            f"CREATE TEXT SEARCH CONFIGURATION {name} (COPY = pg_catalog.{parent})",
            f"ALTER TEXT SEARCH CONFIGURATION {name} ALTER MAPPING FOR asciiword, asciihword,"
            f" hword_asciipart, word, hword, hword_part WITH unaccent, {stem}",
        )
    ),
    "CREATE TEXT SEARCH CONFIGURATION ms_simple (COPY = pg_catalog.simple)",
    "ALTER TEXT SEARCH CONFIGURATION ms_simple ALTER MAPPING FOR asciiword, asciihword,"
    " hword_asciipart, word, hword, hword_part WITH unaccent, simple",
    "CREATE TABLE search_documents ("
    " organization_id VARCHAR(36) NOT NULL, activity_id VARCHAR(36) NOT NULL,"
    " is_call BOOLEAN NOT NULL DEFAULT false, start_at TIMESTAMPTZ,"
    " config REGCONFIG NOT NULL,"
    " title_tsv TSVECTOR NOT NULL, body_tsv TSVECTOR NOT NULL DEFAULT ''::tsvector,"
    " CONSTRAINT pk_search_documents PRIMARY KEY (organization_id, activity_id),"
    " CONSTRAINT fk_search_documents_activities FOREIGN KEY (organization_id, activity_id)"
    " REFERENCES activities (organization_id, id) ON DELETE CASCADE)",
    # Kept in the row (a transcript's tsvector is a few kB): a phrase is rechecked on every
    # candidate row, and a value moved out to TOAST costs an index lookup per row.
    "ALTER TABLE search_documents ALTER COLUMN title_tsv SET STORAGE MAIN,"
    " ALTER COLUMN body_tsv SET STORAGE MAIN",
    "CREATE INDEX ix_search_documents_title ON search_documents"
    " USING gin (organization_id, title_tsv)",
    "CREATE INDEX ix_search_documents_body ON search_documents"
    " USING gin (organization_id, body_tsv)",
    "CREATE TABLE search_segments ("
    " organization_id VARCHAR(36) NOT NULL, activity_id VARCHAR(36) NOT NULL,"
    " position INTEGER NOT NULL, tsv TSVECTOR NOT NULL,"
    " CONSTRAINT pk_search_segments PRIMARY KEY (organization_id, activity_id, position),"
    " CONSTRAINT fk_search_segments_activities FOREIGN KEY (organization_id, activity_id)"
    " REFERENCES activities (organization_id, id) ON DELETE CASCADE)",
    *POSTGRES_MATCHES_DDL,  # migration 0011 adds it to an index made before
)
POSTGRES_DROP = (
    "DROP TABLE IF EXISTS search_matches",
    "DROP FUNCTION IF EXISTS search_matches_follow() CASCADE",
    "DROP TABLE IF EXISTS search_segments",
    "DROP TABLE IF EXISTS search_documents",
    *(f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {n}" for n in ("ms_english", "ms_spanish")),
    "DROP TEXT SEARCH CONFIGURATION IF EXISTS ms_simple",
)


# --- SQLite: writing (sqlite_index) ---

_ORG_NO = sa.text("SELECT org_no FROM search_orgs WHERE organization_id = :org")
_NEW_ORG = sa.text("INSERT INTO search_orgs (organization_id) VALUES (:org)")
_DOC_KEY = sa.text(
    "SELECT doc_key FROM search_keys WHERE organization_id = :org AND activity_id = :act"
)
_IS_CALL = sa.text("SELECT is_call FROM activities WHERE organization_id = :org AND id = :act")
_NEXT_KEY = sa.text("SELECT max(doc_key) FROM search_keys WHERE doc_key BETWEEN :lo AND :hi")
_NEW_DOC_KEY = sa.text(
    "INSERT INTO search_keys (doc_key, organization_id, activity_id) VALUES (:key, :org, :act)"
)
_ADD_SEGMENT = sa.text(
    "INSERT INTO search_segments (rowid, content, speaker, start_time, end_time)"
    " VALUES (:rowid, :content, :speaker, :start, :end)"
)
_ADD_DOCUMENT = sa.text("INSERT INTO search_transcripts (rowid, body) VALUES (:key, :body)")
_DROP_TITLE = sa.text("DELETE FROM search_titles WHERE rowid = :key")
_ADD_TITLE = sa.text("INSERT INTO search_titles (rowid, name) VALUES (:key, :name)")
_COPY_FILTERS = sa.text(
    "UPDATE search_keys SET (is_call, start_at) = (SELECT a.is_call, a.start_at"
    " FROM activities a WHERE a.organization_id = :org AND a.id = :act) WHERE doc_key = :key"
)
_CHUNK_SEGMENTS = sa.text(
    "SELECT activity_id, position, content, participant_name, start_time, end_time"
    " FROM transcript_segments"
    " WHERE organization_id = :org AND activity_id IN :ids ORDER BY activity_id, position"
).bindparams(sa.bindparam("ids", expanding=True))


def _kind_range(org_no: int, is_call: bool) -> tuple[int, int]:
    """The doc_keys of one organization's meetings, or of its calls."""
    low = org_no << ACTIVITY_BITS | int(is_call) << KIND_BIT
    return low, low | ((1 << KIND_BIT) - 1)


def _join_sentences(texts: list[str]) -> str:
    return f" {SENTENCE_BREAK} ".join(texts)


def _org_number(conn: Connection, org_id: str) -> int:
    found = conn.execute(_ORG_NO, {"org": org_id}).scalar()
    if found is None:
        conn.execute(_NEW_ORG, {"org": org_id})
        found = conn.execute(_ORG_NO, {"org": org_id}).scalar()
    assert found is not None
    return int(found)


def _new_doc_key(conn: Connection, org_id: str, activity_id: str) -> int:
    found = conn.execute(_DOC_KEY, {"org": org_id, "act": activity_id}).scalar()
    if found is not None:
        return int(found)
    org_no = _org_number(conn, org_id)
    is_call = bool(conn.execute(_IS_CALL, {"org": org_id, "act": activity_id}).scalar())
    low, high = _kind_range(org_no, is_call)
    # SQLite has one writer at a time: nobody else can take this number before we insert it.
    key = int(conn.execute(_NEXT_KEY, {"lo": low, "hi": high}).scalar() or low) + 1
    if key > high:
        raise RuntimeError("search index: organization has more activities than doc keys")
    conn.execute(_NEW_DOC_KEY, {"key": key, "org": org_id, "act": activity_id})
    return key


def _segment_row(
    rowid: int, content: str, speaker: str, start: float, end: float
) -> dict[str, object]:
    return {"rowid": rowid, "content": content, "speaker": speaker, "start": start, "end": end}


def rebuild_sqlite(conn: Connection) -> None:
    """Index every activity from scratch, keys in start order per organization and kind."""
    conn.execute(
        sa.text("INSERT INTO search_transcripts (search_transcripts) VALUES ('delete-all')")
    )
    for table in ("search_titles", "search_segments", "search_keys"):
        conn.execute(sa.text(f"DELETE FROM {table}"))
    activities = conn.execute(
        sa.text(
            "SELECT organization_id, id, name FROM activities"
            " ORDER BY organization_id, start_at, id"
        )
    ).all()
    keys: list[tuple[int, str, str]] = []
    for org_id, activity_id, name in activities:
        key = _new_doc_key(conn, org_id, activity_id)
        conn.execute(_COPY_FILTERS, {"org": org_id, "act": activity_id, "key": key})
        conn.execute(_DROP_TITLE, {"key": key})
        conn.execute(_ADD_TITLE, {"key": key, "name": name})
        keys.append((key, org_id, activity_id))
    for start in range(0, len(keys), 200):
        _index_chunk(conn, keys[start : start + 200])
    for table in SQLITE_FTS_TABLES:
        conn.execute(sa.text(f"INSERT INTO {table} ({table}) VALUES ('optimize')"))


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
        documents += [{"key": k, "body": _join_sentences(t)} for k, t in texts.items()]
    if segments:
        conn.execute(_ADD_SEGMENT, segments)
    if documents:
        conn.execute(_ADD_DOCUMENT, documents)


# --- PostgreSQL: writing (postgres_index) ---

# The text search configuration of the activity's language, in SQL.
_CONFIG_OF_ACTIVITY = (
    "(CASE lower(left(coalesce(a.language, 'en'), 2)) WHEN 'en' THEN 'ms_english'"
    " WHEN 'es' THEN 'ms_spanish' ELSE 'ms_simple' END)::regconfig"
)
# Every sentence in order with a break word between them, then the break word removed: a gap
# in the positions, so no phrase matches across two sentences.
_BODY = (
    "coalesce((SELECT ts_delete(to_tsvector(c.config,"
    f" string_agg(s.content, ' {SENTENCE_BREAK} ' ORDER BY s.position)), "
    f"'{SENTENCE_BREAK}') FROM transcript_segments s"
    " WHERE s.organization_id = c.organization_id"
    " AND s.activity_id = c.activity_id), ''::tsvector)"
)
_CONFIGS = (
    "SELECT a.organization_id, a.id AS activity_id, a.name, a.is_call, a.start_at, "
    + _CONFIG_OF_ACTIVITY
    + " AS config FROM activities a"
)


def rebuild_postgres(conn: Connection) -> None:
    """Index every activity from scratch, set-based."""
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
