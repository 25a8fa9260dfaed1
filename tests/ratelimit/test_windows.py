"""The three windows per credential (spec: 35/s, 200/10 s, 1000/min) on REST: the 36th request
inside a second is refused and passes once the second is over; each window bites on its own;
a refused request costs nothing; the headers count down."""

from __future__ import annotations

import asyncio
import time

import pytest
from pydantic import ValidationError

from fixtures.factories import make_tenant
from fixtures.limited_apps import OpenApp
from fixtures.shapes import check_envelope, check_error
from meetsight.config import Settings
from meetsight.ratelimit.windows import parse_budget

LISTING = "/api/v1/smart-categories"


def test_default_windows_are_the_specs() -> None:
    settings = Settings(secret_key="x")
    budget = parse_budget(settings.rate_limits)
    assert [(w.amount, w.get_expiry()) for w in budget.windows] == [(35, 1), (200, 10), (1000, 60)]
    assert budget.policy == "35;w=1, 200;w=10, 1000;w=60"
    assert settings.rate_limits_enabled is True
    unauthenticated = parse_budget(settings.rate_limits_unauthenticated)
    assert [(w.amount, w.get_expiry()) for w in unauthenticated.windows] == [(10, 1), (100, 60)]


def test_malformed_limits_are_refused_by_the_settings() -> None:
    with pytest.raises(ValidationError, match="is not a list of windows"):
        Settings(rate_limits="lots per second")


async def test_36th_request_in_a_second_is_refused_then_passes(open_app: OpenApp) -> None:
    async with open_app() as limited:
        tenant = await make_tenant(limited.state)
        client = limited.client
        await client.get(LISTING, headers=tenant.headers)  # warm the key cache and the app
        await asyncio.sleep(1.05)  # and let that request leave the window
        began = time.monotonic()
        answers = await asyncio.gather(
            *(client.get(LISTING, headers=tenant.headers) for _ in range(35))
        )
        refused = await client.get(LISTING, headers=tenant.headers)
        elapsed = time.monotonic() - began
        assert elapsed < 1, f"36 requests took {elapsed:.2f} s: too slow to test a 1 s window"
        assert [a.status_code for a in answers] == [200] * 35
        message = check_error(refused, 429, contains="35 requests per second")
        assert "retry after 1 s" in message
        assert refused.headers["retry-after"] == "1"
        assert refused.headers["ratelimit-remaining"] == "0"
        assert refused.headers["ratelimit-limit"] == "35"
        await asyncio.sleep(max(0.0, began + 1.05 - time.monotonic()))
        after = await client.get(LISTING, headers=tenant.headers)
        assert after.status_code == 200, after.text
        check_envelope(after.json())


async def test_headers_count_down_on_every_answer(open_app: OpenApp) -> None:
    async with open_app(rate_limits="35/second;200/10 seconds;1000/minute") as limited:
        tenant = await make_tenant(limited.state)
        remaining = []
        for _ in range(5):
            answer = await limited.client.get(LISTING, headers=tenant.headers)
            assert answer.status_code == 200
            assert answer.headers["ratelimit-limit"] == "35"
            assert answer.headers["ratelimit-reset"] == "1"
            assert answer.headers["ratelimit-policy"] == "35;w=1, 200;w=10, 1000;w=60"
            remaining.append(int(answer.headers["ratelimit-remaining"]))
        assert remaining == [34, 33, 32, 31, 30]
        # A 404 for this credential is an authenticated answer too.
        missing = await limited.client.get("/api/v1/meetings/nope", headers=tenant.headers)
        assert missing.status_code == 404
        assert missing.headers["ratelimit-remaining"] == "29"


async def _burst(limited: object, headers: dict[str, str], count: int) -> list[int]:
    client = limited.client  # type: ignore[attr-defined]
    return [(await client.get(LISTING, headers=headers)).status_code for _ in range(count)]


async def test_each_window_bites_on_its_own(open_app: OpenApp) -> None:
    """3 per second, 5 per 2 s, 7 per 3 s: each refuses in turn. Phases are timed from the
    first burst; each must happen inside the longer windows and after the shorter ones."""
    async with open_app(rate_limits="3/second;5/2 seconds;7/3 seconds") as limited:
        tenant = await make_tenant(limited.state)
        client = limited.client
        await client.get("/api/v1/meetings/nope", headers={"x-api-key": "warm-up"})
        first = time.monotonic()
        assert await _burst(limited, tenant.headers, 3) == [200] * 3
        refused = await client.get(LISTING, headers=tenant.headers)
        check_error(refused, 429, contains="3 requests per second")
        last = time.monotonic()

        await asyncio.sleep(last + 1.1 - time.monotonic())
        # The refused request cost nothing: two more fit in the 2-second window, not one.
        assert await _burst(limited, tenant.headers, 2) == [200] * 2
        refused = await client.get(LISTING, headers=tenant.headers)
        check_error(refused, 429, contains="5 requests per 2 seconds")
        assert time.monotonic() < first + 2, "the machine was too slow for the 2 s window"

        await asyncio.sleep(last + 2.15 - time.monotonic())
        assert await _burst(limited, tenant.headers, 2) == [200] * 2
        refused = await client.get(LISTING, headers=tenant.headers)
        check_error(refused, 429, contains="7 requests per 3 seconds")
        assert time.monotonic() < first + 3, "the machine was too slow for the 3 s window"
        assert refused.headers["ratelimit-limit"] == "7"
        assert 1 <= int(refused.headers["retry-after"]) <= 3


async def test_budget_is_per_credential_and_shared_by_rest_and_mcp(open_app: OpenApp) -> None:
    async with open_app(rate_limits="3/minute") as limited:
        tenant = await make_tenant(limited.state)
        other = await make_tenant(limited.state)
        client = limited.client
        assert (await client.get(LISTING, headers=tenant.headers)).status_code == 200
        tools = await client.get("/api/v1/mcp", headers={**tenant.headers, "accept": "*/*"})
        assert tools.status_code == 200
        assert tools.headers["ratelimit-remaining"] == "1"
        assert (await client.get(LISTING, headers=tenant.headers)).status_code == 200
        check_error(await client.get(LISTING, headers=tenant.headers), 429)
        mcp = await client.get("/api/v1/mcp", headers={**tenant.headers, "accept": "*/*"})
        check_error(mcp, 429, contains="3 requests per minute")
        # Another key (here of another organization) has a budget of its own.
        fresh = await client.get(LISTING, headers=other.headers)
        assert fresh.status_code == 200
        assert fresh.headers["ratelimit-remaining"] == "2"


async def test_switched_off_there_are_no_limits_and_no_headers(open_app: OpenApp) -> None:
    async with open_app(rate_limits="1/minute", rate_limits_enabled=False) as limited:
        tenant = await make_tenant(limited.state)
        answers = [await limited.client.get(LISTING, headers=tenant.headers) for _ in range(3)]
        assert [a.status_code for a in answers] == [200] * 3
        assert all("ratelimit-limit" not in a.headers for a in answers)
