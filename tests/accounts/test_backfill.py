"""`meetsight accounts backfill`: conversations stored before accounts existed are matched by
the command (run as a subprocess on the tests' database), the same as processing would have
matched them, and running it again adds nothing."""

from __future__ import annotations

import asyncio
import json
import os
import sys

import httpx
import sqlalchemy as sa

from accounts.story import tell_story
from fixtures.factories import make_tenant
from fixtures.shapes import check_envelope
from meetsight.accounts.models import (
    Account,
    AccountActivity,
    AccountDomain,
    Deal,
    DealActivity,
    NextStepRecord,
)
from meetsight.state import AppState


async def _forget_accounts(state: AppState, org_id: str) -> None:
    """The organization as it was before migration 0013: no accounts, no proposals."""
    async with state.sessionmaker() as session:
        for model in (AccountActivity, DealActivity, AccountDomain, Deal, Account):
            await session.execute(sa.delete(model).where(model.organization_id == org_id))
        await session.execute(
            sa.update(NextStepRecord)
            .where(NextStepRecord.organization_id == org_id)
            .values(proposed_state=None, proposed_by_activity_id=None)
        )
        await session.commit()


async def _backfill(state: AppState, org_id: str) -> dict[str, object]:
    settings = state.settings
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEETSIGHT_")}
    env["MEETSIGHT_DATA_DIR"] = str(settings.data_dir)
    if settings.database_url:
        env["MEETSIGHT_DATABASE_URL"] = settings.database_url
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        *("-m", "meetsight.cli", "accounts", "backfill", "--org", org_id, "--json"),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )
    out, err = await asyncio.wait_for(process.communicate(), timeout=180)
    assert process.returncode == 0, err.decode()
    payload = json.loads(out.decode())
    return dict(payload["organizations"][org_id])


async def test_backfill_matches_what_was_stored_before(
    client: httpx.AsyncClient, state: AppState
) -> None:
    tenant = await make_tenant(state)
    story = await tell_story(state, tenant)
    await _forget_accounts(state, tenant.org_id)
    listed = await client.get("/api/v1/accounts", headers=tenant.headers)
    assert check_envelope(listed.json()) == []
    assert await _backfill(state, tenant.org_id) == {
        "activities": 3,
        "accounts": 1,
        "proposals": 1,
    }
    (account,) = check_envelope(
        (await client.get("/api/v1/accounts", headers=tenant.headers)).json()
    )
    assert (account["name"], account["conversationCount"]) == ("Quarry Labs", 3)
    steps = await client.get(f"/api/v1/accounts/{account['id']}/next-steps", headers=tenant.headers)
    proposed = [s for s in check_envelope(steps.json()) if s.get("proposedState")]
    assert [s["proposedBy"]["activityId"] for s in proposed] == [story.second]
    again = await _backfill(state, tenant.org_id)
    assert again["proposals"] == 0 and again["accounts"] == 1
