"""The one credential check: request headers to an AuthContext, shared by REST and MCP."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from meetsight.auth.context import AuthContext

if TYPE_CHECKING:
    from meetsight.state import AppState


async def resolve_credential(state: AppState, headers: Mapping[str, str]) -> AuthContext | None:
    """The context of the request's credential, or None when it is missing or invalid.

    `headers` must be case-insensitive (Starlette's Headers). Today the credential is an
    `X-API-Key`; OAuth access tokens (`Authorization: Bearer`) are to be checked here first, and
    when one is present the API key header is not consulted (the spec's authentication rule 6).
    """
    key = headers.get("x-api-key")
    if not key:
        return None
    return await state.api_keys.verify(state.sessionmaker, key.strip())
