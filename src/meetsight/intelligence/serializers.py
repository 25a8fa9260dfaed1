"""An activity's notes, talk analytics and score in the spec's JSON shapes (its summary, which
adds the next steps' records of accounts, is `conversations/serializers.py`'s)."""

from __future__ import annotations

from typing import Any

from meetsight.activities.kinds import ActivityKind
from meetsight.activities.serializers import compact
from meetsight.db.reads import AnyRow
from meetsight.intelligence.models import ActivityAnalytics, ActivityScore


def serialize_note(row: AnyRow, kind: ActivityKind) -> dict[str, Any]:
    if kind.is_call:
        return compact(
            {
                "id": row.id,
                "content": row.content,
                "smartCategory": (
                    {"id": row.smart_category_id, "name": row.category_name}
                    if row.smart_category_id is not None
                    else None  # its category was deleted: left out, like other empty fields
                ),
                "tag": row.tag,
                "priority": row.priority,
                "isManual": bool(row.is_manual),
                "startTimestamp": row.start_timestamp,
                "endTimestamp": row.end_timestamp,
            }
        )
    return compact(
        {
            "id": row.id,
            "tag": row.tag,
            "content": row.content,
            "priority": row.priority,
            "meetingId": row.activity_id,
            "smartCategoryId": row.smart_category_id,
            "isManual": bool(row.is_manual),
            "startTimestamp": row.start_timestamp,
            "endTimestamp": row.end_timestamp,
        }
    )


def serialize_analytics(
    analytics: ActivityAnalytics | None, kind: ActivityKind, activity_id: str
) -> dict[str, Any]:
    return {
        kind.id_key: activity_id,
        "questionsBySpeaker": list(analytics.questions_by_speaker) if analytics else [],
        "participantParticipation": list(analytics.participation) if analytics else [],
    }


def serialize_score(
    score: ActivityScore | None, kind: ActivityKind, activity_id: str
) -> dict[str, Any]:
    if score is None:
        return {kind.id_key: activity_id, "objectives": []}
    return compact(
        {
            kind.id_key: activity_id,
            "score": score.score,
            "scoreJustification": score.justification,
            "objectives": [compact(dict(o)) for o in score.objectives],
        }
    )
