"""POST /v1/oauth/token and POST /v1/oauth/revoke. Answers use OAuth's JSON (RFC 6749 section
5), never the API envelope, and are never cached."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from meetsight.auth.oauth.client_auth import authenticate_client
from meetsight.auth.oauth.endpoint_limits import EndpointLimits, LimitRefusal
from meetsight.auth.oauth.errors import NO_STORE, OAuthError, invalid_request
from meetsight.auth.oauth.grants import exchange_code, refresh, revoke_token
from meetsight.auth.oauth.metadata import REVOKE_PATH, TOKEN_PATH
from meetsight.db.unit_of_work import unit_of_work

if TYPE_CHECKING:
    from meetsight.auth.app_state import AuthState

log = logging.getLogger("meetsight.oauth")


async def read_form(request: Request) -> dict[str, str]:
    """The form's parameters; each may appear once (RFC 6749 section 3.2)."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type != "application/x-www-form-urlencoded":
        raise invalid_request("Send parameters as application/x-www-form-urlencoded")
    form: FormData = await request.form()
    values: dict[str, str] = {}
    for name, value in form.multi_items():
        if name in values:
            raise invalid_request(f"{name} is repeated")
        if not isinstance(value, str):
            raise invalid_request(f"{name} must be text")
        values[name] = value
    return values


async def token(request: Request) -> Response:
    state: AuthState = request.app.state.ms
    limits = EndpointLimits(state, request.scope)
    try:
        limits.refuse_if_blocked()
        form = await read_form(request)
        async with unit_of_work(state.sessionmaker) as session:
            client = await authenticate_client(session, request.headers, form)
            await limits.charge_client(client.client_id)
            grant_type = form.get("grant_type")
            if grant_type == "authorization_code":
                issued = await exchange_code(
                    session,
                    state.settings,
                    client=client,
                    code=form.get("code", ""),
                    code_verifier=form.get("code_verifier"),
                    redirect_uri=form.get("redirect_uri"),
                    resource=form.get("resource"),
                )
            elif grant_type == "refresh_token":
                issued = await refresh(
                    session,
                    state.settings,
                    client=client,
                    refresh_token=form.get("refresh_token", ""),
                    scope=form.get("scope"),
                    resource=form.get("resource"),
                )
            elif grant_type is None:
                raise invalid_request("grant_type is required")
            else:
                raise OAuthError("unsupported_grant_type", f"{grant_type} is not supported")
        if grant_type == "refresh_token":
            state.bearer.forget()  # committed first: a detected reuse may have revoked tokens
    except OAuthError as exc:
        if exc.error == "invalid_grant":
            state.bearer.forget()
            log.info("token request refused: %s", exc.description)
        return await limits.after_refusal(exc.response())
    except LimitRefusal as refusal:
        return refusal.response
    return JSONResponse(issued.body(), headers=NO_STORE)


async def revoke(request: Request) -> Response:
    state: AuthState = request.app.state.ms
    limits = EndpointLimits(state, request.scope)
    try:
        limits.refuse_if_blocked()
        form = await read_form(request)
        if not form.get("token"):
            raise invalid_request("token is required")
        async with unit_of_work(state.sessionmaker) as session:
            client = await authenticate_client(session, request.headers, form)
            await limits.charge_client(client.client_id)
            touched = await revoke_token(
                session, state.settings, client=client, token=form["token"]
            )
    except OAuthError as exc:
        return await limits.after_refusal(exc.response())
    except LimitRefusal as refusal:
        return refusal.response
    if touched is not None:
        state.bearer.forget()
    return Response(status_code=200, headers=NO_STORE)


def token_routes() -> list[Route]:
    return [
        Route(TOKEN_PATH, token, methods=["POST"], include_in_schema=False),
        Route(REVOKE_PATH, revoke, methods=["POST"], include_in_schema=False),
    ]
