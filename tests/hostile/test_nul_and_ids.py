"""NUL, bytes that are not UTF-8, ids no route could have made, impossible numbers: a 4xx
everywhere (the envelope on the API, the HTML error page on pages, OAuth's JSON on the token
endpoints), never a 500, and nothing stored. PostgreSQL refuses NUL in text, which is where
most of the 500s of issue 17 came from: these run on both engines.

The walks read the routes from the app and the parameters and bodies from the OpenAPI
document, so a route added later is walked too."""

from __future__ import annotations

import base64
import re
from typing import Any

import httpx
import pytest

from fixtures.factories import make_activity
from fixtures.routes import ANY_METHOD, served_routes
from fixtures.shapes import check_error
from hostile.conftest import API, Target, is_page
from meetsight.state import AppState
from meetsight.web.pages_upload import UPLOAD_PATH
from web.pages import form_token

# Percent-encoded as they go on the wire; none of them is an id any route could have made.
HOSTILE_IDS = {
    "nul": "a%00b",
    "not-utf8": "a%ffb",
    "newline": "a%0ab",
    "space": "a%20b",
    "slash": "a%2fb",
    "bidi-override": "%e2%80%aeab",
    "overlong": "a" * 200,
}
PARAM = re.compile(r"\{[^}]+\}")
OAUTH_JSON = {"/v1/oauth/token", "/v1/oauth/revoke"}


def _is_api(path: str) -> bool:
    return path.startswith(API)


def _routes_with_ids(app: Any) -> list[tuple[str, str]]:
    return sorted(
        (method, path)
        for method, path in served_routes(app, prefix="/")
        if "{" in path and method != ANY_METHOD
    )


async def _send(t: Target, method: str, path: str, **kwargs: Any) -> httpx.Response:
    """As the tenant's API key on the API, as the signed-in admin (with a valid CSRF token on
    forms) on pages, so that a request the guard lets through reaches the route's own code."""
    if _is_api(path):
        return await t.browser.request(method, path, headers=t.headers, **kwargs)
    if method == "POST" and "data" not in kwargs and "content" not in kwargs:
        kwargs["data"] = {"csrf_token": t.csrf}
    return await t.browser.request(method, path, **kwargs)


# --- path ids ---------------------------------------------------------------------------------


async def test_every_route_answers_a_hostile_id_with_404(
    app_and_state: tuple[Any, AppState], target: Target
) -> None:
    routes = _routes_with_ids(app_and_state[0])
    assert len(routes) > 60, routes  # REST, pages (OAuth client ids included)
    assert ("POST", "/settings/oauth-clients/{client_id}/rotate") in routes
    for method, template in routes:
        for label, hostile in HOSTILE_IDS.items():
            path = PARAM.sub(hostile, template)
            response = await _send(target, method, path)
            where = (method, template, label)
            if _is_api(template):
                assert check_error(response, 404) == "Not found", where
            else:
                assert "There is no page at this address." in is_page(response, 404), where


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("PATCH", f"{API}/smart-categories/a%00b"),
        ("DELETE", f"{API}/smart-categories/a%00b"),
        ("DELETE", f"{API}/meetings/{{meeting}}/notes/a%00b"),
        ("DELETE", f"{API}/calls/{{call}}/notes/a%00b"),
        ("GET", f"{API}/webhooks/a%00b/deliveries"),
    ],
)
async def test_the_reported_api_ids_are_404(target: Target, method: str, path: str) -> None:
    path = path.format(meeting=target.meeting, call=target.call)
    body = {"description": "x"} if method == "PATCH" else None
    response = await target.browser.request(method, path, json=body, headers=target.headers)
    check_error(response, 404)


@pytest.mark.parametrize(
    ("path", "fields"),
    [
        ("/app/categories/a%00b", {"name": "x", "description": "y"}),
        ("/app/categories/a%00b/delete", {}),
        ("/settings/members/a%00b/role", {"role": "member"}),
        ("/settings/members/a%00b/remove", {}),
        ("/settings/oauth-clients/a%00b/rotate", {}),
        ("/settings/oauth-clients/a%00b/delete", {}),
        ("/settings/api-keys/a%00b/revoke", {}),
        ("/settings/webhooks/a%00b/delete", {}),
    ],
)
async def test_the_reported_page_ids_are_the_404_page(
    target: Target, path: str, fields: dict[str, str]
) -> None:
    response = await target.browser.post(path, data={"csrf_token": target.csrf, **fields})
    is_page(response, 404)


