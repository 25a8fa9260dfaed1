"""The token and revocation endpoints and bearer tokens on REST and MCP, in process on both
engines: codes are issued as the consent page issues them (the browser part is covered by the
served tests)."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import pytest
import sqlalchemy as sa

from fixtures.factories import Tenant, make_activity
from fixtures.oauth_codes import CALLBACK, Registered, code_for, pkce, register
from meetsight.auth.oauth.models import OAuthCode
from meetsight.auth.scopes import CALLS_READ, MEETINGS_READ
from meetsight.state import AppState

TOKEN = "/v1/oauth/token"
REVOKE = "/v1/oauth/revoke"
MEETINGS = "/api/v1/meetings"
MCP = "/api/v1/mcp"


async def exchange(
    client: httpx.AsyncClient, registered: Registered, code: str, verifier: str | None, **extra: str
) -> httpx.Response:
    form = {"grant_type": "authorization_code", "code": code, "redirect_uri": CALLBACK, **extra}
    if verifier is not None:
        form["code_verifier"] = verifier
    return await client.post(TOKEN, data=form, headers=registered.basic())


async def tokens(
    client: httpx.AsyncClient, state: AppState, registered: Registered, tenant: Tenant, **kw: str
) -> dict[str, str]:
    verifier, challenge = pkce()
    code = await code_for(state, registered, tenant.user_id, challenge, **kw)  # type: ignore[arg-type]
    answer = await exchange(client, registered, code, verifier)
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "no-store"
    return dict(answer.json())


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


async def test_code_token_rest_mcp_refresh_reuse_revoke(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    registered = await register(state, tenant.org_id)
    await make_activity(state, tenant)
    issued = await tokens(client, state, registered, tenant)
    assert issued["token_type"] == "Bearer" and issued["expires_in"] == 3600
    assert issued["access_token"].startswith("msa_") and issued["refresh_token"].startswith("msr_")
    assert set(issued["scope"].split()) == set(registered.client.scopes)

    listing = await client.get(MEETINGS, headers=bearer(issued["access_token"]))
    assert listing.status_code == 200 and listing.json()["count"] == 1
    tool = await client.post(
        MCP, json={"name": "list_meetings"}, headers=bearer(issued["access_token"])
    )
    assert tool.status_code == 200 and not tool.json().get("isError"), tool.text

    form = {"grant_type": "refresh_token", "refresh_token": issued["refresh_token"]}
    renewed = await client.post(TOKEN, data=form, headers=registered.basic())
    assert renewed.status_code == 200, renewed.text
    fresh = renewed.json()
    assert fresh["refresh_token"] != issued["refresh_token"]
    assert (await client.get(MEETINGS, headers=bearer(fresh["access_token"]))).status_code == 200

    # The spent refresh token comes back: it leaked, so the whole grant ends.
    reused = await client.post(TOKEN, data=form, headers=registered.basic())
    assert reused.status_code == 400 and reused.json()["error"] == "invalid_grant"
    for token in (issued["access_token"], fresh["access_token"]):
        refused = await client.get(MEETINGS, headers=bearer(token))
        assert refused.status_code == 401
        assert 'error="invalid_token"' in refused.headers["www-authenticate"]
    again = {"grant_type": "refresh_token", "refresh_token": fresh["refresh_token"]}
    assert (await client.post(TOKEN, data=again, headers=registered.basic())).status_code == 400


async def test_revocation(client: httpx.AsyncClient, state: AppState, tenant: Tenant) -> None:
    registered = await register(state, tenant.org_id)
    first = await tokens(client, state, registered, tenant)
    second = await tokens(client, state, registered, tenant)
    form = {"token": first["access_token"], "token_type_hint": "access_token"}
    assert (await client.post(REVOKE, data=form, headers=registered.basic())).status_code == 200
    assert (await client.get(MEETINGS, headers=bearer(first["access_token"]))).status_code == 401
    assert (await client.get(MEETINGS, headers=bearer(second["access_token"]))).status_code == 200
    # Revoking a refresh token ends its grant, access tokens included.
    form = {"token": second["refresh_token"]}
    assert (await client.post(REVOKE, data=form, headers=registered.basic())).status_code == 200
    assert (await client.get(MEETINGS, headers=bearer(second["access_token"]))).status_code == 401
    # Unknown tokens are answered 200 as well (RFC 7009); a client must authenticate.
    unknown = {"token": "msa_unknown"}
    assert (await client.post(REVOKE, data=unknown, headers=registered.basic())).status_code == 200
    anonymous = await client.post(REVOKE, data={"token": "x", "client_id": registered.client_id})
    assert anonymous.status_code == 401 and anonymous.json()["error"] == "invalid_client"


async def test_pkce_and_code_rules(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    registered = await register(state, tenant.org_id)
    verifier, challenge = pkce()
    code = await code_for(state, registered, tenant.user_id, challenge)
    missing = await exchange(client, registered, code, None)
    assert missing.status_code == 400 and missing.json()["error"] == "invalid_request"
    # A wrong verifier or redirect_uri spends the code: tests/hostile/test_oauth_pkce.py.
    first = await exchange(client, registered, code, verifier)
    assert first.status_code == 200
    # The code again: refused, and what its first use issued is revoked.
    second = await exchange(client, registered, code, verifier)
    assert second.status_code == 400 and second.json()["error"] == "invalid_grant"
    access = first.json()["access_token"]
    assert (await client.get(MEETINGS, headers=bearer(access))).status_code == 401

    expired = await code_for(state, registered, tenant.user_id, challenge)
    async with state.sessionmaker() as session:
        await session.execute(
            sa.update(OAuthCode)
            .where(OAuthCode.organization_id == tenant.org_id, OAuthCode.used_at.is_(None))
            .values(expires_at=datetime(2000, 1, 1, tzinfo=UTC))
        )
        await session.commit()
    late = await exchange(client, registered, expired, verifier)
    assert late.status_code == 400 and "expired" in late.json()["error_description"]


async def test_client_authentication(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    confidential = await register(state, tenant.org_id)
    verifier, challenge = pkce()
    code = await code_for(state, confidential, tenant.user_id, challenge)
    base = {"grant_type": "authorization_code", "code": code, "code_verifier": verifier}
    wrong = Registered(confidential.client, "mss_wrong")
    answer = await client.post(
        TOKEN, data={**base, "redirect_uri": CALLBACK}, headers=wrong.basic()
    )
    assert answer.status_code == 401 and answer.json()["error"] == "invalid_client"
    assert answer.headers["www-authenticate"].startswith("Basic")
    no_secret = {**base, "redirect_uri": CALLBACK, "client_id": confidential.client_id}
    assert (await client.post(TOKEN, data=no_secret)).status_code == 401
    unknown = {**base, "client_id": "msc_nobody", "client_secret": "x"}
    assert (await client.post(TOKEN, data=unknown)).json()["error"] == "invalid_client"
    # client_secret_post works as well as Basic.
    post = {**no_secret, "client_secret": confidential.secret}
    assert (await client.post(TOKEN, data=post)).status_code == 200

    public = await register(state, tenant.org_id, confidential=False)
    verifier, challenge = pkce()
    code = await code_for(state, public, tenant.user_id, challenge)
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "code_verifier": verifier,
        "redirect_uri": CALLBACK,
        "client_id": public.client_id,
    }
    with_secret = await client.post(TOKEN, data={**form, "client_secret": "mss_x"})
    assert with_secret.status_code == 401
    answer = await client.post(TOKEN, data=form)
    assert answer.status_code == 200, answer.text
    # Another client cannot use this client's code or refresh token.
    refresh = {"grant_type": "refresh_token", "refresh_token": answer.json()["refresh_token"]}
    stolen = await client.post(TOKEN, data=refresh, headers=confidential.basic())
    assert stolen.json()["error"] == "invalid_grant"


async def test_malformed_token_requests(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    registered = await register(state, tenant.org_id)
    as_json = await client.post(TOKEN, json={"grant_type": "authorization_code"})
    assert as_json.status_code == 400 and as_json.json()["error"] == "invalid_request"
    password = await client.post(TOKEN, data={"grant_type": "password"}, headers=registered.basic())
    assert password.json()["error"] == "unsupported_grant_type"
    repeated = await client.post(
        TOKEN,
        content=b"grant_type=a&grant_type=b",
        headers={"content-type": "application/x-www-form-urlencoded", **registered.basic()},
    )
    assert repeated.json()["error"] == "invalid_request"


async def test_resources_bind_tokens(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    registered = await register(state, tenant.org_id)
    mcp_only = await tokens(
        client, state, registered, tenant, resource=state.public_url + "/api/v1/mcp"
    )
    assert (await client.get(MEETINGS, headers=bearer(mcp_only["access_token"]))).status_code == 401
    on_mcp = await client.post(
        MCP, json={"name": "list_meetings"}, headers=bearer(mcp_only["access_token"])
    )
    assert on_mcp.status_code == 200
    everything = await tokens(client, state, registered, tenant, resource=state.public_url)
    assert (
        await client.get(MEETINGS, headers=bearer(everything["access_token"]))
    ).status_code == 200

    verifier, challenge = pkce()
    code = await code_for(state, registered, tenant.user_id, challenge)
    foreign = await exchange(client, registered, code, verifier, resource="https://evil.example/")
    assert foreign.status_code == 400 and foreign.json()["error"] == "invalid_target"


async def test_scopes_tenants_and_api_key_header(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, other_tenant: Tenant
) -> None:
    registered = await register(state, tenant.org_id, scopes=[CALLS_READ])
    calls_only = await tokens(client, state, registered, tenant)
    assert "refresh_token" not in calls_only  # no offline_access, no refresh token
    denied = await client.get(MEETINGS, headers=bearer(calls_only["access_token"]))
    assert denied.status_code == 403
    assert 'error="insufficient_scope"' in denied.headers["www-authenticate"]
    assert 'scope="meetings:read"' in denied.headers["www-authenticate"]
    assert (
        await client.get("/api/v1/calls", headers=bearer(calls_only["access_token"]))
    ).status_code == 200

    # With a bearer token, a valid X-API-Key is not looked at.
    both = {**bearer("msa_not-a-token"), "x-api-key": tenant.key}
    assert (await client.get(MEETINGS, headers=both)).status_code == 401

    # A token of another organization's client reads that organization only.
    mine = await make_activity(state, tenant)
    theirs = await register(state, other_tenant.org_id, scopes=[MEETINGS_READ])
    foreign = await tokens(client, state, theirs, other_tenant)
    got = await client.get(f"{MEETINGS}/{mine}", headers=bearer(foreign["access_token"]))
    assert got.status_code == 404
    listing = await client.get(MEETINGS, headers=bearer(foreign["access_token"]))
    assert mine not in {m["id"] for m in listing.json()["data"]}


@pytest.mark.parametrize(
    ("path", "resource_path"),
    [(MEETINGS, "/api/v1"), (MCP, "/api/v1/mcp")],
)
async def test_401_points_to_resource_metadata(
    client: httpx.AsyncClient, state: AppState, path: str, resource_path: str
) -> None:
    answer = (
        await client.post(path, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        if path == MCP
        else await client.get(path)
    )
    assert answer.status_code == 401
    challenge = answer.headers["www-authenticate"]
    prm = f"{state.public_url}/.well-known/oauth-protected-resource{resource_path}"
    assert f'resource_metadata="{prm}"' in challenge and "scope=" in challenge
    document = (await client.get(prm.removeprefix(state.public_url))).json()
    assert document["resource"] == state.public_url + resource_path
    assert document["authorization_servers"] == [state.public_url]


async def test_metadata_documents(client: httpx.AsyncClient, state: AppState) -> None:
    for path in (
        "/.well-known/oauth-authorization-server",
        "/api/v1/mcp/.well-known/openid-configuration",
    ):
        document = (await client.get(path)).json()
        assert document["issuer"] == state.public_url
        assert document["authorization_endpoint"] == state.public_url + "/oauth/authorize"
        assert document["token_endpoint"] == state.public_url + "/v1/oauth/token"
        assert document["revocation_endpoint"] == state.public_url + "/v1/oauth/revoke"
        assert document["code_challenge_methods_supported"] == ["S256"]
        assert document["authorization_response_iss_parameter_supported"] is True
        assert "meetings:read" in document["scopes_supported"]
        assert set(document["grant_types_supported"]) == {"authorization_code", "refresh_token"}
    root = (await client.get("/.well-known/oauth-protected-resource")).json()
    assert root["resource"] == state.public_url


async def test_mcp_asks_for_a_read_scope(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    registered = await register(state, tenant.org_id, scopes=["meetings:write"])
    write_only = await tokens(client, state, registered, tenant)
    message = {"jsonrpc": "2.0", "id": 7, "method": "tools/list"}
    answer = await client.post(
        MCP,
        json=message,
        headers={
            **bearer(write_only["access_token"]),
            "accept": "application/json, text/event-stream",
        },
    )
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == -32003 and answer.json()["id"] == 7
    challenge = answer.headers["www-authenticate"]
    assert 'error="insufficient_scope"' in challenge
    assert 'scope="meetings:read calls:read"' in challenge
