"""The models the client returns: the server's own DTOs, so both sides read one definition,
plus the few that live beside their endpoints on the server."""

from __future__ import annotations

from typing import Literal

from meetsight.activities.schemas import (
    Call,
    CallAnalytics,
    CallChat,
    CallNote,
    CallNotes,
    CallParticipants,
    CallScore,
    CallSummary,
    CallTranscript,
    ChatMessage,
    Meeting,
    MeetingAnalytics,
    MeetingChat,
    MeetingCompany,
    MeetingContact,
    MeetingNote,
    MeetingNotes,
    MeetingOpportunity,
    MeetingParticipants,
    MeetingScore,
    MeetingSummary,
    MeetingTranscript,
)
from meetsight.comments.schemas import CommentOut as Comment
from meetsight.intelligence.schemas import SmartCategoryOut as SmartCategory
from meetsight.schemas import Schema
from meetsight.webhooks.schemas import WebhookDeliveryOut as WebhookDelivery
from meetsight.webhooks.schemas import WebhookOut as Webhook


class SentenceMatch(Schema):
    position: int
    speaker: str
    start_time: float
    end_time: float
    snippet: str


class SearchHit(Schema):
    id: str
    type: Literal["meeting", "call"]
    name: str
    start_date_time: str
    rank: float
    title_matched: bool
    matches: list[SentenceMatch]


__all__ = [
    "Call",
    "CallAnalytics",
    "CallChat",
    "CallNote",
    "CallNotes",
    "CallParticipants",
    "CallScore",
    "CallSummary",
    "CallTranscript",
    "ChatMessage",
    "Comment",
    "Meeting",
    "MeetingAnalytics",
    "MeetingChat",
    "MeetingCompany",
    "MeetingContact",
    "MeetingNote",
    "MeetingNotes",
    "MeetingOpportunity",
    "MeetingParticipants",
    "MeetingScore",
    "MeetingSummary",
    "MeetingTranscript",
    "SearchHit",
    "SentenceMatch",
    "SmartCategory",
    "Webhook",
    "WebhookDelivery",
]
