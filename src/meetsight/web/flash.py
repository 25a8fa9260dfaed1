"""One-time messages across a redirect (post/redirect/get), kept in the session row.

A new secret (API key, client secret) is shown on the page after the redirect and never again.
It is sealed with AES-GCM under a key derived from the session cookie's token, which the server
does not store, and deleted when read: the database alone cannot reveal it.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
from typing import Any

import sqlalchemy as sa
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.requests import Request

from meetsight.db.unit_of_work import checkpoint
from meetsight.web.context import web_context
from meetsight.web.models import WebSession
from meetsight.web.sessions import hash_token, session_token


async def set_flash(session: AsyncSession, request: Request, data: dict[str, Any]) -> None:
    """Seal `data` into the request's session row (inside the caller's transaction)."""
    token = session_token(request)
    if token is None:
        return
    key = web_context(request).derive("flash", token)
    nonce = os.urandom(12)
    sealed = nonce + AESGCM(key).encrypt(nonce, json.dumps(data).encode(), None)
    await session.execute(
        sa.update(WebSession)
        .where(WebSession.token_hash == hash_token(token))
        .values(flash=base64.b64encode(sealed).decode())
    )


async def pop_flash(session: AsyncSession, request: Request) -> dict[str, Any] | None:
    """The sealed message of this session, removed and committed in the same step; None when
    there is none."""
    token = session_token(request)
    if token is None:
        return None
    where = WebSession.token_hash == hash_token(token)
    stored = (await session.execute(sa.select(WebSession.flash).where(where))).scalar()
    # Checkpoints, not one commit at the end: the read ends before the write begins (SQLite
    # cannot upgrade a read that another writer overtook), and the page renders after the write
    # is committed (it would hold SQLite's write lock otherwise).
    await checkpoint(session)
    if stored is None:
        return None
    await session.execute(sa.update(WebSession).where(where).values(flash=None))
    await checkpoint(session)
    key = web_context(request).derive("flash", token)
    try:
        raw = base64.b64decode(stored)
        data = json.loads(AESGCM(key).decrypt(raw[:12], raw[12:], None))
    except (InvalidTag, ValueError, binascii.Error):
        return None
    return data if isinstance(data, dict) else None
