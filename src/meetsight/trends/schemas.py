"""The team trends' query parameters and response models (the OpenAPI document's TeamTrend)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from meetsight.request_params import PageQuery, QueryDay
from meetsight.schemas import Schema


class TrendsParams(PageQuery):
    date_from: QueryDay | None = Field(
        None,
        alias="from",
        description="YYYY-MM-DD, inclusive (UTC); default: the Monday 11 weeks before `to`'s week",
    )
    date_to: QueryDay | None = Field(
        None, alias="to", description="YYYY-MM-DD, inclusive (UTC); default: today"
    )
    group_by: Literal["week", "month"] = Field(
        "week",
        alias="groupBy",
        description="Periods: ISO weeks (Monday to Sunday) or calendar months, in UTC",
    )
    by: Literal["rep", "team"] = Field(
        "rep",
        description="One item per rep (the conversations' owners), or one for the whole team "
        "(the organization)",
    )
    type: Literal["meetings", "calls", "all"] = Field(
        "all", description="meetings (video and in-person), calls (phone) or all"
    )


class TrendRep(Schema):
    person_id: str
    user_id: str | None = Field(description="The rep's user account, when the rep has one")
    name: str
    email: str | None


class TrendTeam(Schema):
    id: str = Field(description="The organization's id: the team is the whole organization")
    name: str


class ObjectiveTrend(Schema):
    objective: str
    score: float | None = Field(description="Mean score (0-100) on this objective")
    conversations: int = Field(description="Conversations scored on it")


class TrendFigures(Schema):
    conversations: int
    talk_ratio: float | None = Field(
        description="Mean share (0-1) of speaking time: the rep's own, or the seller side's"
    )
    questions_asked: int | None = Field(description="Questions the rep (seller side) asked")
    questions_per_conversation: float | None
    questions_per_hour: float | None = Field(description="Per hour of conversation")
    longest_monologue: float | None = Field(
        description="Mean of each conversation's longest monologue, seconds"
    )
    longest_monologue_max: float | None = Field(description="The longest of all, seconds")
    interactivity: float | None = Field(description="Mean speaker switches per minute")
    score: float | None = Field(description="Mean conversation score (0-100)")
    objectives: list[ObjectiveTrend]


class TrendPeriod(TrendFigures):
    start: str = Field(description="First day of the week or month, YYYY-MM-DD")
    end: str = Field(description="Last day of the week or month, YYYY-MM-DD")


class TeamTrend(Schema):
    by: Literal["rep", "team"]
    group_by: Literal["week", "month"]
    from_: str = Field(alias="from", description="The range's first day")
    to: str = Field(description="The range's last day")
    rep: TrendRep | None = Field(description="The rep (by=rep); null for the team")
    team: TrendTeam
    totals: TrendFigures = Field(description="The whole range")
    periods: list[TrendPeriod] = Field(description="Every period of the range, oldest first")
