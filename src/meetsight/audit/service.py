"""Writing and reading audit events. Writers flush inside the caller's transaction, so an event
is stored exactly when the change it describes is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.audit import repository
from meetsight.audit.models import AuditEvent

# Every action the log knows, with the sentence the settings page shows.
ACTIONS = {
    "signin.ok": "Signed in",
    "signin.failed": "Sign-in failed (wrong password)",
    "signin.locked": "Sign-in refused (too many failures)",
    "signout": "Signed out",
    "setup.completed": "Set up the organization",
    "api_key.created": "Created API key",
    "api_key.revoked": "Revoked API key",
    "oauth_client.created": "Registered OAuth client",
    "oauth_client.rotated": "Rotated OAuth client secret",
    "oauth_client.deleted": "Deleted OAuth client",
    "member.added": "Added member",
    "member.role_changed": "Changed member role",
    "member.removed": "Removed member",
    "webhook.created": "Created webhook",
    "webhook.changed": "Changed webhook",
    "webhook.rotated": "Rotated webhook secret",
    "webhook.deleted": "Deleted webhook",
}


@dataclass(frozen=True, slots=True)
class Actor:
    """Who acts: a signed-in user, or nobody yet (a failed sign-in names its email)."""

    user_id: str | None
    label: str | None
    ip: str | None = None


async def record_event(
    session: AsyncSession,
    *,
    organization_id: str,
    action: str,
    actor: Actor,
    target_kind: str | None = None,
    target_id: str | None = None,
    target_label: str | None = None,
    detail: dict[str, Any] | None = None,
) -> AuditEvent:
    """Add one event; ValueError for an action not in ACTIONS (a typo would hide events)."""
    if action not in ACTIONS:
        raise ValueError(f"unknown audit action {action!r}")
    event = AuditEvent(
        organization_id=organization_id,
        action=action,
        actor_user_id=actor.user_id,
        actor_label=(actor.label or "")[:320] or None,
        target_kind=target_kind,
        target_id=target_id,
        target_label=(target_label or "")[:320] or None,
        ip=(actor.ip or "")[:64] or None,
        detail=detail or {},
    )
    session.add(event)
    await session.flush()
    return event


async def list_events(
    session: AsyncSession, organization_id: str, *, limit: int, page: int
) -> tuple[list[AuditEvent], int]:
    """Newest first; the page's events and the total."""
    return await repository.page_events(
        session, organization_id, limit=limit, offset=(page - 1) * limit
    )
