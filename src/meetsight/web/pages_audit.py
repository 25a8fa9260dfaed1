"""/settings/audit (owners and admins): the organization's security events, newest first."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Query, Request
from starlette.responses import Response

from meetsight.audit.service import ACTIONS, list_events
from meetsight.deps import DbSession
from meetsight.web.csrf import enforce_csrf
from meetsight.web.sessions import WebUser, require_admin
from meetsight.web.templating import render

router = APIRouter(
    prefix="/settings", dependencies=[Depends(enforce_csrf)], include_in_schema=False
)
PER_PAGE = 50


@router.get("/audit")
async def audit_page(
    request: Request,
    session: DbSession,
    page: int = Query(default=1, ge=1, le=100_000),
    user: WebUser = Depends(require_admin),
) -> Response:
    events, total = await list_events(session, user.organization_id, limit=PER_PAGE, page=page)
    return render(
        request,
        "audit.html",
        events=events,
        actions=ACTIONS,
        page=page,
        has_next=page * PER_PAGE < total,
        total=total,
    )
