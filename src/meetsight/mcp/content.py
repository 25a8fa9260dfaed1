"""Transcript and summary of one activity as tool results (shared by the transcript, summary,
action-items and details tools)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts.next_step_records import records_by_key, with_step_fields
from meetsight.activities import repository as repo
from meetsight.activities.kinds import kind_of
from meetsight.activities.serializers import activity_url, moment_url
from meetsight.intelligence.models import ActivitySummary
from meetsight.intelligence.moments import SIDE_DESCRIPTION, Side, moments_of
from meetsight.intelligence.repository import get_summary
from meetsight.mcp.access import ToolAccess
from meetsight.mcp.arguments import TRANSCRIPT_CAP
from meetsight.transcripts.sentences import segment_sentences, sentence_count
from meetsight.trends.rows import seller_speakers


class Sentence(BaseModel):
    index: int
    speaker: str
    speakerId: str
    startTime: float = Field(description="Seconds from the start of the recording")
    endTime: float
    text: str


class Cited(BaseModel):
    """Where a summary point was said: present when the engine tied it to a transcript line."""

    startTime: float | None = Field(None, description="Seconds from the recording's start")
    speaker: str | None = None
    side: Side | None = Field(None, description=SIDE_DESCRIPTION)
    url: str | None = Field(None, description="The moment in the web app: cite it")


class ActionItem(Cited):
    action: str
    actors: list[str] = []
    deadline: str = ""
    id: str | None = Field(None, description="The step's stable id (REST /next-steps/{id})")
    state: str | None = Field(None, description="open, done or dropped")
    proposedState: str | None = Field(
        None, description="done when a later conversation of the account says so"
    )


class Topic(Cited):
    title: str
    description: str = ""


class ActivityHeader(BaseModel):
    id: str
    kind: Literal["meeting", "call"]
    title: str
    status: str
    failureReason: str | None = None
    language: str | None = Field(None, description="The language the content is in")
    note: str | None = Field(None, description="Why something is missing or differs")


class Transcript(ActivityHeader):
    sentences: list[Sentence]
    returned: int
    totalSentences: int
    truncated: bool = Field(
        description="True when sentences after the returned ones were left out (at "
        "maxSentences or 10,000); nextOffset continues from there"
    )
    maxSentences: int = Field(description="The cap that applied")
    offset: int = Field(0, description="The index of the first sentence asked for")
    nextOffset: int | None = Field(None, description="The offset of the next page, if any")
    url: str = Field("", description="The page; add ?t=SECONDS for the moment of a sentence")
    text: str | None = Field(
        None, description="format=text: the sentences as lines '[m:ss] speaker: words'"
    )


class Summary(ActivityHeader):
    available: bool = Field(description="Whether an AI summary exists yet")
    summaryText: str | None = None
    actionItems: list[ActionItem] = []
    next_steps: list[ActionItem] = Field([], description="The same items as actionItems")
    topics: list[Topic] | None = Field(None, description="Meetings: topics discussed")
    insights: dict[str, Any] | None = Field(None, description="Calls: call insights")
    aiOpinion: str | None = None


class ActionItems(ActivityHeader):
    actionItems: list[ActionItem]
    count: int


def header(row: Any, language: str | None) -> dict[str, Any]:
    notes = []
    if row.status == "failed":
        notes.append(f"Processing failed: {row.failure_reason or 'no reason recorded'}")
    elif row.status != "completed":
        notes.append(f"The {'call' if row.is_call else 'meeting'} is still {row.status}")
    wanted = (language or "").strip().lower()
    if wanted and row.language and wanted != row.language.lower():
        notes.append(f"No {wanted!r} version exists; content is in {row.language!r}")
    return {
        "id": row.id,
        "kind": "call" if row.is_call else "meeting",
        "title": row.name,
        "status": row.status,
        "failureReason": row.failure_reason,
        "language": row.language,
        "note": "; ".join(notes) or None,
    }


@dataclass(frozen=True, slots=True)
class Window:
    """Which sentences of a transcript a caller asked for."""

    cap: int | None = None  # maxSentences
    offset: int = 0
    from_seconds: float | None = None
    to_seconds: float | None = None
    as_text: bool = False

    @property
    def whole(self) -> bool:
        return not self.offset and self.from_seconds is None and self.to_seconds is None

    def holds(self, start: float) -> bool:
        return (self.from_seconds is None or start >= self.from_seconds) and (
            self.to_seconds is None or start < self.to_seconds
        )


def clock(seconds: float) -> str:
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


async def transcript(
    session: AsyncSession,
    access: ToolAccess,
    row: Any,
    *,
    max_sentences: int | None,
    language: str | None = None,
    window: Window | None = None,
) -> Transcript:
    window = window or Window()
    cap = max_sentences or TRANSCRIPT_CAP
    reader = access.state.reader
    if window.whole:
        # Every segment holds at least one sentence: cap + 1 segments tell whether the cap
        # cuts, and only a cut transcript needs every segment for the count.
        segments = await repo.list_segments(reader, access.org_id, row.id, limit=cap + 1)
        everything = (
            await repo.list_segments(reader, access.org_id, row.id)
            if len(segments) > cap
            else segments
        )
    else:
        segments = everything = await repo.list_segments(reader, access.org_id, row.id)
    total = sum(sentence_count(s.content) for s in everything)
    split = [
        (index, s, part)
        for index, (s, part) in enumerate(
            (s, part)
            for position, s in enumerate(segments)
            for part in segment_sentences(position, s.start_time, s.end_time, s.content)
        )
        if index >= window.offset and window.holds(part.start)
    ]
    truncated = len(split) > cap
    sentences = [
        Sentence(
            index=index,
            speaker=s.participant_name,
            speakerId=s.person_id,
            startTime=part.start,
            endTime=part.end,
            text=part.text,
        )
        for index, s, part in split[:cap]
    ]
    text = None
    if window.as_text:
        text = "\n".join(f"[{clock(x.startTime)}] {x.speaker}: {x.text}" for x in sentences)
    return Transcript(
        **header(row, language),
        sentences=[] if window.as_text else sentences,
        returned=len(sentences),
        totalSentences=total,
        truncated=truncated,
        maxSentences=cap,
        offset=window.offset,
        nextOffset=sentences[-1].index + 1 if truncated else None,
        url=activity_url(access.state.public_url, kind_of(bool(row.is_call)), row.id),
        text=text,
    )


async def sentence_indexes(
    access: ToolAccess, wanted: dict[str, list[int]]
) -> dict[str, dict[int, int]]:
    """Per activity, the index in `transcript`'s sentences of the first sentence of each segment
    position, for search hits: it differs from the position where a segment holds several
    sentences. One read for all the activities."""
    wanted = {activity_id: ps for activity_id, ps in wanted.items() if ps}
    texts = await repo.segment_texts_through(
        access.state.reader, access.org_id, {a: max(ps) for a, ps in wanted.items()}
    )
    out = {}
    for activity_id, positions in wanted.items():
        firsts, count = [], 0
        for content in texts[activity_id]:
            firsts.append(count)
            count += sentence_count(content)
        out[activity_id] = {p: firsts[p] if p < len(firsts) else p for p in positions}
    return out


def action_items(
    summary: ActivitySummary | None,
    step_records: Mapping[tuple[str, str], Any] | None = None,
    cited: Callable[[Any], dict[str, Any]] | None = None,
) -> list[ActionItem]:
    """The summary's next steps, with each one's id and state when `step_records` are given
    and where each was said when `cited` (from `citer`) is."""
    if summary is None:
        return []
    steps = [
        {
            "action": step["action"],
            "actors": list(step.get("actors") or []),
            "deadline": step.get("deadline") or "",
            **(cited(step.get("line")) if cited else {}),
        }
        for step in summary.next_steps
    ]
    return [
        ActionItem(**{k: v for k, v in step.items() if k != "proposedBy"})
        for step in with_step_fields(summary.activity_id, steps, step_records or {})
    ]


def _first_line(topic: Mapping[str, Any]) -> int | None:
    lines = topic.get("lines")
    return lines[0] if isinstance(lines, list) and lines else None


async def citer(
    access: ToolAccess, row: Any, summary: ActivitySummary | None
) -> Callable[[Any], dict[str, Any]]:
    """The moment fields (startTime, speaker, side, url) of a summary point's transcript line,
    for the next steps' `line` and each topic's first line; {} for a point without one."""
    lines: list[int | None] = []
    if summary is not None:
        lines = [s.get("line") for s in summary.next_steps]
        lines += [_first_line(t) for t in summary.topics]
    wanted = [(row.id, line) for line in lines if isinstance(line, int)]
    async with access.state.reader.connect() as reads:
        # the summary's own seller names: no second read of its insights
        sellers = {row.id: seller_speakers(summary.insights if summary else None)}
        found = await moments_of(reads, access.org_id, wanted, sellers)
    public = access.state.public_url

    def cited(line: Any) -> dict[str, Any]:
        moment = found.get((row.id, line)) if isinstance(line, int) else None
        if moment is None:
            return {}
        return {
            "startTime": moment.start,
            "speaker": moment.speaker,
            "side": moment.side,
            "url": moment_url(public, row.id, moment.start),
        }

    return cited


async def summary(
    session: AsyncSession, access: ToolAccess, row: Any, *, language: str | None = None
) -> Summary:
    stored = await get_summary(session, access.org_id, row.id)
    cited = await citer(access, row, stored)
    items = action_items(stored, await records_by_key(session, access.org_id, [row.id]), cited)
    fields = header(row, language)
    if stored is None and fields["note"] is None:
        fields["note"] = "No summary has been written for it"
    result = Summary(
        **fields,
        available=stored is not None,
        summaryText=stored.summary if stored else None,
        actionItems=items,
        next_steps=items,
        aiOpinion=stored.ai_opinion if stored else None,
    )
    if row.is_call:
        result.insights = (stored.insights or {}) if stored else None
    else:
        result.topics = (
            [
                Topic(
                    title=t["title"],
                    description=t.get("description", ""),
                    **cited(_first_line(t)),
                )
                for t in stored.topics
            ]
            if stored
            else []
        )
    return result
