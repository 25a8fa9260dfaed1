"""Tenant isolation: organization A's credential against every REST route and MCP tool, aimed at
organization B's ids and data. Nothing of B comes back (404, "Meeting not found", empty lists),
and nothing of B changes. The routes are read from the app and the tools from the MCP server, so
a new endpoint or tool without a walk case fails `test_every_route_and_tool_has_a_walk_case`."""

from __future__ import annotations

import importlib.util
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import pytest

from fixtures.isolation import (
    B_ACCOUNT_CRM_ID,
    B_ACCOUNT_NAME,
    B_DOMAIN,
    B_PERSON_EMAIL,
    B_PERSON_NAME,
    B_WEBHOOK_HOST,
    B_WORDS,
    World,
    build_world,
)
from fixtures.isolation import snapshot_org as snapshot
from fixtures.jobs import drain_jobs
from fixtures.multipart import multipart
from fixtures.routes import ANY_METHOD, served_routes
from fixtures.shapes import check_envelope, check_error
from meetsight.mcp.server import EXTRA_TOOL_NAMES, TOOL_NAMES
from meetsight.mcp.tools_accounts import ACCOUNT_NOT_FOUND
from meetsight.state import AppState

API = "/api/v1"
MCP = f"{API}/mcp"
SEARCH_ROUTES = {("GET", f"{API}/search")}  # walked by test_search_never_finds_b
SEARCH_TOOLS = {"search_meetings", "search_calls"}
VTT = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Olivia Owner>Hello there.\n"


