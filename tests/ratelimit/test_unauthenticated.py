"""Requests with a missing or wrong credential are charged to their client address, REST and MCP
together; once it is over, even a right key from there is refused unchecked (a right guess must
look like a wrong one), while other addresses and their keys are untouched."""

from __future__ import annotations

from fixtures.factories import make_tenant
from fixtures.limited_apps import MCP, RPC_ACCEPT, OpenApp
from fixtures.shapes import check_envelope, check_error

LISTING = "/api/v1/smart-categories"
WRONG = {"x-api-key": "msk_not-a-key"}


async def test_failures_are_limited_per_address(open_app: OpenApp) -> None:
    async with open_app(rate_limits_unauthenticated="3/minute") as limited:
        tenant = await make_tenant(limited.state)
        client = limited.client
        check_error(await client.get(LISTING, headers=WRONG), 401)
        check_error(await client.get(LISTING), 401)  # a missing key counts the same
        rpc = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
        mcp = await client.post(MCP, json=rpc, headers={**WRONG, **RPC_ACCEPT})
        assert mcp.status_code == 401
        refused = await client.get(LISTING, headers=WRONG)
        check_error(refused, 429, contains="3 requests per minute")
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        # The right key from the same address is not even looked at.
        blocked = await client.get(LISTING, headers=tenant.headers)
        check_error(blocked, 429)
        blocked_mcp = await client.post(MCP, json=rpc, headers={**tenant.headers, **RPC_ACCEPT})
        assert blocked_mcp.status_code == 429
        assert blocked_mcp.json()["error"]["code"] == -32029

        async with limited.client_at("10.0.0.99") as elsewhere:
            check_error(await elsewhere.get(LISTING, headers=WRONG), 401)
            ok = await elsewhere.get(LISTING, headers=tenant.headers)
            assert ok.status_code == 200
            check_envelope(ok.json())


async def test_valid_requests_do_not_spend_the_address_budget(open_app: OpenApp) -> None:
    async with open_app(rate_limits_unauthenticated="2/minute") as limited:
        tenant = await make_tenant(limited.state)
        for _ in range(5):
            assert (await limited.client.get(LISTING, headers=tenant.headers)).status_code == 200
        check_error(await limited.client.get(LISTING, headers=WRONG), 401)
        check_error(await limited.client.get(LISTING, headers=WRONG), 401)
        check_error(await limited.client.get(LISTING, headers=WRONG), 429)
