"""The only place that builds comment queries; every one is scoped by organization_id."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.comments.models import Comment
from meetsight.db.reads import Reader
from meetsight.organizations.models import User

_ORG: Any = sa.bindparam("org_id")
_ID: Any = sa.bindparam("activity_id")

# An activity's comments in the order of the recording (then of writing), with the author's
# current name (their name when written, once they are no longer a member).
COMMENTS_OF_ACTIVITY = (
    sa.select(
        Comment.id,
        Comment.start_time,
        Comment.end_time,
        Comment.body,
        Comment.author_user_id,
        sa.func.coalesce(User.name, Comment.author_name).label("author_name"),
        Comment.created_at,
        Comment.edited_at,
    )
    .outerjoin(
        User,
        sa.and_(User.organization_id == Comment.organization_id, User.id == Comment.author_user_id),
    )
    .where(Comment.organization_id == _ORG, Comment.activity_id == _ID)
    .order_by(Comment.start_time, Comment.created_at, Comment.id)
)
_COUNT = sa.select(sa.func.count()).where(
    Comment.organization_id == _ORG, Comment.activity_id == _ID
)


def _params(org_id: str, activity_id: str) -> dict[str, str]:
    return {"org_id": org_id, "activity_id": activity_id}


async def read_comments(reader: Reader, org_id: str, activity_id: str) -> Sequence[Any]:
    """All of an activity's comments, through the app's Reader (the conversation page)."""
    return await reader.fetch(COMMENTS_OF_ACTIVITY, _params(org_id, activity_id))


async def list_comments(
    session: AsyncSession, org_id: str, activity_id: str, *, limit: int, offset: int
) -> tuple[Sequence[Any], int]:
    """One page of an activity's comments and how many it has."""
    params = _params(org_id, activity_id)
    total = (await session.execute(_COUNT, params)).scalar_one()
    rows = await session.execute(COMMENTS_OF_ACTIVITY.limit(limit).offset(offset), params)
    return rows.all(), int(total)


async def get_comment(
    session: AsyncSession, org_id: str, activity_id: str, comment_id: str
) -> Comment | None:
    """The comment of this organization and activity (None for any other, or a silly id)."""
    if len(comment_id) > 64:
        return None
    comment = await session.get(Comment, (org_id, comment_id))
    return comment if comment is not None and comment.activity_id == activity_id else None


async def unlink_author(session: AsyncSession, org_id: str, user_id: str) -> None:
    """A member who leaves keeps their comments, without a user to point at."""
    await session.execute(
        sa.update(Comment)
        .where(Comment.organization_id == org_id, Comment.author_user_id == user_id)
        .values(author_user_id=None)
    )