class Walk:
    """A's client; every response is checked for B's markers that A did not send itself."""

    def __init__(self, client: httpx.AsyncClient, world: World) -> None:
        self.client = client
        self.world = world
        self.markers = world.b_markers()
        self.requests = 0

    def no_leak(self, sent: str, received: str) -> None:
        leaked = {m for m in self.markers if m in received and m not in sent}
        assert not leaked, f"B's data in a response to A: {leaked} in {received[:500]}"

    async def rest(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        headers = {**self.world.a.headers, **kwargs.pop("headers", {})}
        response = await self.client.request(method, url, headers=headers, **kwargs)
        self.requests += 1
        sent = url + repr(kwargs.get("json")) + repr(kwargs.get("content", b"")[:2000])
        self.no_leak(sent, response.text)
        assert response.status_code < 500, (method, url, response.text)
        return response

    async def not_found(self, method: str, url: str, **kwargs: Any) -> None:
        check_error(await self.rest(method, url, **kwargs), 404)

    async def tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        response = await self.client.post(
            MCP,
            json={"name": name, "arguments": arguments},
            headers={"X-API-Key": self.world.a.key},
        )
        self.requests += 1
        assert response.status_code == 200, response.text
        self.no_leak(repr(arguments), response.text)
        return dict(response.json())

    async def tool_not_found(self, name: str, arguments: dict[str, Any]) -> None:
        result = await self.tool(name, arguments)
        assert result["isError"] is True, result
        assert result["content"][0]["text"] == "Meeting not found"

    async def tool_ok(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        result = await self.tool(name, arguments)
        assert result["isError"] is False, result
        return dict(result["structuredContent"])


Case = Callable[[Walk], Awaitable[None]]


def _ids(w: Walk, kind: str) -> tuple[str, str]:
    """(A's own id, B's id) of this kind."""
    world = w.world
    return (
        (world.a_meeting, world.b_meetings[0])
        if kind == "meetings"
        else (
            world.a_call,
            world.b_call,
        )
    )


def _reader(suffix: str, query: str = "") -> Callable[[str], Case]:
    def for_kind(kind: str) -> Case:
        async def case(w: Walk) -> None:
            own, foreign = _ids(w, kind)
            await w.not_found("GET", f"{API}/{kind}/{foreign}{suffix}{query}")
            if kind == "meetings":  # B's other meeting, and B's call under the meetings path
                await w.not_found("GET", f"{API}/meetings/{w.world.b_meetings[1]}{suffix}")
                await w.not_found("GET", f"{API}/meetings/{w.world.b_call}{suffix}")
            # A's own activity answers (no thumbnail or stored recording: these were made
            # without media), so the 404s above are about B, not about a route that always fails.
            own_status = (await w.rest("GET", f"{API}/{kind}/{own}{suffix}{query}")).status_code
            assert own_status == (404 if suffix in ("/thumbnail", "/media") else 200)

        return case

    return for_kind


def _delete_activity(kind: str) -> Case:
    async def case(w: Walk) -> None:
        await w.not_found("DELETE", f"{API}/{kind}/{_ids(w, kind)[1]}")

    return case


def _reprocess(kind: str) -> Case:
    async def case(w: Walk) -> None:
        await w.not_found("POST", f"{API}/{kind}/{_ids(w, kind)[1]}/reprocess")

    return case


def _speakers(kind: str) -> Case:
    async def case(w: Walk) -> None:
        own, foreign = _ids(w, kind)
        url = f"{API}/{kind}/{{}}/speakers"
        rename = {"speaker": "Olivia Owner", "name": "X"}
        await w.not_found("PATCH", url.format(foreign), json=rename)
        # A's own transcript cannot be pointed at B's person.
        body = {"speaker": "Carl Customer", "personId": w.world.b_person_id}
        response = await w.rest("PATCH", url.format(own), json=body)
        assert response.status_code in (404, 422), response.text

    return case


def _add_note(kind: str) -> Case:
    async def case(w: Walk) -> None:
        own, foreign = _ids(w, kind)
        mine = w.world.a.categories[0].id
        body = {"content": "note by A", "smartCategoryId": mine}
        await w.not_found("POST", f"{API}/{kind}/{foreign}/notes", json=body)
        body = {"content": "note by A", "smartCategoryId": w.world.b_categories[0]}
        check_error(await w.rest("POST", f"{API}/{kind}/{own}/notes", json=body), 422)

    return case


def _delete_note(kind: str) -> Case:
    async def case(w: Walk) -> None:
        own, foreign = _ids(w, kind)
        note = w.world.b_manual_note
        await w.not_found("DELETE", f"{API}/{kind}/{foreign}/notes/{note}")
        await w.not_found("DELETE", f"{API}/{kind}/{own}/notes/{note}")
        for other in w.world.b_notes:
            await w.not_found("DELETE", f"{API}/{kind}/{own}/notes/{other}")

    return case


def _add_comment(kind: str) -> Case:
    async def case(w: Walk) -> None:
        body = {"text": "comment by A", "startTime": 1}
        await w.not_found("POST", f"{API}/{kind}/{_ids(w, kind)[1]}/comments", json=body)

    return case


def _foreign_comment(method: str) -> Callable[[str], Case]:
    """B's comments, under B's activity and under A's own: not found, unchanged."""

    def for_kind(kind: str) -> Case:
        async def case(w: Walk) -> None:
            own, foreign = _ids(w, kind)
            body = {"text": "changed by A"} if method == "PATCH" else None
            for comment in w.world.b_comments:
                for activity in (foreign, own):
                    url = f"{API}/{kind}/{activity}/comments/{comment}"
                    await w.not_found(method, url, json=body)

        return case

    return for_kind


def _ask(kind: str) -> Case:
    async def case(w: Walk) -> None:
        body = {"question": "What did they say about quokkanomics?"}
        await w.not_found("POST", f"{API}/{kind}/{_ids(w, kind)[1]}/chat", json=body)

    return case


def _upload(kind: str) -> Case:
    async def case(w: Walk) -> None:
        world = w.world
        for field, value in (("personIds", world.b_person_id), ("ownerId", world.b.user_id)):
            fields = [("name", "A upload"), ("startDateTime", "2026-10-06T10:00:00Z")]
            body, headers = multipart(
                [*fields, (field, value)], [("transcript", "t.vtt", VTT.encode(), "text/vtt")]
            )
            response = await w.rest("POST", f"{API}/{kind}/upload", content=body, headers=headers)
            assert field in check_error(response, 422)

    return case


def _listing(kind: str) -> Case:
    async def case(w: Walk) -> None:
        own = _ids(w, kind)[0]
        key = "meetingId" if kind == "meetings" else "callId"
        data = check_envelope((await w.rest("GET", f"{API}/{kind}?limit=100")).json())
        assert [item[key] for item in data] == [own]
        if kind == "calls":
            for word in B_WORDS:
                response = await w.rest("GET", f"{API}/calls?name={word}")
                assert check_envelope(response.json()) == []
        domain = B_PERSON_EMAIL.split("@")[1]
        for query in (
            f"participant={B_PERSON_EMAIL}",
            "participant=bartholomew",
            f"participant=@{domain}",
            f"company={domain}",
            "company=Quillfeather",
        ):
            response = await w.rest("GET", f"{API}/{kind}?{query}")
            assert check_envelope(response.json()) == [], query

    return case


async def _call_notes(w: Walk) -> None:
    data = check_envelope((await w.rest("GET", f"{API}/call-notes?limit=100")).json())
    assert [entry["callId"] for entry in data] == [w.world.a_call]
    await w.not_found("GET", f"{API}/call-notes?callId={w.world.b_call}")


async def _list_categories(w: Walk) -> None:
    data = check_envelope((await w.rest("GET", f"{API}/smart-categories?limit=100")).json())
    assert {c["id"] for c in data} == {c.id for c in w.world.a.categories}


async def _create_category(w: Walk) -> None:
    # B has a category of this name; names are unique per organization only.
    body = {"name": "Quokkanomics signals", "examples": ["zanzibarite"]}
    response = await w.rest("POST", f"{API}/smart-categories", json=body)
    assert check_envelope(response.json(), status=201)["name"] == "Quokkanomics signals"


async def _patch_category(w: Walk) -> None:
    for category in w.world.b_categories:
        url = f"{API}/smart-categories/{category}"
        await w.not_found("PATCH", url, json={"description": "changed by A"})


async def _delete_category(w: Walk) -> None:
    for category in w.world.b_categories:
        await w.not_found("DELETE", f"{API}/smart-categories/{category}")


async def _list_webhooks(w: Walk) -> None:
    assert check_envelope((await w.rest("GET", f"{API}/webhooks?limit=100")).json()) == []


async def _create_webhook(w: Walk) -> None:
    body = {"url": "https://a-hooks.example.com/in"}
    response = await w.rest("POST", f"{API}/webhooks", json=body)
    assert check_envelope(response.json(), status=201)["url"] == body["url"]


def _foreign_webhook(method: str, suffix: str = "", body: Any = None) -> Case:
    async def case(w: Walk) -> None:
        assert w.world.b_webhooks, "the walk gives B a webhook first"
        for hook in w.world.b_webhooks:
            await w.not_found(method, f"{API}/webhooks/{hook}{suffix}", json=body)

    return case


async def _list_accounts(w: Walk) -> None:
    """A sees its own accounts (its activities' CRM links made one) and none of B's; B's
    markers in a response would fail the walk. Runs before _create_account (dict order), which
    gives A an account of B's name."""
    listed = check_envelope((await w.rest("GET", f"{API}/accounts?limit=100")).json())
    assert listed and not {a["id"] for a in listed} & set(w.world.b_account_rows)
    for query in (f"?name={B_ACCOUNT_NAME}", f"?domain={B_DOMAIN}"):
        data = check_envelope((await w.rest("GET", f"{API}/accounts{query}")).json())
        assert all(a["name"] == B_ACCOUNT_NAME and a["conversationCount"] == 0 for a in data)


async def _create_account(w: Walk) -> None:
    """B's name, domain and CRM id are free in A (unique per organization only), and A's
    account matches none of B's conversations."""
    body = {"name": B_ACCOUNT_NAME, "domains": [B_DOMAIN], "crmCompanyId": B_ACCOUNT_CRM_ID}
    response = await w.rest("POST", f"{API}/accounts", json=body)
    created = check_envelope(response.json(), status=201)
    assert created["conversationCount"] == 0
    timeline = await w.rest("GET", f"{API}/accounts/{created['id']}/timeline")
    assert check_envelope(timeline.json()) == []


def _foreign(kind: str, method: str, suffix: str = "", body: Any = None) -> Case:
    async def case(w: Walk) -> None:
        foreign = {
            "accounts": w.world.b_account,
            "deals": w.world.b_deal,
            "next-steps": w.world.b_step,
        }[kind]
        assert foreign, "the world gives B an account, a deal and a next step"
        await w.not_found(method, f"{API}/{kind}/{foreign}{suffix}", json=body)

    return case


async def _list_trackers(w: Walk) -> None:
    data = check_envelope((await w.rest("GET", f"{API}/trackers?limit=100")).json())
    assert [t["id"] for t in data] == ["builtin-competitors", "builtin-objections"]


async def _create_tracker(w: Walk) -> None:
    # B has a tracker of this name; names are unique per organization only.
    body = {"name": "Quokkanomics tracker", "keywords": ["zanzibarite"]}
    response = await w.rest("POST", f"{API}/trackers", json=body)
    assert check_envelope(response.json(), status=201)["name"] == body["name"]


def _foreign_tracker(method: str, suffix: str = "", body: Any = None) -> Case:
    async def case(w: Walk) -> None:
        assert w.world.b_trackers, "the walk gives B a tracker first"
        for tracker in w.world.b_trackers:
            await w.not_found(method, f"{API}/trackers/{tracker}{suffix}", json=body)
        if method == "GET" and suffix:  # A's built-in trackers hold none of B's mentions
            response = await w.rest("GET", f"{API}/trackers/builtin-competitors{suffix}")
            data = check_envelope(response.json())
            assert data == [] if suffix == "/mentions" else data["total"] == 0

    return case


async def _list_deals(w: Walk) -> None:
    for query in ("", f"?accountId={w.world.b_account}"):
        data = check_envelope((await w.rest("GET", f"{API}/deals{query}")).json())
        assert w.world.b_deal not in {d["id"] for d in data}
        assert all(d["accountId"] != w.world.b_account for d in data)


async def _create_deal(w: Walk) -> None:
    body = {"name": "A's deal", "accountId": w.world.b_account}
    assert "accountId" in check_error(await w.rest("POST", f"{API}/deals", json=body), 422)
    created = await w.rest("POST", f"{API}/deals", json={"name": "A's deal"})
    assert check_envelope(created.json(), status=201)["conversationCount"] == 0


ACCOUNT_READERS = ("", "/timeline", "/amounts", "/next-steps", "/stakeholders", "/risks")


def _account_cases() -> dict[tuple[str, str], Case]:
    account = f"{API}/accounts/{{account_id}}"
    cases: dict[tuple[str, str], Case] = {
        ("GET", f"{account}{suffix}"): _foreign("accounts", "GET", suffix)
        for suffix in ACCOUNT_READERS
    }
    cases.update(
        {
            ("GET", f"{API}/accounts"): _list_accounts,
            ("POST", f"{API}/accounts"): _create_account,
            ("PATCH", account): _foreign("accounts", "PATCH", body={"name": "Renamed by A"}),
            ("GET", f"{API}/deals"): _list_deals,
            ("POST", f"{API}/deals"): _create_deal,
            ("GET", f"{API}/deals/{{deal_id}}"): _foreign("deals", "GET"),
            ("PATCH", f"{API}/deals/{{deal_id}}"): _foreign(
                "deals", "PATCH", body={"stage": "won"}
            ),
            ("GET", f"{API}/next-steps/{{step_id}}"): _foreign("next-steps", "GET"),
            ("PATCH", f"{API}/next-steps/{{step_id}}"): _foreign(
                "next-steps", "PATCH", body={"state": "dropped"}
            ),
        }
    )
    return cases


async def _mcp_endpoint(w: Walk) -> None:
    """The tools are walked one by one in MCP_CASES; here, the JSON-RPC form reaches them too."""
    rpc = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "get_meeting_details", "arguments": {"id": w.world.b_meetings[0]}},
    }
    headers = {
        "X-API-Key": w.world.a.key,
        "accept": "application/json, text/event-stream",
    }
    response = await w.client.post(MCP, json=rpc, headers=headers)
    w.no_leak(repr(rpc), response.text)
    assert "Meeting not found" in response.text, response.text


