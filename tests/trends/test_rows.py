"""The compact row follows every write of analytics and scores (the intelligence stage's writer
included, on sessions that do not autoflush), and who the rep is when nobody owns the
conversation."""

from __future__ import annotations

from datetime import UTC, date, datetime

import httpx
import sqlalchemy as sa

from fixtures.factories import make_tenant
from fixtures.multipart import multipart
from meetsight.activities.models import Activity
from meetsight.intelligence.analytics_store import replace_question_counts
from meetsight.intelligence.results import Intelligence, ObjectiveScore, Scorecard
from meetsight.organizations.models import Person
from meetsight.processing.engine_results import store_engine_results
from meetsight.state import AppState
from meetsight.trends.models import ConversationMetrics, ConversationObjectiveScore
from meetsight.trends.rows import (
    Sources,
    metric_values,
    objective_values,
    refresh_conversation_metrics,
)

from .helpers import make_conversation

LINES = [
    ("Olivia Owner", "What do you need?", 0, 20),
    ("Carl Customer", "A faster close.", 20, 30),
]


def _result(score: float, insights: dict[str, object] | None = None) -> Intelligence:
    card = Scorecard(
        score,
        "ok",
        (
            ObjectiveScore("discovery", "Discovery", 80, ""),
            ObjectiveScore("steps", "Next steps", 40, ""),
        ),
    )
    return Intelligence(
        summary="s",
        next_steps=(),
        topics=(),
        notes=(),
        ai_opinion="",
        insights=insights or {},
        scorecard=card,
        engine="builtin",
    )


async def _row(state: AppState, org_id: str, activity_id: str) -> ConversationMetrics:
    async with state.sessionmaker() as session:
        row = await session.get(ConversationMetrics, (org_id, activity_id))
        assert row is not None
        return row


async def test_the_stage_writers_keep_the_row(state: AppState) -> None:
    tenant = await make_tenant(state)
    owner = (tenant.person_id, "Olivia Owner")
    start = datetime(2026, 10, 7, 23, 30, tzinfo=UTC)
    aid = await make_conversation(state, tenant, owner=owner, start=start, lines=LINES)
    row = await _row(state, tenant.org_id, aid)
    assert (row.week_start, row.month_start) == (date(2026, 10, 5), date(2026, 10, 1))
    assert (row.rep_person_id, row.rep_talk_ratio, row.rep_questions) == (owner[0], 0.6667, 1)
    assert row.score is None
    async with state.sessionmaker() as session:
        activity = await session.get(Activity, (tenant.org_id, aid))
        assert activity is not None
        await store_engine_results(session, activity, _result(64.0), {})
        await session.commit()
    row = await _row(state, tenant.org_id, aid)
    assert row.score == 64.0
    async with state.sessionmaker() as session:
        objectives = (
            await session.execute(
                sa.select(ConversationObjectiveScore.objective, ConversationObjectiveScore.score)
                .where(ConversationObjectiveScore.activity_id == aid)
                .order_by(ConversationObjectiveScore.position)
            )
        ).all()
    assert [tuple(o) for o in objectives] == [("Discovery", 80.0), ("Next steps", 40.0)]
    # Questions counted again by meaning (an unpunctuated transcript): the row follows.
    async with state.sessionmaker() as session:
        await replace_question_counts(session, tenant.org_id, aid, {"Olivia Owner": 4})
        await refresh_conversation_metrics(session, tenant.org_id, aid)  # as the stage does
        await session.commit()
    assert (await _row(state, tenant.org_id, aid)).rep_questions == 4


async def test_without_an_owner_the_engines_seller_side_gives_the_rep(state: AppState) -> None:
    tenant = await make_tenant(state)
    aid = await make_conversation(
        state, tenant, owner=None, start=datetime(2026, 10, 7, tzinfo=UTC), lines=LINES
    )
    row = await _row(state, tenant.org_id, aid)
    assert row.rep_person_id is None and row.seller_talk_ratio is None
    async with state.sessionmaker() as session:
        # Olivia spoke (the transcript made her a contact); marked ours, the engine's side says so.
        await session.execute(
            sa.update(Person)
            .where(Person.organization_id == tenant.org_id, Person.name == "Olivia Owner")
            .values(is_internal=True)
        )
        activity = await session.get(Activity, (tenant.org_id, aid))
        assert activity is not None
        insights = {"sellerSide": {"speakers": ["Olivia Owner"], "inferredFrom": "roles"}}
        await store_engine_results(session, activity, _result(50.0, insights), {})
        await session.commit()
    row = await _row(state, tenant.org_id, aid)
    assert row.rep_person_id is not None and row.rep_talk_ratio == 0.6667
    assert (row.seller_talk_ratio, row.seller_questions) == (0.6667, 1)


