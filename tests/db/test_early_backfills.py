"""The backfills of the early revisions, on a database left at revision 0001 with data in it:
0002 renders each transcript, 0005 indexes every activity for search (on SQLite 0010 numbers
the keys again), 0015 stores folded names.
Expected values are written out: they are what those revisions wrote, whatever the live code
does now (their code is frozen under db/migrations/frozen)."""

from __future__ import annotations

from pathlib import Path

import orjson
import sqlalchemy as sa
from tests.search.helpers import insert_raw_activities

from meetsight.db.migrate import upgrade


def test_upgrade_from_0001_backfills_documents_search_and_folded_names(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"
    upgrade(url, "0001")
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    with engine.begin() as conn:
        insert_raw_activities(conn, (False, True), lambda n: f"2026-07-0{n + 1} 09:00:00")
        conn.execute(
            sa.text(
                "INSERT INTO people (organization_id, id, name, email, is_internal, company,"
                " created_at, updated_at) VALUES ('org', 'p1', '  LUCÍA   Müller ',"
                " 'lucia@Acme.COM', 0, 'Ñandú Ltd', :now, :now)"
            ),
            {"now": "2026-07-01 09:00:00"},
        )
    upgrade(url, "head")
    with engine.connect() as conn:
        documents = conn.execute(
            sa.text("SELECT activity_id, segment_count, body FROM transcript_documents")
        ).all()
        keys = conn.execute(
            sa.text("SELECT activity_id, is_call, doc_key FROM search_keys ORDER BY activity_id")
        ).all()
        found = conn.execute(
            sa.text("SELECT rowid FROM search_transcripts WHERE search_transcripts MATCH 'renewal'")
        ).all()
        person = conn.execute(
            sa.text("SELECT name_folded, company_folded, email_domain FROM people")
        ).one()
    segment = {
        "startTime": 0.0,
        "endTime": 2.0,
        "personId": "",
        "participantName": "Ann",
        "content": "The renewal price.",
    }
    assert sorted((a, n, orjson.loads(b)) for a, n, b in documents) == [
        ("a0", 1, [segment]),
        ("a1", 1, [segment]),
    ]
    # Each activity keyed in its kind's half of the organization's range (bit 23 for calls).
    assert [(a, bool(c), bool(k >> 23 & 1)) for a, c, k in keys] == [
        ("a0", False, False),
        ("a1", True, True),
    ]
    assert sorted(r.rowid for r in found) == sorted(k for *_, k in keys)
    assert tuple(person) == ("lucia muller", "nandu ltd", "acme.com")
