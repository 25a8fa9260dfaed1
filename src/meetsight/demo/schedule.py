"""Which conversations happen with whom and when: each customer's deal moves through stages over
the 90 days before `now`, on weekdays during the customer's business hours."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta

from meetsight.demo.cast import COMPANY_BY_KEY, Company

V, P, IN, OUT = "videocall", "presential", "inbound", "outbound"

# Each deal's conversations in order: (activity type, media type, call direction).
DEALS: dict[str, tuple[tuple[str, str, str | None], ...]] = {
    "bluefin": (
        ("Inbound inquiry", "phonecall", IN),
        ("Discovery call", V, None),
        ("Product demo", P, None),
        ("Follow-up call", "phonecall", OUT),
        ("Pricing review", V, None),
        ("Negotiation", V, None),
        ("Follow-up call", "phonecall", OUT),
    ),
    "cedar": (
        ("Discovery call", V, None),
        ("Product demo", V, None),
        ("Follow-up call", "phonecall", IN),
        ("Pricing review", P, None),
        ("Negotiation", "phonecall", OUT),
    ),
    "pinecrest": (
        ("Discovery call", V, None),
        ("Product demo", V, None),
        ("Follow-up call", "phonecall", OUT),
        ("Pricing review", V, None),
        ("Negotiation", P, None),
    ),
    "lumen": (
        ("Inbound inquiry", "phonecall", IN),
        ("Discovery call", "phonecall", OUT),
        ("Product demo", V, None),
        ("Follow-up call", "phonecall", OUT),
    ),
    "orchard": (
        ("Product demo", P, None),
        ("Pricing review", V, None),
        ("Negotiation", "phonecall", OUT),
        ("Follow-up call", "phonecall", IN),
        ("Onboarding kickoff", P, None),
        ("Follow-up call", "phonecall", OUT),
    ),
    "keystone": (
        ("Follow-up call", "phonecall", IN),
        ("Renewal check-in", V, None),
        ("Pricing review", "phonecall", OUT),
        ("Negotiation", "phonecall", OUT),
    ),
    "meridian": (
        ("Discovery call", V, None),
        ("Product demo", P, None),  # the on-site workshop: the longest transcript
        ("Follow-up call", "phonecall", IN),
        ("Product demo", V, None),
        ("Pricing review", P, None),
        ("Negotiation", V, None),
    ),
    "tidewater": (
        ("Inbound inquiry", "phonecall", IN),
        ("Discovery call", V, None),
        ("Product demo", V, None),
        ("Follow-up call", "phonecall", OUT),
    ),
    "alhambra": (
        ("Discovery call", V, None),
        ("Product demo", P, None),
        ("Follow-up call", "phonecall", OUT),
        ("Pricing review", V, None),
    ),
    "sierra": (
        ("Inbound inquiry", "phonecall", IN),
        ("Discovery call", "phonecall", OUT),
        ("Product demo", V, None),
    ),
}

# (company, index in its deal) of the workshop that gets exactly LONGEST_SEGMENTS segments.
LONGEST = ("meridian", 1)
LONGEST_SEGMENTS = 400


@dataclass(frozen=True, slots=True)
class Slot:
    company: Company
    index: int  # position in the deal
    activity_type: str
    media_type: str
    direction: str | None
    start: datetime


def plan_schedule(rng: random.Random, now: datetime, count: int) -> list[Slot]:
    """Up to `count` conversations, deal by deal; days spread from ~3 months ago to recently."""
    slots: list[Slot] = []
    for key, steps in DEALS.items():
        company = COMPANY_BY_KEY[key]
        first = rng.randint(66, 88)
        last = rng.randint(1, 12)
        inner = sorted(rng.sample(range(last + 1, first), len(steps) - 2), reverse=True)
        for index, (days_ago, step) in enumerate(zip([first, *inner, last], steps, strict=True)):
            start = _business_time(rng, now, company, days_ago, step[1])
            slots.append(Slot(company, index, step[0], step[1], step[2], start))
    # Trimming to `count` keeps the schedule's shape: drop the latest steps of the longest deals.
    while len(slots) > count:
        slots.remove(max(slots, key=lambda s: (s.index, s.start)))
    return sorted(slots, key=lambda s: s.start)


def _business_time(
    rng: random.Random, now: datetime, company: Company, days_ago: int, media_type: str
) -> datetime:
    day = (now - timedelta(days=days_ago)).date()
    if day.weekday() >= 5:  # weekend: the Friday before, or the Monday after near the 90-day edge
        shift = day.weekday() - 4
        day = (
            day - timedelta(days=shift)
            if days_ago + shift <= 88
            else day + timedelta(days=7 - day.weekday())
        )
    hour = rng.choice((9, 10, 10, 11, 11, 13, 14, 14, 15, 16))
    # Meetings start on the quarter hour; calls whenever someone picks up the phone.
    if media_type == "phonecall":
        local = time(hour, rng.randrange(60), rng.randrange(60))
    else:
        local = time(hour, rng.choice((0, 0, 15, 30, 30, 45)))
    start = datetime.combine(day, local, tzinfo=UTC) - timedelta(hours=company.utc_offset)
    # A meeting late yesterday in California may still be running in UTC terms: move it a week.
    while start > now - timedelta(hours=3):
        start -= timedelta(days=7)
    return start
