"""/app/trackers: the trackers (built-in and the organization's), one tracker's mentions over
time (a weekly chart drawn on the server), per rep, and the list of moments linking to the
conversation at that time; create, edit and delete forms. Reuses the REST service and its
validation (trackers/service.py, trackers/schemas.py)."""

from __future__ import annotations

from datetime import date
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Request
from pydantic import ValidationError
from starlette.responses import RedirectResponse, Response

from meetsight.deps import DbSession
from meetsight.errors import AppError, NotFound
from meetsight.intelligence.models import SmartCategory
from meetsight.intelligence.smart_categories import list_categories
from meetsight.trackers import service
from meetsight.trackers.builtin import BuiltinTracker
from meetsight.trackers.schemas import TrackerCreate, TrackerUpdate
from meetsight.web.charts import Bar, bar_list, speaker_slots
from meetsight.web.csrf import enforce_csrf
from meetsight.web.errors import PageError
from meetsight.web.flash import pop_flash, set_flash
from meetsight.web.forms import field
from meetsight.web.sessions import WebUser, require_user
from meetsight.web.templating import render
from meetsight.web.tracker_chart import week_chart

router = APIRouter(prefix="/app", dependencies=[Depends(enforce_csrf)], include_in_schema=False)
PAGE = "/app/trackers"
MOMENTS_PER_PAGE = 25
BOTH_KINDS = (False, True)  # a signed-in member reads meetings and calls alike (web/access.py)


def _lines(form: Any, name: str) -> list[str]:
    text = field(form, name, max_length=40_000)
    return [line.strip() for line in text.replace(",", "\n").splitlines() if line.strip()]


def _body(form: Any) -> dict[str, Any]:
    examples = field(form, "examples", max_length=20_000).splitlines()
    return {
        "name": field(form, "name", max_length=200),
        "description": field(form, "description", max_length=2000),
        "keywords": _lines(form, "keywords"),
        "examples": [e.strip() for e in examples if e.strip()],
    }


def _problem(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ()) if not isinstance(p, int))
    return f"{where or 'form'}: {first.get('msg', 'invalid')}"


EMPTY = {"name": "", "description": "", "keywords": [], "examples": []}


async def _list_page(
    request: Request,
    session: DbSession,
    user: WebUser,
    *,
    status: int = 200,
    error: str | None = None,
    draft: dict[str, Any] | None = None,
) -> Response:
    flash = await pop_flash(session, request) if status == 200 else None
    org = user.organization_id
    trackers, _ = await service.list_trackers(session, org, limit=500, offset=0)
    categories, _ = await list_categories(session, org, limit=100, offset=0)
    if draft is None:
        draft = _from_category(categories, request.query_params.get("category"))
    return render(
        request,
        "trackers.html",
        status_code=status,
        trackers=[service.serialize_tracker(t) for t in trackers],
        categories=categories,
        error=error,
        draft=draft,
        notice=(flash or {}).get("notice"),
    )


def _from_category(categories: list[SmartCategory], category_id: str | None) -> dict[str, Any]:
    """A smart category's name, description and examples as a new tracker's draft: the
    category's examples are what its subject sounds like; keywords are the user's to add."""
    chosen = next((c for c in categories if c.id == category_id), None)
    if chosen is None:
        return EMPTY
    return {
        "name": chosen.name,
        "description": chosen.description,
        "keywords": [],
        "examples": list(chosen.examples)[:20],
    }