SUB_READERS = (
    "",
    "/participants",
    "/summary",
    "/transcript",
    "/notes",
    "/comments",
    "/chat",
    "/contacts",
    "/companies",
    "/opportunities",
    "/analytics",
    "/score",
    "/thumbnail",
    "/media",
)


async def _ask_across(w: Walk) -> None:
    """POST /ask: A's own moments at most, whatever is asked; B's account is not found."""
    own = {w.world.a_meeting, w.world.a_call}
    for word in B_WORDS:
        body = {"question": f"What did customers say about {word}?"}
        answer = check_envelope((await w.rest("POST", f"{API}/ask", json=body)).json())
        assert {c["conversationId"] for c in answer["citations"]} <= own, answer
    body = {"question": "budget", "accountId": w.world.b_account}
    await w.not_found("POST", f"{API}/ask", json=body)


async def _trends(w: Walk) -> None:
    """Only A's reps and A's conversations: B's owner, conversations and org never show."""
    year = "from=2026-01-01&to=2026-12-31"
    reps = check_envelope((await w.rest("GET", f"{API}/trends?{year}&by=rep")).json())
    assert [r["rep"]["personId"] for r in reps] == [w.world.a.person_id]
    for kind, expected in (("all", 2), ("meetings", 1), ("calls", 1)):
        url = f"{API}/trends?{year}&by=team&groupBy=month&type={kind}"
        [team] = check_envelope((await w.rest("GET", url)).json())
        assert team["team"]["id"] == w.world.a.org_id
        assert team["totals"]["conversations"] == expected, team["totals"]


