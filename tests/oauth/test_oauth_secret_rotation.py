"""Rotating MEETSIGHT_SECRET_KEY with the old one in MEETSIGHT_PREVIOUS_SECRET_KEYS keeps OAuth
clients connected: tokens stored under the old secret still work, a refresh answers with tokens
under the new one, and revocation finds them. Without the old secret listed they are refused."""

from __future__ import annotations

from fixtures.factories import make_tenant
from fixtures.limited_apps import OpenApp
from fixtures.oauth_codes import code_form, register

OLD, NEW = "oauth-secret-rotated-out", "oauth-secret-rotated-in"


def _bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


async def test_tokens_survive_a_rotation_while_the_old_secret_is_listed(
    open_app: OpenApp,
) -> None:
    async with open_app(secret_key=OLD) as before:
        tenant = await make_tenant(before.state)
        registered = await register(before.state, tenant.org_id)
        form = await code_form(before.state, registered, tenant.user_id)
        answer = await before.client.post("/v1/oauth/token", data=form, headers=registered.basic())
        old = answer.json()
        assert (
            await before.client.get("/api/v1/meetings", headers=_bearer(old["access_token"]))
        ).status_code == 200

    refresh = {"grant_type": "refresh_token", "refresh_token": old["refresh_token"]}
    async with open_app(secret_key=NEW) as forgotten:  # rotated without listing the old secret
        http = forgotten.client
        assert (
            await http.get("/api/v1/meetings", headers=_bearer(old["access_token"]))
        ).status_code == 401
        refused = await http.post("/v1/oauth/token", data=refresh, headers=registered.basic())
        assert refused.status_code == 400 and refused.json()["error"] == "invalid_grant"

    async with open_app(secret_key=NEW, previous_secret_keys=[OLD]) as rotating:
        http = rotating.client
        assert (
            await http.get("/api/v1/meetings", headers=_bearer(old["access_token"]))
        ).status_code == 200
        renewed = await http.post("/v1/oauth/token", data=refresh, headers=registered.basic())
        assert renewed.status_code == 200
        new = renewed.json()
        revoked = await http.post(
            "/v1/oauth/revoke", data={"token": old["access_token"]}, headers=registered.basic()
        )
        assert revoked.status_code == 200
        assert (
            await http.get("/api/v1/meetings", headers=_bearer(old["access_token"]))
        ).status_code == 401

    async with open_app(secret_key=NEW) as after:  # the old secret dropped from the list
        assert (
            await after.client.get("/api/v1/meetings", headers=_bearer(new["access_token"]))
        ).status_code == 200
