"""Everything the conversation page shows, read with the services the REST API uses, scoped to
the signed-in user's organization."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup, escape

from meetsight.activities import repository as repo
from meetsight.comments.repository import read_comments
from meetsight.state import AppState
from meetsight.web import charts
from meetsight.web import conversation_repository as r
from meetsight.web.templating import score_band


@dataclass(slots=True)
class Line:
    index: int
    start: float
    end: float
    speaker: str
    text: str
    clock: str


@dataclass(frozen=True, slots=True)
class SpeakerTalk:
    """A speaker's share of the talking, for the talk-time bars under the player."""

    name: str
    slot: int
    seconds: float
    share: float  # 0-100, of all the talk in the transcript
    avatar: Markup


@dataclass(frozen=True, slots=True)
class CommentView:
    """A comment as the Comments panel shows it; `href` is the moment's address (?t=, and
    &end= for a span, which marks its lines as a clip does)."""

    id: str
    start: float
    end: float | None
    moment: str  # 1:05, or 1:05 to 1:40 joined by an en dash
    href: str
    text: str
    author_id: str | None
    author_name: str
    initials: str
    created_at: Any
    edited_at: Any


@dataclass(slots=True)
class NoteGroup:
    category: str
    notes: list[Any] = field(default_factory=list)


@dataclass(slots=True)
class ConversationView:
    row: Any
    participants: list[Any]
    lines: list[Line]
    transcript_html: Markup
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
    talk: list[SpeakerTalk]
    score_band: str  # good / fair / low / none: the colour the score is shown in
    comments: list[CommentView]


def clock(seconds: float | None) -> str:
    """m:ss (h:mm:ss past an hour), whole seconds: what a player shows."""
    whole = int(seconds or 0)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


def talk_time(lines: list[Line], slots: dict[str, int]) -> list[SpeakerTalk]:
    """Seconds each speaker talked (from the transcript's lines), most first."""
    seconds: dict[str, float] = dict.fromkeys(slots, 0.0)
    for line in lines:
        seconds[line.speaker] += max(0.0, line.end - line.start)
    total = sum(seconds.values()) or 1.0
    ranked = sorted(seconds.items(), key=lambda item: -item[1])
    return [
        SpeakerTalk(
            name, slots[name], secs, 100.0 * secs / total, Markup(charts.avatar(name, slots[name]))
        )
        for name, secs in ranked
    ]


def transcript_html(lines: list[Line], slots: dict[str, int]) -> Markup:
    """The transcript's <li> rows, built here rather than in the template: a 400-line meeting
    is the page's bulk, and one escaped f-string per line costs a fraction of the template
    loop's per-expression work (docs/benchmarks.md, "Web app")."""
    # Each speaker's avatar and escaped name, made once (the li carries no speaker class: the
    # avatar has the colour, and "current" stays the line's only class).
    speakers: dict[str, tuple[str, str]] = {}
    rows = []
    for line in lines:
        speaker = speakers.get(line.speaker)
        if speaker is None:
            avatar = charts.avatar(line.speaker, slots.get(line.speaker, 0))
            speaker = speakers[line.speaker] = (avatar, str(escape(line.speaker)))
        rows.append(
            f'<li id="l{line.index}" data-start="{line.start}" data-end="{line.end}">'
            f'{speaker[0]}<a class="t" href="?t={line.start}" data-seek="{line.start}" '
            f'aria-label="Play from {line.clock}">{line.clock}</a> '
            f'<span class="spk">{speaker[1]}</span> '
            f'<span class="say">{escape(line.text)}</span></li>'
        )
    return Markup("\n".join(rows))


async def load_conversation_view(state: AppState, org_id: str, row: Any) -> ConversationView:
    segments = await repo.list_segments(state.reader, org_id, row.id)
    lines = [
        Line(i, s.start_time, s.end_time, s.participant_name, s.content, clock(s.start_time))
        for i, s in enumerate(segments)
    ]
    speakers = list(dict.fromkeys(line.speaker for line in lines))
    reader, org, aid = state.reader, org_id, row.id
    media = await r.fetch_one(reader, r.MEDIA, org, aid)
    participants = list(await r.fetch(reader, r.PARTICIPANTS, org, aid))
    summary = await r.fetch_one(reader, r.SUMMARY, org, aid)
    analytics = await r.fetch_one(reader, r.ANALYTICS, org, aid)
    score = await r.fetch_one(reader, r.SCORE, org, aid)
    notes = list(await r.fetch(reader, r.NOTES, org, aid))
    chat = list(await r.fetch(reader, r.CHAT, org, aid))
    links: dict[str, list[str]] = {"contact": [], "company": [], "opportunity": []}
    for link in await r.fetch(reader, r.LINKS, org, aid):
        links.setdefault(link.kind, []).append(link.external_id)
    media_type = (media.media_content_type or "audio/mpeg") if media and media.media_key else None
    slots = charts.speaker_slots(speakers)
    return ConversationView(
        row=row,
        participants=participants,
        lines=lines,
        transcript_html=transcript_html(lines, slots),
        speakers=speakers,
        summary=summary,
        score=score,
        note_groups=_group_notes(notes),
        chat=chat,
        links=links,
        charts=_charts(analytics, lines, row.duration or 0.0, slots),
        has_media=media_type is not None,
        media_type=media_type,
        insights=(summary.insights or {}) if summary is not None and row.is_call else {},
        talk=talk_time(lines, slots),
        score_band=score_band(score.score if score is not None else None),
        comments=[comment_view(c) for c in await read_comments(reader, org, aid)],
    )


def seconds(value: float) -> str:
    """A time for an address: to the millisecond, no trailing zeros (12.5, 24, 3725.125)."""
    return f"{value:.3f}".rstrip("0").rstrip(".")


def comment_view(row: Any) -> CommentView:
    span = row.end_time is not None and row.end_time > row.start_time
    moment = clock(row.start_time) + (f"\u2013{clock(row.end_time)}" if span else "")
    href = f"?t={seconds(row.start_time)}" + (f"&end={seconds(row.end_time)}" if span else "")
    return CommentView(
        id=row.id,
        start=row.start_time,
        end=row.end_time,
        moment=moment,
        href=href,
        text=row.body,
        author_id=row.author_user_id,
        author_name=row.author_name,
        initials=charts.initials(row.author_name),
        created_at=row.created_at,
        edited_at=row.edited_at,
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
    analytics: Any | None, lines: list[Line], duration: float, slots: dict[str, int]
) -> dict[str, Markup]:
    out: dict[str, Markup] = {}
    if analytics is not None:
        # Talk time is drawn from the transcript under the player (talk_time); this tab adds
        # what only the analytics know.
        questions = [
            charts.Bar(q["speakerLabel"], float(q["count"]), str(q["count"]))
            for q in analytics.questions_by_speaker
        ]
        out["questions"] = charts.bar_list("Questions per speaker", questions, slots)
    turns = charts.merge_turns([charts.Turn(ln.speaker, ln.start, ln.end) for ln in lines])
    out["timeline"] = charts.timeline(turns, duration, slots)
    return out
