"""The search index's tables, per engine. They live outside the ORM metadata: they are physical
structures of one engine (FTS5 virtual tables, tsvector columns), written only by
`meetsight.search.indexing`, created by migration 0005. The migrations run a frozen copy of
this module (`meetsight.db.migrations.frozen.search_index`): a change to the DDL here changes
no database, it needs a new revision.

SQLite (FTS5, tokenizer `porter unicode61 remove_diacritics 2`, one for every language):
  search_orgs         organization -> small integer (org_no)
  search_keys         activity -> doc_key = org_no << 24 | is_call << 23 | n: an
                      organization's documents are one rowid range, its meetings and its calls
                      each one half of it (migration 0010), so every FTS5 lookup seeks to the
                      organization, or to one kind of it, first;
                      with copies of is_call and start_at, so that the common filters and the
                      recency order need one integer-key lookup per match, not a join; and
                      (migration 0009) ix_search_keys_recency, the organization's keys newest
                      first, walked when most of its activities match
  search_titles       FTS5, rowid doc_key: the activity's name
  (all three FTS5 tables with prefix indexes of 2, 3 and 4 characters: migration 0020)
  search_transcripts  FTS5 contentless, rowid doc_key: all sentences of the activity, separated
                      by a break word so that no phrase matches across two sentences
  search_segments     FTS5, rowid doc_key << 20 | position: one sentence (kept for snippets),
                      with its speaker and times unindexed, so a match needs no second lookup

PostgreSQL (tsvector, GIN with organization_id leading through btree_gin, text search
configurations that drop accents with unaccent, per activity language):
  search_documents    (organization_id, activity_id): is_call, start_at (copies: filters and the
                      recency order need no join), config, title_tsv, body_tsv
  search_matches      (migration 0011) the same documents in narrow rows, for the window of a
                      search of words: see POSTGRES_MATCHES_DDL
  search_segments     (organization_id, activity_id, position): tsv
"""

from __future__ import annotations

from dataclasses import dataclass

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
POSTGRES_TABLES = ("search_documents", "search_matches", "search_segments")

# Migration 0020: FTS5 keeps a second index keyed by the first 2, 3 and 4 characters of every
# term, so that a prefix query of that length (`pric*`) is one lookup instead of a merge of the
# position lists of every term starting with it (at 1M segments p95 330-435 ms before; see
# docs/search.md, "Prefix indexes"). Longer prefixes match few terms: the merge is cheap.
SQLITE_PREFIX = "2 3 4"
_FTS_OPTIONS = f"prefix = '{SQLITE_PREFIX}', tokenize = '{SQLITE_TOKENIZE}'"
SQLITE_DDL = (
    "CREATE TABLE search_orgs (org_no INTEGER PRIMARY KEY,"
    " organization_id VARCHAR(36) NOT NULL UNIQUE)",
    "CREATE TABLE search_keys (doc_key INTEGER PRIMARY KEY,"
    " organization_id VARCHAR(36) NOT NULL, activity_id VARCHAR(36) NOT NULL,"
    " is_call BOOLEAN NOT NULL DEFAULT 0, start_at DATETIME,"
    " UNIQUE (organization_id, activity_id))",
    f"CREATE VIRTUAL TABLE search_titles USING fts5(name, {_FTS_OPTIONS})",
    f"CREATE VIRTUAL TABLE search_transcripts USING fts5(body, content = '', {_FTS_OPTIONS})",
    "CREATE VIRTUAL TABLE search_segments USING fts5(content, speaker UNINDEXED,"
    f" start_time UNINDEXED, end_time UNINDEXED, {_FTS_OPTIONS})",
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


@dataclass(frozen=True, slots=True)
class IndexedSentence:
    position: int
    text: str
    speaker: str
    start_time: float
    end_time: float


def postgres_config(language: str | None) -> str:
    """The text search configuration for an activity's language (ISO 639-1)."""
    code = (language or "en").lower()[:2]
    return {"en": "ms_english", "es": "ms_spanish"}.get(code, "ms_simple")


def is_search_table(name: str) -> bool:
    """Tables of the search index, FTS5 shadow tables included (search_titles_data...): the
    schema comparison with the ORM metadata leaves them out."""
    return name.startswith("search_")
