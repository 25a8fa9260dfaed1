"""CSRF: every unsafe request to a page is refused (403 page) without this browser's token."""

from __future__ import annotations

import re

import httpx
import pytest

from fixtures.routes import served_routes
from meetsight.state import AppState
from meetsight.web.templating import TEMPLATES_DIR
from web.pages import PASSWORD, WebUserInfo, form_token


async def test_signin_without_token_is_403(browser: httpx.AsyncClient, admin: WebUserInfo) -> None:
    await browser.get("/signin")
    answer = await browser.post("/signin", data={"email": admin.email, "password": PASSWORD})
    assert answer.status_code == 403
    assert "security token" in answer.text and "text/html" in answer.headers["content-type"]
    assert "meetsight_session" not in browser.cookies


async def test_signin_with_a_wrong_token_is_403(
    browser: httpx.AsyncClient, admin: WebUserInfo
) -> None:
    token = await form_token(browser, "/signin")
    forged = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    answer = await browser.post(
        "/signin", data={"csrf_token": forged, "email": admin.email, "password": PASSWORD}
    )
    assert answer.status_code == 403


async def test_a_token_from_another_browser_is_403(
    browser: httpx.AsyncClient, app_and_state: tuple[object, AppState], admin: WebUserInfo
) -> None:
    transport = httpx.ASGITransport(app=app_and_state[0])  # type: ignore[arg-type]
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as attacker:
        stolen = await form_token(attacker, "/signin")
    await browser.get("/signin")
    answer = await browser.post(
        "/signin", data={"csrf_token": stolen, "email": admin.email, "password": PASSWORD}
    )
    assert answer.status_code == 403


async def test_signed_in_forms_need_the_session_token(signed_in: httpx.AsyncClient) -> None:
    pre_signin = signed_in.cookies.get("meetsight_presession")
    assert pre_signin is not None
    answer = await signed_in.post("/signout", data={})
    assert answer.status_code == 403
    assert (await signed_in.get("/app")).status_code == 200  # still signed in


def _page_post_routes(app: object) -> list[str]:
    return sorted(
        path
        for method, path in served_routes(app, prefix="/")
        # /v1/oauth/token and /revoke are API endpoints for OAuth clients, which authenticate
        # themselves (docs/oauth.md): not forms a browser posts.
        if method == "POST" and not path.startswith(("/api/", "/v1/"))
    )


async def test_every_page_post_route_refuses_a_missing_token(
    signed_in: httpx.AsyncClient, app_and_state: tuple[object, AppState]
) -> None:
    paths = _page_post_routes(app_and_state[0])
    assert {"/signin", "/signout", "/setup"} <= set(paths)
    for path in paths:
        concrete = re.sub(r"\{[^}]+\}", "00000000-0000-7000-8000-000000000000", path)
        answer = await signed_in.post(concrete, data={"name": "x"})
        assert answer.status_code == 403, (path, answer.status_code)


@pytest.mark.parametrize("template", sorted(p.name for p in TEMPLATES_DIR.glob("*.html")))
def test_every_post_form_in_the_templates_carries_the_token(template: str) -> None:
    html = (TEMPLATES_DIR / template).read_text()
    forms = re.findall(r"<form\b[^>]*>.*?</form>", html, flags=re.S | re.I)
    for form in forms:
        if re.search(r'method="post"', form, flags=re.I):
            assert 'name="{{ csrf_field }}" value="{{ csrf_token }}"' in form, (template, form)
    # The page CSP forbids inline scripts and style attributes: none may be written.
    assert not re.search(r"<script(?![^>]*\bsrc=)", html), template
    assert " style=" not in html, template
