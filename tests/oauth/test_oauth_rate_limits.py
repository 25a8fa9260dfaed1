"""Bearer tokens are charged to their grant: a refresh does not buy a new budget, and an API key
of the same organization keeps its own."""

from __future__ import annotations

from fixtures.factories import make_tenant
from fixtures.limited_apps import OpenApp
from fixtures.oauth_codes import code_form, register


async def test_tokens_of_one_grant_share_a_budget(open_app: OpenApp) -> None:
    async with open_app(rate_limits="3/minute") as limited:
        state, http = limited.state, limited.client
        tenant = await make_tenant(state)
        registered = await register(state, tenant.org_id)
        form = await code_form(state, registered, tenant.user_id)
        first = (await http.post("/v1/oauth/token", data=form, headers=registered.basic())).json()
        refresh = {"grant_type": "refresh_token", "refresh_token": first["refresh_token"]}
        second = (
            await http.post("/v1/oauth/token", data=refresh, headers=registered.basic())
        ).json()

        def bearer(token: str) -> dict[str, str]:
            return {"authorization": f"Bearer {token}"}

        for token in (first, first, second):
            answer = await http.get("/api/v1/meetings", headers=bearer(token["access_token"]))
            assert answer.status_code == 200
        over = await http.get("/api/v1/meetings", headers=bearer(second["access_token"]))
        assert over.status_code == 429
        assert (await http.get("/api/v1/meetings", headers=tenant.headers)).status_code == 200


async def test_refused_token_requests_slow_their_address_down(open_app: OpenApp) -> None:
    """Wrong client secrets are charged to the address: past its budget it gets 429 (OAuth's
    JSON, Retry-After), even for the right secret, while another address is served."""
    async with open_app(rate_limits_unauthenticated="3/minute") as limited:
        state, http = limited.state, limited.client
        tenant = await make_tenant(state)
        registered = await register(state, tenant.org_id)
        form = await code_form(state, registered, tenant.user_id)
        wrong = {**registered.basic()}
        wrong["authorization"] = wrong["authorization"][:-4] + "AAA="
        for _ in range(3):
            answer = await http.post("/v1/oauth/token", data=form, headers=wrong)
            assert answer.status_code == 401 and answer.json()["error"] == "invalid_client"
        over = await http.post("/v1/oauth/token", data=form, headers=wrong)
        assert over.status_code == 429
        assert over.json()["error"] == "temporarily_unavailable"
        assert int(over.headers["retry-after"]) > 0 and over.headers["cache-control"] == "no-store"
        right = await http.post("/v1/oauth/token", data=form, headers=registered.basic())
        assert right.status_code == 429  # blocked: a right guess looks like a wrong one
        async with limited.client_at("10.9.9.9") as elsewhere:
            served = await elsewhere.post("/v1/oauth/token", data=form, headers=registered.basic())
        assert served.status_code == 200 and served.json()["access_token"]


async def test_refused_revocations_count_too(open_app: OpenApp) -> None:
    async with open_app(rate_limits_unauthenticated="2/minute") as limited:
        http = limited.client
        form = {"token": "not-a-token", "client_id": "nobody"}
        statuses = [(await http.post("/v1/oauth/revoke", data=form)).status_code for _ in range(3)]
        assert statuses == [401, 401, 429]


async def test_a_client_is_charged_its_own_budget(open_app: OpenApp) -> None:
    """Accepted token requests count against the client: a loop of refreshes is stopped."""
    async with open_app(rate_limits="2/minute") as limited:
        state, http = limited.state, limited.client
        tenant = await make_tenant(state)
        registered = await register(state, tenant.org_id)
        form = await code_form(state, registered, tenant.user_id)
        first = await http.post("/v1/oauth/token", data=form, headers=registered.basic())
        assert first.status_code == 200
        refresh = {"grant_type": "refresh_token", "refresh_token": first.json()["refresh_token"]}
        second = await http.post("/v1/oauth/token", data=refresh, headers=registered.basic())
        assert second.status_code == 200
        refresh["refresh_token"] = second.json()["refresh_token"]
        third = await http.post("/v1/oauth/token", data=refresh, headers=registered.basic())
        assert third.status_code == 429 and third.json()["error"] == "temporarily_unavailable"
        # Another client of the same organization has its own budget.
        other = await register(state, tenant.org_id)
        form = await code_form(state, other, tenant.user_id)
        answer = await http.post("/v1/oauth/token", data=form, headers=other.basic())
        assert answer.status_code == 200
