"""What the OpenAPI document refuses, the server refuses (found by `make fuzz`,
negative_data_rejection). A text field longer than its maxLength is refused even when trimming
would bring it under (the schema counts the characters sent): `POST /smart-categories` with a
description of "%" and 2,000 no-break spaces answered 201. A `format: date` query parameter
takes only YYYY-MM-DD: `GET /search?toDate=0.0` answered 200 (pydantic read the number as a
Unix time). On SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from fixtures.factories import Tenant

API = "/api/v1"
PADDING = "\u00a0"  # a no-break space: whitespace to str.strip(), a character to JSON Schema


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        (
            "/smart-categories",
            {"name": "Pricing", "description": "%" + PADDING * 2000},
            "description",
        ),
        ("/smart-categories", {"name": "Pricing" + " " * 100}, "name"),
        ("/smart-categories", {"name": "Pricing", "examples": ["a" + PADDING * 300]}, "examples"),
        (
            "/webhooks",
            {"url": "https://hooks.example.com/x", "description": "d" + PADDING * 500},
            "description",
        ),
        ("/webhooks", {"url": "https://hooks.example.com/x" + " " * 2000}, "url"),
    ],
    ids=["category-description", "category-name", "category-example", "hook-description", "url"],
)
async def test_text_over_its_declared_length_is_refused_before_trimming(
    client: httpx.AsyncClient, tenant: Tenant, path: str, body: dict[str, Any], field: str
) -> None:
    answer = await client.post(f"{API}{path}", json=body, headers=tenant.headers)
    assert answer.status_code == 422, answer.text
    assert field in answer.json()["error"]
    listed = await client.get(f"{API}{path}", headers=tenant.headers)
    assert all(item.get("name") != "Pricing" for item in listed.json()["data"])


@pytest.mark.parametrize("value", ["0.0", "86400", "2026-01-01T00:00:00"])
@pytest.mark.parametrize("name", ["fromDate", "toDate"])
async def test_a_day_parameter_takes_only_a_day(
    client: httpx.AsyncClient, tenant: Tenant, name: str, value: str
) -> None:
    answer = await client.get(
        f"{API}/search", params={"q": "pricing", name: value}, headers=tenant.headers
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"].startswith(f"{name}: ")
