"""The one credential check: request headers to an AuthContext, shared by REST and MCP."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from meetsight.auth.context import AuthContext
from meetsight.auth.resources import API_PATH

if TYPE_CHECKING:
    from meetsight.auth.app_state import AuthState


def bearer_token(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer` header; None for no header or another scheme."""
    if not authorization:
        return None
    scheme, _, value = authorization.strip().partition(" ")
    if scheme.lower() != "bearer":
        return None
    return value.strip()


async def resolve_credential(
    state: AuthState, headers: Mapping[str, str], resource: str | None = None
) -> AuthContext | None:
    """The context of the request's credential, or None when it is missing or invalid.

    `headers` must be case-insensitive (Starlette's Headers). An OAuth access token
    (`Authorization: Bearer`) is checked first and, when one is present, the `X-API-Key` header
    is not consulted (the spec's authentication rule 6). `resource` is what the request is for
    (meetsight.auth.resources; default the REST API): a token bound elsewhere is refused.
    """
    token = bearer_token(headers.get("authorization"))
    if token is not None:
        target = resource or state.public_url + API_PATH
        return await state.bearer.verify(state.sessionmaker, token, target)
    key = headers.get("x-api-key")
    if not key:
        return None
    return await state.api_keys.verify(state.sessionmaker, key.strip())