# --- query parameters -------------------------------------------------------------------------


def _documented(app: Any) -> dict[tuple[str, str], dict[str, Any]]:
    return {
        (method.upper(), path): operation
        for path, operations in app.openapi()["paths"].items()
        for method, operation in operations.items()
    }


async def _real_path(t: Target, template: str) -> str:
    """The template with ids of the tenant's own things, so the route itself would answer."""
    hooks = await t.browser.get(f"{API}/webhooks", headers=t.headers)
    hook = hooks.json()["data"][0]["id"] if hooks.json()["data"] else None
    if hook is None:
        made = await t.browser.post(
            f"{API}/webhooks", json={"url": "https://hooks.example.com/in"}, headers=t.headers
        )
        hook = made.json()["data"]["id"]
    activity = t.call if template.startswith(f"{API}/calls") else t.meeting
    values = {
        "activity_id": activity,
        "category_id": t.tenant.categories[0].id,
        "webhook_id": hook,
        "note_id": "x",
        "comment_id": "x",
        **await _account_ids(t),
    }
    return PARAM.sub(lambda m: values[m.group()[1:-1]], template)


async def _account_ids(t: Target) -> dict[str, str]:
    """The account, deal and next step the factory's activities come with."""
    first = {}
    for path, key in (("accounts", "account_id"), ("deals", "deal_id")):
        listed = await t.browser.get(f"{API}/{path}", headers=t.headers)
        first[key] = listed.json()["data"][0]["id"]
    summary = await t.browser.get(f"{API}/meetings/{t.meeting}/summary", headers=t.headers)
    first["step_id"] = summary.json()["data"]["nextSteps"][0]["id"]
    return first


async def test_every_query_parameter_refuses_nul_and_bytes_that_are_not_utf8(
    app_and_state: tuple[Any, AppState], target: Target
) -> None:
    walked = 0
    for (method, template), operation in _documented(app_and_state[0]).items():
        names = [p["name"] for p in operation.get("parameters", []) if p["in"] == "query"]
        path = await _real_path(target, template)
        for name in names:
            base = "q=price&" if name != "q" and template.endswith("/search") else ""
            nul = await _send(target, method, f"{path}?{base}{name}=a%00b")
            assert check_error(nul, 422) == f"{name}: contains a NUL character", name
            raw = await _send(target, method, f"{path}?{base}{name}=a%ffb")
            assert check_error(raw, 400) == f"{name}: is not valid UTF-8", name
            walked += 1
    assert walked >= 30
    named = await _send(target, "GET", f"{API}/meetings?a%00b=1")
    check_error(named, 422, contains="contains a NUL character")
    raw_name = await _send(target, "GET", f"{API}/meetings?a%ffb=1")
    assert check_error(raw_name, 400) == "a query parameter name is not valid UTF-8"


async def test_the_reported_search_filter_is_a_422(target: Target) -> None:
    response = await target.browser.get(
        f"{API}/search?q=price&fromNumber=%00", headers=target.headers
    )
    check_error(response, 422, contains="fromNumber")


# --- JSON bodies ------------------------------------------------------------------------------


def _string_properties(schema: dict[str, Any], components: dict[str, Any]) -> dict[str, bool]:
    """{property: is an array of strings} for the body's text properties."""
    if "$ref" in schema:
        schema = components[schema["$ref"].rsplit("/", 1)[1]]
    found: dict[str, bool] = {}
    for name, prop in schema.get("properties", {}).items():
        kinds = [prop, *prop.get("anyOf", [])]
        if any(k.get("type") == "string" for k in kinds):
            found[name] = False
        elif any(k.get("type") == "array" and k["items"].get("type") == "string" for k in kinds):
            found[name] = True
    return found


