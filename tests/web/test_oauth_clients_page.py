"""/settings/oauth-clients: register (secret shown once, stored as a hash), rotate, delete;
another organization's client is 404; the audit log records each change."""

from __future__ import annotations

import re

import httpx
import sqlalchemy as sa

from fixtures.factories import make_tenant
from meetsight.audit.models import AuditEvent
from meetsight.auth.oauth.clients import create_client
from meetsight.auth.oauth.hashing import client_secret_matches
from meetsight.auth.oauth.models import OAuthClient
from meetsight.state import AppState
from web.pages import WebUserInfo, post_form

PAGE = "/settings/oauth-clients"
SECRET = re.compile(r'<code id="shown-secret">([^<]+)</code>')
CLIENT_ID = re.compile(r'<code id="shown-client-id">([^<]+)</code>')


async def register(client: httpx.AsyncClient, **changes: object) -> httpx.Response:
    form: dict[str, object] = {
        "name": "Claude connector",
        "redirect_uris": "https://claude.ai/api/mcp/auth_callback\nhttp://127.0.0.1:33418/cb",
        "type": "confidential",
        "scopes": ["meetings:read", "calls:read", "offline_access"],
    }
    form.update(changes)
    return await post_form(client, PAGE, PAGE, form)  # type: ignore[arg-type]


async def stored(state: AppState, client_id: str) -> OAuthClient | None:
    async with state.sessionmaker() as session:
        return (
            await session.execute(sa.select(OAuthClient).where(OAuthClient.client_id == client_id))
        ).scalar_one_or_none()


async def test_register_shows_the_secret_once(
    signed_in: httpx.AsyncClient, state: AppState
) -> None:
    assert (await register(signed_in)).status_code == 303
    page = await signed_in.get(PAGE)
    secret, client_id = SECRET.search(page.text), CLIENT_ID.search(page.text)
    assert secret and client_id, page.text[:1500]
    again = await signed_in.get(PAGE)
    assert secret.group(1) not in again.text and client_id.group(1) in again.text
    record = await stored(state, client_id.group(1))
    assert record is not None and record.confidential
    assert record.redirect_uris == [
        "https://claude.ai/api/mcp/auth_callback",
        "http://127.0.0.1:33418/cb",
    ]
    assert record.scopes == ["meetings:read", "calls:read", "offline_access"]
    assert client_secret_matches(record.secret_hash, secret.group(1))


async def test_public_client_has_no_secret(signed_in: httpx.AsyncClient, state: AppState) -> None:
    await register(signed_in, name="Cursor", type="public", redirect_uris="cursor://anysphere/cb")
    page = await signed_in.get(PAGE)
    assert not SECRET.search(page.text) and "has no secret" in page.text
    client_id = CLIENT_ID.search(page.text)
    record = await stored(state, client_id.group(1))  # type: ignore[union-attr]
    assert record is not None and not record.confidential and record.secret_hash is None


async def test_rotate_replaces_the_secret(signed_in: httpx.AsyncClient, state: AppState) -> None:
    await register(signed_in)
    page = await signed_in.get(PAGE)
    old, client_id = SECRET.search(page.text).group(1), CLIENT_ID.search(page.text).group(1)  # type: ignore[union-attr]
    answer = await post_form(signed_in, PAGE, f"{PAGE}/{client_id}/rotate", {})
    assert answer.status_code == 303
    new = SECRET.search((await signed_in.get(PAGE)).text).group(1)  # type: ignore[union-attr]
    record = await stored(state, client_id)
    assert record is not None and new != old
    assert client_secret_matches(record.secret_hash, new)
    assert not client_secret_matches(record.secret_hash, old)


async def test_delete_removes_the_client_and_is_audited(
    signed_in: httpx.AsyncClient, state: AppState, admin: WebUserInfo
) -> None:
    await register(signed_in, name="Short-lived")
    client_id = CLIENT_ID.search((await signed_in.get(PAGE)).text).group(1)  # type: ignore[union-attr]
    assert (await post_form(signed_in, PAGE, f"{PAGE}/{client_id}/delete", {})).status_code == 303
    assert await stored(state, client_id) is None
    async with state.sessionmaker() as session:
        actions = set(
            (
                await session.execute(
                    sa.select(AuditEvent.action).where(AuditEvent.target_id == client_id)
                )
            ).scalars()
        )
    assert actions == {"oauth_client.created", "oauth_client.deleted"}


async def test_bad_input_is_shown_on_the_form(signed_in: httpx.AsyncClient) -> None:
    no_uri = await register(signed_in, redirect_uris="  ")
    assert no_uri.status_code == 422 and "at least one redirect URI" in no_uri.text
    plain_http = await register(signed_in, redirect_uris="http://evil.example/cb")
    assert plain_http.status_code == 422 and "loopback" in plain_http.text
    no_scope = await register(signed_in, scopes=[])
    assert no_scope.status_code == 422 and "choose at least one" in no_scope.text
    # What was typed stays in the form.
    assert "Claude connector" in no_scope.text


async def test_another_organizations_client_is_404(
    signed_in: httpx.AsyncClient, state: AppState
) -> None:
    other = await make_tenant(state)
    async with state.sessionmaker() as session:
        client, _ = await create_client(
            session,
            other.org_id,
            name="theirs",
            redirect_uris=["https://example.com/cb"],
            scopes=None,
            confidential=True,
        )
        await session.commit()
    for action in ("rotate", "delete"):
        answer = await post_form(signed_in, PAGE, f"{PAGE}/{client.client_id}/{action}", {})
        assert answer.status_code == 404, action
    assert await stored(state, client.client_id) is not None
