"""/app/team: the team's trends per rep over weeks or months (talk ratio, questions, longest
monologue, interactivity, score and score per objective), from the same aggregates as
GET /api/v1/trends, drawn as server-side charts (trend_charts.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from fastapi import APIRouter, Depends, Request
from starlette.datastructures import QueryParams
from starlette.responses import Response

from meetsight.deps import DbSession
from meetsight.errors import ValidationFailed
from meetsight.trends.service import TrendsQuery, build_query, team_trends
from meetsight.web.charts import SLOTS
from meetsight.web.csrf import enforce_csrf
from meetsight.web.sessions import WebUser, require_user
from meetsight.web.templating import render
from meetsight.web.trend_charts import TrendRow, clock, decimal, percent, trend_chart, whole

router = APIRouter(dependencies=[Depends(enforce_csrf)], include_in_schema=False)

# (key in the figures, title, what it means, format)
METRICS = (
    (
        "talkRatio",
        "Talk ratio",
        "Share of the speaking time: the rep's own, or our side's.",
        percent,
    ),
    (
        "questionsPerConversation",
        "Questions per conversation",
        "Asked by the rep (team: our side).",
        decimal,
    ),
    (
        "questionsPerHour",
        "Questions per hour",
        "Asked by the rep (team: our side), per hour of talk.",
        whole,
    ),
    (
        "longestMonologue",
        "Longest monologue",
        "Mean of each conversation's longest, minutes:seconds.",
        clock,
    ),
    ("interactivity", "Interactivity", "Speaker switches per minute.", decimal),
    ("score", "Score", "Mean conversation score, 0-100.", whole),
)
KINDS = {"all": None, "meetings": False, "calls": True}
REP_LIMIT = 24  # one chart row each; the REST listing pages through more


@dataclass
class TeamFilters:
    date_from: str = ""
    date_to: str = ""
    group_by: str = "week"
    kind: str = "all"
    problems: list[str] = field(default_factory=list)


def _parse(params: QueryParams) -> tuple[TeamFilters, TrendsQuery | None]:
    f = TeamFilters(
        date_from=params.get("from", "").strip(),
        date_to=params.get("to", "").strip(),
        group_by=params.get("groupBy", "week"),
        kind=params.get("type", "all"),
    )
    days: dict[str, date | None] = {}
    for name, text in (("from", f.date_from), ("to", f.date_to)):
        try:
            days[name] = date.fromisoformat(text) if text else None
        except ValueError:
            f.problems.append(f"{name}: expected a date (YYYY-MM-DD)")
    if f.group_by not in ("week", "month"):
        f.problems.append("groupBy: week or month")
    if f.kind not in KINDS:
        f.problems.append("type: all, meetings or calls")
    if f.problems:
        return f, None
    try:
        query = build_query(
            date_from=days["from"],
            date_to=days["to"],
            group_by=f.group_by,  # type: ignore[arg-type]
            by="rep",
            is_call=KINDS[f.kind],
        )
    except ValidationFailed as exc:
        f.problems.append(exc.message)
        return f, None
    return f, query


def _period_label(start: str, group_by: str) -> str:
    day = date.fromisoformat(start)
    return day.strftime("%b %Y") if group_by == "month" else day.strftime("%d %b").lstrip("0")


def _charts(team: dict[str, Any], reps: list[dict[str, Any]], group_by: str) -> list[Any]:
    labels = [_period_label(p["start"], group_by) for p in team["periods"]]
    charts = []
    for key, title, note, fmt in METRICS:
        rows = [
            TrendRow(
                "Team" if key != "talkRatio" else "Team (our side)",
                SLOTS - 2,
                team["totals"][key],
                [p[key] for p in team["periods"]],
            )
        ]
        rows += [
            TrendRow(
                r["rep"]["name"],
                i % (SLOTS - 2),
                r["totals"][key],
                [p[key] for p in r["periods"]],
            )
            for i, r in enumerate(reps)
        ]
        charts.append(
            {
                "key": key,
                "title": title,
                "note": note,
                "chart": trend_chart(title, rows, labels, fmt),
            }
        )
    return charts


def _objectives(reps: list[dict[str, Any]], team: dict[str, Any]) -> tuple[list[str], list[Any]]:
    """Objective names in scorecard order, and (name, team score, {objective: score}) rows."""
    names = [o["objective"] for o in team["totals"]["objectives"]]
    table = [("Team", {o["objective"]: o["score"] for o in team["totals"]["objectives"]})]
    table += [
        (r["rep"]["name"], {o["objective"]: o["score"] for o in r["totals"]["objectives"]})
        for r in reps
    ]
    return names, table


@router.get("/app/team")
async def team_page(
    request: Request, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    f, query = _parse(request.query_params)
    context: dict[str, Any] = {"f": f, "charts": [], "team": None, "reps": [], "total_reps": 0}
    if query is not None:
        org = {"id": user.organization_id, "name": user.organization_name}
        team_query = TrendsQuery(
            query.date_from, query.date_to, query.group_by, "team", query.is_call
        )
        [team] = (await team_trends(session, user.organization_id, team_query, team=org)).groups
        page = await team_trends(session, user.organization_id, query, team=org, limit=REP_LIMIT)
        names, table = _objectives(page.groups, team)
        context.update(
            team=team,
            reps=page.groups,
            total_reps=page.total,
            charts=_charts(team, page.groups, query.group_by),
            objective_names=names,
            objective_rows=table,
            fmt={"percent": percent, "decimal": decimal, "whole": whole, "clock": clock},
        )
    return render(request, "team.html", status_code=422 if f.problems else 200, **context)
