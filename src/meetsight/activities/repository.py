"""Every query on activities and what hangs off them; each one is scoped by organization."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.filters_repository import conditions
from meetsight.activities.models import Activity, ActivityLink, ActivityParticipant, ActivityType
from meetsight.activities.participants_repository import (
    PARTICIPANT_COLUMNS,
    person_of_participant,
)
from meetsight.activity_filter import ActivityFilter, Shape, shape_and_params
from meetsight.db.base import IdType
from meetsight.db.reads import AnyRow, AnySelect, Reader
from meetsight.jobs.models import Job
from meetsight.organizations.models import Person
from meetsight.search.indexing import remove_from_search
from meetsight.transcripts.models import TranscriptDocument, TranscriptSegment

ACTIVITY_COLUMNS = (
    Activity.id,
    Activity.updated_at,
    Activity.is_call,
    Activity.status,
    Activity.failure_reason,
    Activity.name,
    Activity.start_at,
    Activity.end_at,
    Activity.duration,
    Activity.description,
    Activity.media_type,
    Activity.language,
    Activity.thumbnail_key,
    Activity.activity_type_id,
    ActivityType.name.label("type_name"),
    Activity.ai_score,
    Activity.calendar_event_id,
    Activity.direction,
    Activity.from_number,
    Activity.to_number,
)


def _rows_of_an_activity(table: str) -> sa.TableClause:
    """A table that holds rows of one activity, by name: for the tables of packages that build
    on activities (they import activities, so activities does not import them; issue 21)."""
    return sa.table(table, sa.column("organization_id", IdType), sa.column("activity_id", IdType))


# Tables that hold rows of one activity, children first (delete order): every table with a
# foreign key to activities (tests/activities/test_child_tables.py).
ACTIVITY_CHILD_TABLES: tuple[Any, ...] = (
    _rows_of_an_activity("comments"),
    _rows_of_an_activity("next_steps"),
    _rows_of_an_activity("account_activities"),
    _rows_of_an_activity("deal_activities"),
    _rows_of_an_activity("conversation_objective_scores"),
    _rows_of_an_activity("conversation_metrics"),
    _rows_of_an_activity("tracker_mentions"),
    TranscriptDocument,
    TranscriptSegment,
    _rows_of_an_activity("notes"),
    _rows_of_an_activity("chat_messages"),
    _rows_of_an_activity("activity_summaries"),
    _rows_of_an_activity("activity_analytics"),
    _rows_of_an_activity("activity_scores"),
    ActivityLink,
    ActivityParticipant,
)


_TYPE_JOIN = sa.and_(
    ActivityType.organization_id == Activity.organization_id,
    ActivityType.id == Activity.activity_type_id,
)
# Built once: constructing a 20-column select costs more than running it on SQLite.
_ACTIVITY_SELECT = sa.select(*ACTIVITY_COLUMNS).outerjoin(ActivityType, _TYPE_JOIN)
_LISTING_ORDER = (Activity.start_at.desc(), Activity.id.desc())
_SEGMENTS_SELECT = sa.select(
    TranscriptSegment.start_time,
    TranscriptSegment.end_time,
    TranscriptSegment.person_id,
    TranscriptSegment.participant_name,
    TranscriptSegment.content,
).order_by(TranscriptSegment.position)


_SEGMENTS = _SEGMENTS_SELECT.where(
    TranscriptSegment.organization_id == sa.bindparam("org_id"),
    TranscriptSegment.activity_id == sa.bindparam("activity_id"),
)
# SQLite renders LIMIT with an OFFSET; a bound offset keeps every parameter named for the reader.
_SEGMENTS_LIMITED = _SEGMENTS.limit(sa.bindparam("limit")).offset(sa.bindparam("offset"))
_DOCUMENT = sa.select(TranscriptDocument.body).where(
    TranscriptDocument.organization_id == sa.bindparam("org_id"),
    TranscriptDocument.activity_id == sa.bindparam("activity_id"),
)


@lru_cache(maxsize=128)
def _count_statement(shape: Shape) -> Any:
    return sa.select(sa.func.count().label("total")).select_from(Activity).where(*conditions(shape))


@lru_cache(maxsize=128)
def _listing_statement(shape: Shape) -> Any:
    """One statement object per shape of filters, reused, so that it is compiled once.
    The total rides along as an uncorrelated scalar subquery: the database computes it once per
    statement, and the page costs one round trip instead of two."""
    total = _count_statement(shape).scalar_subquery().correlate(None).label("total")
    return (
        _ACTIVITY_SELECT.add_columns(total)
        .where(*conditions(shape))
        .order_by(*_LISTING_ORDER)
        .limit(sa.bindparam("limit"))
        .offset(sa.bindparam("offset"))
    )


@lru_cache(maxsize=128)
def _versions_statement(shape: Shape) -> Any:
    """The listing's page as (id, updated_at) only, with the total: what the serialised-activity
    cache needs to know which of its entries are still current."""
    total = _count_statement(shape).scalar_subquery().correlate(None).label("total")
    return (
        sa.select(Activity.id, Activity.updated_at, total)
        .where(*conditions(shape))
        .order_by(*_LISTING_ORDER)
        .limit(sa.bindparam("limit"))
        .offset(sa.bindparam("offset"))
    )


async def list_activity_versions(
    reader: Reader, org_id: str, filters: ActivityFilter, *, limit: int, offset: int
) -> tuple[list[tuple[str, Any]], int]:
    """One page, newest first, as (id, updated_at), and the total number of matches."""
    shape, params = shape_and_params(org_id, filters)
    page = {**params, "limit": limit, "offset": offset}
    rows = await reader.fetch(_versions_statement(shape), page)
    if rows:
        return [(r.id, r.updated_at) for r in rows], int(rows[0].total)
    if offset == 0:
        return [], 0
    total = (await reader.fetch(_count_statement(shape), params))[0].total  # past the end
    return [], int(total)


async def list_activities(
    reader: Reader, org_id: str, filters: ActivityFilter, *, limit: int, offset: int
) -> tuple[list[Any], int]:
    """One page, newest first, and the total number of matches."""
    shape, params = shape_and_params(org_id, filters)
    page = {**params, "limit": limit, "offset": offset}
    rows = list(await reader.fetch(_listing_statement(shape), page))
    if rows:
        return rows, int(rows[0].total)
    if offset == 0:
        return rows, 0
    total = (await reader.fetch(_count_statement(shape), params))[0].total  # past the end
    return rows, int(total)


_ACTIVITY_BY_ID = _ACTIVITY_SELECT.where(
    Activity.organization_id == sa.bindparam("org_id"), Activity.id == sa.bindparam("activity_id")
)
_ACTIVITY_BY_ID_AND_KIND = _ACTIVITY_BY_ID.where(Activity.is_call == sa.bindparam("is_call"))


async def get_activity_row(
    reader: Reader, org_id: str, activity_id: str, *, is_call: bool | None
) -> Any | None:
    params: dict[str, Any] = {"org_id": org_id, "activity_id": activity_id}
    statement = _ACTIVITY_BY_ID
    if is_call is not None:
        statement, params["is_call"] = _ACTIVITY_BY_ID_AND_KIND, is_call
    rows = await reader.fetch(statement, params)
    return rows[0] if rows else None


async def get_activity(session: AsyncSession, org_id: str, activity_id: str) -> Activity | None:
    return await session.get(Activity, (org_id, activity_id))


def participants_query(org_id: str) -> AnySelect:
    """Participants with their person, in the organization; callers add the activity filter
    and the order (one activity here, a page of them in activities/finder.py)."""
    return (
        sa.select(*PARTICIPANT_COLUMNS, ActivityParticipant.is_organizer)
        .join(Person, person_of_participant())
        .where(ActivityParticipant.organization_id == org_id)
    )


async def list_participants(
    session: AsyncSession, org_id: str, activity_id: str, *, limit: int, offset: int
) -> tuple[list[AnyRow], int]:
    """One page of the participants in recorded order, and how many there are in all."""
    query = (
        participants_query(org_id)
        .where(ActivityParticipant.activity_id == activity_id)
        .order_by(ActivityParticipant.position, Person.name, Person.id)
        .limit(limit)
        .offset(offset)
    )
    rows = list((await session.execute(query)).all())
    count = sa.select(sa.func.count()).where(
        ActivityParticipant.organization_id == org_id,
        ActivityParticipant.activity_id == activity_id,
    )
    return rows, int((await session.execute(count)).scalar_one())


async def list_segments(
    reader: Reader, org_id: str, activity_id: str, *, limit: int | None = None
) -> list[Any]:
    params: dict[str, Any] = {"org_id": org_id, "activity_id": activity_id}
    if limit is None:
        return list(await reader.fetch(_SEGMENTS, params))
    params["limit"], params["offset"] = limit, 0
    return list(await reader.fetch(_SEGMENTS_LIMITED, params))


@lru_cache(maxsize=32)
def _texts_through_statement(count: int) -> Any:
    """The texts of segments 0..p{i} of activity a{i}, for `count` activities, one statement."""
    upto = [
        sa.and_(
            TranscriptSegment.activity_id == sa.bindparam(f"a{i}"),
            TranscriptSegment.position <= sa.bindparam(f"p{i}"),
        )
        for i in range(count)
    ]
    return (
        sa.select(TranscriptSegment.activity_id, TranscriptSegment.content)
        .where(TranscriptSegment.organization_id == sa.bindparam("org_id"), sa.or_(*upto))
        .order_by(TranscriptSegment.activity_id, TranscriptSegment.position)
    )


async def segment_texts_through(
    reader: Reader, org_id: str, last: dict[str, int]
) -> dict[str, list[str]]:
    """Each activity's segment texts in transcript order, up to position `last[activity]`."""
    if not last:
        return {}
    params: dict[str, Any] = {"org_id": org_id}
    for i, (activity_id, position) in enumerate(last.items()):
        params[f"a{i}"], params[f"p{i}"] = activity_id, position
    texts: dict[str, list[str]] = {activity_id: [] for activity_id in last}
    for row in await reader.fetch(_texts_through_statement(len(last)), params):
        texts[row.activity_id].append(row.content)
    return texts


