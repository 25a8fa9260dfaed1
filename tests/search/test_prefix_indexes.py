"""SQLite's FTS5 tables carry prefix indexes (migration 0020): the tables are made again with
the option, their content copied, the contentless transcripts rebuilt from the sentences. An
index built before the revision must find the same rows after it, and after a downgrade."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import sqlalchemy as sa
from alembic import command

from meetsight.db.migrate import alembic_config, upgrade
from meetsight.db.migrations.frozen.search_index import rebuild_sqlite
from meetsight.search.parsing import parse_search_text
from meetsight.search.schema import SQLITE_DDL, SQLITE_FTS_TABLES
from meetsight.search.service import search_sqlite
from meetsight.search.types import SearchQuery

from .helpers import insert_raw_activities

# (query, activities it finds). Prefixes of each indexed length and longer, a phrase within a
# sentence, one across two sentences (the break word keeps it out), a title word.
EXPECTED = {
    "renewal": ["a2", "a1", "a0"],
    "pric*": ["a2", "a1", "a0"],
    "pr*": ["a2", "a1", "a0"],
    "comp*": ["a0"],
    "co*": ["a0"],
    "competitor*": ["a0"],
    '"renewal price"': ["a2", "a1", "a0"],
    '"price pricing"': [],
    "pricing undercut": ["a0"],
    "talk": ["a2", "a1", "a0"],
    "ta*": ["a2", "a1", "a0"],
}
MORE = (
    (1, "Pricing was discussed at length."),
    (2, "Competitors undercut us by ten percent."),
)


def _pages(db: sqlite3.Connection) -> dict[str, list[tuple[str, list[int]]]]:
    found = {}
    for text in EXPECTED:
        page = search_sqlite(db, "org", parse_search_text(text), SearchQuery(text, limit=20))  # type: ignore[arg-type]
        found[text] = [(h.activity_id, [m.position for m in h.matches]) for h in page.hits]
    return found


def _fts_sql(db: sqlite3.Connection) -> dict[str, str]:
    rows = db.execute(
        "SELECT name, sql FROM sqlite_master WHERE name IN ('search_titles',"
        " 'search_transcripts', 'search_segments')"
    ).fetchall()
    return {name: sql.replace('"', "") for name, sql in rows}


def _check_integrity(db: sqlite3.Connection) -> None:
    for table in SQLITE_FTS_TABLES:  # raises when an index disagrees with the content
        db.execute(f"INSERT INTO {table} ({table}) VALUES ('integrity-check')")


def test_migration_0020_keeps_an_index_built_before_it_searchable(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    url = f"sqlite+aiosqlite:///{path}"
    upgrade(url, "0019")
    engine = sa.create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        insert_raw_activities(conn, (False, True, False), lambda n: f"2026-07-0{n + 1} 09:00:00")
        for position, content in MORE:
            conn.execute(
                sa.text(
                    "INSERT INTO transcript_segments (organization_id, activity_id, position,"
                    " start_time, end_time, person_id, speaker_label, participant_name,"
                    " content) VALUES ('org', 'a0', :position, :position, :position + 1, '',"
                    " 'B', 'Bo', :content)"
                ),
                {"position": position, "content": content},
            )
        rebuild_sqlite(conn)  # the index as revision 0019's code built it
    engine.dispose()
    db = sqlite3.connect(path)
    assert all("prefix" not in sql for sql in _fts_sql(db).values())
    before = _pages(db)
    db.close()
    assert {text: [a for a, _ in hits] for text, hits in before.items()} == EXPECTED
    assert before["competitor*"] == [("a0", [2])]

    upgrade(url, "head")
    db = sqlite3.connect(path)
    # The tables as the live schema describes them (the renamed ones' names come quoted).
    assert sorted(_fts_sql(db).values()) == sorted(SQLITE_DDL[2:])
    _check_integrity(db)
    assert _pages(db) == before
    db.close()

    command.downgrade(alembic_config(url), "0019")
    db = sqlite3.connect(path)
    assert all("prefix" not in sql for sql in _fts_sql(db).values())
    _check_integrity(db)
    assert _pages(db) == before
    db.close()