def _rest_cases() -> dict[tuple[str, str], Case]:
    cases: dict[tuple[str, str], Case] = {}
    for kind in ("meetings", "calls"):
        item = f"{API}/{kind}/{{activity_id}}"
        for suffix in SUB_READERS:
            cases[("GET", item + suffix)] = _reader(suffix)(kind)
        cases[("DELETE", item)] = _delete_activity(kind)
        cases[("POST", f"{item}/reprocess")] = _reprocess(kind)
        cases[("PATCH", f"{item}/speakers")] = _speakers(kind)
        cases[("POST", f"{item}/notes")] = _add_note(kind)
        cases[("DELETE", f"{item}/notes/{{note_id}}")] = _delete_note(kind)
        cases[("POST", f"{item}/chat")] = _ask(kind)
        cases[("POST", f"{item}/comments")] = _add_comment(kind)
        cases[("PATCH", f"{item}/comments/{{comment_id}}")] = _foreign_comment("PATCH")(kind)
        cases[("DELETE", f"{item}/comments/{{comment_id}}")] = _foreign_comment("DELETE")(kind)
        cases[("POST", f"{API}/{kind}/upload")] = _upload(kind)
        cases[("GET", f"{API}/{kind}")] = _listing(kind)
    cases[("GET", f"{API}/meetings/{{activity_id}}/transcript?format")] = _reader(
        "/transcript", "?format=srt"
    )("meetings")
    cases.update(
        {
            ("GET", f"{API}/call-notes"): _call_notes,
            ("GET", f"{API}/smart-categories"): _list_categories,
            ("GET", f"{API}/trends"): _trends,
            ("POST", f"{API}/ask"): _ask_across,
            ("POST", f"{API}/smart-categories"): _create_category,
            ("PATCH", f"{API}/smart-categories/{{category_id}}"): _patch_category,
            ("DELETE", f"{API}/smart-categories/{{category_id}}"): _delete_category,
            ("GET", f"{API}/webhooks"): _list_webhooks,
            ("POST", f"{API}/webhooks"): _create_webhook,
            ("GET", f"{API}/webhooks/{{webhook_id}}"): _foreign_webhook("GET"),
            ("PATCH", f"{API}/webhooks/{{webhook_id}}"): _foreign_webhook(
                "PATCH", body={"active": False}
            ),
            ("DELETE", f"{API}/webhooks/{{webhook_id}}"): _foreign_webhook("DELETE"),
            ("GET", f"{API}/webhooks/{{webhook_id}}/deliveries"): _foreign_webhook(
                "GET", "/deliveries"
            ),
            ("GET", f"{API}/trackers"): _list_trackers,
            ("POST", f"{API}/trackers"): _create_tracker,
            ("GET", f"{API}/trackers/{{tracker_id}}"): _foreign_tracker("GET"),
            ("PATCH", f"{API}/trackers/{{tracker_id}}"): _foreign_tracker(
                "PATCH", body={"name": "changed by A"}
            ),
            ("DELETE", f"{API}/trackers/{{tracker_id}}"): _foreign_tracker("DELETE"),
            ("GET", f"{API}/trackers/{{tracker_id}}/mentions"): _foreign_tracker(
                "GET", "/mentions"
            ),
            ("GET", f"{API}/trackers/{{tracker_id}}/counts"): _foreign_tracker("GET", "/counts"),
            (ANY_METHOD, MCP): _mcp_endpoint,
            **_account_cases(),
        }
    )
    return cases


