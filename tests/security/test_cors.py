"""CORS is off unless origins are configured; then only those origins get CORS answers, and a
browser client may read the rate-limit headers."""

from __future__ import annotations

from fixtures.factories import make_tenant
from fixtures.limited_apps import OpenApp

ORIGIN = "https://app.example"
PREFLIGHT = {
    "origin": ORIGIN,
    "access-control-request-method": "GET",
    "access-control-request-headers": "x-api-key",
}


async def test_cors_is_off_by_default(open_app: OpenApp) -> None:
    async with open_app() as limited:
        tenant = await make_tenant(limited.state)
        preflight = await limited.client.options("/api/v1/smart-categories", headers=PREFLIGHT)
        assert "access-control-allow-origin" not in preflight.headers
        assert preflight.status_code in (404, 405)
        answer = await limited.client.get(
            "/api/v1/smart-categories", headers={**tenant.headers, "origin": ORIGIN}
        )
        assert answer.status_code == 200
        assert "access-control-allow-origin" not in answer.headers


async def test_configured_origins_get_cors_answers(open_app: OpenApp) -> None:
    async with open_app(cors_origins=[ORIGIN]) as limited:
        tenant = await make_tenant(limited.state)
        preflight = await limited.client.options("/api/v1/smart-categories", headers=PREFLIGHT)
        assert preflight.status_code == 200
        assert preflight.headers["access-control-allow-origin"] == ORIGIN
        assert "x-api-key" in preflight.headers["access-control-allow-headers"].lower()
        assert "access-control-allow-credentials" not in preflight.headers
        assert preflight.headers["x-content-type-options"] == "nosniff"

        answer = await limited.client.get(
            "/api/v1/smart-categories", headers={**tenant.headers, "origin": ORIGIN}
        )
        assert answer.headers["access-control-allow-origin"] == ORIGIN
        exposed = answer.headers["access-control-expose-headers"].lower()
        assert "ratelimit-remaining" in exposed and "retry-after" in exposed

        stranger = {**PREFLIGHT, "origin": "https://evil.example"}
        refused = await limited.client.options("/api/v1/smart-categories", headers=stranger)
        assert refused.status_code == 400
        assert "access-control-allow-origin" not in refused.headers