@router.get("/trackers")
async def trackers_page(
    request: Request, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    return await _list_page(request, session, user)


@router.post("/trackers")
async def trackers_create(
    request: Request, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    body = _body(await request.form())
    try:
        created = await service.create_tracker(
            session, user.organization_id, TrackerCreate.model_validate(body)
        )
    except ValidationError as exc:
        return await _list_page(request, session, user, status=422, error=_problem(exc), draft=body)
    except AppError as exc:
        return await _list_page(
            request, session, user, status=exc.status_code, error=exc.message, draft=body
        )
    await set_flash(
        session, request, {"notice": f"Created “{created.name}”; finding its mentions."}
    )
    return RedirectResponse(f"{PAGE}/{created.id}", status_code=303)


def _day(value: str | None) -> tuple[date | None, str | None]:
    if not value:
        return None, None
    try:
        return date.fromisoformat(value[:10]), None
    except ValueError:
        return None, f"“{value[:20]}” is not a date (YYYY-MM-DD)."


async def _tracker_page(
    request: Request,
    session: DbSession,
    user: WebUser,
    tracker_id: str,
    *,
    status: int = 200,
    error: str | None = None,
) -> Response:
    org = user.organization_id
    try:
        tracker = await service.require_tracker(session, org, tracker_id[:64])
    except NotFound:
        raise PageError(404, "No tracker with this address.") from None
    params = request.query_params
    from_day, bad_from = _day(params.get("from"))
    to_day, bad_to = _day(params.get("to"))
    problems = [p for p in (bad_from, bad_to) if p]
    if from_day and to_day and from_day > to_day:
        problems.append("The start of the range is after its end.")
        from_day = to_day = None
    try:
        page = max(1, min(int(params.get("page", "1")), 10_000))
    except ValueError:
        page = 1
    try:
        counts = await service.mention_counts(
            session, org, tracker.id, kinds=BOTH_KINDS, from_day=from_day, to_day=to_day
        )
    except AppError as exc:  # a range over too many weeks
        problems.append(exc.message)
        from_day = to_day = None
        counts = await service.mention_counts(
            session, org, tracker.id, kinds=BOTH_KINDS, from_day=None, to_day=None
        )
    rows, total = await service.mentions_page(
        session,
        org,
        tracker.id,
        kinds=BOTH_KINDS,
        from_day=from_day,
        to_day=to_day,
        limit=MOMENTS_PER_PAGE,
        offset=(page - 1) * MOMENTS_PER_PAGE,
    )
    flash = await pop_flash(session, request) if status == 200 else None
    reps = [Bar(r["repName"], r["count"], str(r["count"])) for r in counts["reps"]]
    speakers = [Bar(x["speaker"], x["count"], str(x["count"])) for x in counts["speakers"][:8]]
    kept = {
        "from": from_day.isoformat() if from_day else "",
        "to": to_day.isoformat() if to_day else "",
    }

    def page_link(n: int) -> str:
        return f"{PAGE}/{tracker.id}?" + urlencode(
            {**{k: v for k, v in kept.items() if v}, "page": n}
        )

    return render(
        request,
        "tracker.html",
        status_code=422 if problems and status == 200 else status,
        tracker=service.serialize_tracker(tracker),
        editable=not isinstance(tracker, BuiltinTracker),
        counts=counts,
        chart=week_chart(counts["weeks"], title=f"Mentions of {tracker.name} per week"),
        reps_chart=bar_list("Mentions per rep", reps, speaker_slots([b.label for b in reps])),
        speakers_chart=bar_list(
            "Who said them", speakers, speaker_slots([b.label for b in speakers])
        ),
        moments=[service.mention_out(r, "") for r in rows],
        total=total,
        page=page,
        pages=max(1, -(-total // MOMENTS_PER_PAGE)),
        page_link=page_link,
        kept=kept,
        problems=problems,
        error=error,
        notice=(flash or {}).get("notice"),
    )


@router.get("/trackers/{tracker_id}")
async def tracker_page(
    request: Request, tracker_id: str, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    return await _tracker_page(request, session, user, tracker_id)


@router.post("/trackers/{tracker_id}")
async def tracker_update(
    request: Request, tracker_id: str, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    body = _body(await request.form())
    try:
        updated = await service.update_tracker(
            session, user.organization_id, tracker_id[:64], TrackerUpdate.model_validate(body)
        )
    except ValidationError as exc:
        await session.rollback()
        return await _tracker_page(
            request, session, user, tracker_id, status=422, error=_problem(exc)
        )
    except NotFound:
        raise PageError(404, "No tracker with this address.") from None
    except AppError as exc:
        await session.rollback()
        return await _tracker_page(
            request, session, user, tracker_id, status=exc.status_code, error=exc.message
        )
    await set_flash(session, request, {"notice": f"Saved “{updated.name}”."})
    return RedirectResponse(f"{PAGE}/{updated.id}", status_code=303)


@router.post("/trackers/{tracker_id}/delete")
async def tracker_delete(
    request: Request, tracker_id: str, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    try:
        await service.delete_tracker(session, user.organization_id, tracker_id[:64])
    except NotFound:
        raise PageError(404, "No tracker with this address.") from None
    except AppError as exc:
        return await _tracker_page(
            request, session, user, tracker_id, status=exc.status_code, error=exc.message
        )
    await set_flash(session, request, {"notice": "Deleted the tracker and its mentions."})
    return RedirectResponse(PAGE, status_code=303)