async def _list_meetings(w: Walk) -> None:
    listed = await w.tool_ok("list_meetings", {"limit": 50})
    assert [m["id"] for m in listed["meetings"]] == [w.world.a_meeting]
    for arguments in (
        {"keyword": B_WORDS[0]},
        {"participants": [B_PERSON_EMAIL]},
        {"organizers": [B_PERSON_EMAIL]},
        {"company": B_PERSON_EMAIL.split("@")[1]},
        {"company": "Quillfeather"},
    ):
        assert (await w.tool_ok("list_meetings", arguments))["meetings"] == []


async def _list_calls(w: Walk) -> None:
    listed = await w.tool_ok("list_calls", {"limit": 50})
    assert [c["id"] for c in listed["calls"]] == [w.world.a_call]
    for arguments in (
        {"titleFilter": B_WORDS[0]},
        {"participants": [B_PERSON_EMAIL]},
        {"company": B_PERSON_EMAIL.split("@")[1]},
    ):
        assert (await w.tool_ok("list_calls", arguments))["calls"] == []


def _find_by_participant(tool: str, key: str) -> Case:
    async def case(w: Walk) -> None:
        domain = B_PERSON_EMAIL.split("@")[1]
        for who in (B_PERSON_EMAIL, B_PERSON_NAME, "Bartholomew", B_PERSON_EMAIL.upper()):
            assert (await w.tool_ok(tool, {"participant": who}))[key] == []
        for arguments in ({"participant": f"@{domain}"}, {"participant": "b", "company": domain}):
            assert (await w.tool_ok(tool, arguments))[key] == []

    return case


