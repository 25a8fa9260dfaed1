"""An authorization code gets one redemption attempt: a wrong PKCE verifier (or redirect_uri, or
resource) spends it, so the right verifier presented afterwards is refused too. Otherwise a
stolen code could be tried against verifiers until one fits, and still be redeemed by its owner
afterwards, which hides the attack. In process, on SQLite and PostgreSQL."""

from __future__ import annotations

import httpx
import pytest

from fixtures.factories import Tenant
from fixtures.oauth_codes import CALLBACK, Registered, code_for, pkce, register
from meetsight.state import AppState

TOKEN = "/v1/oauth/token"


async def _exchange(
    client: httpx.AsyncClient, registered: Registered, code: str, verifier: str, **extra: str
) -> httpx.Response:
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "code_verifier": verifier,
        "redirect_uri": CALLBACK,
        **extra,
    }
    return await client.post(TOKEN, data=form, headers=registered.basic())


@pytest.mark.parametrize(
    "failed_attempt",
    [
        {"verifier": "wrong"},
        {"verifier": "malformed"},
        {"redirect_uri": CALLBACK + "x"},
        {"resource": "http://elsewhere.example/api/v1"},
    ],
    ids=["wrong-verifier", "malformed-verifier", "other-redirect", "other-resource"],
)
async def test_a_failed_redemption_spends_the_code(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, failed_attempt: dict[str, str]
) -> None:
    registered = await register(state, tenant.org_id)
    verifier, challenge = pkce()
    code = await code_for(state, registered, tenant.user_id, challenge)
    attempt = dict(failed_attempt)
    forged = {"wrong": pkce()[0], "malformed": "short"}
    presented = forged.get(attempt.pop("verifier", ""), verifier)
    failed = await _exchange(client, registered, code, presented, **attempt)
    assert failed.status_code == 400, failed.text
    assert failed.json()["error"] in {"invalid_grant", "invalid_target"}

    right = await _exchange(client, registered, code, verifier)
    assert right.status_code == 400, right.text
    assert right.json()["error"] == "invalid_grant"
    assert "already used" in right.json()["error_description"]
    assert "access_token" not in right.json()
