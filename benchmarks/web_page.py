"""The conversation page of a 400-segment meeting, rendered on the server, against the JSON
transcript of the same meeting (GET /api/v1/meetings/{id}/transcript) measured in the same run.

    python benchmarks/web_page.py [--requests 200] [--rounds 5]

In-process (httpx over ASGI, SQLite in a temporary folder, one request at a time): the figure is
the time the app needs for the page, without a network or a second process taking turns on the
same cores. The page is everything, in the layout of issue 20: transcript (an avatar per line),
talk-time bars, the tabbed panels (recap, next steps, score, analytics with two charts, notes,
chat), CRM links. Rounds alternate page and baseline so that the machine's load hits both alike.
Prints a JSON report; docs/benchmarks.md records the figures. Target: page p50 under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import re
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from meetsight.activities.models import Activity, ActivityLink, ActivityParticipant
from meetsight.app import create_app
from meetsight.auth.api_keys import create_api_key
from meetsight.auth.passwords import hash_password
from meetsight.config import Settings
from meetsight.db.migrate import upgrade_async
from meetsight.intelligence.analytics_store import store_analytics
from meetsight.intelligence.models import ActivityScore, ActivitySummary, Note
from meetsight.intelligence.smart_categories import create_default_categories
from meetsight.organizations.models import Person
from meetsight.organizations.service import create_organization, create_user
from meetsight.state import AppState
from meetsight.transcripts.importing import store_segments
from meetsight.transcripts.types import SegmentData

SEGMENTS = 400
PASSWORD = "benchmark password"
SPEAKERS = ("Priya Raman", "Naomi Fischer", "Jordan Hayes", "Tom Lindqvist")
LINES = (
    "Thanks for making the time to meet with us this afternoon.",
    "How many people will need training during that first phase?",
    "We have approved the budget, but legal still needs to review the contract.",
    "I can send the security documents to your legal team tomorrow morning.",
    "What would make this worth your while, from the finance side?",
)


async def seed(state: AppState) -> tuple[str, str]:
    """An organization with a password user, an API key and one 400-segment meeting with
    everything the page shows; returns (meeting id, API key)."""
    async with state.sessionmaker() as session:
        org = await create_organization(session, "Bench Org", set_up=(create_default_categories,))
        await create_user(
            session,
            organization_id=org.id,
            email="bench@example.com",
            name="Bench User",
            role="owner",
            password_hash=hash_password(PASSWORD),
        )
        key = await create_api_key(
            session, secret=state.settings.hmac_secret(), organization_id=org.id, name="bench"
        )
        people = [
            Person(organization_id=org.id, name=n, is_internal=i < 2)
            for i, n in enumerate(SPEAKERS)
        ]
        session.add_all(people)
        await session.flush()
        start = datetime(2026, 11, 2, 15, tzinfo=UTC)
        meeting = Activity(
            organization_id=org.id,
            is_call=False,
            media_type="videocall",
            status="completed",
            name="Benchmark discovery meeting",
            start_at=start,
            end_at=start + timedelta(seconds=SEGMENTS * 6),
            duration=SEGMENTS * 6.0,
            language="en",
        )
        session.add(meeting)
        await session.flush()
        for i, person in enumerate(people):
            session.add(
                ActivityParticipant(
                    organization_id=org.id, activity_id=meeting.id, person_id=person.id, position=i
                )
            )
        segments = [
            SegmentData(i * 6.0, i * 6.0 + 5.5, SPEAKERS[(i * 7 // 5) % 4], LINES[i % 5], None)
            for i in range(SEGMENTS)
        ]
        await store_segments(session, org.id, meeting.id, segments)
        await store_analytics(session, org.id, meeting.id, segments, internal_speakers=SPEAKERS[:2])
        session.add(
            ActivitySummary(
                organization_id=org.id,
                activity_id=meeting.id,
                summary="A long discovery meeting about rollout, budget and legal review. " * 4,
                ai_opinion="Strong discovery; the decision process is known.",
                next_steps=[
                    {"action": f"Step {n}", "actors": [SPEAKERS[n % 4]], "deadline": "Friday"}
                    for n in range(5)
                ],
                topics=[
                    {"title": f"Topic {n}", "description": "Discussed at length"} for n in range(6)
                ],
            )
        )
        session.add(
            ActivityScore(
                organization_id=org.id,
                activity_id=meeting.id,
                score=82.0,
                justification="Most objectives met.",
                objectives=[
                    {"objective": f"Objective {n}", "score": 60.0 + n * 5, "explanation": "Met."}
                    for n in range(6)
                ],
            )
        )
        for n in range(30):
            session.add(
                Note(
                    organization_id=org.id,
                    activity_id=meeting.id,
                    tag=("Budget", "Next steps", "Objections")[n % 3],
                    content=f"Note {n}: {LINES[n % 5]}",
                    start_timestamp=n * 60.0,
                )
            )
        for n in range(3):
            session.add(
                ActivityLink(
                    organization_id=org.id,
                    activity_id=meeting.id,
                    kind="contact",
                    external_id=f"c{n}",
                )
            )
        await session.commit()
        return meeting.id, key.key


async def timed(client: httpx.AsyncClient, path: str, n: int, **kwargs: object) -> list[float]:
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        answer = await client.get(path, **kwargs)  # type: ignore[arg-type]
        out.append((time.perf_counter() - t0) * 1000)
        assert answer.status_code == 200, (path, answer.status_code)
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


async def run(opts: argparse.Namespace) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            data_dir=Path(tmp),
            secret_key="bench",
            workers=0,
            rate_limits_enabled=False,
            public_url="http://bench",
        )
        await upgrade_async(settings.resolved_database_url())
        app = create_app(settings)
        async with app.router.lifespan_context(app):
            meeting_id, key = await seed(app.state.ms)
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://bench") as web:
                page = await web.get("/signin")
                token = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
                assert token
                signed = await web.post(
                    "/signin",
                    data={
                        "csrf_token": token.group(1),
                        "email": "bench@example.com",
                        "password": PASSWORD,
                    },
                )
                assert signed.status_code == 303
                page_path = f"/app/conversations/{meeting_id}"
                json_path = f"/api/v1/meetings/{meeting_id}/transcript"
                html = (await web.get(page_path)).text
                # The new layout: a line with its speaker's avatar each, the tabbed panels, the
                # talk-time bars and both charts.
                assert html.count('data-seek="') >= SEGMENTS and "data-tabs" in html
                assert html.count('<span class="av ') >= SEGMENTS + 3 * len(SPEAKERS)
                assert 'class="timeline"' in html and 'class="bars"' in html
                headers = {"x-api-key": key}
                await timed(web, page_path, 20)  # warm caches and code paths
                await timed(web, json_path, 20, headers=headers)
                page_ms: list[float] = []
                json_ms: list[float] = []
                for _ in range(opts.rounds):
                    page_ms += await timed(web, page_path, opts.requests // opts.rounds)
                    json_ms += await timed(
                        web, json_path, opts.requests // opts.rounds, headers=headers
                    )
    report = {
        "segments": SEGMENTS,
        "requests_each": len(page_ms),
        "page_bytes": len(html.encode()),
        "page_ms": {
            "p50": pct(page_ms, 0.5),
            "p95": pct(page_ms, 0.95),
            "mean": round(statistics.fmean(page_ms), 2),
        },
        "json_transcript_ms": {
            "p50": pct(json_ms, 0.5),
            "p95": pct(json_ms, 0.95),
            "mean": round(statistics.fmean(json_ms), 2),
        },
        "page_over_json_p50": round(pct(page_ms, 0.5) / pct(json_ms, 0.5), 2),
        "target_p50_ms": 100,
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
    }
    report["meets_target"] = report["page_ms"]["p50"] < 100  # type: ignore[index]
    return report


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=200, help="per target, over all rounds")
    parser.add_argument("--rounds", type=int, default=5)
    print(json.dumps(asyncio.run(run(parser.parse_args())), indent=2))


if __name__ == "__main__":
    main()
