"""Resource indicators (RFC 8707): what a token may be used for.

Three resources are known: the public URL (everything), `{public}/api/v1` (REST, and MCP below
it) and `{public}/api/v1/mcp` (MCP only). A token is bound to one of them and is accepted for a
request whose own resource is that one or lies below it."""

from __future__ import annotations

API_PATH = "/api/v1"
MCP_PATH = "/api/v1/mcp"
PRM_PATH = "/.well-known/oauth-protected-resource"


def normalise(resource: str) -> str:
    return resource.strip().rstrip("/")


def known_resources(public_url: str) -> tuple[str, ...]:
    return (public_url, public_url + API_PATH, public_url + MCP_PATH)


def resource_of_path(public_url: str, path: str) -> str:
    """The resource a request path belongs to."""
    if path == MCP_PATH or path.startswith(MCP_PATH + "/"):
        return public_url + MCP_PATH
    return public_url + API_PATH


def covers(bound: str, requested: str) -> bool:
    return requested == bound or requested.startswith(bound + "/")


def metadata_url(public_url: str, resource: str) -> str:
    """Where RFC 9728 puts the protected-resource metadata of `resource`."""
    path = resource[len(public_url) :] if resource.startswith(public_url) else ""
    return public_url + PRM_PATH + path
