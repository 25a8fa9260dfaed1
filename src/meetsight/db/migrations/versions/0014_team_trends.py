"""team trends: one compact row of talk figures and scores per analysed conversation, and its
scores per objective

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-26 18:21:23
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

from meetsight.db.migrations.frozen.trend_rows import (
    SHARED_COLUMNS,
    Sources,
    metric_values,
    objective_values,
    seller_speakers,
)
from meetsight.db.migrations.frozen.types import JSONType, UTCDateTime

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BATCH = 500
PERIODS = ("week", "month")
# The covering indexes' tails (trends.models): the aggregates read these and nothing else.
FIGURE_COLUMNS = (
    "start_at",
    "is_call",
    "duration",
    "interactivity",
    "score",
    "rep_talk_ratio",
    "rep_questions",
    "rep_longest_monologue",
    "seller_talk_ratio",
    "seller_questions",
    "seller_longest_monologue",
)
OBJECTIVE_COLUMNS = ("objective", "start_at", "is_call", "position", "score")


def upgrade() -> None:
    op.create_table(
        "conversation_metrics",
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("activity_id", sa.String(length=36), nullable=False),
        sa.Column("start_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("week_start", sa.Date(), nullable=False),
        sa.Column("month_start", sa.Date(), nullable=False),
        sa.Column("is_call", sa.Boolean(), nullable=False),
        sa.Column("rep_person_id", sa.String(length=36), nullable=True),
        sa.Column("duration", sa.Double(), nullable=False),
        sa.Column("speech", sa.Double(), nullable=False),
        sa.Column("questions", sa.Integer(), nullable=False),
        sa.Column("speaker_switches", sa.Integer(), nullable=False),
        sa.Column("interactivity", sa.Double(), nullable=True),
        sa.Column("rep_speech", sa.Double(), nullable=True),
        sa.Column("rep_talk_ratio", sa.Double(), nullable=True),
        sa.Column("rep_questions", sa.Integer(), nullable=True),
        sa.Column("rep_longest_monologue", sa.Double(), nullable=True),
        sa.Column("seller_talk_ratio", sa.Double(), nullable=True),
        sa.Column("seller_questions", sa.Integer(), nullable=True),
        sa.Column("seller_longest_monologue", sa.Double(), nullable=True),
        sa.Column("score", sa.Double(), nullable=True),
        sa.ForeignKeyConstraint(
            ["organization_id", "activity_id"],
            ["activities.organization_id", "activities.id"],
            name=op.f("fk_conversation_metrics_organization_id_activity_id_activities"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["organization_id", "rep_person_id"],
            ["people.organization_id", "people.id"],
            name=op.f("fk_conversation_metrics_organization_id_rep_person_id_people"),
        ),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_conversation_metrics_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "organization_id", "activity_id", name=op.f("pk_conversation_metrics")
        ),
    )
    for period in PERIODS:
        op.create_index(
            f"ix_conversation_metrics_{period}",
            "conversation_metrics",
            ["organization_id", f"{period}_start", "rep_person_id", *FIGURE_COLUMNS],
        )
    op.create_table(
        "conversation_objective_scores",
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("activity_id", sa.String(length=36), nullable=False),
        sa.Column("objective", sa.String(length=200), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("score", sa.Double(), nullable=True),
        sa.Column("start_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("week_start", sa.Date(), nullable=False),
        sa.Column("month_start", sa.Date(), nullable=False),
        sa.Column("is_call", sa.Boolean(), nullable=False),
        sa.Column("rep_person_id", sa.String(length=36), nullable=True),
        sa.ForeignKeyConstraint(
            ["organization_id", "activity_id"],
            ["activities.organization_id", "activities.id"],
            name=op.f("fk_conversation_objective_scores_organization_id_activity_id_activities"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_conversation_objective_scores_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "organization_id",
            "activity_id",
            "objective",
            name=op.f("pk_conversation_objective_scores"),
        ),
    )
    for period in PERIODS:
        op.create_index(
            f"ix_conversation_objective_scores_{period}",
            "conversation_objective_scores",
            ["organization_id", f"{period}_start", "rep_person_id", *OBJECTIVE_COLUMNS],
        )
    _backfill(op.get_bind())


def downgrade() -> None:
    for period in PERIODS:
        op.drop_index(
            f"ix_conversation_objective_scores_{period}",
            table_name="conversation_objective_scores",
        )
        op.drop_index(f"ix_conversation_metrics_{period}", table_name="conversation_metrics")
    op.drop_table("conversation_objective_scores")
    op.drop_table("conversation_metrics")


# The tables as they stand at this revision, so that the backfill does not follow later models.
_meta = sa.MetaData()
_activities = sa.Table(
    "activities",
    _meta,
    sa.Column("organization_id", sa.String),
    sa.Column("id", sa.String),
    sa.Column("start_at", UTCDateTime()),
    sa.Column("is_call", sa.Boolean),
    sa.Column("duration", sa.Float),
    sa.Column("owner_person_id", sa.String),
)
_analytics = sa.Table(
    "activity_analytics",
    _meta,
    sa.Column("organization_id", sa.String),
    sa.Column("activity_id", sa.String),
    sa.Column("participation", JSONType),
    sa.Column("questions_by_speaker", JSONType),
    sa.Column("extra", JSONType),
)
_scores = sa.Table(
    "activity_scores",
    _meta,
    sa.Column("organization_id", sa.String),
    sa.Column("activity_id", sa.String),
    sa.Column("score", sa.Float),
    sa.Column("objectives", JSONType),
)
_summaries = sa.Table(
    "activity_summaries",
    _meta,
    sa.Column("organization_id", sa.String),
    sa.Column("activity_id", sa.String),
    sa.Column("insights", JSONType),
)
_people = sa.Table(
    "people",
    _meta,
    sa.Column("organization_id", sa.String),
    sa.Column("id", sa.String),
    sa.Column("name", sa.String),
    sa.Column("is_internal", sa.Boolean),
)
_participants = sa.Table(
    "activity_participants",
    _meta,
    sa.Column("organization_id", sa.String),
    sa.Column("activity_id", sa.String),
    sa.Column("person_id", sa.String),
)


def _on(child: sa.Table) -> sa.ColumnElement[bool]:
    return sa.and_(
        child.c.organization_id == _activities.c.organization_id,
        child.c.activity_id == _activities.c.id,
    )


def _internal_people(bind: sa.Connection) -> dict[tuple[str, str], dict[str, str]]:
    rows = bind.execute(
        sa.select(
            _participants.c.organization_id,
            _participants.c.activity_id,
            _people.c.name,
            _people.c.id,
        )
        .join(
            _people,
            sa.and_(
                _people.c.organization_id == _participants.c.organization_id,
                _people.c.id == _participants.c.person_id,
            ),
        )
        .where(_people.c.is_internal.is_(True))
    )
    found: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)
    for org_id, activity_id, name, person_id in rows:
        found[(org_id, activity_id)][name] = person_id
    return found


def _backfill(bind: sa.Connection) -> None:
    """Rows for the conversations analysed before this revision."""
    internal = _internal_people(bind)
    owner = _people.alias("owner")
    query = (
        sa.select(
            _activities,
            _analytics.c.participation,
            _analytics.c.questions_by_speaker,
            _analytics.c.extra,
            _scores.c.score,
            _scores.c.objectives,
            _summaries.c.insights,
            owner.c.name.label("owner_name"),
        )
        .join(_analytics, _on(_analytics))
        .outerjoin(_scores, _on(_scores))
        .outerjoin(_summaries, _on(_summaries))
        .outerjoin(
            owner,
            sa.and_(
                owner.c.organization_id == _activities.c.organization_id,
                owner.c.id == _activities.c.owner_person_id,
            ),
        )
    )
    metrics: list[dict[str, object]] = []
    objectives: list[dict[str, object]] = []
    for row in bind.execute(query).all():
        key = {"organization_id": row.organization_id, "activity_id": row.id}
        src = Sources(
            start_at=row.start_at,
            is_call=bool(row.is_call),
            activity_duration=row.duration,
            participation=row.participation or [],
            questions_by_speaker=row.questions_by_speaker or [],
            extra=row.extra or {},
            seller_speakers=seller_speakers(row.insights),
            owner=(row.owner_person_id, row.owner_name) if row.owner_name is not None else None,
            internal_people=internal.get((row.organization_id, row.id), {}),
            score=row.score,
            objectives=row.objectives or [],
        )
        values = metric_values(src)
        shared = {name: values[name] for name in SHARED_COLUMNS}
        metrics.append({**key, **values})
        objectives += [{**key, **item, **shared} for item in objective_values(src.objectives)]
        if len(metrics) >= BATCH:
            _insert(bind, metrics, objectives)
    _insert(bind, metrics, objectives)


def _insert(
    bind: sa.Connection, metrics: list[dict[str, object]], objectives: list[dict[str, object]]
) -> None:
    # The tables created above: the backfill writes the columns metric_values computes.
    if metrics:
        bind.execute(sa.insert(_metrics_table(metrics[0])), metrics)
    if objectives:
        objective_scores = _metrics_table(objectives[0], "conversation_objective_scores")
        bind.execute(sa.insert(objective_scores), objectives)
    metrics.clear()
    objectives.clear()


# Types that bind differently per engine (dates are text on SQLite); the rest bind as given.
_BOUND_TYPES: dict[str, sa.types.TypeEngine[Any]] = {
    "start_at": UTCDateTime(),
    "week_start": sa.Date(),
    "month_start": sa.Date(),
    "is_call": sa.Boolean(),
}


def _metrics_table(row: dict[str, object], name: str = "conversation_metrics") -> sa.TableClause:
    """The table named, with the row's columns."""
    return sa.table(name, *(sa.column(c, _BOUND_TYPES.get(c)) for c in row))
