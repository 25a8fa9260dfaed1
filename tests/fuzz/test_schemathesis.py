"""Schemathesis against a real `meetsight serve` process, for every operation of the served
OpenAPI document: no 5xx, and every status, content type, header and body as declared.

`make test` runs a short pass (MEETSIGHT_FUZZ_MAX_EXAMPLES, default 3 cases per operation and
phase); `make fuzz` runs the long one and writes its figures (docs/reliability.md)."""

from __future__ import annotations

import asyncio
import json
import os
from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa

from fixtures.factories import Tenant, make_activity, make_tenant
from fixtures.fuzzing import SeededIds, run_schemathesis, served_process, write_config
from meetsight.config import Settings
from meetsight.intelligence.models import Note, SmartCategory
from meetsight.jobs.models import Job
from meetsight.state import AppState
from meetsight.trackers.indexing import index_tracker_now
from meetsight.trackers.models import Tracker

MAX_EXAMPLES = int(os.environ.get("MEETSIGHT_FUZZ_MAX_EXAMPLES", "3"))
SEED = os.environ.get("MEETSIGHT_FUZZ_SEED")
FIGURES_DIR = os.environ.get("MEETSIGHT_FUZZ_REPORT_DIR")


async def seed_organization(state: AppState) -> tuple[Tenant, SeededIds]:
    tenant = await make_tenant(state)
    day = datetime(2026, 9, 1, 9, 0, tzinfo=UTC)
    meetings = [
        await make_activity(state, tenant, name="Fuzz video call", start=day, with_comment=True),
        await make_activity(state, tenant, name="Fuzz onsite", media_type="presential"),
    ]
    calls = [
        await make_activity(
            state, tenant, is_call=True, direction="inbound", name="Fuzz in", with_comment=True
        ),
        await make_activity(state, tenant, is_call=True, name="Fuzz out"),
    ]
    doomed_meetings = [await make_activity(state, tenant, name=f"Doomed {n}") for n in (1, 2)]
    doomed_calls = [await make_activity(state, tenant, is_call=True) for _ in (1, 2)]
    async with state.sessionmaker() as session:
        query = sa.select(Note.id).where(Note.organization_id == tenant.org_id)
        note_ids = list(await session.scalars(query))
        doomed_categories = [
            SmartCategory(organization_id=tenant.org_id, name=f"Doomed category {n}")
            for n in (1, 2)
        ]
        session.add_all(doomed_categories)
        trackers = [
            Tracker(organization_id=tenant.org_id, name=name, keywords=["proposal", "budget"])
            for name in ("Fuzz tracker", "Doomed tracker 1", "Doomed tracker 2")
        ]
        session.add_all(trackers)
        await session.flush()
        for tracker in trackers:
            await index_tracker_now(session, tenant.org_id, tracker)
        await session.commit()
    ids = SeededIds(
        meetings=meetings,
        calls=calls,
        categories=[c.id for c in tenant.categories],
        notes=note_ids,
        doomed_meetings=doomed_meetings,
        doomed_calls=doomed_calls,
        doomed_categories=[c.id for c in doomed_categories],
        trackers=[trackers[0].id, "builtin-competitors", "builtin-objections"],
        doomed_trackers=[t.id for t in trackers[1:]],
    )
    return tenant, ids


async def forget_queued_jobs(state: AppState, org_id: str) -> None:
    """Fuzzed uploads queue jobs (mediaUrl ones would fetch random hosts): other tests drain the
    same table, so none may outlive this test."""
    async with state.sessionmaker() as session:
        await session.execute(sa.delete(Job).where(Job.organization_id == org_id))
        await session.commit()


async def test_fuzzing_every_operation_finds_no_failure(
    settings: Settings, state: AppState, engine_name: str, tmp_path: Path
) -> None:
    tenant, ids = await seed_organization(state)
    config = tmp_path / "schemathesis.toml"
    write_config(config, ids)
    report_dir = Path(FIGURES_DIR) / engine_name if FIGURES_DIR else tmp_path
    report_dir.mkdir(parents=True, exist_ok=True)

    def fuzz() -> object:
        with served_process(settings, report_dir / "server.log") as url:
            return run_schemathesis(
                url,
                tenant.key,
                config=config,
                report_dir=report_dir,
                max_examples=MAX_EXAMPLES,
                seed=int(SEED) if SEED else None,
            )

    try:
        figures = await asyncio.to_thread(fuzz)
    finally:
        await forget_queued_jobs(state, tenant.org_id)
    summary = {k: v for k, v in vars(figures).items() if k != "output_tail"}
    summary["server_errors"] = figures.server_errors
    (report_dir / "figures.json").write_text(json.dumps(summary, indent=2))
    print(f"\nfuzz {engine_name}: {json.dumps(summary)}")

    # No failure of any check (schema violations are response_schema_conformance failures),
    # and no 5xx among all the responses, the checks' own extra requests included.
    assert figures.failures == [], figures.output_tail
    assert figures.errors == [], figures.output_tail
    assert figures.exit_code == 0, figures.output_tail
    assert figures.server_errors == 0, figures.statuses
    # Every operation was generated for, and enough cases ran to mean something.
    assert figures.operations_tested == figures.operations_total >= 45
    assert figures.cases >= figures.operations_total * MAX_EXAMPLES
    # Every phase ran (the document has no examples, so that one is skipped).
    assert figures.phases == {
        "examples": "skip",
        "coverage": "success",
        "fuzzing": "success",
        "stateful": "success",
    }, figures.phases
    # The key authenticated the run: 401 is the answer of ignored_auth's probes only.
    assert figures.statuses.get("401", 0) < figures.cases / 4, figures.statuses
