"""Peak memory of importing and processing transcripts, measured in a process of its own.

    python tests/hostile/memory_probe.py [--database-url URL] [--cap-gb G] [--tracemalloc]
        [--tracker] CASE...

Serves the app in this process (SQLite in a temporary folder, or the migrated PostgreSQL database
given), warms up (the embedding model loaded, a 50-segment transcript imported and processed),
then for each case
1. uploads the transcript to /api/v1/meetings/upload (parse, segments, search index, analytics);
2. runs the queued job with the real worker (intelligence, trackers), as `meetsight serve` would;
and prints one JSON list: per case and step, the growth of the peak RSS (VmHWM, reset through
/proc/self/clear_refs before each step) over the RSS before the upload, wall and CPU seconds, and
with --tracemalloc the peak of what Python and numpy allocated. --cap-gb lets the process grow
its address space by at most that much (RLIMIT_AS) so that unbounded code fails with MemoryError
instead of taking the machine. Cases: `segments:N` (N cues of the demo's sentences, about 70
characters), `segments:NxC` (N cues of C characters), `one-cue:BYTES` (one cue, the file BYTES
long). --tracker gives the organization a tracker with example sentences first, so that the
trackers stage matches every segment by meaning too (what an organization with trackers pays).
tests/hostile/test_engine_memory.py and benchmarks/transcript_memory.py run it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent.parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

from hostile.big_transcripts import many_segments_vtt, one_cue_vtt  # noqa: E402


def transcript(case: str) -> bytes:
    kind, _, size = case.partition(":")
    if kind == "one-cue":
        return one_cue_vtt(int(size))
    count, _, chars = size.partition("x")
    return many_segments_vtt(int(count), chars=int(chars) if chars else None)


def status_kb(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    raise LookupError(field)


def reset_peak() -> None:
    """VmHWM := VmRSS (Linux 4.0+), so the next peak is this step's alone."""
    Path("/proc/self/clear_refs").write_text("5")


class Step:
    """Times and peak memory of one step, relative to the RSS before the case."""

    def __init__(self, rss_before_kb: int, traced: bool) -> None:
        self.rss_before_kb = rss_before_kb
        self.traced = traced
        reset_peak()
        if traced:
            tracemalloc.reset_peak()
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def report(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seconds": round(time.perf_counter() - self.wall, 2),
            "cpu_seconds": round(time.process_time() - self.cpu, 2),
            "peak_rss_growth_mb": round((status_kb("VmHWM") - self.rss_before_kb) / 1024, 1),
        }
        if self.traced:
            out["traced_peak_mb"] = round(tracemalloc.get_traced_memory()[1] / 1024**2, 1)
        return out


async def _upload(client: Any, key: str, data: bytes) -> Any:
    return await client.post(
        "/api/v1/meetings/upload",
        headers={"x-api-key": key},
        data={"name": "Memory", "startDateTime": "2026-11-02T15:00:00Z", "language": "en"},
        files={"transcript": ("big.vtt", data, "text/vtt")},
    )


async def _job(state: Any, activity_id: str) -> Any:
    from meetsight.jobs.models import Job

    async with state.sessionmaker() as session:
        select = Job.__table__.select().where(Job.activity_id == activity_id)
        return (await session.execute(select)).one()


async def run_case(client: Any, state: Any, key: str, case: str, traced: bool) -> dict[str, Any]:
    from fixtures.jobs import drain_jobs

    data = transcript(case)
    report: dict[str, Any] = {"case": case, "bytes": len(data)}
    rss_before = status_kb("VmRSS")
    step = Step(rss_before, traced)
    r = await _upload(client, key, data)
    report["upload"] = {**step.report(), "status": r.status_code}
    del data
    if r.status_code != 201:
        report["upload"]["error"] = r.json().get("error")
        return report
    step = Step(rss_before, traced)
    await drain_jobs(state)
    job = await _job(state, r.json()["data"]["meetingId"])
    report["processing"] = {
        **step.report(),
        "state": job.state,
        "error": job.last_error,
        "stages_s": job.payload.get("timings"),
    }
    return report


TRACKER = {
    "name": "Security",
    "keywords": ["security"],
    "examples": [
        "Do you have a SOC 2 Type II report?",
        "Where is our data stored, and is it encrypted?",
    ],
}


async def probe(
    cases: list[str], database_url: str | None, cap_gb: float | None, traced: bool, tracker: bool
):
    import httpx

    from fixtures.jobs import drain_jobs
    from meetsight.app import create_app
    from meetsight.auth.api_keys import create_api_key
    from meetsight.config import Settings
    from meetsight.db.migrate import upgrade_async
    from meetsight.intelligence.smart_categories import create_default_categories
    from meetsight.organizations.service import create_organization

    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            data_dir=Path(tmp),
            database_url=database_url,
            secret_key="memory-probe",
            workers=0,
            rate_limits_enabled=False,
        )
        await upgrade_async(settings.resolved_database_url())
        app = create_app(settings)
        async with app.router.lifespan_context(app):
            state = app.state.ms
            async with state.sessionmaker() as session:
                org = await create_organization(
                    session, "Memory probe", set_up=(create_default_categories,)
                )
                made = await create_api_key(
                    session, secret=settings.hmac_secret(), organization_id=org.id, name="p"
                )
                await session.commit()
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://probe") as client:
                if tracker:
                    made_tracker = await client.post(
                        "/api/v1/trackers", json=TRACKER, headers={"x-api-key": made.key}
                    )
                    assert made_tracker.status_code == 201, made_tracker.text
                await _upload(client, made.key, many_segments_vtt(50))  # warm-up
                await drain_jobs(state)
                if cap_gb is not None:
                    limit = status_kb("VmSize") * 1024 + int(cap_gb * 1024**3)
                    resource.setrlimit(resource.RLIMIT_AS, (limit, resource.RLIM_INFINITY))
                if traced:
                    tracemalloc.start()
                reports = []
                for case in cases:
                    try:
                        reports.append(await run_case(client, state, made.key, case, traced))
                    except MemoryError:
                        reports.append({"case": case, "error": f"MemoryError under {cap_gb} GB"})
                return reports


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="+")
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--cap-gb", type=float, default=None)
    parser.add_argument("--tracemalloc", action="store_true")
    parser.add_argument("--tracker", action="store_true")
    opts = parser.parse_args()
    reports = asyncio.run(
        probe(opts.cases, opts.database_url, opts.cap_gb, opts.tracemalloc, opts.tracker)
    )
    print(json.dumps(reports))


if __name__ == "__main__":
    main()