async def test_every_json_text_field_refuses_nul_and_lone_surrogates(
    app_and_state: tuple[Any, AppState], target: Target
) -> None:
    app = app_and_state[0]
    components = app.openapi()["components"]["schemas"]
    walked = 0
    for (method, template), operation in _documented(app).items():
        content = operation.get("requestBody", {}).get("content", {})
        if "application/json" not in content:
            continue
        path = await _real_path(target, template)
        schema = content["application/json"]["schema"]
        for name, is_list in _string_properties(schema, components).items():
            where = f"{name}.0" if is_list else name
            value: Any = ["a\x00b"] if is_list else "a\x00b"
            nul = await _send(target, method, path, json={name: value})
            assert check_error(nul, 422) == f"{where}: contains a NUL character", template
            raw = b'{"%s": %s}' % (name.encode(), b'["\\ud800"]' if is_list else b'"\\ud800"')
            headers = {**target.headers, "content-type": "application/json"}
            lone = await target.browser.request(method, path, content=raw, headers=headers)
            assert "lone surrogate" in check_error(lone, 422), (template, name)
            walked += 1
    assert walked >= 15


async def test_the_reported_note_category_is_a_422_and_stores_nothing(target: Target) -> None:
    url = f"{API}/meetings/{target.meeting}/notes"
    before = (await target.browser.get(url, headers=target.headers)).json()["data"]
    body = {"content": "note", "smartCategoryId": "\u0000"}
    response = await target.browser.post(url, json=body, headers=target.headers)
    check_error(response, 422, contains="smartCategoryId")
    assert (await target.browser.get(url, headers=target.headers)).json()["data"] == before


@pytest.mark.parametrize(
    "number",
    ["1e999", "-1e999", "NaN", "Infinity", "1" + "0" * 40, "1" * 5000],
)
async def test_impossible_numbers_in_json_are_422(target: Target, number: str) -> None:
    category = target.tenant.categories[0].id
    fields = f'"content": "x", "smartCategoryId": "{category}", "startTimestamp": {number}'
    raw = ("{" + fields + "}").encode()
    headers = {**target.headers, "content-type": "application/json"}
    url = f"{API}/meetings/{target.meeting}/notes"
    response = await target.browser.post(url, content=raw, headers=headers)
    assert check_error(response, 422) == "startTimestamp: is not a number any field accepts"


async def test_a_body_that_is_not_utf8_or_nests_too_deep_is_400(target: Target) -> None:
    headers = {**target.headers, "content-type": "application/json"}
    url = f"{API}/smart-categories"
    raw = await target.browser.post(url, content=b'{"name": "a\xff"}', headers=headers)
    check_error(raw, 400, contains="not valid UTF-8")
    deep = await target.browser.post(url, content=b"[" * 100_000, headers=headers)
    check_error(deep, 400, contains="nested too deeply")


# --- forms on pages and OAuth -----------------------------------------------------------------


NOT_PAGES = (API, "/v1/", "/static", "/healthz", "/readyz", "/metrics")


def _page_routes(app: Any, method: str) -> list[str]:
    """Page routes of this method; not the upload page's POST, a streamed multipart body that
    its own reader checks (test_uploads_and_tools)."""
    return sorted(
        path
        for m, path in served_routes(app, prefix="/")
        if m == method and not path.startswith(NOT_PAGES) and path != UPLOAD_PATH
    )


async def test_every_page_form_refuses_nul_and_bytes_that_are_not_utf8(
    app_and_state: tuple[Any, AppState], target: Target
) -> None:
    posts = _page_routes(app_and_state[0], "POST")
    assert {"/signin", "/settings/api-keys", "/oauth/authorize"} <= set(posts)
    for template in posts:
        path = PARAM.sub("x", template)
        nul = await target.browser.post(path, data={"csrf_token": target.csrf, "probe": "a\x00b"})
        assert "probe: contains a NUL character" in is_page(nul, 422), template
        form = f"csrf_token={target.csrf}&probe=a%ffb".encode()
        headers = {"content-type": "application/x-www-form-urlencoded"}
        raw = await target.browser.post(path, content=form, headers=headers)
        assert "probe: is not valid UTF-8" in is_page(raw, 400), template


