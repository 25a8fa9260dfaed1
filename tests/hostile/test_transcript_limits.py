"""Hostile transcripts at upload: every limit of docs/processing.md#transcript-limits refuses the
import with a 4xx naming the limit and stores nothing; impossible numbers are 422s, not 500s;
bodies built to make the parser explode in memory are refused before they do."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from fixtures.factories import Tenant, make_tenant
from fixtures.multipart import multipart
from fixtures.shapes import check_error
from meetsight.activities.models import Activity
from meetsight.jobs.models import Job
from meetsight.organizations.models import Person
from meetsight.state import AppState
from meetsight.transcripts.models import TranscriptSegment

UPLOAD = "/api/v1/meetings/upload"
FIELDS = [("name", "Hostile transcript"), ("startDateTime", "2026-11-02T15:00:00Z")]


@pytest.fixture
async def fresh(state: AppState) -> Tenant:
    return await make_tenant(state)


async def upload(
    client: httpx.AsyncClient,
    tenant: Tenant,
    data: bytes,
    filename: str = "t.vtt",
    fields: list[tuple[str, str]] | None = None,
) -> httpx.Response:
    body, headers = multipart(
        [*FIELDS, *(fields or [])], [("transcript", filename, data, "text/plain")]
    )
    return await client.post(UPLOAD, content=body, headers={**tenant.headers, **headers})


async def stored_rows(state: AppState, org_id: str) -> dict[str, int]:
    """Rows of the organization that an import would write (its owner's person is made with it)."""
    counts = {}
    async with state.sessionmaker() as session:
        for name, model in (
            ("activities", Activity),
            ("jobs", Job),
            ("segments", TranscriptSegment),
            ("people", Person),
        ):
            counts[name] = int(
                await session.scalar(
                    sa.select(sa.func.count())
                    .select_from(model)
                    .where(model.organization_id == org_id)
                )
                or 0
            )
    return counts


def vtt(*cues: tuple[str, str]) -> bytes:
    """WebVTT of (speaker, text) cues, one second each."""
    lines = ["WEBVTT", ""]
    for i, (speaker, text) in enumerate(cues):
        lines += [f"00:{i // 60:02d}:{i % 60:02d}.000 --> 00:{i // 60:02d}:{i % 60:02d}.900"]
        lines += [f"<v {speaker}>{text}", ""]
    return "\n".join(lines).encode()


# (setting, value, transcript over the limit, transcript at the limit, status)
LIMITS = {
    "segments": (
        "transcript_max_segments",
        3,
        vtt(*[("Ann", "Hello there.")] * 4),
        vtt(*[("Ann", "Hello there.")] * 3),
        413,
    ),
    "segment-characters": (
        "transcript_max_segment_chars",
        100,
        vtt(("Ann", "x" * 101)),
        vtt(("Ann", "x" * 100)),
        413,
    ),
    "characters": (
        "transcript_max_chars",
        250,
        vtt(*[("Ann", "y" * 50)] * 5, ("Ann", "z")),
        vtt(*[("Ann", "y" * 50)] * 5),
        413,
    ),
    "speakers": (
        "transcript_max_speakers",
        2,
        vtt(("Ann", "One."), ("Bob", "Two."), ("Cy", "Three.")),
        vtt(("Ann", "One."), ("Bob", "Two."), ("Ann", "Three.")),
        422,
    ),
}


@pytest.mark.parametrize("case", list(LIMITS))
async def test_each_limit_refuses_the_import_naming_it_and_stores_nothing(
    client: httpx.AsyncClient,
    state: AppState,
    fresh: Tenant,
    monkeypatch: pytest.MonkeyPatch,
    case: str,
) -> None:
    setting, value, over, at, status = LIMITS[case]
    monkeypatch.setattr(state.settings, setting, value)
    before = await stored_rows(state, fresh.org_id)
    message = check_error(await upload(client, fresh, over), status)
    assert message.startswith("transcript: ") and f"MEETSIGHT_{setting.upper()}" in message
    assert str(value) in message
    assert await stored_rows(state, fresh.org_id) == before
    r = await upload(client, fresh, at)
    assert r.status_code == 201, r.text


async def test_participants_limit_counts_people_and_new_speakers_once(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(state.settings, "transcript_max_participants", 3)
    async with state.sessionmaker() as session:
        people = [Person(organization_id=fresh.org_id, name=n) for n in ("Ann Lee", "Bo Diaz")]
        session.add_all(people)
        await session.commit()
        ids = ",".join(p.id for p in people)
    before = await stored_rows(state, fresh.org_id)
    # Two people, one speaker who is one of them (by name), two new speakers: 4 participants.
    over = vtt(("ann lee", "Hi."), ("Cy", "Hello."), ("Di", "Hey."))
    message = check_error(await upload(client, fresh, over, fields=[("personIds", ids)]), 422)
    assert "4 participants" in message and "MEETSIGHT_TRANSCRIPT_MAX_PARTICIPANTS" in message
    assert await stored_rows(state, fresh.org_id) == before
    at = vtt(("ann lee", "Hi."), ("Bo Diaz", "Hello."), ("Cy", "Hey."))
    r = await upload(client, fresh, at, fields=[("personIds", ids)])
    assert r.status_code == 201, r.text


async def test_the_default_segment_limit_is_50000(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant
) -> None:
    cue = "00:00.000 --> 00:00.001\nx\n"
    over = ("WEBVTT\n\n" + "\n".join([cue] * 50_001)).encode()
    message = check_error(await upload(client, fresh, over), 413)
    assert "more than 50000 segments" in message
    assert (await stored_rows(state, fresh.org_id))["activities"] == 0


IMPOSSIBLE = {
    "vtt-hour-of-400-digits": (
        "t.vtt",
        b"WEBVTT\n\n" + b"1" * 400 + b":00:00.000 --> " + b"1" * 400 + b":00:01.000\nHi.\n",
    ),
    "srt-hour-of-5000-digits": (
        "t.srt",
        b"1\n" + b"2" * 5000 + b":00:00,000 --> 00:00:01,000\nHi.\n",
    ),
    "json-start-of-5000-digits": (
        "t.json",
        b'[{"startTime": ' + b"1" * 5000 + b', "endTime": 2, "content": "Hi."}]',
    ),
    "json-clock-hour-of-5000-digits": (
        "t.json",
        b'[{"startTime": "' + b"1" * 5000 + b':00:00.000", "endTime": 2, "content": "Hi."}]',
    ),
    "json-start-1e306": ("t.json", b'[{"startTime": 1e306, "endTime": 2e306, "content": "Hi."}]'),
    "character-reference-of-5000-digits": (
        "t.vtt",
        b"WEBVTT\n\n00:00.000 --> 00:01.000\nHi &#" + b"9" * 5000 + b"; there.\n",
    ),
    # Refused before this work too; kept here so they stay refused.
    "json-nan": ("t.json", b'[{"startTime": NaN, "endTime": 2, "content": "Hi."}]'),
    "json-infinity": ("t.json", b'[{"startTime": 0, "endTime": Infinity, "content": "Hi."}]'),
    "json-negative": ("t.json", b'[{"startTime": -1, "endTime": 2, "content": "Hi."}]'),
}


@pytest.mark.parametrize("case", list(IMPOSSIBLE))
async def test_impossible_numbers_are_a_422_with_the_line(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant, case: str
) -> None:
    filename, data = IMPOSSIBLE[case]
    r = await upload(client, fresh, data, filename)
    if case == "character-reference-of-5000-digits":
        assert r.status_code == 201, r.text  # no such character: the text stays as written
        return
    message = check_error(r, 422)
    assert message.startswith("transcript: line "), message
    assert len(message) < 200  # the 5000 digits are not echoed back
    assert (await stored_rows(state, fresh.org_id))["activities"] == 0


def _peak_growth_mb(before_kb: int) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return (int(line.split()[1]) - before_kb) / 1024
    raise LookupError("VmHWM")


def _rss_kb() -> int:
    Path("/proc/self/clear_refs").write_text("5")  # VmHWM := VmRSS
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise LookupError("VmRSS")


BOMBS = {
    # 20 MB each: 460 MB (objects) and 1.6 GB (lines) of parser memory before this work.
    "json-of-empty-objects": ("t.json", b"[" + b"{}," * (7 * 1024**2) + b"{}]"),
    "vtt-of-two-letter-lines": (
        "t.vtt",
        b"WEBVTT\n\n00:00.000 --> 00:01.000\n" + b"ab\n" * (7 * 1024**2),
    ),
}


@pytest.mark.parametrize("case", list(BOMBS))
async def test_parser_bombs_are_413_before_the_parser_builds_them(
    client: httpx.AsyncClient,
    state: AppState,
    fresh: Tenant,
    monkeypatch: pytest.MonkeyPatch,
    case: str,
) -> None:
    for setting in ("max_upload_bytes", "max_transcript_bytes"):  # the defaults' 50 MB and more
        monkeypatch.setattr(state.settings, setting, 50 * 1024**2)
    filename, data = BOMBS[case]
    body, headers = multipart(FIELDS, [("transcript", filename, data, "text/plain")])
    del data
    before = _rss_kb()
    r = await client.post(UPLOAD, content=body, headers={**fresh.headers, **headers})
    growth = _peak_growth_mb(before)
    assert "MEETSIGHT_TRANSCRIPT_MAX_SEGMENTS" in check_error(r, 413)
    # The upload itself holds the 20 MB body a few times over (form, bytes, text).
    assert growth < 200, f"the upload grew this process by {growth:.0f} MB"
    assert (await stored_rows(state, fresh.org_id))["activities"] == 0


async def test_vocabulary_beyond_a_tsvector_is_imported_and_searchable(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant
) -> None:
    """990 kB of distinct random words: more than PostgreSQL's 1 MB tsvector holds (a 500
    before); the transcript is stored and its beginning stays searchable on both engines."""
    rng = random.Random(17)
    words = ["".join(rng.choices(string.ascii_lowercase, k=10)) for _ in range(90_000)]
    data = vtt(("Ann", "Quarterly zebrafish review. " + " ".join(words)))
    r = await upload(client, fresh, data)
    assert r.status_code == 201, r.text
    meeting = r.json()["data"]["meetingId"]
    found = await client.get("/api/v1/search", params={"q": "zebrafish"}, headers=fresh.headers)
    assert found.status_code == 200, found.text
    assert meeting in json.dumps(found.json()["data"])
