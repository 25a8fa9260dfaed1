"""Discovery documents: authorization-server metadata (RFC 8414, and OpenID discovery at the
spec's path) and protected-resource metadata (RFC 9728)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from meetsight.auth.resources import MCP_PATH, PRM_PATH, known_resources
from meetsight.auth.scopes import ALL_SCOPES, CALLS_READ, MEETINGS_READ, OFFLINE_ACCESS

if TYPE_CHECKING:
    from meetsight.auth.app_state import AuthState

AUTHORIZE_PATH = "/oauth/authorize"
TOKEN_PATH = "/v1/oauth/token"
REVOKE_PATH = "/v1/oauth/revoke"
# What a client without a token is told to ask for (WWW-Authenticate's scope=): enough for the
# MCP tools, and a refresh token.
CHALLENGE_SCOPES = (MEETINGS_READ, CALLS_READ, OFFLINE_ACCESS)


def issuer(state: AuthState) -> str:
    return state.public_url


def server_metadata(state: AuthState) -> dict[str, object]:
    public = state.public_url
    return {
        "issuer": issuer(state),
        "authorization_endpoint": state.settings.resolved_auth_url() + AUTHORIZE_PATH,
        "token_endpoint": public + TOKEN_PATH,
        "revocation_endpoint": public + REVOKE_PATH,
        "scopes_supported": list(ALL_SCOPES),
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": ["authorization_code", "refresh_token"],
        "code_challenge_methods_supported": ["S256"],
        "token_endpoint_auth_methods_supported": [
            "client_secret_basic",
            "client_secret_post",
            "none",
        ],
        "revocation_endpoint_auth_methods_supported": [
            "client_secret_basic",
            "client_secret_post",
            "none",
        ],
        "authorization_response_iss_parameter_supported": True,
        "service_documentation": public + "/api/v1/docs",
    }


def resource_metadata(state: AuthState, resource: str) -> dict[str, object]:
    return {
        "resource": resource,
        "authorization_servers": [issuer(state)],
        "scopes_supported": list(ALL_SCOPES),
        "bearer_methods_supported": ["header"],
        "resource_name": "meetsight",
        "resource_documentation": state.public_url + "/api/v1/docs",
    }


def _state(request: Request) -> AuthState:
    return request.app.state.ms  # type: ignore[no-any-return]


async def authorization_server(request: Request) -> Response:
    return JSONResponse(server_metadata(_state(request)))


def protected_resource_route(index: int) -> Route:
    """The metadata of known resource `index` at its RFC 9728 address."""

    async def endpoint(request: Request) -> Response:
        state = _state(request)
        return JSONResponse(resource_metadata(state, known_resources(state.public_url)[index]))

    suffix = ("", "/api/v1", MCP_PATH)[index]
    return Route(PRM_PATH + suffix, endpoint, methods=["GET"], include_in_schema=False)


def metadata_routes() -> list[Route]:
    server = ["/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"]
    server.append(MCP_PATH + "/.well-known/openid-configuration")
    server.append(MCP_PATH + "/.well-known/oauth-authorization-server")
    routes = [
        Route(path, authorization_server, methods=["GET"], include_in_schema=False)
        for path in server
    ]
    routes += [protected_resource_route(i) for i in range(3)]
    return routes
