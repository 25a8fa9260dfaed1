"""Security headers on every answer: pages (HTML) may load only their own origin's resources and
may not be framed; API answers (JSON) load nothing and are never sniffed."""

from __future__ import annotations

import re

import httpx
from starlette.applications import Starlette
from starlette.responses import HTMLResponse
from starlette.routing import Route

from fixtures.factories import make_tenant
from fixtures.limited_apps import OpenApp
from meetsight.security.headers import SecurityHeaders

COMMON = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


def assert_common(response: httpx.Response) -> None:
    for name, value in COMMON.items():
        assert response.headers.get(name) == value, (name, response.headers)


async def test_api_answers_carry_nosniff_and_a_closed_policy(open_app: OpenApp) -> None:
    async with open_app() as limited:
        tenant = await make_tenant(limited.state)
        answers = [
            await limited.client.get("/api/v1/smart-categories", headers=tenant.headers),
            await limited.client.get("/api/v1/smart-categories"),  # 401
            await limited.client.get("/api/v1/nowhere"),  # 404
            await limited.client.get("/healthz"),
            await limited.client.get("/api/v1/openapi.json"),
            await limited.client.get("/api/v1/mcp", headers={**tenant.headers, "accept": "*/*"}),
        ]
        assert [a.status_code for a in answers] == [200, 401, 404, 200, 200, 200]
        for answer in answers:
            assert answer.headers["content-type"].startswith("application/json")
            assert_common(answer)
            csp = answer.headers["content-security-policy"]
            assert "default-src 'none'" in csp and "frame-ancestors 'none'" in csp
            assert "strict-transport-security" not in answer.headers


async def test_the_docs_page_gets_a_page_policy(open_app: OpenApp) -> None:
    """The API reference loads Swagger UI from this server: its policy names no other host and
    allows no inline script (tests/web/test_api_docs_browser.py runs it under that policy)."""
    async with open_app() as limited:
        page = await limited.client.get("/api/v1/docs")
        assets = [
            await limited.client.get(page_asset)
            for page_asset in re.findall(r'(?:src|href)="(/[^"]+)"', page.text)
        ]
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert_common(page)
    csp = page.headers["content-security-policy"]
    assert csp.startswith("default-src 'self'") and "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp and "http" not in csp, csp
    assert "<script>" not in page.text and "cdn" not in page.text.lower()
    names = sorted(a.url.path.rsplit("/", 1)[1] for a in assets)
    assert names == [
        "api-docs.js",
        "favicon.svg",
        "openapi.json",
        "swagger-ui-bundle.js",
        "swagger-ui.css",
    ], names
    assert all(a.status_code == 200 for a in assets), [(a.url, a.status_code) for a in assets]


async def test_html_pages_get_default_src_self() -> None:
    async def page(request: object) -> HTMLResponse:
        return HTMLResponse("<h1>Meetings</h1>")

    app = SecurityHeaders(
        Starlette(routes=[Route("/app", page)]), docs_paths=frozenset(), https=False
    )
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
        answer = await client.get("/app")
    assert_common(answer)
    csp = answer.headers["content-security-policy"]
    assert csp.startswith("default-src 'self'") and "frame-ancestors 'none'" in csp
    assert "'unsafe-inline'" not in csp


async def test_https_public_url_adds_hsts(open_app: OpenApp) -> None:
    async with open_app(public_url="https://meetsight.example") as limited:
        answer = await limited.client.get("/healthz")
    assert answer.headers["strict-transport-security"] == "max-age=31536000"
