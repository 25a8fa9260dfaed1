"""Keys and secrets never reach the logs: not a right key, not a wrong one, not a refused one,
at every level, through REST and MCP; a Redis password is masked in messages."""

from __future__ import annotations

import logging

import pytest

from fixtures.factories import make_tenant
from fixtures.limited_apps import MCP, RPC_ACCEPT, OpenApp
from meetsight.ratelimit.storage import redacted


async def test_keys_are_not_logged(open_app: OpenApp, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    wrong = "msk_wrong-key-that-must-not-appear"
    async with open_app(rate_limits="2/minute", rate_limits_unauthenticated="2/minute") as limited:
        tenant = await make_tenant(limited.state)
        client = limited.client
        for key in (tenant.key, tenant.key, tenant.key, wrong, wrong, wrong):
            await client.get("/api/v1/smart-categories", headers={"x-api-key": key})
            await client.post(
                MCP,
                json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                headers={"x-api-key": key, **RPC_ACCEPT},
            )
    assert caplog.records, "nothing was logged at all: the check would prove nothing"
    assert tenant.key not in caplog.text
    assert tenant.key[4:] not in caplog.text
    assert wrong not in caplog.text
    assert "limits-test" not in caplog.text  # the server secret


def test_redis_passwords_are_masked() -> None:
    assert redacted("redis://:s3cret@cache:6379/2") == "redis://:***@cache:6379/2"
    assert redacted("rediss://app:s3cret@cache/0") == "rediss://app:***@cache/0"
    assert redacted("redis://cache:6379/0") == "redis://cache:6379/0"
