"""GET and POST {auth_url}/oauth/authorize: the signed-in user sees a consent page naming the
client and the scopes; an answer (or a consent given before) sends the browser back to the
client's redirect URI with `code`, `state` and `iss` (RFC 9207)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from meetsight.auth.oauth.authorization_request import (
    AuthorizationRequest,
    NotRedirectable,
    form_action_source,
    parse_request,
    redirect_location,
)
from meetsight.auth.oauth.consents import consented_scopes, remember_consent
from meetsight.auth.oauth.grants import issue_code
from meetsight.auth.oauth.metadata import AUTHORIZE_PATH, issuer
from meetsight.auth.scopes import SCOPE_DESCRIPTIONS
from meetsight.db.unit_of_work import read_only, unit_of_work
from meetsight.state import AppState
from meetsight.web.csrf import check_csrf
from meetsight.web.errors import PageError, SignInRequired
from meetsight.web.sessions import WebUser, current_user
from meetsight.web.templating import render

CONSENT_CSP = "default-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self' {}"


def _redirect(
    state: AppState, redirect_uri: str, params: dict[str, str], client_state: str | None
) -> Response:
    if client_state is not None:
        params["state"] = client_state
    params["iss"] = issuer(state)
    return RedirectResponse(redirect_location(redirect_uri, params), status_code=303)


async def _answer_with_code(
    state: AppState, request_: AuthorizationRequest, user: WebUser
) -> Response:
    async with unit_of_work(state.sessionmaker) as session:
        code = await issue_code(
            session,
            state.settings,
            client=request_.client,
            user_id=user.id,
            redirect_uri=request_.redirect_uri if request_.redirect_uri_given else "",
            scopes=request_.scopes,
            resource=request_.resource,
            code_challenge=request_.code_challenge,
        )
    return _redirect(state, request_.redirect_uri, {"code": code}, request_.state)


async def _parse(state: AppState, items: list[tuple[str, str]]) -> AuthorizationRequest | Response:
    async with read_only(state.sessionmaker) as session:
        try:
            parsed, redirect_uri, client_state, error = await parse_request(
                session, state.public_url, items
            )
        except NotRedirectable as exc:
            raise PageError(400, exc.message) from None
    if error is not None:
        assert redirect_uri is not None
        params = {"error": error.error, "error_description": error.description}
        return _redirect(state, redirect_uri, params, client_state)
    assert parsed is not None
    return parsed


def _error(
    state: AppState, request_: AuthorizationRequest, error: str, description: str
) -> Response:
    params = {"error": error, "error_description": description}
    return _redirect(state, request_.redirect_uri, params, request_.state)


def _wrong_organization(state: AppState, request_: AuthorizationRequest) -> Response:
    return _error(
        state, request_, "access_denied", "The signed-in user belongs to another organization"
    )


async def authorize_page(request: Request) -> Response:
    state: AppState = request.app.state.ms
    parsed = await _parse(state, list(request.query_params.multi_items()))
    if isinstance(parsed, Response):
        return parsed
    prompts = set((parsed.prompt or "").split())
    user = await current_user(request)
    if user is None:
        if "none" in prompts:
            return _error(state, parsed, "login_required", "No user is signed in")
        raise SignInRequired(request.url.path + "?" + request.url.query)
    if user.organization_id != parsed.client.organization_id:
        return _wrong_organization(state, parsed)
    async with read_only(state.sessionmaker) as session:
        agreed = await consented_scopes(session, parsed.client, user.id)
    # prompt=consent (which the MCP SDK sends with offline_access) asks again whatever was agreed.
    if set(parsed.scopes) <= agreed and "consent" not in prompts:
        return await _answer_with_code(state, parsed, user)
    if "none" in prompts:
        return _error(state, parsed, "consent_required", "The user has not agreed yet")
    response = render(
        request,
        "oauth_consent.html",
        client=parsed.client,
        scopes=[(s, SCOPE_DESCRIPTIONS[s]) for s in parsed.scopes],
        fields=parsed.hidden_fields(),
        redirect_host=form_action_source(parsed.redirect_uri),
        action=AUTHORIZE_PATH,
    )
    # Browsers apply form-action to the redirect that follows the form's POST too.
    response.headers["Content-Security-Policy"] = CONSENT_CSP.format(
        form_action_source(parsed.redirect_uri)
    )
    return response


async def authorize_decision(request: Request) -> Response:
    state: AppState = request.app.state.ms
    form = await request.form()
    check_csrf(request, form)
    user = await current_user(request)
    if user is None:
        raise SignInRequired(AUTHORIZE_PATH)
    items = [(k, v) for k, v in form.multi_items() if isinstance(v, str)]
    parsed = await _parse(state, items)
    if isinstance(parsed, Response):
        return parsed
    if user.organization_id != parsed.client.organization_id:
        return _wrong_organization(state, parsed)
    if form.get("decision") != "allow":
        return _error(state, parsed, "access_denied", "The user declined")
    async with unit_of_work(state.sessionmaker) as session:
        await remember_consent(session, parsed.client, user.id, parsed.scopes)
    return await _answer_with_code(state, parsed, user)


def authorize_routes() -> list[Route]:
    return [
        Route(AUTHORIZE_PATH, authorize_page, methods=["GET"], include_in_schema=False),
        Route(AUTHORIZE_PATH, authorize_decision, methods=["POST"], include_in_schema=False),
    ]
