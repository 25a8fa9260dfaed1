"""MCP prompts (call recap, deal review, pre-call brief, coaching review) and the conversation
resources (transcript, summary) in both protocol modes: listed, read with the caller's
organization only, and bad arguments refused as invalid params."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import sqlalchemy as sa
from mcp.shared.exceptions import MCPError

from fixtures.factories import Tenant, make_activity
from fixtures.mcp_clients import mcp_client
from meetsight.accounts.folding import account_key
from meetsight.accounts.links import link_account
from meetsight.accounts.models import Account, NextStepRecord
from meetsight.state import AppState

MODES = ["auto", "legacy"]
PROMPTS = {"call_recap", "deal_review", "pre_call_brief", "coaching_review"}


async def _account(state: AppState, tenant: Tenant, name: str, conversations: list[str]) -> str:
    """An account with these conversations matched to it (as matching would link them)."""
    async with state.sessionmaker() as session:
        account = Account(organization_id=tenant.org_id, name=name, folded_name=account_key(name))
        session.add(account)
        await session.flush()
        for activity_id in conversations:
            await link_account(session, tenant.org_id, account.id, activity_id, "domain")
        await session.commit()
        return account.id


def _text(result: object) -> str:
    messages = result.messages  # type: ignore[attr-defined]
    assert len(messages) == 1 and messages[0].role == "user"
    return str(messages[0].content.text)


@pytest.mark.parametrize("mode", MODES)
async def test_prompts_and_resource_templates_are_listed(
    mcp_url: str, tenant: Tenant, mode: str
) -> None:
    async with mcp_client(mcp_url, tenant.key, mode=mode) as client:
        prompts = (await client.list_prompts()).prompts
        templates = (await client.list_resource_templates()).resource_templates
    assert {p.name for p in prompts} == PROMPTS
    for prompt in prompts:
        assert prompt.description and prompt.arguments
        assert all(arg.description for arg in prompt.arguments)
    assert {t.uri_template for t in templates} == {
        "meetsight://conversations/{id}/transcript",
        "meetsight://conversations/{id}/summary",
    }


@pytest.mark.parametrize("mode", MODES)
async def test_transcript_and_summary_resources(
    mcp_url: str, state: AppState, tenant: Tenant, mode: str
) -> None:
    meeting = await make_activity(state, tenant, name="Acme discovery", segments=6)
    async with mcp_client(mcp_url, tenant.key, mode=mode) as client:
        transcript = await client.read_resource(f"meetsight://conversations/{meeting}/transcript")
        summary = await client.read_resource(f"meetsight://conversations/{meeting}/summary")
    (text,) = transcript.contents
    assert text.mime_type == "text/plain"
    lines = text.text.splitlines()
    assert lines[0] == "# Acme discovery"
    assert f"/app/conversations/{meeting}" in lines[1]
    said = [line for line in lines if line.startswith("[")]
    assert len(said) == 6
    assert (
        said[0]
        == "[0:00] Olivia Owner: Thanks for joining. What are you using today for call notes?"
    )
    assert said[5].startswith("[1:00] Olivia Owner:")
    (md,) = summary.contents
    assert md.mime_type == "text/markdown"
    assert "Olivia will send a proposal." in md.text
    assert "- Send the proposal (Olivia Owner, due Friday)" in md.text
    assert "- Current process" in md.text


@pytest.mark.parametrize("mode", MODES)
async def test_another_organizations_conversation_is_not_found(
    mcp_url: str, state: AppState, tenant: Tenant, other_tenant: Tenant, mode: str
) -> None:
    theirs = await make_activity(state, other_tenant)
    async with mcp_client(mcp_url, tenant.key, mode=mode) as client:
        for uri in (
            f"meetsight://conversations/{theirs}/transcript",
            f"meetsight://conversations/{theirs}/summary",
            "meetsight://conversations/no-such-id/summary",
        ):
            with pytest.raises(MCPError) as refused:
                await client.read_resource(uri)
            assert refused.value.error.code == -32002, uri
            assert "not found" in refused.value.error.message
        with pytest.raises(MCPError) as refused:
            await client.get_prompt("call_recap", {"conversationId": theirs})
        assert refused.value.error.code == -32002


@pytest.mark.parametrize("mode", MODES)
async def test_prompts_read_the_conversations_in(
    mcp_url: str, state: AppState, tenant: Tenant, other_tenant: Tenant, mode: str
) -> None:
    old = datetime(2026, 9, 1, 15, tzinfo=UTC)
    first = await make_activity(state, tenant, name="Meridian discovery", start=old)
    latest = await make_activity(state, tenant, name="Meridian negotiation")
    bluefin = await make_activity(state, tenant, name="Bluefin demo")
    theirs = await make_activity(state, other_tenant, name="Meridian at another company")
    await _account(state, tenant, "Meridian", [first, latest])
    await _account(state, tenant, "Bluefin", [bluefin])
    await _account(state, other_tenant, "Meridian", [theirs])
    async with mcp_client(mcp_url, tenant.key, mode=mode) as client:
        recap = _text(await client.get_prompt("call_recap", {"conversationId": latest}))
        review = _text(await client.get_prompt("deal_review", {"account": "meridian"}))
        brief = _text(await client.get_prompt("pre_call_brief", {"account": "Bluefin"}))
        nothing = _text(await client.get_prompt("deal_review", {"account": "Nobody Inc"}))
        coaching = _text(
            await client.get_prompt(
                "coaching_review",
                {"rep": "Olivia Owner", "fromDate": "2026-09-15", "toDate": "2026-12-31"},
            )
        )
    assert "# Meridian negotiation" in recap and "Send the proposal" in recap
    # newest first, this organization's only
    assert review.index("# Meridian negotiation") < review.index("# Meridian discovery")
    assert "another company" not in review and "Bluefin" not in review
    assert f"/app/conversations/{first}" in review
    assert "# Bluefin demo" in brief and "Meridian" not in brief
    assert nothing.startswith("No account of this organization for 'Nobody Inc'. Account not")
    # the September conversation is before fromDate
    assert "# Meridian negotiation" in coaching and "# Meridian discovery" not in coaching
    assert "Score: 72/100 (Solid discovery.)" in coaching


async def test_account_prompts_read_the_accounts_conversations_not_titles(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    """The account's matched conversations exactly: one whose title does not name it is in, one
    whose title names it but that belongs to another account is out; open next steps only."""
    kickoff = await make_activity(
        state, tenant, name="Meridian kickoff", start=datetime(2026, 9, 1, 15, tzinfo=UTC)
    )
    sync = await make_activity(state, tenant, name="Quarterly sync")
    elsewhere = await make_activity(
        state, tenant, name="Meridian came up at Bluefin", start=datetime(2026, 9, 5, tzinfo=UTC)
    )
    meridian = await _account(state, tenant, "Meridian Freight", [kickoff, sync])
    await _account(state, tenant, "Bluefin", [elsewhere])
    async with state.sessionmaker() as session:  # the kickoff's step is done
        await session.execute(
            sa.update(NextStepRecord)
            .where(NextStepRecord.organization_id == tenant.org_id)
            .where(NextStepRecord.activity_id == kickoff)
            .values(state="done")
        )
        await session.commit()
    public = mcp_url.rsplit("/api/", 1)[0]
    async with mcp_client(mcp_url, tenant.key) as client:
        review = _text(await client.get_prompt("deal_review", {"account": "Meridian"}))
        by_id = _text(await client.get_prompt("pre_call_brief", {"account": meridian}))
        ambiguous = _text(await client.get_prompt("deal_review", {"account": "e"}))
    for text in (review, by_id):
        assert "Meridian Freight" in text
        assert "# Quarterly sync" in text and "# Meridian kickoff" in text
        assert "Meridian came up at Bluefin" not in text
        assert text.index("# Quarterly sync") < text.index("# Meridian kickoff")
        # one open step (the sync's); the kickoff's is done
        assert "Open next steps across all its conversations (1, newest first):" in text
        (step,) = [line for line in text.splitlines() if " · " in line and line.startswith("- ")]
        assert step.startswith("- Send the proposal (Olivia Owner, due Friday) · ")
        assert f"Quarterly sync, 2026-10-01 · {public}/app/conversations/{sync}?t=" in step
    assert "from its 2 conversations below" in review
    assert "Several accounts match: Bluefin, Meridian Freight; pass the id" in ambiguous


@pytest.mark.parametrize(
    ("name", "arguments", "message"),
    [
        ("deal_review", {"account": "  "}, "account: 1 to 200 characters"),
        ("pre_call_brief", {"account": "x" * 201}, "account: 1 to 200 characters"),
        ("coaching_review", {"rep": "Olivia", "fromDate": "yesterday"}, "fromDate: a date"),
        (
            "coaching_review",
            {"rep": "Olivia", "fromDate": "2026-10-02", "toDate": "2026-10-01"},
            "fromDate: after toDate",
        ),
    ],
)
async def test_bad_prompt_arguments_are_invalid_params(
    mcp_url: str, tenant: Tenant, name: str, arguments: dict[str, str], message: str
) -> None:
    async with mcp_client(mcp_url, tenant.key) as client:
        with pytest.raises(MCPError) as refused:
            await client.get_prompt(name, arguments)
    assert refused.value.error.code == -32602
    assert message in refused.value.error.message
