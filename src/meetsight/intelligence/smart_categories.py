"""Smart categories: the default set every organization starts with, and their storage."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.db.unit_of_work import flush_unique
from meetsight.errors import Conflict, NotFound
from meetsight.intelligence import repository
from meetsight.intelligence.models import SmartCategory
from meetsight.intelligence.schemas import SmartCategoryCreate, SmartCategoryUpdate
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
    return await repository.page_categories(session, organization_id, limit=limit, offset=offset)


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


KEY_LENGTH = 60  # SmartCategory.key's column length


def slug_key(name: str) -> str:
    """`Próximos pasos!` -> `proximos_pasos`: ASCII, lower case, underscores."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", ascii_name.lower()).strip("_")[:KEY_LENGTH] or "category"


async def _unique_key(session: AsyncSession, organization_id: str, name: str) -> str:
    base = slug_key(name)
    taken = await repository.keys_starting(session, organization_id, base)
    key, n = base, 1
    while key in taken:
        n += 1
        suffix = f"_{n}"
        key = base[: KEY_LENGTH - len(suffix)] + suffix
    return key


async def _require_free_name(
    session: AsyncSession, organization_id: str, name: str, *, except_id: str | None = None
) -> None:
    # Names are unique per organization regardless of case ("Budget" and "budget" would be
    # indistinguishable in notes); the table's (organization_id, name) constraint catches the
    # exact-case race between two requests.
    if await repository.name_taken(session, organization_id, name, except_id=except_id):
        raise Conflict(_taken(name))


def _taken(name: str) -> str:
    return f"A smart category named {name!r} already exists"


async def require_category(
    session: AsyncSession, organization_id: str, category_id: str
) -> SmartCategory:
    category = await session.get(SmartCategory, (organization_id, category_id))
    if category is None:
        raise NotFound("Smart category not found")
    return category


async def create_category(
    session: AsyncSession, organization_id: str, body: SmartCategoryCreate
) -> SmartCategory:
    await _require_free_name(session, organization_id, body.name)
    category = SmartCategory(
        organization_id=organization_id,
        key=await _unique_key(session, organization_id, body.name),
        name=body.name,
        description=body.description,
        examples=list(body.examples),
        type=body.type,
    )
    session.add(category)
    await flush_unique(session, _taken(body.name))
    await session.refresh(category)
    return category


async def update_category(
    session: AsyncSession, organization_id: str, category_id: str, body: SmartCategoryUpdate
) -> SmartCategory:
    category = await require_category(session, organization_id, category_id)
    changes = body.model_dump(exclude_unset=True)
    if "name" in changes:
        await _require_free_name(session, organization_id, body.name or "", except_id=category.id)
    # `key` stays as created: it is the category's stable handle, whatever it is renamed to.
    for field, value in changes.items():
        setattr(category, field, list(value) if field == "examples" else value)
    await flush_unique(session, _taken(category.name))
    await session.refresh(category)
    return category


async def delete_category(session: AsyncSession, organization_id: str, category_id: str) -> None:
    """Delete a category; its notes stay, uncategorised, with the category's name as their tag
    when they had none, so nothing a user saw is lost."""
    category = await require_category(session, organization_id, category_id)
    await repository.uncategorise_notes(session, organization_id, category.id, category.name)
    await session.delete(category)
    await session.flush()
