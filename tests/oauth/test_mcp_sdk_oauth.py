"""The MCP SDK's own OAuth client (OAuthClientProvider) with a pre-registered client connects to
a served meetsight from a cold start: 401, metadata discovery, authorize (the scripted browser
answers the consent page), token, then tools/list and tools/call."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx2
import pytest
from browser import Browser, query_of
from mcp.client import Client
from mcp.client.auth import OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from mcp.shared.auth import (
    AuthorizationCodeResult,
    OAuthClientInformationFull,
    OAuthClientMetadata,
    OAuthToken,
)
from oauth_server import CALLBACK, PASSWORD, OAuthServer


class MemoryStorage:
    """The SDK's TokenStorage: here only what this test's client has."""

    def __init__(self, client_info: OAuthClientInformationFull) -> None:
        self.tokens: OAuthToken | None = None
        self.client_info: OAuthClientInformationFull | None = client_info

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client_info

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client_info = client_info


@pytest.fixture
async def browser(oauth_server: OAuthServer) -> AsyncIterator[Browser]:
    browser = Browser(oauth_server.url)
    await browser.sign_in(oauth_server.home.email, PASSWORD)
    yield browser
    await browser.close()


@pytest.mark.parametrize("method", ["client_secret_basic", "client_secret_post", "none"])
async def test_sdk_connects_from_a_cold_start(
    oauth_server: OAuthServer, browser: Browser, method: str
) -> None:
    home = oauth_server.home
    public = method == "none"
    mcp_url = oauth_server.url + "/api/v1/mcp"
    redirects: list[str] = []

    async def redirect_handler(url: str) -> None:
        redirects.append(await browser.authorize(url))

    async def callback_handler() -> AuthorizationCodeResult:
        params = query_of(redirects[-1])
        return AuthorizationCodeResult(
            code=params["code"], state=params.get("state"), iss=params.get("iss")
        )

    shared = {
        "redirect_uris": [CALLBACK],
        "grant_types": ["authorization_code", "refresh_token"],
        "response_types": ["code"],
        "token_endpoint_auth_method": method,
    }
    info = OAuthClientInformationFull(
        client_id=home.public_id if public else home.confidential_id,
        client_secret=None if public else home.confidential_secret,
        **shared,
    )
    storage = MemoryStorage(info)
    provider = OAuthClientProvider(
        server_url=mcp_url,
        client_metadata=OAuthClientMetadata(client_name="sdk test", **shared),
        storage=storage,
        redirect_handler=redirect_handler,
        callback_handler=callback_handler,
    )
    seen: list[tuple[str, str, int]] = []

    async def record(response: httpx2.Response) -> None:
        seen.append((response.request.method, response.request.url.path, response.status_code))

    http = create_mcp_http_client(auth=provider)
    http.event_hooks["response"] = [record]
    async with http, Client(streamable_http_client(mcp_url, http_client=http)) as client:
        tools = await client.list_tools()
        names = {tool.name for tool in tools.tools}
        assert "list_meetings" in names
        result = await client.call_tool("list_meetings", {})
        assert not result.is_error, result.content

    paths = [(m, p, s) for m, p, s in seen]
    assert paths[0] == ("POST", "/api/v1/mcp", 401)  # cold start: no token yet
    assert ("GET", "/.well-known/oauth-protected-resource/api/v1/mcp", 200) in paths
    assert ("GET", "/.well-known/oauth-authorization-server", 200) in paths
    assert ("POST", "/v1/oauth/token", 200) in paths
    assert not any(p.endswith("/register") for _, p, _ in paths)  # no dynamic registration
    assert len(redirects) == 1 and query_of(redirects[0])["iss"] == oauth_server.url
    assert storage.tokens is not None and storage.tokens.refresh_token
