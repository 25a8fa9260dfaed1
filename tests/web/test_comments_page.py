"""Comments on the conversation page over HTTP (in-process, SQLite and PostgreSQL): add at a
moment, shown escaped with a link to the moment, edit and delete your own, an admin deletes
anyone's; refusals come back on the page; other organizations' conversations are 404; every
form needs its CSRF token."""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import httpx
import pytest

from fixtures.factories import Tenant, make_activity
from meetsight.state import AppState
from web.pages import WebUserInfo, add_user, csrf_from, form_token, sign_in


@pytest.fixture
async def member(state: AppState, tenant: Tenant) -> WebUserInfo:
    return await add_user(state, tenant.org_id, role="member")


@pytest.fixture
async def browser_in(browser: httpx.AsyncClient, member: WebUserInfo) -> httpx.AsyncClient:
    """Signed in as a member (not an admin): what most people commenting are."""
    assert (await sign_in(browser, member.email)).status_code == 303
    return browser


COMMENT_ID = re.compile(r'<li class="comment" id="c-([^"]+)">')


async def _add(client: httpx.AsyncClient, aid: str, text: str, **moment: str) -> httpx.Response:
    page = f"/app/conversations/{aid}"
    token = await form_token(client, page)
    data = {"csrf_token": token, "text": text, "at": "0:00", "start": "", "end": ""} | moment
    return await client.post(f"{page}/comments", data=data)


def _comment_ids(html: str) -> list[str]:
    return COMMENT_ID.findall(html)


async def test_add_edit_and_delete_a_comment(
    browser_in: httpx.AsyncClient,
    state: AppState,
    tenant: Tenant,
) -> None:
    aid = await make_activity(state, tenant, segments=5)  # 60 s
    page = f"/app/conversations/{aid}"
    added = await _add(browser_in, aid, "Listen <script>alert(1)</script>\r\nhere", at="0:24")
    assert added.status_code == 303
    [cid] = re.findall(r"#c-(.+)$", added.headers["location"])
    html = (await browser_in.get(page)).text
    assert _comment_ids(html) == [cid]
    item = html[html.index(f'id="c-{cid}"') :]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;\nhere" in item  # escaped, one line break
    assert "<script>alert" not in html
    assert 'href="?t=24" data-seek="24.0"' in item and ">0:24</a>" in item
    assert "Member Person" in item and ">MP</span>" in item
    assert 'href="#comments">Comments (1)</a>' in html

    # A span from the selected lines: exact seconds beside the shown clock.
    span = await _add(browser_in, aid, "The budget part", at="0:12\u20130:34", start="12", end="34")
    assert span.status_code == 303
    html = (await browser_in.get(page)).text
    assert 'href="?t=12&amp;end=34"' in html and ">0:12\u20130:34</a>" in html
    # A typed span (no exact seconds) and an h:mm:ss start.
    assert (await _add(browser_in, aid, "typed", at="0:05-0:09")).status_code == 303
    assert (await _add(browser_in, aid, "hours", at="0:00:59")).status_code == 303
    html = (await browser_in.get(page)).text
    assert 'href="?t=5&amp;end=9"' in html and 'href="?t=59"' in html

    token = csrf_from(html)
    edited = await browser_in.post(
        f"{page}/comments/{cid}", data={"csrf_token": token, "text": "Listen here"}
    )
    assert edited.status_code == 303 and edited.headers["location"].endswith(f"#c-{cid}")
    html = (await browser_in.get(page)).text
    item = html[html.index(f'id="c-{cid}"') :]
    assert "Listen here" in item and "(edited)" in item.split("</li>")[0]

    deleted = await browser_in.post(f"{page}/comments/{cid}/delete", data={"csrf_token": token})
    assert deleted.status_code == 303
    assert cid not in (await browser_in.get(page)).text


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"text": "  \r\n "}, "Write something first"),
        ({"text": "z" * 2001}, "at most 2,000 characters; this one has 2,001"),
        ({"text": "ok", "at": "1:05"}, "1:05 is past the end of the recording (1:00)"),
        ({"text": "ok", "at": "soon"}, "must be a time in the recording"),
        ({"text": "ok", "at": "0:70"}, "must be a time in the recording"),
        ({"text": "ok", "at": "0:30-0:10"}, "end of the moment must come after its start"),
        ({"text": "ok", "start": "nan"}, "must be a time in the recording"),
    ],
    ids=["blank", "long", "past", "words", "bad-clock", "backwards", "nan"],
)
async def test_a_refused_comment_comes_back_with_its_reason(
    browser_in: httpx.AsyncClient,
    state: AppState,
    tenant: Tenant,
    fields: dict[str, str],
    message: str,
) -> None:
    aid = await make_activity(state, tenant)
    fields = dict(fields)  # the parameters are shared by both databases' runs
    text = fields.pop("text")
    answer = await _add(browser_in, aid, text, **fields)
    assert answer.status_code == 422, answer.text[-2000:]
    assert message in answer.text
    assert 'id="comments" aria-labelledby="comments-heading" data-open' in answer.text
    if text.strip():  # what was typed is still there
        assert f">{text}</textarea>" in answer.text
    assert _comment_ids((await browser_in.get(f"/app/conversations/{aid}")).text) == []