def _by_id(tool: str, argument: str) -> Case:
    async def case(w: Walk) -> None:
        for foreign in (*w.world.b_meetings, w.world.b_call):
            await w.tool_not_found(tool, {argument: foreign})

    return case


async def _statistics(w: Walk) -> None:
    for kind in ("all", "meetings", "calls"):
        stats = await w.tool_ok("get_meetings_statistics", {"type": kind})
        totals = stats["totals"]
        assert (totals["meetings"], totals["calls"]) == {
            "all": (1, 1),
            "meetings": (1, 0),
            "calls": (0, 1),
        }[kind], stats


async def _mcp_list_accounts(w: Walk) -> None:
    """After _create_account A has an account of B's name (with B's domain): it, and only it,
    is what A finds by that name, with none of B's conversations."""
    for sort in ("name", "largestAmount", "recent"):
        listed = await w.tool_ok("list_accounts", {"name": B_ACCOUNT_NAME, "sortBy": sort})
        assert [a["conversationCount"] for a in listed["accounts"]] == [0]
        assert listed["accounts"][0]["id"] not in w.world.b_account_rows
    mine = await w.tool_ok("list_accounts", {"name": "Company", "limit": 50})
    assert mine["accounts"] and not {a["id"] for a in mine["accounts"]} & set(
        w.world.b_account_rows
    )


