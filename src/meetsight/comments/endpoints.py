"""REST: /meetings/{id}/comments and /calls/{id}/comments, beside the activity's other readers.

Reading takes the kind's read scope; adding, editing and deleting its write scope and a
credential that acts for a member (docs/web-app.md, "Comments")."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from meetsight.activities.kinds import CALLS, MEETINGS, ActivityKind
from meetsight.activities.service import require_activity
from meetsight.auth.scopes import read_scope, write_scope
from meetsight.comments import repository as repo
from meetsight.comments import service
from meetsight.comments.schemas import CommentCreate, CommentOut, CommentUpdate
from meetsight.db.unit_of_work import read_only
from meetsight.deps import Auth, DbSession, State, app_state, authorize
from meetsight.pagination import total_header
from meetsight.request_params import PageQuery, openapi_parameters, parse_query
from meetsight.responses import envelope
from meetsight.schemas import Envelope


def build_comment_routes(kind: ActivityKind) -> APIRouter:
    r = APIRouter(prefix=f"/{kind.path}/{{activity_id}}/comments", tags=[kind.path])
    noun = kind.noun.lower()

    @r.get(
        "",
        response_model=Envelope[list[CommentOut]],
        summary=f"Members' comments on moments of the {noun}, in recording order (paged)",
        openapi_extra=openapi_parameters(PageQuery, path=("activity_id",)),
    )
    async def list_comments(request: Request) -> Response:
        ctx = await authorize(request, read_scope(kind.is_call))
        state = app_state(request)
        row = await require_activity(state.reader, ctx, request.path_params["activity_id"], kind)
        page = parse_query(PageQuery, request)
        async with read_only(state.sessionmaker) as session:
            rows, total = await repo.list_comments(
                session, ctx.organization_id, row.id, limit=page.limit, offset=page.offset
            )
        data = [service.serialize_comment(c) for c in rows]
        return envelope(data, headers=total_header(total))

    @r.post(
        "",
        status_code=201,
        response_model=Envelope[CommentOut],
        summary=f"Comment on a moment (or a span) of the {noun}, as the credential's member",
    )
    async def add_comment(
        activity_id: str, body: CommentCreate, ctx: Auth, session: DbSession, state: State
    ) -> Response:
        ctx.require(write_scope(kind.is_call))
        row = await require_activity(state.reader, ctx, activity_id, kind)
        author = await service.commenter_of(session, ctx)
        comment = await service.add_comment(session, ctx.organization_id, row, author, body)
        data = service.serialize_comment(comment)
        return envelope(data, status_code=201)

    @r.patch(
        "/{comment_id}",
        response_model=Envelope[CommentOut],
        summary="Change the text of your own comment",
    )
    async def edit_comment(
        activity_id: str,
        comment_id: str,
        body: CommentUpdate,
        ctx: Auth,
        session: DbSession,
        state: State,
    ) -> Response:
        ctx.require(write_scope(kind.is_call))
        row = await require_activity(state.reader, ctx, activity_id, kind)
        # Not found before not allowed: a credential that acts for nobody learns nothing.
        await service.require_comment(session, ctx.organization_id, row.id, comment_id)
        actor = await service.commenter_of(session, ctx)
        comment = await service.edit_comment(
            session, ctx.organization_id, row.id, comment_id, actor, body.text
        )
        data = service.serialize_comment(comment)
        return envelope(data)

    @r.delete(
        "/{comment_id}",
        response_model=Envelope[bool],
        summary="Delete a comment (your own; an owner or admin any)",
    )
    async def delete_comment(
        activity_id: str, comment_id: str, ctx: Auth, session: DbSession, state: State
    ) -> Response:
        ctx.require(write_scope(kind.is_call))
        row = await require_activity(state.reader, ctx, activity_id, kind)
        # Not found before not allowed: a credential that acts for nobody learns nothing.
        await service.require_comment(session, ctx.organization_id, row.id, comment_id)
        actor = await service.commenter_of(session, ctx)
        await service.delete_comment(session, ctx.organization_id, row.id, comment_id, actor)
        return envelope(True)

    return r


meeting_comment_routes = build_comment_routes(MEETINGS)
call_comment_routes = build_comment_routes(CALLS)
