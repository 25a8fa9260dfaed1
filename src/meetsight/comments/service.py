"""Comments on a moment: who may add, edit and delete them, and what a moment may be.

Any member of the organization (any credential acting for one) adds comments and reads them all;
the author edits and deletes their own; owners and admins delete anyone's. Functions flush; the
caller commits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.auth.context import AuthContext
from meetsight.comments import repository as repo
from meetsight.comments.models import Comment
from meetsight.comments.schemas import CommentCreate
from meetsight.db.base import utcnow
from meetsight.errors import Forbidden, NotFound, ValidationFailed
from meetsight.organizations.members import get_member
from meetsight.timefmt import iso_z

ADMIN_ROLES = frozenset({"owner", "admin"})
# A player's time may run a little past the stored duration (it is rounded, or measured from
# the transcript): up to this much past the end is taken as the end.
END_TOLERANCE_SECONDS = 1.0


@dataclass(frozen=True, slots=True)
class Commenter:
    """The member acting: whose comment a new one is, and what they may change."""

    user_id: str
    name: str
    role: str

    @property
    def is_admin(self) -> bool:
        return self.role in ADMIN_ROLES


async def commenter_of(session: AsyncSession, ctx: AuthContext) -> Commenter:
    """The member a REST credential acts for: an OAuth token's user, or the member who created
    an API key. A key made on the command line acts for nobody and cannot write comments."""
    try:
        if ctx.user_id is None:
            raise NotFound("No such member")
        user = await get_member(session, ctx.organization_id, ctx.user_id)
    except NotFound:
        raise Forbidden(
            "Comments are written by a member: this credential acts for no user (use an "
            "OAuth token, or an API key a member created in the web app)"
        ) from None
    return Commenter(user.id, user.name, user.role)


def _clock(seconds: float) -> str:
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


def check_moment(start: float, end: float | None, duration: float | None) -> tuple[float, float]:
    """(start, end) within the recording: refused (422) when past its end by more than a
    second, taken as the end when within that second. Without a known duration only the
    schema's bounds apply."""
    end = start if end is None else end
    if duration and duration > 0:
        if start > duration + END_TOLERANCE_SECONDS:
            raise ValidationFailed(
                f"startTime: {_clock(start)} is past the end of the recording ({_clock(duration)})"
            )
        if end > duration + END_TOLERANCE_SECONDS:
            raise ValidationFailed(
                f"endTime: {_clock(end)} is past the end of the recording ({_clock(duration)})"
            )
        start, end = min(start, duration), min(end, duration)
    return start, end


async def add_comment(
    session: AsyncSession,
    org_id: str,
    activity: Any,
    author: Commenter,
    body: CommentCreate,
) -> Comment:
    """`activity` is the row require_activity resolved (its id and duration)."""
    start, end = check_moment(body.start_time, body.end_time, activity.duration)
    comment = Comment(
        organization_id=org_id,
        activity_id=activity.id,
        author_user_id=author.user_id,
        author_name=author.name,
        start_time=start,
        end_time=end if end > start else None,
        body=body.text,
    )
    session.add(comment)
    await session.flush()
    return comment


async def require_comment(
    session: AsyncSession, org_id: str, activity_id: str, comment_id: str
) -> Comment:
    """The comment of this activity, or 404 (another organization's reads as missing)."""
    comment = await repo.get_comment(session, org_id, activity_id, comment_id)
    if comment is None:
        raise NotFound("Comment not found")
    return comment


async def edit_comment(
    session: AsyncSession,
    org_id: str,
    activity_id: str,
    comment_id: str,
    actor: Commenter,
    text: str,
) -> Comment:
    comment = await require_comment(session, org_id, activity_id, comment_id)
    if comment.author_user_id != actor.user_id:
        raise Forbidden("Only its author can edit a comment")
    if comment.body != text:
        comment.body = text
        comment.edited_at = utcnow()
        await session.flush()
    return comment


async def delete_comment(
    session: AsyncSession, org_id: str, activity_id: str, comment_id: str, actor: Commenter
) -> None:
    comment = await require_comment(session, org_id, activity_id, comment_id)
    if comment.author_user_id != actor.user_id and not actor.is_admin:
        raise Forbidden("Only its author, an owner or an admin can delete a comment")
    await session.delete(comment)
    await session.flush()


def serialize_comment(row: Any) -> dict[str, Any]:
    """A row of COMMENTS_OF_ACTIVITY, or a Comment, as the REST API shows it."""
    return {
        "id": row.id,
        "startTime": row.start_time,
        "endTime": row.end_time,
        "text": row.body,
        "authorId": row.author_user_id,
        "authorName": row.author_name,
        "createdAt": iso_z(row.created_at),
        "editedAt": iso_z(row.edited_at),
    }
