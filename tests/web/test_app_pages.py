"""The web app's pages over HTTP (in-process, SQLite and PostgreSQL): every page renders for
the signed-in user's organization only; the media route answers ranges; forms need CSRF."""

from __future__ import annotations

import re

import httpx
import pytest
import sqlalchemy as sa

from fixtures.factories import Tenant, make_activity
from meetsight.activities.models import Activity
from meetsight.intelligence.models import ActivitySummary, SmartCategory
from meetsight.state import AppState
from web.pages import WebUserInfo, add_user, csrf_from, form_token, sign_in

MEDIA = bytes(range(256)) * 40  # 10240 bytes, every offset recognisable


@pytest.fixture
async def member(state: AppState, tenant: Tenant) -> WebUserInfo:
    return await add_user(state, tenant.org_id, role="member")


@pytest.fixture
async def browser_in(browser: httpx.AsyncClient, member: WebUserInfo) -> httpx.AsyncClient:
    answer = await sign_in(browser, member.email)
    assert answer.status_code == 303
    return browser


async def _with_media(state: AppState, tenant: Tenant, activity_id: str) -> None:
    key = f"{tenant.org_id}/{activity_id}/media.wav"
    await state.media.put_bytes(key, MEDIA)
    async with state.sessionmaker() as session:
        row = await session.get(Activity, (tenant.org_id, activity_id))
        assert row is not None
        row.media_key, row.media_content_type = key, "audio/wav"
        await session.commit()


async def test_home_lists_filters_and_searches_own_org_only(
    browser_in: httpx.AsyncClient, state: AppState, tenant: Tenant, other_tenant: Tenant
) -> None:
    mine = await make_activity(state, tenant, name="Quokka discovery", segments=6)
    call = await make_activity(state, tenant, is_call=True, name="Quokka renewal call")
    theirs = await make_activity(state, other_tenant, name="Quokka secret deal")
    home = await browser_in.get("/app")
    assert home.status_code == 200
    assert mine in home.text and call in home.text and theirs not in home.text
    calls = await browser_in.get("/app", params={"type": "calls", "status": "completed"})
    assert call in calls.text and mine not in calls.text
    nobody = await browser_in.get("/app", params={"participant": "Nobody Atall"})
    assert mine not in nobody.text and "match these filters" in nobody.text
    found = await browser_in.get("/app", params={"q": "Quokka"})
    assert found.status_code == 200
    assert mine in found.text and theirs not in found.text
    bad = await browser_in.get("/app", params={"from": "yesterday", "type": "zzz"})
    assert bad.status_code == 200 and "from: expected a date" in bad.text


