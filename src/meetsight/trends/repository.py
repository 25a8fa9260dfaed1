"""The trends' two aggregates, built once per shape and run with bound values: figures per
(period, rep) and scores per (period, rep, objective), each over one table of compact rows
(trends.models) along its covering index in period and rep order, so that grouping streams.
The team's figures are the reps' added up by the service (the team is the organization).

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


def _bucket(table: Any, group_by: GroupBy) -> Any:
    return table.week_start if group_by == "week" else table.month_start


def _where(table: Any, shape: Shape) -> list[Any]:
    """The range as periods (what the covering index is ordered by) and as start times (the
    first and the last period may reach outside it)."""
    bucket = _bucket(table, shape.group_by)
    clauses = [
        table.organization_id == sa.bindparam("org_id"),
        bucket >= sa.bindparam("first_period", type_=sa.Date()),
        bucket <= sa.bindparam("last_period", type_=sa.Date()),
        table.start_at >= sa.bindparam("from_at", type_=UTCDateTime()),
        table.start_at < sa.bindparam("to_at", type_=UTCDateTime()),
    ]
    if shape.by == "rep":
        clauses.append(table.rep_person_id.is_not(None))
    if shape.kind:
        clauses.append(table.is_call == sa.bindparam("is_call"))
    return clauses


def _side(by: By) -> tuple[Any, Any, Any]:
    """(talk ratio, questions, longest monologue) columns of the rep or of the seller side."""
    if by == "rep":
        return M.rep_talk_ratio, M.rep_questions, M.rep_longest_monologue
    return M.seller_talk_ratio, M.seller_questions, M.seller_longest_monologue


@lru_cache(maxsize=16)
def figures_statement(shape: Shape) -> AnySelect:
    talk, asked, monologue = _side(shape.by)
    bucket = _bucket(M, shape.group_by)
    f = sa.func
    return (
        sa.select(
            bucket.label("bucket"),
            M.rep_person_id.label("group_key"),
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
        .where(*_where(M, shape))
        .group_by(bucket, M.rep_person_id)
    )


@lru_cache(maxsize=16)
def objectives_statement(shape: Shape) -> AnySelect:
    bucket = _bucket(O, shape.group_by)
    return (
        sa.select(
            bucket.label("bucket"),
            O.rep_person_id.label("group_key"),
            O.objective,
            sa.func.min(O.position).label("position"),
            sa.func.sum(O.score).label("score_sum"),
            sa.func.count(O.score).label("score_n"),
        )
        .where(*_where(O, shape))
        .group_by(bucket, O.rep_person_id, O.objective)
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
