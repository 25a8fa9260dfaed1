"""Shared pieces of the OAuth tests: a registered client, PKCE pairs, codes issued in process."""

from __future__ import annotations

import base64
import secrets
from dataclasses import dataclass

from meetsight.oauth.clients import create_client
from meetsight.oauth.grants import issue_code, s256
from meetsight.oauth.models import OAuthClient
from meetsight.state import AppState

CALLBACK = "http://127.0.0.1:9/callback"


@dataclass
class Registered:
    client: OAuthClient
    secret: str | None

    @property
    def client_id(self) -> str:
        return self.client.client_id

    def basic(self) -> dict[str, str]:
        pair = f"{self.client_id}:{self.secret}".encode()
        return {"authorization": "Basic " + base64.b64encode(pair).decode()}


async def register(
    state: AppState,
    org_id: str,
    *,
    confidential: bool = True,
    scopes: list[str] | None = None,
) -> Registered:
    async with state.sessionmaker() as session:
        client, secret = await create_client(
            session,
            org_id,
            name="Test client",
            redirect_uris=[CALLBACK],
            scopes=scopes,
            confidential=confidential,
        )
        await session.commit()
    return Registered(client, secret)


def pkce() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    return verifier, s256(verifier)


async def code_for(
    state: AppState,
    registered: Registered,
    user_id: str,
    challenge: str,
    *,
    scopes: list[str] | None = None,
    resource: str | None = None,
) -> str:
    """A code as the consent page would issue it."""
    async with state.sessionmaker() as session:
        code = await issue_code(
            session,
            state.settings,
            client=registered.client,
            user_id=user_id,
            redirect_uri=CALLBACK,
            scopes=scopes or list(registered.client.scopes),
            resource=resource or state.public_url + "/api/v1",
            code_challenge=challenge,
        )
        await session.commit()
    return code


async def code_form(state: AppState, registered: Registered, user_id: str) -> dict[str, str]:
    """A fresh code, issued as the consent page issues it, in the form that trades it."""
    verifier, challenge = pkce()
    code = await code_for(state, registered, user_id, challenge)
    return {
        "grant_type": "authorization_code",
        "code": code,
        "code_verifier": verifier,
        "redirect_uri": CALLBACK,
    }
