"""/app/team over HTTP (in-process, SQLite and PostgreSQL): the trends of the signed-in user's
organization only, drawn per rep; bad filters are a 422 page that says which."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import pytest

from fixtures.factories import Tenant, make_activity, make_tenant
from meetsight.state import AppState
from web.pages import WebUserInfo, add_user, sign_in


@pytest.fixture
async def member(state: AppState, tenant: Tenant) -> WebUserInfo:
    return await add_user(state, tenant.org_id, role="member")


async def test_team_page_draws_own_reps_only(
    browser: httpx.AsyncClient, state: AppState, tenant: Tenant, member: WebUserInfo
) -> None:
    other = await make_tenant(state)
    await make_activity(state, tenant, start=datetime(2026, 10, 6, 10, tzinfo=UTC))
    await make_activity(state, tenant, is_call=True, start=datetime(2026, 10, 14, tzinfo=UTC))
    await make_activity(state, other, start=datetime(2026, 10, 6, 10, tzinfo=UTC))
    assert (await sign_in(browser, member.email)).status_code == 303
    page = await browser.get("/app/team", params={"from": "2026-10-05", "to": "2026-10-18"})
    assert page.status_code == 200, page.text[-2000:]
    text = page.text
    assert 'aria-current="page">Team<' in text
    # One chart per metric, a row for the team and one for the rep, two weekly columns each.
    assert text.count('class="trend"') == 6
    assert text.count("Olivia Owner") >= 6
    assert 'aria-label="Talk ratio: Team (our side): 60%' in text
    assert "5 Oct" in text and "12 Oct" in text
    assert "Budget discussed" in text  # the objective's column
    assert other.org_id not in text
    months = await browser.get("/app/team", params={"from": "2026-09-01", "groupBy": "month"})
    assert months.status_code == 200 and "Sep 2026" in months.text


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"from": "yesterday"}, "from: expected a date"),
        ({"from": "2026-10-10", "to": "2026-10-01"}, "from: must not be after to"),
        ({"groupBy": "year"}, "groupBy: week or month"),
    ],
)
async def test_bad_filters_say_which(
    browser: httpx.AsyncClient,
    member: WebUserInfo,
    params: dict[str, str],
    message: str,
) -> None:
    assert (await sign_in(browser, member.email)).status_code == 303
    page = await browser.get("/app/team", params=params)
    assert page.status_code == 422 and message in page.text


async def test_signed_out_goes_to_sign_in(browser: httpx.AsyncClient) -> None:
    page = await browser.get("/app/team")
    assert page.status_code in (302, 303) and "/signin" in page.headers["location"]
