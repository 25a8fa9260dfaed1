"""Every query on smart categories and on the intelligence stored for an activity (summary,
score, notes, chat, talk analytics); each one is scoped by the organization it is given."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.db.reads import AnyRow
from meetsight.intelligence.models import (
    ActivityAnalytics,
    ActivityScore,
    ActivitySummary,
    ChatMessage,
    Note,
    SmartCategory,
)


async def page_categories(
    session: AsyncSession, organization_id: str, *, limit: int, offset: int
) -> tuple[list[SmartCategory], int]:
    """One page of the organization's categories, oldest first, and how many there are."""
    base = sa.select(SmartCategory).where(SmartCategory.organization_id == organization_id)
    rows = await session.execute(
        base.order_by(SmartCategory.created_at, SmartCategory.id).limit(limit).offset(offset)
    )
    total = await session.execute(
        sa.select(sa.func.count())
        .select_from(SmartCategory)
        .where(SmartCategory.organization_id == organization_id)
    )
    return list(rows.scalars()), int(total.scalar_one())


async def all_categories(session: AsyncSession, organization_id: str) -> list[SmartCategory]:
    """Every category of the organization, oldest first."""
    rows = await session.execute(
        sa.select(SmartCategory)
        .where(SmartCategory.organization_id == organization_id)
        .order_by(SmartCategory.created_at, SmartCategory.id)
    )
    return list(rows.scalars())


async def keys_starting(
    session: AsyncSession, organization_id: str, prefix: str
) -> set[str | None]:
    """The category keys that start with `prefix` (taken literally)."""
    rows = await session.execute(
        sa.select(SmartCategory.key).where(
            SmartCategory.organization_id == organization_id,
            SmartCategory.key.startswith(prefix, autoescape=True),
        )
    )
    return set(rows.scalars())


async def name_taken(
    session: AsyncSession, organization_id: str, name: str, *, except_id: str | None
) -> bool:
    """Whether another category has this name, whatever its case."""
    query = sa.select(SmartCategory.id).where(
        SmartCategory.organization_id == organization_id,
        sa.func.lower(SmartCategory.name) == name.lower(),
    )
    if except_id is not None:
        query = query.where(SmartCategory.id != except_id)
    return (await session.execute(query.limit(1))).first() is not None


async def uncategorise_notes(
    session: AsyncSession, organization_id: str, category_id: str, category_name: str
) -> None:
    """The category's notes lose it, keeping its name as their tag when they had none."""
    await session.execute(
        sa.update(Note)
        .where(Note.organization_id == organization_id, Note.smart_category_id == category_id)
        .values(smart_category_id=None, tag=sa.func.coalesce(Note.tag, category_name))
        .execution_options(synchronize_session=False)
    )


async def delete_engine_results(session: AsyncSession, org_id: str, activity_id: str) -> None:
    """The activity's summary, score and engine notes (a user's manual notes stay)."""
    for model in (ActivitySummary, ActivityScore):
        await session.execute(
            sa.delete(model).where(
                model.organization_id == org_id, model.activity_id == activity_id
            )
        )
    await session.execute(
        sa.delete(Note).where(
            Note.organization_id == org_id,
            Note.activity_id == activity_id,
            Note.is_manual.is_(False),
        )
    )


async def delete_analytics(session: AsyncSession, org_id: str, activity_id: str) -> None:
    await session.execute(
        sa.delete(ActivityAnalytics).where(
            ActivityAnalytics.organization_id == org_id,
            ActivityAnalytics.activity_id == activity_id,
        )
    )


async def get_summary(
    session: AsyncSession, org_id: str, activity_id: str
) -> ActivitySummary | None:
    return await session.get(ActivitySummary, (org_id, activity_id))


async def get_analytics(
    session: AsyncSession, org_id: str, activity_id: str
) -> ActivityAnalytics | None:
    return await session.get(ActivityAnalytics, (org_id, activity_id))


async def get_score(session: AsyncSession, org_id: str, activity_id: str) -> ActivityScore | None:
    return await session.get(ActivityScore, (org_id, activity_id))


async def list_notes(session: AsyncSession, org_id: str, activity_ids: list[str]) -> list[AnyRow]:
    query = (
        sa.select(
            Note.id,
            Note.activity_id,
            Note.tag,
            Note.content,
            Note.priority,
            Note.smart_category_id,
            SmartCategory.name.label("category_name"),
            Note.is_manual,
            Note.start_timestamp,
            Note.end_timestamp,
        )
        .outerjoin(  # a note whose category was deleted has none
            SmartCategory,
            sa.and_(
                SmartCategory.organization_id == Note.organization_id,
                SmartCategory.id == Note.smart_category_id,
            ),
        )
        .where(Note.organization_id == org_id, Note.activity_id.in_(activity_ids))
        .order_by(Note.activity_id, sa.func.coalesce(Note.start_timestamp, 0), Note.id)
    )
    return list((await session.execute(query)).all())


async def list_chat(session: AsyncSession, org_id: str, activity_id: str) -> list[AnyRow]:
    query = (
        sa.select(ChatMessage.question, ChatMessage.answer, ChatMessage.citations)
        .where(ChatMessage.organization_id == org_id, ChatMessage.activity_id == activity_id)
        .order_by(ChatMessage.created_at, ChatMessage.id)
    )
    return list((await session.execute(query)).all())
