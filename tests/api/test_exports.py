"""GET .../transcript?format=srt|vtt|txt|json: content types, attachment names and content."""

from __future__ import annotations

import json

import httpx
import pytest

from fixtures.factories import SCRIPT, Tenant, make_activity
from meetsight.state import AppState
from meetsight.transcripts.parsing import parse_transcript

API = "/api/v1"
CONTENT_TYPES = {
    "srt": "application/x-subrip; charset=utf-8",
    "vtt": "text/vtt; charset=utf-8",
    "txt": "text/plain; charset=utf-8",
    "json": "application/json",
}


@pytest.mark.parametrize("kind", ["meetings", "calls"])
@pytest.mark.parametrize("fmt", ["srt", "vtt", "txt", "json"])
async def test_transcript_export(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, kind: str, fmt: str
) -> None:
    aid = await make_activity(state, tenant, is_call=kind == "calls", name="Acme / Q3: review")
    r = await client.get(
        f"{API}/{kind}/{aid}/transcript", params={"format": fmt}, headers=tenant.headers
    )
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == CONTENT_TYPES[fmt]
    disposition = r.headers["content-disposition"]
    assert disposition.startswith(f'attachment; filename="Acme  Q3 review.{fmt}"')
    assert f"filename*=UTF-8''Acme%20/%20Q3%3A%20review.{fmt}" in disposition
    text = r.content.decode("utf-8")
    if fmt == "txt":
        for speaker, line in SCRIPT:
            assert speaker in text and line in text
        assert text.index(SCRIPT[0][1]) < text.index(SCRIPT[4][1])
        return
    if fmt == "json":
        json.loads(text)  # well-formed before anything else
    if fmt == "srt":
        assert text.startswith("1\n00:00:00,000 --> 00:00:10,000\n")
    if fmt == "vtt":
        assert text.startswith("WEBVTT")
    back = parse_transcript(r.content, f"t.{fmt}")
    assert [(s.start_time, s.end_time, s.speaker, s.content) for s in back] == [
        (i * 12.0, i * 12.0 + 10.0, SCRIPT[i][0], SCRIPT[i][1]) for i in range(5)
    ]


async def test_export_of_an_empty_transcript(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    aid = await make_activity(state, tenant, segments=0)
    for fmt in ("srt", "vtt", "txt", "json"):
        r = await client.get(
            f"{API}/meetings/{aid}/transcript", params={"format": fmt}, headers=tenant.headers
        )
        assert r.status_code == 200, (fmt, r.text)
        assert r.headers["content-type"] == CONTENT_TYPES[fmt]
    r = await client.get(f"{API}/meetings/{aid}/transcript", headers=tenant.headers)
    assert r.json()["data"]["transcript"] == []