async def get_transcript_document(reader: Reader, org_id: str, activity_id: str) -> bytes:
    """The rendered JSON array of segments; an activity without a transcript yet has none."""
    rows = await reader.fetch(_DOCUMENT, {"org_id": org_id, "activity_id": activity_id})
    return bytes(rows[0].body) if rows else b"[]"


async def list_links(session: AsyncSession, org_id: str, activity_id: str, kind: str) -> list[str]:
    query = (
        sa.select(ActivityLink.external_id)
        .where(
            ActivityLink.organization_id == org_id,
            ActivityLink.activity_id == activity_id,
            ActivityLink.kind == kind,
        )
        .order_by(ActivityLink.created_at, ActivityLink.external_id)
    )
    return list((await session.execute(query)).scalars())


async def delete_activity_rows(session: AsyncSession, org_id: str, activity_id: str) -> Any:
    """Remove the activity and every row derived from it (media is removed by the caller, and
    what other rows say of it by the caller's `clean_up`); returns the deleted activity's
    (is_call, name), or None when it was already gone."""
    await remove_from_search(session, org_id, activity_id)  # reads the sentences it indexed
    for model in ACTIVITY_CHILD_TABLES:
        columns = model.c if isinstance(model, sa.TableClause) else model
        await session.execute(
            sa.delete(model).where(
                columns.organization_id == org_id, columns.activity_id == activity_id
            )
        )
    await session.execute(
        sa.delete(Job).where(Job.organization_id == org_id, Job.activity_id == activity_id)
    )
    deleted = await session.execute(
        sa.delete(Activity)
        .where(Activity.organization_id == org_id, Activity.id == activity_id)
        .returning(Activity.is_call, Activity.name)
    )
    return deleted.first()


