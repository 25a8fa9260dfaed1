"""Smart categories: the default set every organization starts with, and their storage."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.intelligence.models import SmartCategory
from meetsight.timefmt import iso_z

DEFAULT_CATEGORIES: tuple[dict[str, Any], ...] = (
    {
        "key": "pain_points",
        "name": "Pain points",
        "description": "Problems, frustrations and costs the customer describes in their work.",
        "examples": [
            "Our reps spend hours every week updating the CRM by hand.",
            "We keep losing deals because nobody follows up in time.",
            "Reporting takes us three days at the end of every month.",
        ],
    },
    {
        "key": "budget_pricing",
        "name": "Budget and pricing",
        "description": "Prices, discounts, budget amounts, seats and what the customer can spend.",
        "examples": [
            "What does the enterprise tier cost per seat?",
            "We have about forty thousand dollars budgeted for this year.",
            "Can you do better than fifteen percent off?",
        ],
    },
    {
        "key": "competitors",
        "name": "Competitors",
        "description": "Other vendors and tools the customer uses, evaluates or compares us with.",
        "examples": [
            "We're also looking at another vendor.",
            "Today we use spreadsheets and an old tool we outgrew.",
            "How are you different from the product we trialled last year?",
        ],
    },
    {
        "key": "decision_process",
        "name": "Decision process",
        "description": "Who decides and signs: approvals, legal, procurement, security reviews.",
        "examples": [
            "Our CFO has to sign off on anything above fifty thousand.",
            "Legal will need to review the contract first.",
            "Procurement runs a security questionnaire for every vendor.",
        ],
    },
    {
        "key": "timeline",
        "name": "Timeline",
        "description": "Dates, deadlines, quarters, go-live targets and urgency.",
        "examples": [
            "We want to be live before the end of the quarter.",
            "The current contract renews in March.",
            "Could we start the pilot in two weeks?",
        ],
    },
    {
        "key": "objections",
        "name": "Objections",
        "description": "Concerns, doubts and reasons the customer gives not to buy or to wait.",
        "examples": [
            "That's more than we expected to pay.",
            "I'm worried the integration will take too long.",
            "We're not sure the team will adopt another tool.",
        ],
    },
    {
        "key": "next_steps",
        "name": "Next steps",
        "description": "Commitments and follow-ups: who will do what, and by when.",
        "examples": [
            "I'll send the proposal by Friday.",
            "Let's schedule the technical review for next Tuesday.",
            "We'll get back to you after the board meeting.",
        ],
    },
    {
        "key": "product_questions",
        "name": "Product questions",
        "description": "Questions on features, integrations, security and how the product works.",
        "examples": [
            "Does it integrate with Salesforce?",
            "Can we export the data to our warehouse?",
            "Is there single sign-on?",
        ],
    },
)


async def create_default_categories(session: AsyncSession, organization_id: str) -> None:
    for spec in DEFAULT_CATEGORIES:
        session.add(
            SmartCategory(
                organization_id=organization_id,
                key=spec["key"],
                name=spec["name"],
                description=spec["description"],
                examples=list(spec["examples"]),
                type="all",
            )
        )
    await session.flush()


async def list_categories(
    session: AsyncSession, organization_id: str, *, limit: int, offset: int
) -> tuple[list[SmartCategory], int]:
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


def serialize_category(category: SmartCategory) -> dict[str, Any]:
    return {
        "id": category.id,
        "name": category.name,
        "description": category.description,
        "examples": list(category.examples),
        "type": category.type,
        "createdAt": iso_z(category.created_at),
        "updatedAt": iso_z(category.updated_at),
    }
