"""Regressions from fuzzing the served document (tests/fuzz): what the app answers is declared,
and what the document promises the app does."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from fixtures.factories import Tenant, make_activity
from fixtures.shapes import check_error
from meetsight.state import AppState

DOC = "/api/v1/openapi.json"


async def operations(client: httpx.AsyncClient) -> dict[tuple[str, str], dict[str, Any]]:
    document = (await client.get(DOC)).json()
    paths = document["paths"].items()
    return {(method, path): op for path, item in paths for method, op in item.items()}


async def test_every_operation_declares_its_errors_as_the_envelope(
    client: httpx.AsyncClient,
) -> None:
    document = (await client.get(DOC)).json()
    schemas = document["components"]["schemas"]
    assert "HTTPValidationError" not in schemas  # FastAPI's 422 body is not what we send
    assert schemas["ErrorEnvelope"]["required"] == ["statusCode", "count", "error", "data"]
    assert schemas["ErrorEnvelope"]["properties"]["data"]["type"] == "null"
    ops = await operations(client)
    assert len(ops) >= 45
    for (method, path), op in ops.items():
        for status in ("401", "403", "422", "429"):
            content = op["responses"][status]["content"]["application/json"]
            assert content["schema"] == {"$ref": "#/components/schemas/ErrorEnvelope"}, (
                method,
                path,
                status,
            )
        by_body_id = (
            path.endswith("/call-notes") or path == "/api/v1/ask"
        )  # an id in the query/body
        assert ("404" in op["responses"]) == ("{" in path or by_body_id)


async def test_statuses_found_by_the_fuzzer_are_declared(client: httpx.AsyncClient) -> None:
    ops = await operations(client)
    for kind in ("meetings", "calls"):
        assert "409" in ops[("post", f"/api/v1/{kind}/{{activity_id}}/reprocess")]["responses"]
        assert (
            "409"
            in ops[("delete", f"/api/v1/{kind}/{{activity_id}}/notes/{{note_id}}")]["responses"]
        )
        upload = ops[("post", f"/api/v1/{kind}/upload")]["responses"]
        assert {"400", "413", "415"} <= set(upload)
        transcript = ops[("get", f"/api/v1/{kind}/{{activity_id}}/transcript")]["responses"]
        assert {"application/json", "text/vtt", "application/x-subrip", "text/plain"} == set(
            transcript["200"]["content"]
        )
        thumbnail = ops[("get", f"/api/v1/{kind}/{{activity_id}}/thumbnail")]["responses"]
        assert list(thumbnail["200"]["content"]) == ["image/jpeg"]
    listing = ops[("get", "/api/v1/meetings")]["responses"]["200"]
    assert listing["headers"]["X-Total-Count"]["schema"]["type"] == "integer"


async def test_credentials_are_declared(client: httpx.AsyncClient) -> None:
    document = (await client.get(DOC)).json()
    schemes = document["components"]["securitySchemes"]
    assert schemes["ApiKey"] == {"type": "apiKey", "in": "header", "name": "x-api-key"}
    assert schemes["Bearer"]["scheme"] == "bearer"
    assert document["security"] == [{"ApiKey": []}, {"Bearer": []}]


@pytest.mark.parametrize(
    ("path", "allow"),
    [
        ("/api/v1/meetings/x/notes", "GET, POST"),
        ("/api/v1/calls/x", "DELETE, GET"),
        ("/api/v1/smart-categories/x", "DELETE, PATCH"),
        ("/api/v1/smart-categories", "GET, POST"),
        ("/api/v1/meetings/upload", "POST"),  # not the GET and DELETE of /meetings/{id}
        ("/api/v1/calls/upload", "POST"),
        ("/healthz", "GET"),  # outside the document: the routes are probed
    ],
)
async def test_a_wrong_method_lists_every_method_of_the_path(
    client: httpx.AsyncClient, tenant: Tenant, path: str, allow: str
) -> None:
    response = await client.request("PUT", path, headers=tenant.headers)
    check_error(response, 405)
    assert response.headers["allow"] == allow


@pytest.mark.parametrize("parameter", ["fromDate", "toDate"])
@pytest.mark.parametrize("listing", ["/api/v1/meetings", "/api/v1/calls"])
async def test_an_empty_date_filter_is_a_422_not_ignored(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, listing: str, parameter: str
) -> None:
    await make_activity(state, tenant, is_call=listing.endswith("calls"))
    response = await client.get(f"{listing}?{parameter}=", headers=tenant.headers)
    assert parameter in check_error(response, 422)
    fine = await client.get(f"{listing}?{parameter}=2026-10-01", headers=tenant.headers)
    assert fine.status_code == 200


async def test_date_filters_are_documented_as_dates(client: httpx.AsyncClient) -> None:
    ops = await operations(client)
    params = {p["name"]: p for p in ops[("get", "/api/v1/calls")]["parameters"]}
    formats = [s["format"] for s in params["fromDate"]["schema"]["anyOf"]]
    assert formats == ["date", "date-time"]


@pytest.mark.parametrize(
    "body",
    [
        {"name": "Bad\x00name"},
        {"name": "Fine", "description": "nul \x00 inside"},
        {"name": "Fine too", "examples": ["ok", "bad\x00"]},
    ],
)
async def test_a_nul_in_a_smart_category_is_a_422(
    client: httpx.AsyncClient, tenant: Tenant, body: dict[str, Any]
) -> None:
    """Found by the fuzzer on PostgreSQL, which cannot store NUL: it was a 500."""
    created = await client.post("/api/v1/smart-categories", json=body, headers=tenant.headers)
    assert "NUL" in check_error(created, 422)
    category = tenant.categories[0].id
    patch = {k: v for k, v in body.items() if k != "name" or "\x00" in v}
    changed = await client.patch(
        f"/api/v1/smart-categories/{category}", json=patch, headers=tenant.headers
    )
    assert "NUL" in check_error(changed, 422)


@pytest.mark.parametrize(
    "body",
    [
        {"speaker": "Olivia\x00", "name": "X"},
        {"speaker": "Olivia Owner", "name": "X\x00"},
        {"speaker": "Olivia Owner", "personId": "p\x00"},
    ],
)
async def test_a_nul_in_a_speaker_edit_is_a_422(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, body: dict[str, Any]
) -> None:
    meeting = await make_activity(state, tenant)
    response = await client.patch(
        f"/api/v1/meetings/{meeting}/speakers", json=body, headers=tenant.headers
    )
    assert "NUL" in check_error(response, 422)


async def test_text_refused_when_blank_is_documented_as_not_blank(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    """The fuzzer's notes were nearly all `"tag": ""`, refused as blank though the document
    allowed it; it now says that a non-space character is needed, and the app agrees."""
    schemas = (await client.get(DOC)).json()["components"]["schemas"]
    note, question = schemas["ManualNoteCreate"], schemas["ChatQuestion"]
    assert note["properties"]["content"]["pattern"] == r"\S"
    assert note["properties"]["tag"]["pattern"] == r"\S"
    assert question["properties"]["question"]["pattern"] == r"\S"
    meeting = await make_activity(state, tenant)
    body = {"content": "Budget approved", "smartCategoryId": tenant.categories[0].id}
    url = f"/api/v1/meetings/{meeting}/notes"
    for blank in ("", "   "):
        refused = await client.post(url, json={**body, "tag": blank}, headers=tenant.headers)
        assert "tag" in check_error(refused, 422)
    created = await client.post(url, json={**body, "tag": "budget"}, headers=tenant.headers)
    assert created.status_code == 201, created.text
