"""search index: FTS5 prefix indexes on SQLite (prefix='2 3 4')

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-27 20:30:00

A prefix query (`pric*`) on an FTS5 table without a prefix index expands to every term that
starts with it and merges all their position lists: at 1M segments a 3 or 4 letter prefix took
330 to 435 ms at p95 (docs/benchmarks.md, Search). FTS5 keeps, for each length listed in
`prefix=`, a second index keyed by the first N characters of every term, so such a query is one
lookup. The option is fixed when the table is created: each FTS5 table is made again beside the
old one, filled from it, and takes its name. The contentless search_transcripts holds no text to
copy; its documents are the sentences of search_segments joined as the indexer joins them (the
same text it was built from: `sqlite_index` removes a transcript by joining them the same way).
PostgreSQL is unchanged: a prefix (tsquery `:*`) is served by its GIN indexes already. A large
SQLite database is best vacuumed once afterwards (`VACUUM`, the service stopped): the new tables
lie scattered among the freed pages, and cold searches were slower until then (docs/search.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.engine import Connection

from meetsight.db.migrations.frozen.search_index import (
    SEGMENT_BITS,
    SENTENCE_BREAK,
    SQLITE_FTS_TABLES,
    SQLITE_TOKENIZE,
)

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

PREFIX = "2 3 4"  # characters; a one-letter prefix matches too much for an index to pay
_BATCH = 2000


def _columns(prefix: str | None) -> dict[str, str]:
    """Each FTS5 table's arguments, with the prefix option or (downgrade) without it."""
    option = f" prefix = '{prefix}'," if prefix else ""
    tokenize = f"{option} tokenize = '{SQLITE_TOKENIZE}'"
    return {
        "search_titles": f"name,{tokenize}",
        "search_transcripts": f"body, content = '',{tokenize}",
        "search_segments": f"content, speaker UNINDEXED, start_time UNINDEXED,"
        f" end_time UNINDEXED,{tokenize}",
    }


def _sentences(conn: Connection) -> Iterator[tuple[int, str]]:
    """(rowid, text) of every indexed sentence in rowid order, read in pages (a driver may
    fetch a whole result at once: 1M sentences would all be held in memory)."""
    page = sa.text(
        "SELECT rowid, content FROM search_segments WHERE rowid > :after ORDER BY rowid LIMIT 20000"
    )
    after = -1
    while rows := conn.execute(page, {"after": after}).all():
        yield from ((int(rowid), str(content)) for rowid, content in rows)
        after = int(rows[-1][0])


def _bodies(conn: Connection) -> Iterator[dict[str, object]]:
    """Each transcript document (doc_key, every sentence in order with the break word between)."""
    key, texts = -1, list[str]()
    for rowid, content in _sentences(conn):
        if rowid >> SEGMENT_BITS != key:
            if texts:
                yield {"key": key, "body": f" {SENTENCE_BREAK} ".join(texts)}
            key, texts = rowid >> SEGMENT_BITS, []
        texts.append(content)
    if texts:
        yield {"key": key, "body": f" {SENTENCE_BREAK} ".join(texts)}


def _batches(rows: Iterator[dict[str, object]]) -> Iterator[list[dict[str, object]]]:
    batch: list[dict[str, object]] = []
    for row in rows:
        batch.append(row)
        if len(batch) == _BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def _recreate(conn: Connection, prefix: str | None) -> None:
    for table, columns in _columns(prefix).items():
        conn.execute(sa.text(f"DROP TABLE IF EXISTS {table}_next"))
        conn.execute(sa.text(f"CREATE VIRTUAL TABLE {table}_next USING fts5({columns})"))
    conn.execute(
        sa.text(
            "INSERT INTO search_titles_next (rowid, name) SELECT rowid, name FROM search_titles"
        )
    )
    conn.execute(
        sa.text(
            "INSERT INTO search_segments_next (rowid, content, speaker, start_time, end_time)"
            " SELECT rowid, content, speaker, start_time, end_time FROM search_segments"
        )
    )
    add = sa.text("INSERT INTO search_transcripts_next (rowid, body) VALUES (:key, :body)")
    for batch in _batches(_bodies(conn)):
        conn.execute(add, batch)
    for table in SQLITE_FTS_TABLES:
        conn.execute(sa.text(f"DROP TABLE {table}"))
        conn.execute(sa.text(f"ALTER TABLE {table}_next RENAME TO {table}"))
        # One b-tree per table, as revision 0009 left them.
        conn.execute(sa.text(f"INSERT INTO {table} ({table}) VALUES ('optimize')"))


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        _recreate(op.get_bind(), PREFIX)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        _recreate(op.get_bind(), None)
