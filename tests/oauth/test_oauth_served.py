"""The whole flow over HTTP against a served meetsight, driven by Authlib's OAuth client (PKCE
S256, `resource`) and a scripted browser: sign in, consent, code, token, REST and MCP calls,
refresh, reuse detection, revocation; then the ways it must refuse."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import httpx
import pytest
from authlib.common.security import generate_token
from authlib.integrations.httpx_client import AsyncOAuth2Client, OAuthError
from browser import Browser, query_of
from oauth_server import CALLBACK, CODE_SECONDS, PASSWORD, OAuthServer, Org

from fixtures.multipart import multipart

SCOPE = "meetings:read meetings:write calls:read offline_access"
TRANSCRIPT = b"WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n<v Olivia>Thanks for joining.\n"


def endpoints(server: OAuthServer) -> dict[str, str]:
    return {
        "authorize": server.url + "/oauth/authorize",
        "token": server.url + "/v1/oauth/token",
        "revoke": server.url + "/v1/oauth/revoke",
        "rest": server.url + "/api/v1",
        "mcp": server.url + "/api/v1/mcp",
    }


def oauth_client(server: OAuthServer, org: Org, *, public: bool = False) -> AsyncOAuth2Client:
    if public:
        return AsyncOAuth2Client(
            org.public_id,
            scope=SCOPE,
            redirect_uri=CALLBACK,
            code_challenge_method="S256",
            token_endpoint_auth_method="none",
        )
    return AsyncOAuth2Client(
        org.confidential_id,
        org.confidential_secret,
        scope=SCOPE,
        redirect_uri=CALLBACK,
        code_challenge_method="S256",
        token_endpoint_auth_method="client_secret_basic",
    )


@pytest.fixture
async def browser(oauth_server: OAuthServer) -> AsyncIterator[Browser]:
    browser = Browser(oauth_server.url)
    await browser.sign_in(oauth_server.home.email, PASSWORD)
    yield browser
    await browser.close()


async def authorized(
    server: OAuthServer, browser: Browser, client: AsyncOAuth2Client, resource: str
) -> tuple[str, str]:
    """(the redirect back to the client, the PKCE verifier)."""
    verifier = generate_token(64)
    url, state = client.create_authorization_url(
        endpoints(server)["authorize"], code_verifier=verifier, resource=resource
    )
    location = await browser.authorize(url)
    params = query_of(location)
    assert location.startswith(CALLBACK + "?"), location
    assert params["state"] == state and params["iss"] == server.url  # RFC 9207
    return location, verifier


async def fetch_token(
    server: OAuthServer, client: AsyncOAuth2Client, location: str, verifier: str, resource: str
) -> dict[str, object]:
    return dict(
        await client.fetch_token(
            endpoints(server)["token"],
            authorization_response=location,
            code_verifier=verifier,
            resource=resource,
        )
    )


def bearer(token: object) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


async def mcp_tools(http: httpx.AsyncClient, server: OAuthServer, token: object) -> httpx.Response:
    return await http.post(
        endpoints(server)["mcp"],
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        headers={
            **bearer(token),
            "accept": "application/json, text/event-stream",
            "mcp-protocol-version": "2025-11-25",
        },
    )


async def test_full_flow(oauth_server: OAuthServer, browser: Browser) -> None:
    server, urls = oauth_server, endpoints(oauth_server)
    resource = urls["rest"]
    async with oauth_client(server, server.home) as client, httpx.AsyncClient() as http:
        location, verifier = await authorized(server, browser, client, resource)
        token = await fetch_token(server, client, location, verifier, resource)
        assert token["token_type"] == "Bearer" and "refresh_token" in token
        assert set(str(token["scope"]).split()) == set(SCOPE.split())

        body, headers = multipart(
            [("name", "OAuth review"), ("startDateTime", "2026-04-01T09:30:00Z")],
            [("transcript", "call.vtt", TRANSCRIPT, "text/vtt")],
        )
        created = await http.post(
            urls["rest"] + "/meetings/upload",
            content=body,
            headers={**headers, **bearer(token["access_token"])},
        )
        assert created.status_code == 201, created.text
        meeting_id = next(iter(created.json()["data"].values()))
        read = await http.get(
            f"{urls['rest']}/meetings/{meeting_id}", headers=bearer(token["access_token"])
        )
        assert read.status_code == 200
        tools = await mcp_tools(http, server, token["access_token"])
        assert tools.status_code == 200 and tools.json()["result"]["tools"], tools.text

        # Refresh through Authlib, then present the spent refresh token again.
        old_refresh = token["refresh_token"]
        renewed = dict(await client.refresh_token(urls["token"], refresh_token=old_refresh))
        assert renewed["refresh_token"] != old_refresh
        listing = await http.get(
            urls["rest"] + "/meetings", headers=bearer(renewed["access_token"])
        )
        assert listing.status_code == 200
        with pytest.raises(OAuthError, match="invalid_grant"):
            await client.refresh_token(urls["token"], refresh_token=old_refresh)
        refused = await http.get(
            urls["rest"] + "/meetings", headers=bearer(renewed["access_token"])
        )
        assert refused.status_code == 401  # the whole grant went
        assert 'error="invalid_token"' in refused.headers["www-authenticate"]

        # A new grant (consent is remembered: no page this time), revoked by the client.
        verifier = generate_token(64)
        url, _ = client.create_authorization_url(
            urls["authorize"], code_verifier=verifier, resource=resource
        )
        again = await browser.open(url)
        assert again.status_code == 303 and again.headers["location"].startswith(CALLBACK)
        token = await fetch_token(server, client, again.headers["location"], verifier, resource)
        assert (await mcp_tools(http, server, token["access_token"])).status_code == 200
        await client.revoke_token(urls["revoke"], token=token["access_token"])
        assert (await mcp_tools(http, server, token["access_token"])).status_code == 401

        # Another organization's token cannot see this meeting.
        other = Browser(server.url)
        await other.sign_in(server.other.email, PASSWORD)
        async with oauth_client(server, server.other) as theirs:
            location, verifier = await authorized(server, other, theirs, resource)
            foreign = await fetch_token(server, theirs, location, verifier, resource)
        await other.close()
        peek = await http.get(
            f"{urls['rest']}/meetings/{meeting_id}", headers=bearer(foreign["access_token"])
        )
        assert peek.status_code == 404
        own = await http.get(urls["rest"] + "/meetings", headers=bearer(foreign["access_token"]))
        assert own.status_code == 200 and own.json()["count"] == 0


async def test_public_client_and_mcp_resource(oauth_server: OAuthServer, browser: Browser) -> None:
    server, urls = oauth_server, endpoints(oauth_server)
    async with (
        oauth_client(server, server.home, public=True) as client,
        httpx.AsyncClient() as http,
    ):
        location, verifier = await authorized(server, browser, client, urls["mcp"])
        token = await fetch_token(server, client, location, verifier, urls["mcp"])
        assert (await mcp_tools(http, server, token["access_token"])).status_code == 200
        # Bound to the MCP endpoint: refused by the REST API.
        rest = await http.get(urls["rest"] + "/meetings", headers=bearer(token["access_token"]))
        assert rest.status_code == 401


def authorize_url(server: OAuthServer, org: Org, **params: str) -> str:
    query = {
        "response_type": "code",
        "client_id": org.confidential_id,
        "redirect_uri": CALLBACK,
        "state": "s1",
        "code_challenge": "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        "code_challenge_method": "S256",
        **params,
    }
    return str(httpx.URL(endpoints(server)["authorize"], params=query))


@pytest.mark.parametrize(
    ("params", "error"),
    [
        ({"code_challenge": "", "code_challenge_method": ""}, "invalid_request"),  # no PKCE
        ({"code_challenge_method": "plain"}, "invalid_request"),
        ({"resource": "https://elsewhere.example/api"}, "invalid_target"),
        ({"response_type": "token"}, "unsupported_response_type"),
        ({"scope": "admin"}, "invalid_scope"),
    ],
)
async def test_authorization_errors_go_back_to_the_client(
    oauth_server: OAuthServer, browser: Browser, params: dict[str, str], error: str
) -> None:
    answer = await browser.open(authorize_url(oauth_server, oauth_server.home, **params))
    assert answer.status_code == 303
    location = answer.headers["location"]
    assert location.startswith(CALLBACK)
    got = query_of(location)
    assert got["error"] == error and got["state"] == "s1" and got["iss"] == oauth_server.url


@pytest.mark.parametrize(
    "params",
    [{"redirect_uri": "http://127.0.0.1:9/other"}, {"client_id": "msc_unknown"}],
)
async def test_bad_client_or_redirect_is_never_redirected(
    oauth_server: OAuthServer, browser: Browser, params: dict[str, str]
) -> None:
    answer = await browser.open(authorize_url(oauth_server, oauth_server.home, **params))
    assert answer.status_code == 400 and "location" not in answer.headers
    assert answer.headers["content-type"].startswith("text/html")


async def test_code_rules_over_http(oauth_server: OAuthServer, browser: Browser) -> None:
    server, urls = oauth_server, endpoints(oauth_server)
    resource = urls["rest"]
    async with oauth_client(server, server.home) as client:
        # A wrong verifier spends the code: the right one after it is refused too.
        location, verifier = await authorized(server, browser, client, resource)
        with pytest.raises(OAuthError, match="invalid_grant"):
            await fetch_token(server, client, location, generate_token(64), resource)
        with pytest.raises(OAuthError, match="already used"):
            await fetch_token(server, client, location, verifier, resource)
        # The right verifier, then the same code again.
        location, verifier = await authorized(server, browser, client, resource)
        token = await fetch_token(server, client, location, verifier, resource)
        with pytest.raises(OAuthError, match="invalid_grant"):
            await fetch_token(server, client, location, verifier, resource)
        async with httpx.AsyncClient() as http:
            # The reused code took the grant it had produced with it.
            assert (await mcp_tools(http, server, token["access_token"])).status_code == 401

        # A foreign resource at the token endpoint.
        location, verifier = await authorized(server, browser, client, resource)
        with pytest.raises(OAuthError, match="invalid_target"):
            await fetch_token(server, client, location, verifier, "https://elsewhere.example/")

        # An expired code.
        location, verifier = await authorized(server, browser, client, resource)
        await asyncio.sleep(CODE_SECONDS + 1)
        with pytest.raises(OAuthError, match="invalid_grant"):
            await fetch_token(server, client, location, verifier, resource)

    # A wrong client secret.
    location, verifier = await authorized(
        server, browser, oauth_client(server, server.home), resource
    )
    wrong = AsyncOAuth2Client(
        server.home.confidential_id,
        "mss_wrong",
        redirect_uri=CALLBACK,
        token_endpoint_auth_method="client_secret_post",
    )
    async with wrong:
        with pytest.raises(OAuthError, match="invalid_client"):
            await fetch_token(server, wrong, location, verifier, resource)
    # The other organization's client cannot be authorized by this organization's user.
    other_client = oauth_client(server, server.other)
    url, _ = other_client.create_authorization_url(
        urls["authorize"], code_verifier=generate_token(64), resource=resource
    )
    denied = query_of(await browser.authorize(url))
    assert denied["error"] == "access_denied"
    await other_client.aclose()


async def test_consent_page(oauth_server: OAuthServer, browser: Browser) -> None:
    page = await browser.open(
        authorize_url(oauth_server, oauth_server.home, scope="meetings:read", prompt="consent")
    )
    assert page.status_code == 200
    assert "Agent" in page.text and "meetings:read" in page.text and "calls:read" not in page.text
    # Browsers apply form-action to the redirect after the form's POST: the client's origin
    # must be allowed, and nothing else besides this site.
    csp = page.headers["content-security-policy"]
    assert "form-action 'self' http://127.0.0.1:9;" in csp + ";"
    assert page.headers["cache-control"] == "no-store"
    denied = query_of(await browser.consent(page, decision="deny"))
    assert denied["error"] == "access_denied" and denied["state"] == "s1"


async def test_prompt_none_and_signed_out(oauth_server: OAuthServer) -> None:
    stranger = Browser(oauth_server.url)
    url = authorize_url(oauth_server, oauth_server.home)
    signin = await stranger.open(url)
    assert signin.status_code == 303 and signin.headers["location"].startswith("/signin?next=")
    silent = await stranger.open(authorize_url(oauth_server, oauth_server.home, prompt="none"))
    assert query_of(silent.headers["location"])["error"] == "login_required"
    await stranger.close()
