"""/app/categories: the organization's smart categories (what notes are sorted into): list,
create, edit name, description, type and examples, delete. Reuses the REST service and its
validation (intelligence/smart_categories.py, intelligence/schemas.py)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from pydantic import ValidationError
from starlette.responses import RedirectResponse, Response

from meetsight.deps import DbSession
from meetsight.errors import AppError
from meetsight.intelligence.schemas import SmartCategoryCreate, SmartCategoryUpdate
from meetsight.intelligence.smart_categories import (
    create_category,
    delete_category,
    list_categories,
    update_category,
)
from meetsight.web.csrf import enforce_csrf
from meetsight.web.flash import pop_flash, set_flash
from meetsight.web.forms import field
from meetsight.web.sessions import WebUser, require_user
from meetsight.web.templating import render

router = APIRouter(prefix="/app", dependencies=[Depends(enforce_csrf)], include_in_schema=False)
PAGE = "/app/categories"
TYPES = (
    ("all", "Meetings and calls"),
    ("videocall", "Video calls"),
    ("presential", "In-person meetings"),
    ("phonecall", "Phone calls"),
)


def _body(form: Any) -> dict[str, Any]:
    examples = [line.strip() for line in field(form, "examples", max_length=20_000).splitlines()]
    return {
        "name": field(form, "name", max_length=200),
        "description": field(form, "description", max_length=4000),
        "examples": [e for e in examples if e],
        "type": field(form, "type", max_length=20) or "all",
    }


def _problem(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ()) if not isinstance(p, int))
    return f"{where or 'form'}: {first.get('msg', 'invalid')}"


async def _page(
    request: Request,
    session: DbSession,
    user: WebUser,
    *,
    status: int = 200,
    error: str | None = None,
    draft: dict[str, Any] | None = None,
) -> Response:
    flash = await pop_flash(session, request) if status == 200 else None
    items, _ = await list_categories(session, user.organization_id, limit=500, offset=0)
    return render(
        request,
        "categories.html",
        status_code=status,
        categories=items,
        types=TYPES,
        error=error,
        draft=draft or {"name": "", "description": "", "examples": [], "type": "all"},
        notice=(flash or {}).get("notice"),
    )


@router.get("/categories")
async def categories_page(
    request: Request, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    return await _page(request, session, user)


@router.post("/categories")
async def categories_create(
    request: Request, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    body = _body(await request.form())
    try:
        created = await create_category(
            session, user.organization_id, SmartCategoryCreate.model_validate(body)
        )
    except ValidationError as exc:
        return await _page(request, session, user, status=422, error=_problem(exc), draft=body)
    except AppError as exc:
        return await _page(
            request, session, user, status=exc.status_code, error=exc.message, draft=body
        )
    await set_flash(session, request, {"notice": f"Created “{created.name}”."})
    return RedirectResponse(PAGE, status_code=303)


@router.post("/categories/{category_id}")
async def categories_update(
    request: Request, category_id: str, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    body = _body(await request.form())
    try:
        updated = await update_category(
            session,
            user.organization_id,
            category_id[:64],
            SmartCategoryUpdate.model_validate(body),
        )
    except ValidationError as exc:
        return await _page(request, session, user, status=422, error=_problem(exc))
    except AppError as exc:
        return await _page(request, session, user, status=exc.status_code, error=exc.message)
    await set_flash(session, request, {"notice": f"Saved “{updated.name}”."})
    return RedirectResponse(PAGE, status_code=303)


@router.post("/categories/{category_id}/delete")
async def categories_delete(
    request: Request, category_id: str, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    try:
        await delete_category(session, user.organization_id, category_id[:64])
    except AppError as exc:
        return await _page(request, session, user, status=exc.status_code, error=exc.message)
    await set_flash(session, request, {"notice": "Deleted the category; its notes stay."})
    return RedirectResponse(PAGE, status_code=303)
