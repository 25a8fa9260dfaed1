"""/app, the home page: recent meetings and calls with filters, and full-text search whose hits
link to the moment (`/app/conversations/{id}?t=SECONDS`)."""

from __future__ import annotations

from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Request
from starlette.responses import Response

from meetsight.deps import DbSession
from meetsight.errors import ValidationFailed
from meetsight.web.csrf import enforce_csrf
from meetsight.web.flash import pop_flash
from meetsight.web.home_query import list_recent, marked, parse_filters, search
from meetsight.web.sessions import WebUser, require_user
from meetsight.web.templating import render

router = APIRouter(dependencies=[Depends(enforce_csrf)], include_in_schema=False)


@router.get("/app")
async def home(
    request: Request, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    f = parse_filters(request.query_params)
    flash = await pop_flash(session, request)
    problems = list(f.problems)
    listing = hits = None
    if f.text:
        try:
            hits = await search(session, user.organization_id, f)
        except ValidationFailed as exc:
            problems.append(exc.message)
    else:
        listing = await list_recent(session, user.organization_id, f)
    kept = {
        k: v
        for k, v in {
            "type": f.kind if f.kind != "all" else "",
            "from": f.date_from.isoformat() if f.date_from else "",
            "to": f.date_to.isoformat() if f.date_to else "",
            "participant": f.participant,
            "status": f.status,
            "q": f.text,
        }.items()
        if v
    }

    def page_link(page: int) -> str:
        return "/app?" + urlencode({**kept, "page": page})

    return render(
        request,
        "home.html",
        status_code=422 if problems and hits is None and listing is None else 200,
        f=f,
        listing=listing,
        hits=hits,
        problems=problems,
        marked=marked,
        page_link=page_link,
        notice=(flash or {}).get("notice"),
    )
