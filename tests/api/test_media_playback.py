"""GET /meetings/{id}/media and /calls/{id}/media on the local folder store: the stored recording
whole, or the slice a player's Range asks for; the same code serves an S3 store
(tests/storage/test_s3_media_api.py)."""

from __future__ import annotations

import httpx
import pytest

from fixtures.factories import Tenant
from fixtures.multipart import wav_bytes
from fixtures.shapes import check_error
from meetsight.activities.media_response import RangeNotSatisfiable, parse_range

API = "/api/v1"
VTT = b"WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n<v Olivia>Hello there.\n"


def test_range_header_parsing() -> None:
    assert parse_range(None, 100) is None
    assert parse_range("bytes=0-9", 100) == (0, 9)
    assert parse_range("bytes=90-", 100) == (90, 99)
    assert parse_range("bytes=90-500", 100) == (90, 99)  # clipped to the file
    assert parse_range("bytes=-30", 100) == (70, 99)
    assert parse_range("bytes=-300", 100) == (0, 99)
    for ignored in ("bytes=0-1,5-9", "items=0-9", "bytes=-", "nonsense"):
        assert parse_range(ignored, 100) is None  # the whole file, as RFC 9110 allows
    for unsatisfiable in ("bytes=100-", "bytes=100-200", "bytes=-0", "bytes=9-0"):
        with pytest.raises(RangeNotSatisfiable):
            parse_range(unsatisfiable, 100)


async def test_recording_served_whole_and_by_range(
    client: httpx.AsyncClient, tenant: Tenant, other_tenant: Tenant
) -> None:
    audio = wav_bytes(0.5)
    r = await client.post(
        f"{API}/meetings/upload",
        headers=tenant.headers,
        data={"name": "Playback", "startDateTime": "2026-11-02T15:00:00Z"},
        files={"file": ("talk.wav", audio, "audio/wav")},
    )
    assert r.status_code == 201, r.text[:300]
    media = f"{API}/meetings/{r.json()['data']['meetingId']}/media"

    whole = await client.get(media, headers=tenant.headers)
    assert whole.status_code == 200 and whole.content == audio
    assert whole.headers["content-type"] == "audio/wav"
    assert whole.headers["accept-ranges"] == "bytes"
    part = await client.get(media, headers={**tenant.headers, "range": "bytes=44-1043"})
    assert part.status_code == 206 and part.content == audio[44:1044]
    assert part.headers["content-range"] == f"bytes 44-1043/{len(audio)}"
    assert part.headers["content-length"] == "1000"
    past = await client.get(media, headers={**tenant.headers, "range": "bytes=999999-"})
    check_error(past, 416)
    assert past.headers["content-range"] == f"bytes */{len(audio)}"
    check_error(await client.get(media, headers=other_tenant.headers), 404)


async def test_an_activity_without_a_recording_has_no_media(
    client: httpx.AsyncClient, tenant: Tenant
) -> None:
    r = await client.post(
        f"{API}/meetings/upload",
        headers=tenant.headers,
        data={"name": "Imported", "startDateTime": "2026-11-02T15:00:00Z"},
        files={"transcript": ("t.vtt", VTT, "text/vtt")},
    )
    assert r.status_code == 201, r.text[:300]
    mid = r.json()["data"]["meetingId"]
    check_error(
        await client.get(f"{API}/meetings/{mid}/media", headers=tenant.headers),
        404,
        contains="no stored recording",
    )
