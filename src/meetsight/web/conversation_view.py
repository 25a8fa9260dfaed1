"""Everything the conversation page shows, read with the services the REST API uses, scoped to
the signed-in user's organization."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from meetsight.activities import repository as repo
from meetsight.intelligence.analytics import format_mmss
from meetsight.state import AppState
from meetsight.web import charts


@dataclass(slots=True)
class Line:
    index: int
    start: float
    end: float
    speaker: str
    text: str
    clock: str


@dataclass(slots=True)
class NoteGroup:
    category: str
    notes: list[Any] = field(default_factory=list)


@dataclass(slots=True)
class ConversationView:
    row: Any
    participants: list[Any]
    lines: list[Line]
    speakers: list[str]
    summary: Any | None
    score: Any | None
    note_groups: list[NoteGroup]
    chat: list[Any]
    links: dict[str, list[str]]
    charts: dict[str, Markup]
    has_media: bool
    media_type: str | None
    insights: dict[str, Any]


def clock(seconds: float | None) -> str:
    return format_mmss(seconds or 0.0)


async def load_conversation_view(state: AppState, org_id: str, row: Any) -> ConversationView:
    segments = await repo.list_segments(state.reader, org_id, row.id)
    lines = [
        Line(i, s.start_time, s.end_time, s.participant_name, s.content, clock(s.start_time))
        for i, s in enumerate(segments)
    ]
    speakers = list(dict.fromkeys(line.speaker for line in lines))
    async with state.sessionmaker() as session:
        activity = await repo.get_activity(session, org_id, row.id)
        participants = await repo.list_participants(session, org_id, row.id)
        summary = await repo.get_summary(session, org_id, row.id)
        analytics = await repo.get_analytics(session, org_id, row.id)
        score = await repo.get_score(session, org_id, row.id)
        notes = await repo.list_notes(session, org_id, [row.id])
        chat = await repo.list_chat(session, org_id, row.id)
        links = {
            kind: await repo.list_links(session, org_id, row.id, kind)
            for kind in ("contact", "company", "opportunity")
        }
    media_type = activity.media_content_type if activity and activity.media_key else None
    colors = charts.speaker_colors(speakers)
    return ConversationView(
        row=row,
        participants=participants,
        lines=lines,
        speakers=speakers,
        summary=summary,
        score=score,
        note_groups=_group_notes(notes),
        chat=chat,
        links=links,
        charts=_charts(analytics, lines, row.duration or 0.0, colors),
        has_media=media_type is not None,
        media_type=media_type,
        insights=(summary.insights or {}) if summary is not None and row.is_call else {},
    )


def _group_notes(notes: list[Any]) -> list[NoteGroup]:
    """Notes under their smart category's name (or their tag once the category is gone), in
    the order the categories first come up in the conversation."""
    groups: dict[str, NoteGroup] = defaultdict(lambda: NoteGroup(""))
    for note in notes:
        name = note.category_name or note.tag or "Other"
        group = groups[name]
        group.category = name
        group.notes.append(note)
    return list(groups.values())


def _charts(
    analytics: Any | None, lines: list[Line], duration: float, colors: dict[str, str]
) -> dict[str, Markup]:
    out: dict[str, Markup] = {}
    if analytics is not None:
        speaking = [
            charts.Bar(
                p["speakerLabel"],
                float(p.get("averageSpeakingTime") or 0.0),
                p["totalSpeakingTime"],
            )
            for p in analytics.participation
        ]
        out["speaking"] = charts.bar_chart("Speaking time per participant", speaking, colors)
        questions = [
            charts.Bar(q["speakerLabel"], float(q["count"]), str(q["count"]))
            for q in analytics.questions_by_speaker
        ]
        out["questions"] = charts.bar_chart("Questions per speaker", questions, colors)
    turns = charts.merge_turns([charts.Turn(ln.speaker, ln.start, ln.end) for ln in lines])
    out["timeline"] = charts.timeline(turns, duration, colors)
    return out
