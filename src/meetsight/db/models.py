"""Imports every model so that Base.metadata knows all tables (Alembic, tests)."""

from meetsight.activities.models import Activity, ActivityLink, ActivityParticipant, ActivityType
from meetsight.auth.models import ApiKey
from meetsight.db.base import Base
from meetsight.intelligence.models import (
    ActivityAnalytics,
    ActivityScore,
    ActivitySummary,
    ChatMessage,
    Note,
    SmartCategory,
)
from meetsight.organizations.models import Organization, Person, User
from meetsight.processing.models import Job
from meetsight.transcripts.models import TranscriptDocument, TranscriptSegment
from meetsight.webhooks.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint

__all__ = [
    "Activity",
    "ActivityAnalytics",
    "ActivityLink",
    "ActivityParticipant",
    "ActivityScore",
    "ActivitySummary",
    "ActivityType",
    "ApiKey",
    "Base",
    "ChatMessage",
    "Job",
    "Note",
    "Organization",
    "Person",
    "SmartCategory",
    "TranscriptDocument",
    "TranscriptSegment",
    "User",
    "WebhookAttempt",
    "WebhookDelivery",
    "WebhookEndpoint",
]
