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
from meetsight.oauth.models import OAuthClient, OAuthCode, OAuthConsent, OAuthGrant, OAuthToken
from meetsight.organizations.models import Organization, Person, User
from meetsight.processing.models import Job
from meetsight.transcripts.models import TranscriptDocument, TranscriptSegment

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
    "OAuthClient",
    "OAuthCode",
    "OAuthConsent",
    "OAuthGrant",
    "OAuthToken",
    "Organization",
    "Person",
    "SmartCategory",
    "TranscriptDocument",
    "TranscriptSegment",
    "User",
]