async def test_search_hit_links_to_the_moment(
    browser_in: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    aid = await make_activity(state, tenant, segments=5)
    page = await browser_in.get("/app", params={"q": "proposal"})
    moments = re.findall(rf'href="/app/conversations/{aid}\?t=([0-9.]+)"', page.text)
    assert moments, page.text[-3000:]
    assert "<mark>" in page.text


async def test_home_search_finds_what_was_meant(
    browser_in: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    """No sentence holds these words; "Budget is around thirty thousand a year" is meant."""
    aid = await make_activity(state, tenant, segments=5)
    page = await browser_in.get("/app", params={"q": "how much money they can spend annually"})
    assert re.findall(rf'href="/app/conversations/{aid}\?t=([0-9.]+)"', page.text)
    assert "Budget is around thirty thousand a year" in page.text


async def test_conversation_page_shows_everything(
    browser_in: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    aid = await make_activity(state, tenant, segments=8)
    page = await browser_in.get(f"/app/conversations/{aid}")
    assert page.status_code == 200
    text = page.text
    assert text.count('data-seek="') >= 8  # one per transcript line at least
    for expected in ("Olivia Owner", "Carl Customer", "Recap", "AI opinion", "Next steps"):
        assert expected in text, expected
    # Talk time under the player, then questions per speaker and the timeline: their figures
    # in the accessible names, the bars as SVG.
    assert 'aria-labelledby="talk-heading"' in text
    assert text.count('role="img"') == 2 and "Who spoke when" in text
    assert text.count('class="bar-track"') >= 2 and 'class="tl-track' in text
    for fmt in ("srt", "vtt", "txt", "json"):
        assert f"/app/conversations/{aid}/export/{fmt}" in text
        exported = await browser_in.get(f"/app/conversations/{aid}/export/{fmt}")
        assert (
            exported.status_code == 200 and "attachment" in exported.headers["content-disposition"]
        )
    assert " style=" not in text  # the CSP forbids style attributes


async def test_another_orgs_conversation_is_404(
    browser_in: httpx.AsyncClient, state: AppState, other_tenant: Tenant
) -> None:
    theirs = await make_activity(state, other_tenant, with_media=False)
    await _with_media(state, other_tenant, theirs)
    for path in ("", "/media", "/export/txt", "/status"):
        answer = await browser_in.get(f"/app/conversations/{theirs}{path}")
        assert answer.status_code == 404, (path, answer.status_code)
    token = await form_token(browser_in, "/app")
    gone = await browser_in.post(f"/app/conversations/{theirs}/delete", data={"csrf_token": token})
    assert gone.status_code == 404
    async with state.sessionmaker() as session:
        assert await session.get(Activity, (other_tenant.org_id, theirs)) is not None


async def test_media_answers_ranges(
    browser_in: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    aid = await make_activity(state, tenant)
    await _with_media(state, tenant, aid)
    url = f"/app/conversations/{aid}/media"
    whole = await browser_in.get(url)
    assert whole.status_code == 200 and whole.content == MEDIA
    assert whole.headers["accept-ranges"] == "bytes"
    part = await browser_in.get(url, headers={"Range": "bytes=100-199"})
    assert part.status_code == 206
    assert part.headers["content-range"] == f"bytes 100-199/{len(MEDIA)}"
    assert part.content == MEDIA[100:200]
    tail = await browser_in.get(url, headers={"Range": "bytes=-10"})
    assert tail.status_code == 206 and tail.content == MEDIA[-10:]
    open_end = await browser_in.get(url, headers={"Range": "bytes=10000-"})
    assert open_end.status_code == 206 and open_end.content == MEDIA[10000:]
    past = await browser_in.get(url, headers={"Range": f"bytes={len(MEDIA)}-"})
    assert past.status_code == 416
    assert past.headers["content-range"] == f"bytes */{len(MEDIA)}"
    assert past.json()["statusCode"] == 416
    backwards = await browser_in.get(url, headers={"Range": "bytes=50-10"})
    assert backwards.status_code == 416
    page = await browser_in.get(f"/app/conversations/{aid}")
    assert f'src="{url}"' in page.text and "<audio" in page.text


async def test_media_and_status_need_a_session(
    browser: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    aid = await make_activity(state, tenant)
    for path in ("/media", "/status"):
        answer = await browser.get(f"/app/conversations/{aid}{path}")
        assert answer.status_code == 401
        assert answer.json() == {
            "statusCode": 401,
            "count": 0,
            "error": answer.json()["error"],
            "data": None,
        }
    page = await browser.get(f"/app/conversations/{aid}")
    assert page.status_code == 303 and page.headers["location"].startswith("/signin?next=")


async def test_chat_speaker_rename_and_delete(
    browser_in: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    aid = await make_activity(state, tenant, segments=6)
    page = f"/app/conversations/{aid}"
    token = await form_token(browser_in, page)
    asked = await browser_in.post(
        page + "/chat", data={"csrf_token": token, "question": "Who will send the proposal?"}
    )
    assert asked.status_code == 303
    shown = (await browser_in.get(page)).text
    assert "Who will send the proposal?" in shown and 'id="chat-latest"' in shown
    blank = await browser_in.post(page + "/chat", data={"csrf_token": token, "question": "  "})
    assert blank.status_code == 422

    renamed = await browser_in.post(
        page + "/speakers",
        data={"csrf_token": token, "speaker": "Carl Customer", "name": "Carl the Buyer"},
    )
    assert renamed.status_code == 303
    assert "Carl the Buyer" in (await browser_in.get(page)).text
    unknown = await browser_in.post(
        page + "/speakers", data={"csrf_token": token, "speaker": "Nobody", "name": "X"}
    )
    assert unknown.status_code == 422

    no_token = await browser_in.post(page + "/delete", data={})
    assert no_token.status_code == 403
    deleted = await browser_in.post(page + "/delete", data={"csrf_token": token})
    assert deleted.status_code == 303 and deleted.headers["location"] == "/app"
    assert "Deleted" in (await browser_in.get("/app")).text
    assert (await browser_in.get(page)).status_code == 404


async def test_upload_needs_the_csrf_header_and_creates_the_activity(
    browser_in: httpx.AsyncClient, state: AppState
) -> None:
    token = await form_token(browser_in, "/app/upload")
    fields = {
        "kind": "meeting",
        "name": "From the browser",
        "mediaUrl": "https://example.com/a.mp3",
    }
    files = {"startDateTime": (None, "2026-11-01T10:00:00Z")}
    refused = await browser_in.post("/app/upload", data=fields, files=files)
    assert refused.status_code == 403
    forged = await browser_in.post(
        "/app/upload", data=fields, files=files, headers={"X-CSRF-Token": token[:-2] + "xx"}
    )
    assert forged.status_code == 403
    created = await browser_in.post(
        "/app/upload", data=fields, files=files, headers={"X-CSRF-Token": token}
    )
    assert created.status_code == 201, created.text
    data = created.json()["data"]
    status = await browser_in.get(data["statusUrl"])
    assert status.json()["data"]["status"] == "processing"
    invalid = await browser_in.post(
        "/app/upload",
        data={**fields, "name": ""},
        files=files,
        headers={"X-CSRF-Token": token},
    )
    assert invalid.status_code == 422 and invalid.json()["error"].startswith("name")


async def test_upload_without_script_posts_the_token_in_the_form(
    browser_in: httpx.AsyncClient,
) -> None:
    html = (await browser_in.get("/app/upload")).text
    answer = await browser_in.post(
        "/app/upload",
        data={"csrf_token": csrf_from(html), "kind": "call", "name": "Plain form"},
        files={
            "mediaUrl": (None, "https://example.com/call.mp3"),
            "startDateTime": (None, "2026-11-01T10:00"),
        },
    )
    assert answer.status_code == 303 and answer.headers["location"].startswith(
        "/app/conversations/"
    )


async def test_smart_categories_create_edit_delete(
    browser_in: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    token = await form_token(browser_in, "/app/categories")
    made = await browser_in.post(
        "/app/categories",
        data={
            "csrf_token": token,
            "name": "Security review",
            "description": "Security questions",
            "examples": "Do you have SOC 2?\n\nWhere is the data stored?",
            "type": "all",
        },
    )
    assert made.status_code == 303
    page = (await browser_in.get("/app/categories")).text
    assert "Created “Security review”" in page and "2 examples" in page
    async with state.sessionmaker() as session:
        category_id = (
            await session.execute(
                sa.select(SmartCategory.id).where(
                    SmartCategory.organization_id == tenant.org_id,
                    SmartCategory.name == "Security review",
                )
            )
        ).scalar_one()
    assert f'action="/app/categories/{category_id}"' in page
    edit = await browser_in.post(
        f"/app/categories/{category_id}",
        data={
            "csrf_token": token,
            "name": "Security review",
            "description": "",
            "examples": "Is it ISO 27001 certified?",
            "type": "phonecall",
        },
    )
    assert edit.status_code == 303
    duplicate = await browser_in.post(
        "/app/categories",
        data={"csrf_token": token, "name": "security REVIEW", "examples": ""},
    )
    assert duplicate.status_code == 409 and "already exists" in duplicate.text
    too_long = await browser_in.post(
        "/app/categories", data={"csrf_token": token, "name": "x" * 101}
    )
    assert too_long.status_code == 422
    gone = await browser_in.post(
        f"/app/categories/{category_id}/delete", data={"csrf_token": token}
    )
    assert gone.status_code == 303
    assert "Security review" not in (await browser_in.get("/app/categories")).text


async def test_the_url_the_api_gives_opens_the_page(
    browser_in: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    """A Meeting's and a Call's `url` (REST and MCP) is its page in this web app."""
    for is_call in (False, True):
        aid = await make_activity(state, tenant, is_call=is_call, name="Linked from the API")
        kind = "calls" if is_call else "meetings"
        item = await browser_in.get(f"/api/v1/{kind}/{aid}", headers={"x-api-key": tenant.key})
        url = item.json()["data"]["url"]
        page = await browser_in.get(httpx.URL(url).path)
        assert page.status_code == 200 and "Linked from the API" in page.text


async def test_call_page_shows_insights_of_either_engine(
    browser_in: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    """The LLM engine's insights carry no counts and give objections as plain lines."""
    call = await make_activity(state, tenant, is_call=True, name="Insights call")
    llm_shaped = {
        "sentiment": {"label": "negative"},
        "objections": ["Too expensive for a pilot"],
        "competitors": ["RateBoost"],
        "pricingDiscussed": True,
        "decisionMakers": ["Dana"],
    }
    async with state.sessionmaker() as session:
        await session.execute(
            sa.update(ActivitySummary)
            .where(ActivitySummary.activity_id == call)
            .values(insights=llm_shaped)
        )
        await session.commit()
    page = await browser_in.get(f"/app/conversations/{call}")
    assert page.status_code == 200
    for shown in ("negative", "Too expensive for a pilot", "RateBoost"):
        assert shown in page.text