async def _mcp_get_account(w: Walk) -> None:
    result = await w.tool("get_account", {"account": w.world.b_account})
    assert result["isError"] is True, result
    assert result["content"][0]["text"] == ACCOUNT_NOT_FOUND, result
    # A's own account: its conversations and steps are A's (B's markers would fail the walk)
    mine = (await w.tool_ok("list_accounts", {"name": "Company", "limit": 1}))["accounts"][0]
    overview = await w.tool_ok("get_account", {"account": mine["id"]})
    assert overview["conversations"], overview
    assert {c["id"] for c in overview["conversations"]} <= {w.world.a_meeting, w.world.a_call}


async def _mcp_team_trends(w: Walk) -> None:
    """A's reps and conversations only: B's rep would be a marker in the answer."""
    for by in ("rep", "team"):
        trends = await w.tool_ok(
            "get_team_trends", {"fromDate": "2026-01-01", "toDate": "2026-12-31", "by": by}
        )
        assert sum(g["totals"]["conversations"] for g in trends["groups"]) == 2, trends


async def _mcp_find_mentions(w: Walk) -> None:
    """A's own mentions only (B's words or rep would be markers in the answer); B's tracker is
    not found by id."""
    for tracker in ("competitors", "objections"):
        found = await w.tool_ok("find_mentions", {"tracker": tracker, "limit": 100})
        assert all(
            m["url"].split("/conversations/")[1].split("?")[0]
            in (w.world.a_meeting, w.world.a_call)
            for m in found["mentions"]
        )


async def _mcp_ask_across(w: Walk) -> None:
    """Asked about B's words, A's own moments at most (B's words in an answer or citation are
    markers); B's account is not found."""
    own = {w.world.a_meeting, w.world.a_call}
    for word in B_WORDS:
        for question in (f"What did they say about {word}?", f"What did customers say of {word}?"):
            answer = await w.tool_ok("ask_across_conversations", {"question": question})
            assert {c["conversationId"] for c in answer["citations"]} <= own, answer
    result = await w.tool(
        "ask_across_conversations", {"question": "budget", "account": w.world.b_account}
    )
    assert result["isError"] is True, result
    assert result["content"][0]["text"] == ACCOUNT_NOT_FOUND, result


MCP_CASES: dict[str, Case] = {
    "list_meetings": _list_meetings,
    "list_calls": _list_calls,
    "find_meetings_by_participant": _find_by_participant(
        "find_meetings_by_participant", "meetings"
    ),
    "find_calls_by_participant": _find_by_participant("find_calls_by_participant", "calls"),
    "get_meeting_transcript": _by_id("get_meeting_transcript", "transcriptId"),
    "get_meeting_summary": _by_id("get_meeting_summary", "transcriptId"),
    "get_meeting_details": _by_id("get_meeting_details", "id"),
    "get_meeting_action_items": _by_id("get_meeting_action_items", "meetingId"),
    "get_meetings_statistics": _statistics,
    "list_accounts": _mcp_list_accounts,
    "get_account": _mcp_get_account,
    "get_team_trends": _mcp_team_trends,
    "find_mentions": _mcp_find_mentions,
    "ask_across_conversations": _mcp_ask_across,
}


def test_every_route_and_tool_has_a_walk_case(app_and_state: tuple[Any, AppState]) -> None:
    """A route or tool added without a case here fails; so does a case for one that is gone."""
    routes = served_routes(app_and_state[0])
    walked = {key for key in _rest_cases() if "?" not in key[1]}
    assert routes - SEARCH_ROUTES == walked, {
        "routes without a walk case": sorted(routes - SEARCH_ROUTES - walked),
        "walk cases without a route": sorted(walked - routes),
    }
    assert set(TOOL_NAMES + EXTRA_TOOL_NAMES) - SEARCH_TOOLS == set(MCP_CASES)
    assert len(TOOL_NAMES) == 11


