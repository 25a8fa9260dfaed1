"""The trends' two aggregates, built once per shape and run with bound values: figures per
(period, rep or team) and scores per (period, rep or team, objective), both over the compact
rows of trends.models in one organization's range of start times (ix_conversation_metrics_range).

Sums and counts, not averages, come back: the service adds periods up into the range's totals.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

import sqlalchemy as sa

from meetsight.db.base import UTCDateTime
from meetsight.db.reads import AnySelect, Executes
from meetsight.organizations.models import Person
from meetsight.trends.models import ConversationMetrics as M
from meetsight.trends.models import ConversationObjectiveScore as O

GroupBy = Literal["week", "month"]
By = Literal["rep", "team"]


@dataclass(frozen=True, slots=True)
class Shape:
    group_by: GroupBy
    by: By
    kind: bool  # filtered to meetings or calls (bind is_call)


def _bucket(group_by: GroupBy) -> Any:
    return (M.week_start if group_by == "week" else M.month_start).label("bucket")


def _group(by: By) -> Any:
    # The team is the organization (meetsight has no team grouping below it).
    return (M.rep_person_id if by == "rep" else sa.literal("team")).label("group_key")


def _where(shape: Shape) -> list[Any]:
    clauses = [
        M.organization_id == sa.bindparam("org_id"),
        M.start_at >= sa.bindparam("from_at", type_=UTCDateTime()),
        M.start_at < sa.bindparam("to_at", type_=UTCDateTime()),
    ]
    if shape.by == "rep":
        clauses.append(M.rep_person_id.is_not(None))
    if shape.kind:
        clauses.append(M.is_call == sa.bindparam("is_call"))
    return clauses


def _side(by: By) -> tuple[Any, Any, Any]:
    """(talk ratio, questions, longest monologue) columns of the rep or of the seller side."""
    if by == "rep":
        return M.rep_talk_ratio, M.rep_questions, M.rep_longest_monologue
    return M.seller_talk_ratio, M.seller_questions, M.seller_longest_monologue


@lru_cache(maxsize=16)
def figures_statement(shape: Shape) -> AnySelect:
    talk, asked, monologue = _side(shape.by)
    bucket, group = _bucket(shape.group_by), _group(shape.by)
    f = sa.func
    return (
        sa.select(
            bucket,
            group,
            f.count().label("conversations"),
            f.sum(talk).label("talk_sum"),
            f.count(talk).label("talk_n"),
            f.sum(asked).label("questions"),
            f.count(asked).label("questions_n"),
            # Hours of the conversations whose questions are counted: the per-hour rate's base.
            f.sum(sa.case((asked.is_not(None), M.duration), else_=0.0)).label("asked_seconds"),
            f.sum(monologue).label("monologue_sum"),
            f.count(monologue).label("monologue_n"),
            f.max(monologue).label("monologue_max"),
            f.sum(M.interactivity).label("interactivity_sum"),
            f.count(M.interactivity).label("interactivity_n"),
            f.sum(M.score).label("score_sum"),
            f.count(M.score).label("score_n"),
        )
        .where(*_where(shape))
        .group_by(bucket, group)
    )


@lru_cache(maxsize=16)
def objectives_statement(shape: Shape) -> AnySelect:
    bucket, group = _bucket(shape.group_by), _group(shape.by)
    return (
        sa.select(
            bucket,
            group,
            O.objective,
            sa.func.min(O.position).label("position"),
            sa.func.sum(O.score).label("score_sum"),
            sa.func.count(O.score).label("score_n"),
        )
        .join(M, sa.and_(M.organization_id == O.organization_id, M.activity_id == O.activity_id))
        .where(O.organization_id == sa.bindparam("org_id"), *_where(shape))
        .group_by(bucket, group, O.objective)
    )


REPS = sa.select(Person.id, Person.user_id, Person.name, Person.email).where(
    Person.organization_id == sa.bindparam("org_id"),
    Person.id.in_(sa.bindparam("ids", expanding=True)),
)


async def fetch_aggregates(
    reads: Executes, shape: Shape, params: dict[str, Any]
) -> tuple[list[Any], list[Any]]:
    figures = (await reads.execute(figures_statement(shape), params)).all()
    objectives = (await reads.execute(objectives_statement(shape), params)).all()
    return list(figures), list(objectives)


async def fetch_reps(reads: Executes, org_id: str, ids: list[str]) -> list[Any]:
    if not ids:
        return []
    return list((await reads.execute(REPS, {"org_id": org_id, "ids": ids})).all())
