"""Who is calling a tool: the credential the endpoint resolved for this HTTP request."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mcp.server.mcpserver import Context

from meetsight.auth.context import AuthContext
from meetsight.mcp.errors import UNAUTHORIZED, ToolFailure
from meetsight.state import AppState

SCOPE_KEY = "meetsight.mcp"  # the ASGI scope entry the endpoint fills before the SDK runs


@dataclass(frozen=True, slots=True)
class ToolAccess:
    auth: AuthContext
    state: AppState

    @property
    def org_id(self) -> str:
        return self.auth.organization_id

    def can_read(self, scope: str) -> bool:
        return scope in self.auth.scopes

    def require(self, scope: str) -> None:
        if scope not in self.auth.scopes:
            raise ToolFailure(f"This credential lacks the scope {scope}")


def tool_access(ctx: Context[Any, Any], *required_scopes: str) -> ToolAccess:
    """The caller's access, holding every scope named; ToolFailure otherwise.

    The SDK hands tools the Starlette request it built from the endpoint's ASGI scope, so what
    the endpoint stored there is what the tool sees, on every protocol revision."""
    try:
        request = ctx.request_context.request
    except ValueError:  # called outside an HTTP request
        request = None
    found = getattr(request, "scope", {}).get(SCOPE_KEY)
    if not isinstance(found, ToolAccess):
        raise ToolFailure(UNAUTHORIZED)
    for scope in required_scopes:
        found.require(scope)
    return found