async def test_a_reaches_nothing_of_b(client: httpx.AsyncClient, state: AppState) -> None:
    world = await build_world(state)
    response = await client.post(
        f"{API}/smart-categories",
        json={"name": "Quokkanomics signals", "description": "B's own"},
        headers=world.b.headers,
    )
    world.b.categories.append(_category_row(check_envelope(response.json(), status=201)))
    hook = await client.post(
        f"{API}/webhooks",
        json={"url": f"https://{B_WEBHOOK_HOST}/in", "description": "B's hook"},
        headers=world.b.headers,
    )
    world.b_webhooks.append(check_envelope(hook.json(), status=201)["id"])
    tracker = await client.post(
        f"{API}/trackers",
        json={"name": "Quokkanomics tracker", "keywords": [B_WORDS[0]], "description": "B's"},
        headers=world.b.headers,
    )
    world.b_trackers.append(check_envelope(tracker.json(), status=201)["id"])
    await drain_jobs(state)  # B's tracker finds B's words in B's conversations
    before = await snapshot(state, world.b.org_id)
    walk = Walk(client, world)
    for case in _rest_cases().values():
        await case(walk)
    for case in MCP_CASES.values():
        await case(walk)
    assert walk.requests > 100
    assert await snapshot(state, world.b.org_id) == before
    # B still sees all of its own data, through the same API.
    listed = await client.get(f"{API}/meetings", headers=world.b.headers)
    assert {m["meetingId"] for m in check_envelope(listed.json())} == set(world.b_meetings)
    notes = await client.get(f"{API}/meetings/{world.b_meetings[0]}/notes", headers=world.b.headers)
    assert world.b_manual_note in {n["id"] for n in check_envelope(notes.json())["notes"]}
    comments = await client.get(
        f"{API}/meetings/{world.b_meetings[0]}/comments", headers=world.b.headers
    )
    assert [c["id"] for c in check_envelope(comments.json())] == world.b_comments[:1]


def _category_row(data: dict[str, Any]) -> Any:
    """Something with an `id`, like the factory's SmartCategory rows."""
    return type("Created", (), {"id": data["id"]})()


@pytest.mark.skipif(
    importlib.util.find_spec("meetsight.search.service") is None,
    reason="meetsight.search.service is not merged yet",
)
async def test_search_never_finds_b(client: httpx.AsyncClient, state: AppState) -> None:
    """GET /api/v1/search and the MCP search tools, walked like the rest. Skips only while
    `meetsight.search.service` does not exist (the search branch is not merged)."""
    world = await build_world(state)
    walk = Walk(client, world)
    for word in B_WORDS:
        own = await client.get(f"{API}/search", params={"q": word}, headers=world.b.headers)
        assert check_envelope(own.json()), f"B's own search finds nothing for {word!r}"
        # By words nothing; by meaning (hybrid, meaning) at most A's own nearest activities.
        own_ids = {world.a_meeting, world.a_call}
        for scope in ("all", "title", "sentences"):
            for kind in ("all", "meetings", "calls"):
                params = f"q={word}&scope={scope}&type={kind}&limit=50"
                response = await walk.rest("GET", f"{API}/search?{params}&mode=lexical")
                assert check_envelope(response.json()) == []
                for mode in ("hybrid", "meaning"):
                    response = await walk.rest("GET", f"{API}/search?{params}&mode={mode}")
                    assert {h["id"] for h in check_envelope(response.json())} <= own_ids
            for mode in ("lexical", "hybrid", "meaning"):
                arguments = {"query": word, "scope": scope, "mode": mode}
                meetings = await walk.tool_ok("search_meetings", arguments)
                assert {m["id"] for m in meetings["meetings"]} <= {world.a_meeting}
                calls = await walk.tool_ok("search_calls", arguments)
                assert {c["id"] for c in calls["calls"]} <= {world.a_call}
                if mode == "lexical":
                    assert meetings["total"] == 0 and calls["total"] == 0
