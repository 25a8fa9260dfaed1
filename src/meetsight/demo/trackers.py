"""The demo organization's trackers: a competitor that recurs in its conversations, pricing and
security, so the tracker pages show mentions over weeks and reps out of the box."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.trackers.models import Tracker

DEMO_TRACKERS: tuple[dict[str, Any], ...] = (
    {
        "name": "Routemaster and Opsly",
        "description": "The two route-planning competitors we meet most often.",
        "keywords": ["Routemaster", "Routemaster Pro", "Opsly"],
        "examples": [],
    },
    {
        "name": "Pricing",
        "description": "Prices, quotes, discounts and budget.",
        "keywords": ["price", "pricing", "discount", "quote", "budget", "per seat", "precio"],
        "examples": [
            "What does it cost per seat?",
            "Can you give us a discount if we sign for two years?",
            "That price is above what we budgeted.",
        ],
    },
    {
        "name": "Security",
        "description": "Security reviews, certifications, data location and single sign-on.",
        "keywords": ["security", "SOC 2", "SSO", "single sign-on", "GDPR", "encrypt*", "seguridad"],
        "examples": [
            "Do you have a SOC 2 Type II report?",
            "Where is our data stored, and is it encrypted?",
            "Our security team has to review your vendor questionnaire.",
        ],
    },
)


async def create_demo_trackers(session: AsyncSession, org_id: str) -> list[Tracker]:
    """The trackers, marked indexed: the seeding indexes every conversation as it adds it."""
    trackers = [
        Tracker(organization_id=org_id, version=1, indexed_version=1, **spec)
        for spec in DEMO_TRACKERS
    ]
    session.add_all(trackers)
    await session.flush()
    return trackers