def test_metric_values_from_stored_analytics() -> None:
    src = Sources(
        start_at=datetime(2026, 11, 30, 12, tzinfo=UTC),
        is_call=True,
        activity_duration=600.0,
        participation=[
            {"speakerLabel": "Rep", "averageSpeakingTime": 90.0, "longestMonologue": 40.0},
            {"speakerLabel": "SE", "averageSpeakingTime": 30.0, "longestMonologue": 55.0},
            {"speakerLabel": "Buyer", "averageSpeakingTime": 180.0, "longestMonologue": 70.0},
        ],
        questions_by_speaker=[
            {"speakerLabel": "Rep", "count": 5},
            {"speakerLabel": "SE", "count": 1},
            {"speakerLabel": "Buyer", "count": 2},
        ],
        extra={"totalDuration": 300.0, "speakerSwitches": 20},
        seller_speakers=["SE"],
        owner=("p-rep", "Rep"),
        internal_people={},
        score=None,
        objectives=[{"objective": "A", "score": 10}, {"objective": "A", "score": 99}, {}],
    )
    values = metric_values(src)
    assert values["week_start"] == date(2026, 11, 30)
    assert values["duration"] == 300.0  # the transcript's length, not the recording's
    assert values["interactivity"] == 4.0
    assert (values["rep_talk_ratio"], values["rep_questions"]) == (0.3, 5)
    # Our side: the engine's SE and the owner, who speaks for us even when not marked internal.
    assert (values["seller_talk_ratio"], values["seller_questions"]) == (0.4, 6)
    assert values["seller_longest_monologue"] == 55.0
    assert objective_values(src.objectives) == [{"objective": "A", "position": 0, "score": 10.0}]


VTT = """WEBVTT

00:00:00.000 --> 00:00:03.000
<v Olivia Owner>Thanks for joining, what do you need?

00:00:03.000 --> 00:00:05.000
<v Carl Customer>A better price, and soon.
"""


def _figures(row: ConversationMetrics) -> tuple[object, ...]:
    return (row.rep_person_id, row.rep_talk_ratio, row.rep_questions, row.seller_talk_ratio)


async def test_a_transcript_upload_and_a_speaker_edit_keep_the_row(
    client: httpx.AsyncClient, state: AppState
) -> None:
    """Both store analytics inside `activities`, which cannot import trends: the row follows
    through `AppState.refresh_trends`, before any job runs."""
    tenant = await make_tenant(state)
    fields = [
        ("name", "Review"),
        ("startDateTime", "2026-10-07T10:00:00Z"),
        ("ownerId", tenant.person_id),
    ]
    body, headers = multipart(fields, [("transcript", "t.vtt", VTT.encode(), "text/vtt")])
    r = await client.post(
        "/api/v1/meetings/upload", content=body, headers={**tenant.headers, **headers}
    )
    assert r.status_code == 201, r.text
    aid = r.json()["data"]["meetingId"]
    uploaded = _figures(await _row(state, tenant.org_id, aid))
    assert uploaded[:3] == (tenant.person_id, 0.6, 1)

    r = await client.patch(
        f"/api/v1/meetings/{aid}/speakers",
        headers=tenant.headers,
        json={"speaker": "Carl Customer", "personId": tenant.person_id},
    )
    assert r.status_code == 200, r.text
    edited = _figures(await _row(state, tenant.org_id, aid))
    assert edited != uploaded
    async with state.sessionmaker() as session:
        await refresh_conversation_metrics(session, tenant.org_id, aid)
        await session.commit()
    assert _figures(await _row(state, tenant.org_id, aid)) == edited
