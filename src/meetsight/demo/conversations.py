"""The demo's sales conversations: `generate_demo_activities` and the records it returns.

Ten customer companies, each with a deal that moves from first contact to pricing (or onboarding,
or renewal) over the 90 days before `now`; video calls, on-site meetings and phone calls, in
English and Spanish. Everything is derived from one `random.Random(seed)`, so a seed and a `now`
always give the same data.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime

from meetsight.demo.engine import build_activity
from meetsight.demo.records import DemoActivity, DemoFacts, DemoPerson, DemoSegment
from meetsight.demo.schedule import plan_schedule

__all__ = [
    "DemoActivity",
    "DemoFacts",
    "DemoPerson",
    "DemoSegment",
    "generate_demo_activities",
]


def generate_demo_activities(
    seed: int = 7, count: int = 48, now: datetime | None = None
) -> list[DemoActivity]:
    """Up to `count` conversations (48 at most), sorted by start, none after `now`."""
    now = (now or datetime.now(UTC)).astimezone(UTC).replace(microsecond=0)
    rng = random.Random(seed)
    return [build_activity(rng, slot) for slot in plan_schedule(rng, now, count)]
