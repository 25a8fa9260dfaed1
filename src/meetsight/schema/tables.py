"""Imports every model so that Base.metadata knows all tables (Alembic, the Citus plan, tests)."""

from meetsight.accounts.models import (
    Account,
    AccountActivity,
    AccountDomain,
    Deal,
    DealActivity,
    NextStepRecord,
)
from meetsight.activities.models import Activity, ActivityLink, ActivityParticipant, ActivityType
from meetsight.audit.models import AuditEvent
from meetsight.auth.models import ApiKey
from meetsight.auth.oauth.models import OAuthClient, OAuthCode, OAuthConsent, OAuthGrant, OAuthToken
from meetsight.comments.models import Comment
from meetsight.db.base import Base
from meetsight.intelligence.models import (
    ActivityAnalytics,
    ActivityScore,
    ActivitySummary,
    ChatMessage,
    Note,
    SmartCategory,
)
from meetsight.jobs.models import Job
from meetsight.organizations.models import Organization, Person, User
from meetsight.trackers.models import Tracker, TrackerMention
from meetsight.transcripts.models import TranscriptDocument, TranscriptSegment
from meetsight.trends.models import ConversationMetrics, ConversationObjectiveScore
from meetsight.web.models import SigninAttempt, WebSession
from meetsight.webhooks.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint

__all__ = [
    "Account",
    "AccountActivity",
    "AccountDomain",
    "Activity",
    "ActivityAnalytics",
    "ActivityLink",
    "ActivityParticipant",
    "ActivityScore",
    "ActivitySummary",
    "ActivityType",
    "ApiKey",
    "AuditEvent",
    "Base",
    "ChatMessage",
    "Comment",
    "ConversationMetrics",
    "ConversationObjectiveScore",
    "Deal",
    "DealActivity",
    "Job",
    "NextStepRecord",
    "Note",
    "OAuthClient",
    "OAuthCode",
    "OAuthConsent",
    "OAuthGrant",
    "OAuthToken",
    "Organization",
    "Person",
    "SigninAttempt",
    "SmartCategory",
    "Tracker",
    "TrackerMention",
    "TranscriptDocument",
    "TranscriptSegment",
    "User",
    "WebSession",
    "WebhookAttempt",
    "WebhookDelivery",
    "WebhookEndpoint",
]