async def test_a_crlf_comment_of_2000_characters_fits(
    browser_in: httpx.AsyncClient,
    state: AppState,
    tenant: Tenant,
) -> None:
    """The textarea's maxlength counts a line break once; the browser sends it as CRLF."""
    aid = await make_activity(state, tenant)
    text = ("a" * 99 + "\r\n") * 20  # 2000 characters as the textarea counts them
    answer = await _add(browser_in, aid, text.rstrip("\r\n") + "b")
    assert answer.status_code == 303, answer.text[-1500:]


async def test_only_the_author_edits_and_admins_delete_any(
    browser_in: httpx.AsyncClient,
    browser_factory: Callable[[], AbstractAsyncContextManager[httpx.AsyncClient]],
    state: AppState,
    tenant: Tenant,
) -> None:
    aid = await make_activity(state, tenant)
    page = f"/app/conversations/{aid}"
    assert (await _add(browser_in, aid, "by the member", at="0:03")).status_code == 303
    [cid] = _comment_ids((await browser_in.get(page)).text)
    other = await add_user(state, tenant.org_id, role="member")
    admin = await add_user(state, tenant.org_id, role="admin")
    async with browser_factory() as as_other, browser_factory() as as_admin:
        assert (await sign_in(as_other, other.email)).status_code == 303
        assert (await sign_in(as_admin, admin.email)).status_code == 303
        html = (await as_other.get(page)).text
        assert f'action="{page}/comments/{cid}"' not in html  # no edit form
        assert f'action="{page}/comments/{cid}/delete"' not in html  # no delete button
        token = csrf_from(html)
        refused = await as_other.post(
            f"{page}/comments/{cid}", data={"csrf_token": token, "text": "hijacked"}
        )
        assert refused.status_code == 403 and "Only its author" in refused.text
        refused = await as_other.post(f"{page}/comments/{cid}/delete", data={"csrf_token": token})
        assert refused.status_code == 403

        html = (await as_admin.get(page)).text
        assert f'action="{page}/comments/{cid}"' not in html  # an admin does not edit it
        assert f'action="{page}/comments/{cid}/delete"' in html
        admin_token = csrf_from(html)
        refused = await as_admin.post(
            f"{page}/comments/{cid}", data={"csrf_token": admin_token, "text": "x"}
        )
        assert refused.status_code == 403
        done = await as_admin.post(
            f"{page}/comments/{cid}/delete", data={"csrf_token": admin_token}
        )
        assert done.status_code == 303
    assert "by the member" not in (await browser_in.get(page)).text


async def test_other_organizations_and_missing_tokens(
    browser_in: httpx.AsyncClient,
    state: AppState,
    tenant: Tenant,
    other_tenant: Tenant,
) -> None:
    mine = await make_activity(state, tenant)
    theirs = await make_activity(state, other_tenant)
    assert (await _add(browser_in, mine, "mine", at="0:02")).status_code == 303
    [cid] = _comment_ids((await browser_in.get(f"/app/conversations/{mine}")).text)
    token = await form_token(browser_in, f"/app/conversations/{mine}")
    base = f"/app/conversations/{theirs}"
    data = {"csrf_token": token, "text": "into B", "at": "0:01"}
    for path in (f"{base}/comments", f"{base}/comments/{cid}", f"{base}/comments/{cid}/delete"):
        assert (await browser_in.post(path, data=data)).status_code == 404, path
    # An id that is no comment of this conversation.
    mine_base = f"/app/conversations/{mine}"
    nope = await browser_in.post(f"{mine_base}/comments/nope/delete", data=data)
    assert nope.status_code == 404
    # No token, or another browser's: refused, nothing stored or changed.
    for sent in ({}, {"csrf_token": "forged"}):
        for path in (
            f"{mine_base}/comments",
            f"{mine_base}/comments/{cid}",
            f"{mine_base}/comments/{cid}/delete",
        ):
            answer = await browser_in.post(path, data={"text": "csrf", "at": "0:01"} | sent)
            assert answer.status_code == 403, path
    html = (await browser_in.get(mine_base)).text
    assert _comment_ids(html) == [cid] and ">mine</p>" in html
    # The refused page's address leads back to the Comments tab, its ?t= kept.
    back = await browser_in.get(f"{mine_base}/comments?t=3")
    assert back.status_code == 303 and back.headers["location"] == f"{mine_base}?t=3#comments"


async def test_signed_out_is_sent_to_sign_in(
    browser: httpx.AsyncClient, state: AppState, tenant: Tenant, admin: WebUserInfo
) -> None:
    aid = await make_activity(state, tenant)
    answer = await browser.get(f"/app/conversations/{aid}/comments")
    assert answer.status_code == 303 and answer.headers["location"].startswith("/signin")
