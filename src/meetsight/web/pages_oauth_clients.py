"""/settings/oauth-clients (owners and admins): register (the secret shown once), rotate the
secret, delete. The clients themselves are meetsight.auth.oauth.clients'."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from starlette.responses import RedirectResponse, Response

from meetsight.auth.oauth.clients import create_client, delete_client, list_clients, rotate_secret
from meetsight.auth.scopes import ALL_SCOPES, SCOPE_DESCRIPTIONS
from meetsight.deps import DbSession, app_state
from meetsight.errors import AppError, NotFound, ValidationFailed
from meetsight.web.csrf import enforce_csrf
from meetsight.web.errors import PageError
from meetsight.web.flash import pop_flash, set_flash
from meetsight.web.forms import field, fields
from meetsight.web.members_view import member_names
from meetsight.web.pages_api_keys import record_page_event
from meetsight.web.sessions import WebUser, require_admin
from meetsight.web.templating import render

router = APIRouter(
    prefix="/settings", dependencies=[Depends(enforce_csrf)], include_in_schema=False
)
PAGE = "/settings/oauth-clients"


async def _page(
    request: Request, session: DbSession, user: WebUser, *, status: int = 200, **extra: object
) -> Response:
    shown = await pop_flash(session, request)
    values: dict[str, object] = {
        "error": None,
        "form_name": "",
        "form_uris": "",
        "form_scopes": list(ALL_SCOPES),
        "form_confidential": True,
    }
    values.update(extra)
    public_url = app_state(request).public_url
    return render(
        request,
        "oauth_clients.html",
        status_code=status,
        clients=await list_clients(session, user.organization_id),
        names=await member_names(session, user.organization_id),
        shown=shown if shown and shown.get("kind") == "oauth_client" else None,
        scopes=[(s, SCOPE_DESCRIPTIONS[s]) for s in ALL_SCOPES],
        mcp_url=f"{public_url}/api/v1/mcp",
        **values,
    )


@router.get("/oauth-clients")
async def oauth_clients_page(
    request: Request, session: DbSession, user: WebUser = Depends(require_admin)
) -> Response:
    return await _page(request, session, user)


@router.post("/oauth-clients")
async def register(
    request: Request, session: DbSession, user: WebUser = Depends(require_admin)
) -> Response:
    form = await request.form()
    name, uris_text = field(form, "name", max_length=300), field(form, "redirect_uris")
    scopes, confidential = fields(form, "scopes"), field(form, "type") != "public"
    try:
        if not scopes:  # none at all would mean "every scope" to create_client
            raise ValidationFailed("scopes: choose at least one")
        client, secret = await create_client(
            session,
            user.organization_id,
            name=name,
            redirect_uris=[line.strip() for line in uris_text.splitlines() if line.strip()],
            scopes=scopes,
            confidential=confidential,
            created_by=user.id,
        )
    except AppError as exc:
        await session.rollback()
        return await _page(
            request,
            session,
            user,
            status=exc.status_code,
            error=exc.message,
            form_name=name,
            form_uris=uris_text,
            form_scopes=scopes,
            form_confidential=confidential,
        )
    await record_page_event(
        session,
        request,
        user,
        "oauth_client.created",
        target_kind="oauth_client",
        target_id=client.client_id,
        target_label=client.name,
        detail={"confidential": client.confidential, "scopes": client.scopes},
    )
    await _show_once(session, request, client.name, client.client_id, secret, "registered")
    return RedirectResponse(PAGE, status_code=303)


async def _show_once(
    session: DbSession,
    request: Request,
    name: str,
    client_id: str,
    secret: str | None,
    event: str,
) -> None:
    data = {"kind": "oauth_client", "name": name, "client_id": client_id, "secret": secret}
    await set_flash(session, request, {**data, "event": event})


@router.post("/oauth-clients/{client_id}/rotate")
async def rotate(
    client_id: str, request: Request, session: DbSession, user: WebUser = Depends(require_admin)
) -> Response:
    try:
        clients = {c.client_id: c for c in await list_clients(session, user.organization_id)}
        secret = await rotate_secret(session, user.organization_id, client_id)
    except NotFound:
        raise PageError(404, "No such OAuth client.") from None
    except AppError as exc:
        raise PageError(exc.status_code, exc.message) from None
    client = clients[client_id]
    await record_page_event(
        session,
        request,
        user,
        "oauth_client.rotated",
        target_kind="oauth_client",
        target_id=client_id,
        target_label=client.name,
    )
    await _show_once(session, request, client.name, client_id, secret, "rotated")
    return RedirectResponse(PAGE, status_code=303)


@router.post("/oauth-clients/{client_id}/delete")
async def delete(
    client_id: str, request: Request, session: DbSession, user: WebUser = Depends(require_admin)
) -> Response:
    clients = {c.client_id: c for c in await list_clients(session, user.organization_id)}
    if client_id not in clients:
        raise PageError(404, "No such OAuth client.")
    name = clients[client_id].name
    await delete_client(session, user.organization_id, client_id)
    await record_page_event(
        session,
        request,
        user,
        "oauth_client.deleted",
        target_kind="oauth_client",
        target_id=client_id,
        target_label=name,
    )
    return RedirectResponse(PAGE, status_code=303)
