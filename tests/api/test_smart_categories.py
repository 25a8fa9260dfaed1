"""POST, PATCH and DELETE /smart-categories: success shapes, credentials and scopes, tenancy,
duplicates and bad bodies (never a 500), that a refused request changes nothing, that the
listing follows, and that a deleted category's notes keep their text."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from fixtures.factories import Tenant, make_activity, make_tenant
from fixtures.shapes import CALL_NOTE, SMART_CATEGORY, check, check_envelope, check_error
from meetsight.intelligence.models import Note, SmartCategory
from meetsight.intelligence.smart_categories import slug_key
from meetsight.state import AppState

API = "/api/v1"
URL = f"{API}/smart-categories"
UNAUTHORIZED = "Unauthorized - missing or invalid API key"


async def _listing(client: httpx.AsyncClient, tenant: Tenant) -> list[dict[str, Any]]:
    r = await client.get(URL, params={"limit": 100}, headers=tenant.headers)
    assert r.status_code == 200, r.text
    return list(check_envelope(r.json()))


async def _create(client: httpx.AsyncClient, tenant: Tenant, **body: Any) -> dict[str, Any]:
    r = await client.post(URL, json=body, headers=tenant.headers)
    assert r.status_code == 201, r.text
    data = check_envelope(r.json(), status=201)
    check(data, SMART_CATEGORY)
    return dict(data)


async def _row(state: AppState, org_id: str, category_id: str) -> SmartCategory | None:
    async with state.sessionmaker() as session:
        return await session.get(SmartCategory, (org_id, category_id))


# --- create ---------------------------------------------------------------------------------


async def test_create_shows_in_listing_with_a_key(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    before = await _listing(client, tenant)
    data = await _create(
        client,
        tenant,
        name="  Próximos pasos de seguridad ",
        description="Security reviews and questionnaires",
        examples=["We need your SOC 2 report.", "Is data encrypted at rest?"],
    )
    assert data["name"] == "Próximos pasos de seguridad"  # surrounding spaces trimmed
    assert data["description"] == "Security reviews and questionnaires"
    assert data["examples"] == ["We need your SOC 2 report.", "Is data encrypted at rest?"]
    assert data["type"] == "all"
    after = await _listing(client, tenant)
    assert len(after) == len(before) + 1
    assert [c for c in after if c["id"] == data["id"]] == [data]
    row = await _row(state, tenant.org_id, data["id"])
    assert row is not None and row.key == "proximos_pasos_de_seguridad"


async def test_create_defaults_and_key_collision(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    # "Pain points!" slugs to the default category's key "pain_points": the new one gets a suffix.
    data = await _create(client, tenant, name="Pain points!")
    assert data["description"] == "" and data["examples"] == []
    row = await _row(state, tenant.org_id, data["id"])
    assert row is not None and row.key == "pain_points_2"


@pytest.mark.parametrize("name", ["Pain points", "PAIN POINTS", " pain points "])
async def test_create_duplicate_name_is_409_any_case(
    client: httpx.AsyncClient, tenant: Tenant, name: str
) -> None:
    before = await _listing(client, tenant)
    r = await client.post(URL, json={"name": name}, headers=tenant.headers)
    check_error(r, 409, contains="already exists")
    assert await _listing(client, tenant) == before


async def test_same_name_in_another_org_is_fine(
    client: httpx.AsyncClient, tenant: Tenant, other_tenant: Tenant
) -> None:
    a = await _create(client, tenant, name="Churn risk")
    b = await _create(client, other_tenant, name="Churn risk")
    assert a["id"] != b["id"]
    assert [c["name"] for c in await _listing(client, other_tenant)].count("Churn risk") == 1


BAD_BODIES: list[tuple[str, Any]] = [
    ("missing name", {"description": "x"}),
    ("empty name", {"name": ""}),
    ("blank name", {"name": "   "}),
    ("long name", {"name": "n" * 101}),
    ("name not a string", {"name": 12}),
    ("null name", {"name": None}),
    ("description not a string", {"name": "Ok", "description": ["a"]}),
    ("long description", {"name": "Ok", "description": "d" * 2001}),
    ("examples not a list", {"name": "Ok", "examples": "one"}),
    ("example not a string", {"name": "Ok", "examples": ["fine", 3]}),
    ("long example", {"name": "Ok", "examples": ["e" * 301]}),
    ("empty example", {"name": "Ok", "examples": [""]}),
    ("21 examples", {"name": "Ok", "examples": [f"example {i}" for i in range(21)]}),
    ("unknown type", {"name": "Ok", "type": "podcast"}),
    ("unknown field", {"name": "Ok", "colour": "red"}),
    ("array body", [{"name": "Ok"}]),
    ("string body", "Ok"),
]


@pytest.mark.parametrize(("why", "body"), BAD_BODIES, ids=[w for w, _ in BAD_BODIES])
async def test_create_bad_body_is_422(
    client: httpx.AsyncClient, tenant: Tenant, why: str, body: Any
) -> None:
    before = await _listing(client, tenant)
    r = await client.post(URL, json=body, headers=tenant.headers)
    check_error(r, 422)
    assert await _listing(client, tenant) == before, why


async def test_create_not_json_is_422(client: httpx.AsyncClient, tenant: Tenant) -> None:
    before = await _listing(client, tenant)
    headers = {**tenant.headers, "content-type": "application/json"}
    r = await client.post(URL, content=b"{name: nope", headers=headers)
    check_error(r, 422)
    assert await _listing(client, tenant) == before


async def test_create_limits_are_inclusive(client: httpx.AsyncClient, tenant: Tenant) -> None:
    examples = [f"{i:03d}" + "e" * 297 for i in range(20)]
    data = await _create(client, tenant, name="n" * 100, examples=examples, type="phonecall")
    assert data["examples"] == examples and data["type"] == "phonecall"


# --- update ---------------------------------------------------------------------------------


async def test_patch_changes_only_what_is_sent(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    made = await _create(client, tenant, name="Security", description="old", examples=["a"])
    url = f"{URL}/{made['id']}"
    r = await client.patch(url, json={"description": "Reviews"}, headers=tenant.headers)
    assert r.status_code == 200, r.text
    data = check_envelope(r.json())
    check(data, SMART_CATEGORY)
    assert (data["name"], data["description"], data["examples"]) == ("Security", "Reviews", ["a"])

    r = await client.patch(
        url,
        json={"name": "Security review", "examples": ["SOC 2?", "SSO?"]},
        headers=tenant.headers,
    )
    data = check_envelope(r.json())
    assert data["name"] == "Security review" and data["examples"] == ["SOC 2?", "SSO?"]
    assert data["description"] == "Reviews" and data["createdAt"] == made["createdAt"]
    listed = [c for c in await _listing(client, tenant) if c["id"] == made["id"]]
    assert listed == [data]
    row = await _row(state, tenant.org_id, made["id"])
    assert row is not None and row.key == "security"  # the key survives a rename


async def test_patch_case_change_of_own_name_is_allowed(
    client: httpx.AsyncClient, tenant: Tenant
) -> None:
    made = await _create(client, tenant, name="security")
    r = await client.patch(f"{URL}/{made['id']}", json={"name": "Security"}, headers=tenant.headers)
    assert r.status_code == 200, r.text
    assert check_envelope(r.json())["name"] == "Security"


async def test_patch_empty_body_changes_nothing(client: httpx.AsyncClient, tenant: Tenant) -> None:
    made = await _create(client, tenant, name="Security")
    r = await client.patch(f"{URL}/{made['id']}", json={}, headers=tenant.headers)
    assert r.status_code == 200
    assert check_envelope(r.json())["name"] == "Security"


async def test_patch_to_another_categorys_name_is_409(
    client: httpx.AsyncClient, tenant: Tenant
) -> None:
    made = await _create(client, tenant, name="Security")
    before = await _listing(client, tenant)
    r = await client.patch(
        f"{URL}/{made['id']}",
        json={"name": "competitors", "description": "changed"},
        headers=tenant.headers,
    )
    check_error(r, 409, contains="already exists")
    assert await _listing(client, tenant) == before


BAD_PATCHES: list[tuple[str, Any]] = [
    ("null name", {"name": None}),
    ("null description", {"description": None}),
    ("null examples", {"examples": None}),
    ("empty name", {"name": ""}),
    ("long name", {"name": "n" * 101}),
    ("example not a string", {"examples": [1]}),
    ("21 examples", {"examples": ["x"] * 21}),
    ("unknown field", {"descripton": "typo"}),
    ("array body", ["x"]),
]


@pytest.mark.parametrize(("why", "body"), BAD_PATCHES, ids=[w for w, _ in BAD_PATCHES])
async def test_patch_bad_body_is_422(
    client: httpx.AsyncClient, tenant: Tenant, why: str, body: Any
) -> None:
    made = await _create(client, tenant, name="Security", description="kept", examples=["kept"])
    before = await _listing(client, tenant)
    r = await client.patch(f"{URL}/{made['id']}", json=body, headers=tenant.headers)
    check_error(r, 422)
    assert await _listing(client, tenant) == before, why


# --- delete ---------------------------------------------------------------------------------


async def test_delete_removes_it_from_the_listing(
    client: httpx.AsyncClient, tenant: Tenant
) -> None:
    made = await _create(client, tenant, name="Security")
    r = await client.delete(f"{URL}/{made['id']}", headers=tenant.headers)
    assert r.status_code == 200, r.text
    assert check_envelope(r.json()) is True
    assert made["id"] not in {c["id"] for c in await _listing(client, tenant)}
    r = await client.delete(f"{URL}/{made['id']}", headers=tenant.headers)
    check_error(r, 404)
    # The name is free again.
    await _create(client, tenant, name="security")


async def test_delete_keeps_the_notes(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    # make_activity tags a note of categories[0] ("Pain points") with "pain"; add an untagged one.
    call_id = await make_activity(state, tenant, is_call=True)
    meeting_id = await make_activity(state, tenant)
    category = tenant.categories[0]
    async with state.sessionmaker() as session:
        session.add(
            Note(
                organization_id=tenant.org_id,
                activity_id=call_id,
                smart_category_id=category.id,
                tag=None,
                content="We lose deals because nobody follows up.",
                is_manual=True,
            )
        )
        await session.commit()
    r = await client.delete(f"{URL}/{category.id}", headers=tenant.headers)
    assert r.status_code == 200, r.text

    async with state.sessionmaker() as session:
        notes = (
            await session.execute(sa.select(Note).where(Note.organization_id == tenant.org_id))
        ).scalars()
        kept = {(n.content, n.tag, n.smart_category_id) for n in notes}
    assert kept == {
        ("Mostly spreadsheets, and it takes hours every week.", "pain", None),
        ("We lose deals because nobody follows up.", category.name, None),
    }

    r = await client.get(f"{API}/calls/{call_id}/notes", headers=tenant.headers)
    assert r.status_code == 200, r.text
    call_notes = check_envelope(r.json())["notes"]
    assert len(call_notes) == 2
    assert all("smartCategory" not in n for n in call_notes)
    for note in call_notes:  # everything else of the spec's CallNote still fits
        check(note, {k: v for k, v in CALL_NOTE.items() if k != "smartCategory"})
    r = await client.get(f"{API}/call-notes", params={"callId": call_id}, headers=tenant.headers)
    assert len(check_envelope(r.json())[0]["notes"]) == 2
    r = await client.get(f"{API}/meetings/{meeting_id}/notes", headers=tenant.headers)
    (note,) = check_envelope(r.json())["notes"]
    assert note["content"] == "Mostly spreadsheets, and it takes hours every week."
    assert note["tag"] == "pain" and "smartCategoryId" not in note


# --- credentials, scopes, tenancy -----------------------------------------------------------


def _requests(category_id: str) -> list[tuple[str, str, Any]]:
    return [
        ("POST", URL, {"name": "Refused"}),
        ("PATCH", f"{URL}/{category_id}", {"name": "Refused"}),
        ("DELETE", f"{URL}/{category_id}", None),
    ]


async def _send(
    client: httpx.AsyncClient, method: str, url: str, body: Any, headers: dict[str, str]
) -> httpx.Response:
    return await client.request(method, url, json=body, headers=headers)


@pytest.mark.parametrize("method", ["POST", "PATCH", "DELETE"])
@pytest.mark.parametrize("headers", [{}, {"x-api-key": "msk_wrong"}], ids=["missing", "wrong"])
async def test_without_a_valid_key_401(
    client: httpx.AsyncClient, tenant: Tenant, method: str, headers: dict[str, str]
) -> None:
    category = tenant.categories[0]
    before = await _listing(client, tenant)
    for m, url, body in _requests(category.id):
        if m == method:
            # A bad body too: the credential is checked first.
            r = await _send(client, m, url, body and {"name": ""}, headers)
            check_error(r, 401, contains=UNAUTHORIZED)
    assert await _listing(client, tenant) == before


@pytest.mark.parametrize("method", ["POST", "PATCH", "DELETE"])
async def test_read_only_key_is_403(
    client: httpx.AsyncClient, state: AppState, method: str
) -> None:
    reader = await make_tenant(state, scopes=["meetings:read", "calls:read"])
    category = reader.categories[0]
    before = await _listing(client, reader)
    for m, url, body in _requests(category.id):
        if m == method:
            check_error(await _send(client, m, url, body, reader.headers), 403)
            # Scope before body: a bad body from a reader is still a 403.
            if body is not None:
                check_error(await _send(client, m, url, {"name": ""}, reader.headers), 403)
    assert await _listing(client, reader) == before


@pytest.mark.parametrize("scope", ["meetings:write", "calls:write"])
async def test_either_write_scope_may_write(
    client: httpx.AsyncClient, state: AppState, scope: str
) -> None:
    # The listing needs a read scope; the writes need only one of the write scopes.
    writer = await make_tenant(state, scopes=[scope, "meetings:read"])
    made = await _create(client, writer, name=f"By {scope}")
    r = await client.patch(f"{URL}/{made['id']}", json={"name": "x"}, headers=writer.headers)
    assert r.status_code == 200, r.text
    r = await client.delete(f"{URL}/{made['id']}", headers=writer.headers)
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("method", ["PATCH", "DELETE"])
async def test_another_orgs_category_is_404(
    client: httpx.AsyncClient, tenant: Tenant, other_tenant: Tenant, method: str
) -> None:
    theirs = other_tenant.categories[0]
    before = await _listing(client, other_tenant)
    body = {"name": "Hijacked"} if method == "PATCH" else None
    r = await _send(client, method, f"{URL}/{theirs.id}", body, tenant.headers)
    check_error(r, 404)
    r = await _send(client, method, f"{URL}/no-such-id", body, tenant.headers)
    check_error(r, 404)
    assert await _listing(client, other_tenant) == before


def test_slug_key() -> None:
    assert slug_key("Budget & pricing") == "budget_pricing"
    assert slug_key("¿Próximos pasos?") == "proximos_pasos"
    assert slug_key("!!!") == "category"
    assert len(slug_key("x" * 200)) == 60


async def test_the_reads_check_the_credential_before_the_query(
    client: httpx.AsyncClient, state: AppState
) -> None:
    """The listings take their credential as a dependency (deps.Reader, CallsReader): a bad
    query without a valid key is a 401, from a key without the scope a 403, as when they
    called authorize() before parsing it."""
    for url in (f"{URL}?limit=0", f"{API}/call-notes?limit=0"):
        check_error(await client.get(url), 401, contains=UNAUTHORIZED)
    meetings_only = await make_tenant(state, scopes=["meetings:read"])
    check_error(await client.get(f"{API}/call-notes?limit=0", headers=meetings_only.headers), 403)
    check_error(await client.get(f"{URL}?limit=0", headers=meetings_only.headers), 422)