async def test_every_page_refuses_a_nul_in_its_query(
    app_and_state: tuple[Any, AppState], target: Target
) -> None:
    for template in _page_routes(app_and_state[0], "GET"):
        response = await target.browser.get(PARAM.sub("x", template) + "?q=a%00b")
        assert "q: contains a NUL character" in is_page(response, 422), template


async def test_the_reported_sign_in_is_the_422_page(app_and_state: tuple[Any, AppState]) -> None:
    # A browser of its own: the sign-in form is the signed-out one.
    transport = httpx.ASGITransport(app=app_and_state[0])
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as other:
        token = await form_token(other, "/signin")
        fields = {"csrf_token": token, "email": "a\x00@b.c", "password": "x"}
        response = await other.post("/signin", data=fields)
    assert "email: contains a NUL character" in is_page(response, 422)


@pytest.mark.parametrize(
    ("page", "fields"),
    [
        ("/settings/api-keys", {"name": "key\x00", "scopes": "meetings:read"}),
        ("/app/categories", {"name": "cat\x00", "description": "d"}),
        ("/settings/webhooks", {"url": "https://hooks.example.com/\x00"}),
        ("/settings/members", {"email": "m\x00@example.com", "name": "M", "role": "member"}),
    ],
)
async def test_the_reported_forms_are_the_422_page(
    target: Target, page: str, fields: dict[str, str]
) -> None:
    response = await target.browser.post(page, data={"csrf_token": target.csrf, **fields})
    assert "contains a NUL character" in is_page(response, 422)


@pytest.mark.parametrize("path", sorted(OAUTH_JSON))
async def test_oauth_endpoints_answer_invalid_request(target: Target, path: str) -> None:
    form = {"grant_type": "authorization_code", "client_id": "a\x00b", "token": "t\x00"}
    response = await target.browser.post(path, data=form)
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "invalid_request"
    assert "contains a NUL character" in body["error_description"]
    authorize = await target.browser.get("/oauth/authorize?response_type=code&client_id=a%00b")
    assert "client_id: contains a NUL character" in is_page(authorize, 422)


async def test_multipart_is_for_uploads_only(target: Target) -> None:
    files = {"name": (None, "key\x00"), "csrf_token": (None, target.csrf)}
    page = await target.browser.post("/settings/api-keys", files=files)
    assert "x-www-form-urlencoded" in is_page(page, 415)
    api = await target.browser.post(f"{API}/smart-categories", files=files, headers=target.headers)
    check_error(api, 415)


# --- headers ----------------------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(OAUTH_JSON))
@pytest.mark.parametrize("credentials", [b"a\x00b:secret", b"a%00b:secret", b"msc_x:s%00"])
async def test_basic_credentials_with_a_nul_are_invalid_client(
    target: Target, path: str, credentials: bytes
) -> None:
    basic = base64.b64encode(credentials).decode()
    form = {"grant_type": "authorization_code", "code": "x", "token": "t"}
    response = await target.browser.post(
        path, data=form, headers={"authorization": f"Basic {basic}"}
    )
    assert response.status_code == 401, response.text
    assert response.json()["error"] == "invalid_client"


@pytest.mark.parametrize(
    "value",
    ["bytes=" + "1" * 5000 + "-", "bytes=0-" + "9" * 5000, "bytes=-" + "9" * 5000],
    ids=["start", "end", "suffix"],
)
async def test_an_impossible_range_is_ignored(state: AppState, target: Target, value: str) -> None:
    """A Range header no file could satisfy is malformed, hence ignored (RFC 9110 allows it):
    the whole file; never int() of 5000 digits."""
    meeting = await make_activity(state, target.tenant, with_media=True)
    url = f"{API}/meetings/{meeting}/media"
    whole = await target.browser.get(url, headers=target.headers)
    response = await target.browser.get(url, headers={**target.headers, "range": value})
    assert (response.status_code, response.content) == (200, whole.content)
