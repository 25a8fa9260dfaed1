"""Bearer tokens are charged to their grant: a refresh does not buy a new budget, and an API key
of the same organization keeps its own."""

from __future__ import annotations

from oauth_helpers import CALLBACK, code_for, pkce, register

from fixtures.factories import make_tenant
from fixtures.limited_apps import OpenApp


async def test_tokens_of_one_grant_share_a_budget(open_app: OpenApp) -> None:
    async with open_app(rate_limits="3/minute") as limited:
        state, http = limited.state, limited.client
        tenant = await make_tenant(state)
        registered = await register(state, tenant.org_id)
        verifier, challenge = pkce()
        code = await code_for(state, registered, tenant.user_id, challenge)
        form = {
            "grant_type": "authorization_code",
            "code": code,
            "code_verifier": verifier,
            "redirect_uri": CALLBACK,
        }
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