async def get_stored_media(
    session: AsyncSession, org_id: str, activity_id: str
) -> tuple[str, str | None] | None:
    """(media key, content type) of the activity's stored recording, if it has one."""
    found = (
        await session.execute(
            sa.select(Activity.media_key, Activity.media_content_type).where(
                Activity.organization_id == org_id, Activity.id == activity_id
            )
        )
    ).one_or_none()
    if found is None or not found.media_key:
        return None
    return found.media_key, found.media_content_type


async def activities_by_ids(
    session: AsyncSession, org_id: str, activity_ids: list[str]
) -> list[Activity]:
    """The whole rows of these activities, those that exist, in no order."""
    rows = await session.scalars(
        sa.select(Activity).where(Activity.organization_id == org_id, Activity.id.in_(activity_ids))
    )
    return list(rows)


async def count_jobs(
    session: AsyncSession, org_id: str, activity_id: str, kind: str, *, states: tuple[str, ...]
) -> int:
    """How many of the activity's jobs of this kind are in one of these states."""
    pending = await session.scalar(
        sa.select(sa.func.count())
        .select_from(Job)
        .where(
            Job.organization_id == org_id,
            Job.activity_id == activity_id,
            Job.kind == kind,
            Job.state.in_(states),
        )
    )
    return int(pending or 0)


async def update_activity_row(
    session: AsyncSession,
    org_id: str,
    activity_id: str,
    where: Sequence[sa.ColumnElement[bool]],
    values: dict[str, Any],
) -> Any:
    """The set-based UPDATE of one activity (when `where` also holds); its (is_call, name), or
    None when no row was updated. Only `activities.updates.update_activity` calls it: that keeps
    the title index in step (tests/search/test_title_index.py)."""
    updated = await session.execute(
        sa.update(Activity)
        .where(Activity.organization_id == org_id, Activity.id == activity_id, *where)
        .values(**values)
        .returning(Activity.is_call, Activity.name)
    )
    return updated.first()
