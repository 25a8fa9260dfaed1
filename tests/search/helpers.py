"""Activities with chosen transcripts, written through the same path the service uses."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa

from fixtures.factories import Tenant
from meetsight.activities.models import Activity
from meetsight.search.service import search_activities
from meetsight.search.types import SearchPage, SearchQuery
from meetsight.state import AppState
from meetsight.transcripts.importing import store_segments
from meetsight.transcripts.types import SegmentData

DEFAULT_START = datetime(2026, 10, 1, 15, 0, tzinfo=UTC)


async def make_transcribed(
    state: AppState,
    tenant: Tenant,
    sentences: list[str],
    *,
    name: str = "Weekly sync",
    language: str | None = "en",
    is_call: bool = False,
    start: datetime = DEFAULT_START,
    direction: str | None = None,
    from_number: str | None = None,
    to_number: str | None = None,
    speakers: tuple[str, ...] = ("Olivia Owner", "Carl Customer"),
) -> str:
    """An activity whose transcript is `sentences`, 10 s each, speakers taking turns."""
    async with state.sessionmaker() as session:
        activity = Activity(
            organization_id=tenant.org_id,
            is_call=is_call,
            media_type="phonecall" if is_call else "videocall",
            status="completed",
            name=name,
            start_at=start,
            end_at=start + timedelta(seconds=10 * len(sentences)),
            language=language,
            direction=direction or ("outbound" if is_call else None),
            from_number=from_number,
            to_number=to_number,
        )
        session.add(activity)
        await session.flush()
        segments = [
            SegmentData(10.0 * i, 10.0 * i + 9.5, speakers[i % len(speakers)], text)
            for i, text in enumerate(sentences)
        ]
        await store_segments(session, tenant.org_id, activity.id, segments)
        await session.commit()
        return activity.id


async def run_search(state: AppState, org_id: str, text: str, **options: object) -> SearchPage:
    async with state.sessionmaker() as session:
        return await search_activities(session, org_id, SearchQuery(text=text, **options))  # type: ignore[arg-type]


def ids(page: SearchPage) -> list[str]:
    return [hit.activity_id for hit in page.hits]


def insert_raw_activities(
    conn: sa.Connection, kinds: Sequence[bool], moment: Callable[[int], object]
) -> None:
    """Organization `org` with activities a0, a1, ... of these kinds (True: a call), each with
    one sentence, written in plain SQL as a migration finds them (no ORM event, no index).
    `moment(n)` is activity n's start as the engine takes it (text on SQLite, a datetime on
    PostgreSQL); moment(0) also stamps the rows."""
    now = moment(0)
    conn.execute(
        sa.text(
            "INSERT INTO organizations (id, name, settings, created_at, updated_at)"
            " VALUES ('org', 'Org', '{}', :now, :now)"
        ),
        {"now": now},
    )
    for n, is_call in enumerate(kinds):
        conn.execute(
            sa.text(
                "INSERT INTO activities (organization_id, id, is_call, media_type, status, name,"
                " start_at, language, source, created_at, updated_at) VALUES ('org', :id,"
                " :call, :media, 'completed', :name, :start, 'en', 'import', :now, :now)"
            ),
            {
                "id": f"a{n}",
                "call": is_call,
                "media": "phonecall" if is_call else "videocall",
                "name": f"Talk {n}",
                "start": moment(n),
                "now": now,
            },
        )
        conn.execute(
            sa.text(
                "INSERT INTO transcript_segments (organization_id, activity_id, position,"
                " start_time, end_time, person_id, speaker_label, participant_name, content)"
                " VALUES ('org', :id, 0, 0.0, 2.0, '', 'A', 'Ann', 'The renewal price.')"
            ),
            {"id": f"a{n}"},
        )


# PostgreSQL's search_matches as it should stand, from search_documents with the key lexeme
# spelled out here (schema.match_key), and as it does stand; rows of organization :org.
_KEY = "organization_id || ' ' || is_call::int || ' ' || config::oid"
MATCHES_FROM_DOCUMENTS = (
    "SELECT activity_id, is_call, start_at,"
    f" (title_tsv || array_to_tsvector(ARRAY[{_KEY}]))::text,"
    f" (body_tsv || array_to_tsvector(ARRAY[{_KEY}]))::text"
    " FROM search_documents WHERE organization_id = :org ORDER BY activity_id"
)
MATCHES_STORED = (
    "SELECT activity_id, is_call, start_at, title_keyed::text, body_keyed::text"
    " FROM search_matches WHERE organization_id = :org ORDER BY activity_id"
)
