"""The account pages over HTTP (in-process, SQLite and PostgreSQL): the list searchable by name,
one account's timeline, amounts, open next steps, stakeholders and risks with links to their
moments, and another organization's account as the 404 page."""

from __future__ import annotations

import httpx
import pytest

from accounts.story import Story, tell_story
from fixtures.factories import Tenant, make_tenant
from meetsight.state import AppState
from web.pages import WebUserInfo, add_user, sign_in


@pytest.fixture
async def browser_in(
    browser: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> httpx.AsyncClient:
    member: WebUserInfo = await add_user(state, tenant.org_id, role="member")
    assert (await sign_in(browser, member.email)).status_code == 303
    return browser


async def _account_id(client: httpx.AsyncClient, tenant: Tenant) -> str:
    found = await client.get("/api/v1/accounts", headers=tenant.headers)
    [account] = found.json()["data"]
    return str(account["id"])


async def test_the_list_shows_and_finds_accounts(
    browser_in: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    await tell_story(state, tenant)
    account_id = await _account_id(browser_in, tenant)
    page = await browser_in.get("/app/accounts")
    assert page.status_code == 200, page.text[-2000:]
    text = page.text
    assert 'aria-current="page">Accounts<' in text
    assert f'href="/app/accounts/{account_id}">Quarry Labs</a>' in text
    assert "quarrylabs.example" in text
    assert '<td data-label="Conversations">3</td>' in text
    assert "2026-01-27 16:00 UTC" in text  # the last conversation
    assert '<td data-label="Open next steps">2</td>' in text
    found = await browser_in.get("/app/accounts", params={"name": "QUARRY"})
    assert "Quarry Labs</a>" in found.text and "1 account matching" in found.text
    none = await browser_in.get("/app/accounts", params={"name": "nobody here", "page": "x"})
    assert none.status_code == 200 and "Quarry Labs</a>" not in none.text
    assert "No account matches" in none.text


async def test_one_account_with_its_moments(
    browser_in: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    story: Story = await tell_story(state, tenant)
    account_id = await _account_id(browser_in, tenant)
    page = await browser_in.get(f"/app/accounts/{account_id}")
    assert page.status_code == 200, page.text[-2000:]
    text = page.text
    assert "<h1>Quarry Labs</h1>" in text and "CRM crm-co-1" in text
    # The timeline, newest first.
    links = [f'href="/app/conversations/{a}">' for a in (story.third, story.second, story.first)]
    timeline = text[text.index('id="timeline-heading"') :]
    positions = [timeline.index(link) for link in links]
    assert positions == sorted(positions)
    # Amounts latest first, each linking to the moment it was said.
    amounts = [text.index(v) for v in ("$40,000</a>", "$42,000</a>", "$48,000</a>")]
    assert amounts == sorted(amounts)
    assert f'href="/app/conversations/{story.first}?t=32.00">$48,000</a>' in text
    # Open next steps with their owner, deadline and moment; the later "done" is a proposal.
    assert f'href="/app/conversations/{story.first}?t=48.00">send the security' in text
    assert "review the order form with procurement</a>" in text
    assert "Maybe done:" in text
    # Stakeholders by talk time, and the risks.
    people = [text.index(n) for n in ("Nora Seller</td>", "Lucía Pérez</td>", "Ben Ortiz</td>")]
    assert people == sorted(people)
    for risk in ("Competitor present", "No next step", "Champion gone quiet"):
        assert risk in text
    assert "Routemaster Pro came up" in text


async def test_another_organizations_account_is_not_found(
    browser_in: httpx.AsyncClient, state: AppState
) -> None:
    other = await make_tenant(state)
    await tell_story(state, other)
    theirs = await _account_id(browser_in, other)
    page = await browser_in.get(f"/app/accounts/{theirs}")
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "No account with this address." in page.text
    listing = await browser_in.get("/app/accounts")
    assert "Quarry Labs" not in listing.text and theirs not in listing.text
    assert (await browser_in.get("/app/accounts/" + "x" * 300)).status_code == 404


async def test_signed_out_goes_to_sign_in(browser: httpx.AsyncClient) -> None:
    page = await browser.get("/app/accounts")
    assert page.status_code in (302, 303) and "/signin" in page.headers["location"]
