"""The parameters of an authorization request, checked in RFC 6749's order: a problem with the
client or its redirect URI is shown to the user (never redirected), anything after that goes
back to the client as `?error=...` with `state` and `iss`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit, urlunsplit

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.auth.oauth.client_auth import find_client
from meetsight.auth.oauth.grants import is_s256_challenge
from meetsight.auth.oauth.models import OAuthClient
from meetsight.auth.resources import known_resources, normalise
from meetsight.auth.scopes import ALL_SCOPES

PARAMETERS = (
    "response_type",
    "client_id",
    "redirect_uri",
    "scope",
    "state",
    "code_challenge",
    "code_challenge_method",
    "resource",
    "prompt",
)


class NotRedirectable(Exception):
    """Unknown client or redirect URI: the browser must not be sent anywhere."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass
class AuthorizationRequest:
    client: OAuthClient
    redirect_uri: str
    redirect_uri_given: bool
    state: str | None
    scopes: list[str]
    resource: str
    code_challenge: str
    prompt: str | None = None

    def hidden_fields(self) -> dict[str, str]:
        """What the consent form posts back to repeat the request."""
        fields = {
            "response_type": "code",
            "client_id": self.client.client_id,
            "scope": " ".join(self.scopes),
            "resource": self.resource,
            "code_challenge": self.code_challenge,
            "code_challenge_method": "S256",
        }
        if self.redirect_uri_given:
            fields["redirect_uri"] = self.redirect_uri
        if self.state is not None:
            fields["state"] = self.state
        return fields


class RedirectableError(Exception):
    """An OAuth error to return on the client's redirect URI."""

    def __init__(self, error: str, description: str) -> None:
        super().__init__(description)
        self.error = error
        self.description = description


def redirect_location(redirect_uri: str, params: dict[str, str]) -> str:
    """`redirect_uri` with `params` added to whatever query it already has."""
    parts = urlsplit(redirect_uri)
    added = urlencode(params)
    query = f"{parts.query}&{added}" if parts.query else added
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))


def form_action_source(redirect_uri: str) -> str:
    """The CSP source that lets a form's redirect reach `redirect_uri`."""
    parts = urlsplit(redirect_uri)
    if parts.scheme in ("http", "https"):
        return f"{parts.scheme}://{parts.netloc}"
    return f"{parts.scheme}:"


def single_values(items: Iterable[tuple[str, str]]) -> tuple[dict[str, str], set[str]]:
    """The known parameters, and the names that came more than once."""
    values: dict[str, str] = {}
    repeated: set[str] = set()
    for name, value in items:
        if name not in PARAMETERS:
            continue
        if name in values:
            repeated.add(name)
        values[name] = value
    return values, repeated


async def parse_request(
    session: AsyncSession, public_url: str, items: Iterable[tuple[str, str]]
) -> tuple[AuthorizationRequest | None, str | None, str | None, RedirectableError | None]:
    """(the request, redirect URI, state, error): NotRedirectable for a bad client or redirect
    URI; otherwise either the request or an error to send to the redirect URI."""
    values, repeated = single_values(items)
    if repeated & {"client_id", "redirect_uri"}:
        raise NotRedirectable("The request repeats client_id or redirect_uri.")
    client = await find_client(session, values.get("client_id", ""))
    if client is None:
        raise NotRedirectable("This application is not registered with meetsight.")
    given = values.get("redirect_uri")
    if given is not None:
        if given not in client.redirect_uris:
            raise NotRedirectable("The redirect URI is not registered for this application.")
        redirect_uri = given
    elif len(client.redirect_uris) == 1:
        redirect_uri = client.redirect_uris[0]
    else:
        raise NotRedirectable("The request names no redirect URI.")
    state = values.get("state")
    try:
        request = _checked(client, values, repeated, redirect_uri, public_url)
    except RedirectableError as error:
        return None, redirect_uri, state, error
    request.redirect_uri_given = given is not None
    return request, redirect_uri, state, None


def _checked(
    client: OAuthClient,
    values: dict[str, str],
    repeated: set[str],
    redirect_uri: str,
    public_url: str,
) -> AuthorizationRequest:
    if "resource" in repeated:
        raise RedirectableError("invalid_target", "Only one resource per authorization")
    if repeated:
        raise RedirectableError("invalid_request", f"{sorted(repeated)[0]} is repeated")
    response_type = values.get("response_type")
    if response_type is None:
        raise RedirectableError("invalid_request", "response_type is required")
    if response_type != "code":
        raise RedirectableError("unsupported_response_type", "Only response_type=code")
    challenge = values.get("code_challenge")
    if not challenge:
        raise RedirectableError("invalid_request", "code_challenge is required (PKCE)")
    if values.get("code_challenge_method") != "S256":
        raise RedirectableError("invalid_request", "code_challenge_method must be S256")
    if not is_s256_challenge(challenge):
        raise RedirectableError("invalid_request", "code_challenge is not an S256 challenge")
    scopes = _scopes(client, values.get("scope"))
    prompt = values.get("prompt")
    if prompt is not None and not set(prompt.split()) <= {"none", "consent", "login"}:
        raise RedirectableError("invalid_request", "prompt must be none, login or consent")
    resource = normalise(values.get("resource") or public_url)
    if resource not in known_resources(public_url):
        raise RedirectableError("invalid_target", "resource is not served here")
    return AuthorizationRequest(
        client=client,
        redirect_uri=redirect_uri,
        redirect_uri_given=True,
        state=values.get("state"),
        scopes=scopes,
        resource=resource,
        code_challenge=challenge,
        prompt=prompt,
    )


def _scopes(client: OAuthClient, asked: str | None) -> list[str]:
    """The requested scopes the client is registered for (all of its scopes when none are
    asked for); scopes the client may not have are left out, unknown ones refused."""
    if asked is None or not asked.strip():
        return list(client.scopes)
    requested = list(dict.fromkeys(asked.split()))
    unknown = [s for s in requested if s not in ALL_SCOPES]
    if unknown:
        raise RedirectableError("invalid_scope", f"Unknown scope {unknown[0]}")
    granted = [s for s in requested if s in client.scopes]
    if not granted:
        raise RedirectableError("invalid_scope", "None of the scopes is allowed for this client")
    return granted
