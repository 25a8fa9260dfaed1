"""The signed-in user as the services' AuthContext: every read and write of the app pages is
scoped to the user's organization through it, as the REST API's are through a key."""

from __future__ import annotations

from typing import Any

from meetsight.activities.service import require_activity
from meetsight.auth.context import AuthContext
from meetsight.auth.scopes import API_KEY_SCOPES
from meetsight.db.reads import Reader
from meetsight.errors import NotFound
from meetsight.web.errors import PageError
from meetsight.web.sessions import WebUser


def web_auth(user: WebUser) -> AuthContext:
    """Every member of an organization reads and changes its meetings and calls (sign-in has no
    narrower scopes; roles govern the settings pages)."""
    return AuthContext(
        organization_id=user.organization_id,
        scopes=frozenset(API_KEY_SCOPES),
        credential_kind="session",
        credential_id=user.session_id,
        user_id=user.id,
    )


async def conversation_row(reader: Reader, user: WebUser, activity_id: str) -> Any:
    """The activity row of the user's organization, or the 404 page (another organization's
    id reads exactly like a missing one)."""
    try:
        return await require_activity(reader, web_auth(user), activity_id, None)
    except NotFound:
        raise PageError(404, "No meeting or call with this address.") from None
