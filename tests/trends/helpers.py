"""Conversations with a known transcript, analytics and score, for the trends' expected figures."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from fixtures.factories import Tenant
from meetsight.activities.models import Activity, ActivityParticipant
from meetsight.intelligence.analytics_store import store_analytics
from meetsight.intelligence.models import ActivityScore
from meetsight.organizations.models import Person
from meetsight.state import AppState
from meetsight.transcripts.importing import store_segments
from meetsight.transcripts.types import SegmentData
from meetsight.trends.rows import refresh_conversation_metrics

Line = tuple[str, str, float, float]  # speaker, text, start, end


async def make_conversation(
    state: AppState,
    tenant: Tenant,
    *,
    owner: tuple[str, str] | None,
    start: datetime,
    lines: list[Line],
    score: float | None = None,
    objectives: list[tuple[str, float]] = (),  # type: ignore[assignment]
    is_call: bool = False,
) -> str:
    """`owner` is (person id, name): the rep, internal; every other speaker is a contact."""
    async with state.sessionmaker() as session:
        people: dict[str, str] = {}
        if owner is not None:
            people[owner[1]] = owner[0]
        for speaker, *_ in lines:
            if speaker not in people:
                person = Person(organization_id=tenant.org_id, name=speaker)
                session.add(person)
                await session.flush()
                people[speaker] = person.id
        last = max(end for *_, end in lines)
        activity = Activity(
            organization_id=tenant.org_id,
            is_call=is_call,
            media_type="phonecall" if is_call else "videocall",
            status="completed",
            name="Trend test",
            start_at=start,
            end_at=start + timedelta(seconds=last),
            duration=last,
            direction="outbound" if is_call else None,
            owner_person_id=owner[0] if owner else None,
        )
        session.add(activity)
        await session.flush()
        for position, person_id in enumerate(people.values()):
            session.add(
                ActivityParticipant(
                    organization_id=tenant.org_id,
                    activity_id=activity.id,
                    person_id=person_id,
                    position=position,
                )
            )
        segments = [SegmentData(s, e, who, text, people[who]) for who, text, s, e in lines]
        await store_segments(session, tenant.org_id, activity.id, segments)
        internal = [owner[1]] if owner else []
        await store_analytics(
            session, tenant.org_id, activity.id, segments, internal_speakers=internal
        )
        if score is not None or objectives:
            session.add(
                ActivityScore(
                    organization_id=tenant.org_id,
                    activity_id=activity.id,
                    score=score,
                    objectives=[
                        {"objective": o, "score": v, "explanation": ""} for o, v in objectives
                    ],
                )
            )
            await session.flush()
        # As the stages do after storing analytics and the score: the trends' row follows.
        await refresh_conversation_metrics(session, tenant.org_id, activity.id)
        await session.commit()
        return activity.id


def by_start(item: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["start"]: p for p in item["periods"]}
