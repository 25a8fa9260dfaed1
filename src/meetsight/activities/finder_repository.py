"""The finder's repository: the activity queries of the richer filters agents use
(activities/finder.py) and the web home page's listing, each scoped by the organization. The
pages are built once per shape of filters, on the conditions of activities/filters_repository.py,
and reused with bound values."""

from __future__ import annotations

from functools import lru_cache

import sqlalchemy as sa

from meetsight.activities.filters_repository import ORG, conditions
from meetsight.activities.models import Activity, ActivityParticipant, ActivityType
from meetsight.activities.repository import ACTIVITY_COLUMNS, participants_query
from meetsight.activity_filter import Shape
from meetsight.db.reads import AnySelect
from meetsight.organizations.models import Person


@lru_cache(maxsize=512)
def page_statements(shape: Shape, ascending: bool) -> tuple[AnySelect, AnySelect]:
    """(one page of rows with the owner, the count) for this shape."""
    where = conditions(shape)
    order = (
        (Activity.start_at.asc(), Activity.id.asc())
        if ascending
        else (Activity.start_at.desc(), Activity.id.desc())
    )
    page = (
        sa.select(*ACTIVITY_COLUMNS, Activity.owner_person_id)
        .outerjoin(
            ActivityType,
            sa.and_(
                ActivityType.organization_id == Activity.organization_id,
                ActivityType.id == Activity.activity_type_id,
            ),
        )
        .where(*where)
        .order_by(*order)
        .limit(sa.bindparam("limit"))
        .offset(sa.bindparam("offset"))
    )
    count = sa.select(sa.func.count()).select_from(Activity).where(*where)
    return page, count


PARTICIPANTS_OF = (
    participants_query(ORG)  # type: ignore[arg-type]
    .where(ActivityParticipant.activity_id.in_(sa.bindparam("ids", expanding=True)))
    .order_by(ActivityParticipant.activity_id, ActivityParticipant.position, Person.name)
)
PEOPLE_BY_ID = sa.select(
    Person.id, Person.name, Person.email, Person.phone, Person.is_internal
).where(Person.organization_id == ORG, Person.id.in_(sa.bindparam("ids", expanding=True)))
OWNER_OF = sa.select(Activity.owner_person_id).where(
    Activity.organization_id == ORG, Activity.id == sa.bindparam("activity_id")
)
