"""The spec's meeting and call models (camelCase on the wire)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from meetsight.schemas import Schema

MeetingStatus = Literal["scheduled", "processing", "completed", "failed"]


class ActivityTypeOut(Schema):
    id: str
    name: str


class Meeting(Schema):
    meeting_id: str
    status: MeetingStatus
    name: str
    start_date_time: str = Field(description="ISO 8601, UTC")
    end_date_time: str | None = None
    duration: float | None = Field(None, description="Seconds")
    description: str | None = None
    media_type: Literal["videocall", "presential", "phonecall"] | None = None
    language: str | None = Field(None, description="ISO 639-1")
    thumbnail_url: str | None = None
    meeting_type: ActivityTypeOut | None = None
    ai_score: float | None = None
    url: str
    calendar_event_id: str | None = None
    failure_reason: str | None = Field(None, description="Why processing failed (status failed)")


class Call(Schema):
    call_id: str
    status: MeetingStatus
    name: str
    start_date_time: str
    end_date_time: str | None = None
    duration: float | None = None
    description: str | None = None
    language: str | None = None
    direction: Literal["inbound", "outbound"]
    from_number: str | None = None
    to_number: str | None = None
    call_type: ActivityTypeOut | None = None
    ai_score: float | None = None
    url: str
    failure_reason: str | None = None


class MeetingUploadResponse(Schema):
    meeting_id: str


class CallUploadResponse(Schema):
    call_id: str


class MeetingParticipant(Schema):
    id: str
    name: str
    email: str | None = None
    is_host: bool | None = None
    is_internal: bool | None = None


class CallParticipant(Schema):
    id: str
    name: str
    phone: str | None = None
    email: str | None = None
    is_host: bool | None = None
    is_internal: bool | None = None


class MeetingParticipants(Schema):
    meeting_id: str
    participants: list[MeetingParticipant]


class CallParticipants(Schema):
    call_id: str
    participants: list[CallParticipant]


class NextStepProposal(Schema):
    activity_id: str | None = None
    start_time: float | None = None
    quote: str | None = None


class NextStep(Schema):
    action: str
    actors: list[str]
    deadline: str
    # Added to the spec's three: the step's stable id and state (docs/accounts.md).
    id: str | None = Field(None, description="Stable across reprocessing; PATCH /next-steps/{id}")
    state: Literal["open", "done", "dropped"] | None = None
    proposed_state: Literal["open", "done", "dropped"] | None = Field(
        None, description="Proposed by a later conversation of the same account"
    )
    proposed_by: NextStepProposal | None = None


class Topic(Schema):
    title: str
    description: str


class MeetingSummary(Schema):
    meeting_id: str
    summary: str | None = None
    next_steps: list[NextStep] | None = None
    ai_opinion: str | None = None
    topics: list[Topic] | None = None
    engine: str | None = Field(None, description="builtin, or llm:<model>")
    engine_error: str | None = Field(None, description="Why the configured engine did not run")


class CallSummary(Schema):
    call_id: str
    summary: str | None = None
    next_steps: list[NextStep] | None = None
    ai_opinion: str | None = None
    insights: dict[str, Any] | None = None
    engine: str | None = Field(None, description="builtin, or llm:<model>")
    engine_error: str | None = Field(None, description="Why the configured engine did not run")


class TranscriptSegment(Schema):
    start_time: float
    end_time: float
    person_id: str
    participant_name: str
    content: str


class MeetingTranscript(Schema):
    meeting_id: str
    transcript: list[TranscriptSegment]


class CallTranscript(Schema):
    call_id: str
    transcript: list[TranscriptSegment]


class MeetingNote(Schema):
    id: str
    tag: str | None = None
    content: str
    priority: Literal["low", "medium", "high"] | None = None
    meeting_id: str
    smart_category_id: str | None = None  # absent once the category is deleted
    is_manual: bool
    start_timestamp: float | None = None
    end_timestamp: float | None = None


class MeetingNotes(Schema):
    meeting_id: str
    notes: list[MeetingNote]


class SmartCategoryRef(Schema):
    id: str
    name: str


class CallNote(Schema):
    id: str | None = None
    content: str
    smart_category: SmartCategoryRef | None = None  # absent once the category is deleted
    tag: str | None = None
    priority: Literal["low", "medium", "high"] | None = None
    is_manual: bool | None = None
    start_timestamp: float | None = None
    end_timestamp: float | None = None


class CallNotes(Schema):
    call_id: str
    notes: list[CallNote]


class ChatCitation(Schema):
    segment: int
    speaker: str
    start_time: float


class ChatMessage(Schema):
    question: str
    answer: str
    citations: list[ChatCitation] | None = None


class MeetingChat(Schema):
    meeting_id: str
    messages: list[ChatMessage]


class CallChat(Schema):
    call_id: str
    messages: list[ChatMessage]


class MeetingContact(Schema):
    contact_id: str


class MeetingCompany(Schema):
    company_id: str


class MeetingOpportunity(Schema):
    opportunity_id: str


class QuestionsBySpeaker(Schema):
    speaker_label: str
    count: int


class ParticipantParticipation(Schema):
    speaker_label: str
    average_speaking_time: float = Field(
        description="Total speaking time in seconds (the spec's name, its description)"
    )
    total_speaking_time: str = Field(description="mm:ss")
    longest_monologue: float
    number_of_interventions: int
    average_time_per_intervention: float


class MeetingAnalytics(Schema):
    meeting_id: str
    questions_by_speaker: list[QuestionsBySpeaker]
    participant_participation: list[ParticipantParticipation]


class CallAnalytics(Schema):
    call_id: str
    questions_by_speaker: list[QuestionsBySpeaker]
    participant_participation: list[ParticipantParticipation]


class ScoreObjective(Schema):
    objective: str
    score: float | None = Field(None, ge=0, le=100)
    explanation: str | None = None


class MeetingScore(Schema):
    meeting_id: str
    score: float | None = Field(None, ge=0, le=100)
    score_justification: str | None = None
    objectives: list[ScoreObjective]


class CallScore(Schema):
    call_id: str
    score: float | None = Field(None, ge=0, le=100)
    score_justification: str | None = None
    objectives: list[ScoreObjective]
