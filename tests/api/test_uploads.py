"""POST /meetings/upload and /calls/upload: multipart with a file, a mediaUrl or a transcript;
field validation (422 naming the field), exactly one source (400), size limits (413) and, on
every failure, nothing stored: no activity, no job, no media file, no temporary file."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from fixtures.factories import Tenant, make_person, make_tenant
from fixtures.jobs import drain_jobs
from fixtures.multipart import mp3_bytes, mp4_bytes, multipart, silent_film_bytes, wav_bytes
from fixtures.shapes import CALL_UPLOAD, MEETING_UPLOAD, check, check_envelope, check_error
from meetsight.activities.models import Activity
from meetsight.jobs.models import Job
from meetsight.organizations.models import Person
from meetsight.state import AppState

API = "/api/v1"
START = "2026-04-01T09:30:00Z"


@dataclass
class Stored:
    activities: int
    jobs: int
    files: list[str]
    temp_files: list[str]


async def stored(state: AppState, org_id: str) -> Stored:
    async with state.sessionmaker() as session:
        activities = await session.scalar(
            sa.select(sa.func.count())
            .select_from(Activity)
            .where(Activity.organization_id == org_id)
        )
        jobs = await session.scalar(
            sa.select(sa.func.count()).select_from(Job).where(Job.organization_id == org_id)
        )
    root: Path = state.media.root
    org_dir = root / org_id
    files = sorted(str(p) for p in org_dir.rglob("*")) if org_dir.exists() else []
    # Partial uploads in any owner's temp folder (the owner locks themselves are not leftovers).
    temp = sorted(str(p) for p in (root / "tmp").rglob("*.part"))
    return Stored(int(activities or 0), int(jobs or 0), files, temp)


def nothing(s: Stored) -> bool:
    return s == Stored(0, 0, [], [])


async def post(
    client: httpx.AsyncClient,
    tenant: Tenant,
    kind: str,
    fields: Iterable[tuple[str, str]] = (),
    files: Iterable[tuple[str, str | None, bytes, str]] = (),
) -> httpx.Response:
    body, headers = multipart(fields, files)
    return await client.post(
        f"{API}/{kind}/upload", content=body, headers={**tenant.headers, **headers}
    )


BASE = [("name", "Quarterly review"), ("startDateTime", START)]
WAV = ("file", "call.wav", wav_bytes(), "audio/wav")


@pytest.fixture
async def fresh(state: AppState) -> Tenant:
    return await make_tenant(state)


async def _activity(state: AppState, org_id: str, activity_id: str) -> Activity:
    async with state.sessionmaker() as session:
        found = await session.get(Activity, (org_id, activity_id))
        assert found is not None
        return found


async def _jobs(state: AppState, org_id: str, activity_id: str) -> list[Job]:
    async with state.sessionmaker() as session:
        rows = await session.scalars(
            sa.select(Job).where(Job.organization_id == org_id, Job.activity_id == activity_id)
        )
        return list(rows)


# --- success --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "upload"),
    [
        ("meetings", ("file", "rec.wav", wav_bytes(), "audio/wav")),
        ("meetings", ("file", "rec.mp4", mp4_bytes(), "video/mp4")),
        ("meetings", ("file", "no-extension", mp4_bytes(), "application/octet-stream")),
        ("calls", ("file", "call.wav", wav_bytes(), "audio/wav")),
        ("calls", ("file", "call.mp3", mp3_bytes(), "audio/mpeg")),
    ],
    ids=["meeting-wav", "meeting-mp4", "meeting-sniffed", "call-wav", "call-mp3"],
)
async def test_file_upload_creates_a_processing_activity_and_a_queued_job(
    client: httpx.AsyncClient,
    state: AppState,
    fresh: Tenant,
    kind: str,
    upload: tuple[str, str, bytes, str],
) -> None:
    carl = await make_person(state, fresh.org_id, "Carl Customer", email="carl@acme.example")
    dana = await make_person(state, fresh.org_id, "Dana Buyer")
    fields = [
        *BASE,
        ("description", "Numbers for Q2"),
        ("ownerId", fresh.user_id),  # a user id resolves to the user's person
        ("personIds", f" {carl} ,{dana},,{carl}"),
        ("language", "EN"),
    ]
    r = await post(client, fresh, kind, fields, [upload])
    assert r.status_code == 201, r.text
    data = check_envelope(r.json(), status=201)
    check(data, MEETING_UPLOAD if kind == "meetings" else CALL_UPLOAD)
    assert list(data) == ["meetingId" if kind == "meetings" else "callId"]
    activity_id = next(iter(data.values()))

    row = await _activity(state, fresh.org_id, activity_id)
    assert (row.status, row.source, row.is_call) == ("processing", "upload", kind == "calls")
    assert row.media_key is not None
    assert state.media.path(row.media_key).read_bytes() == upload[2]
    assert row.media_size == len(upload[2])
    sniffed = {b"RIFF": ".wav", b"ID3\x04": ".mp3"}.get(upload[2][:4], ".mp4")
    assert row.media_key.endswith(sniffed)
    jobs = await _jobs(state, fresh.org_id, activity_id)
    assert [(j.kind, j.state) for j in jobs] == [("process_activity", "queued")]
    assert (await stored(state, fresh.org_id)).temp_files == []

    r = await client.get(f"{API}/{kind}/{activity_id}", headers=fresh.headers)
    item = r.json()["data"]
    assert (item["status"], item["name"], item["startDateTime"]) == (
        "processing",
        "Quarterly review",
        "2026-04-01T09:30:00Z",
    )
    assert item["description"] == "Numbers for Q2"
    assert item["language"] == "en"
    if kind == "meetings":
        # No mediaType given: the file decides (audio only is no video call).
        assert item["mediaType"] == ("presential" if upload[2][:4] == b"RIFF" else "videocall")
    else:
        assert item["direction"] == "outbound"
    r = await client.get(f"{API}/{kind}/{activity_id}/participants", headers=fresh.headers)
    people = r.json()["data"]["participants"]
    assert [(p["id"], p["isHost"]) for p in people] == [
        (fresh.person_id, True),
        (carl, False),
        (dana, False),
    ]


@pytest.mark.parametrize("kind", ["meetings", "calls"])
async def test_media_url_upload_stores_the_url_and_queues_a_job(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant, kind: str
) -> None:
    extra = (
        [("direction", "INBOUND"), ("fromNumber", "+1 (555) 010-0000"), ("toNumber", "+15550111")]
        if kind == "calls"
        else [("mediaType", "presential"), ("meetingType", "Discovery"), ("calendarEventId", "ev1")]
    )
    url = "https://media.example.com/recordings/42.mp3?sig=abc"
    r = await post(client, fresh, kind, [*BASE, ("mediaUrl", url), *extra])
    assert r.status_code == 201, r.text
    activity_id = next(iter(check_envelope(r.json(), status=201).values()))
    row = await _activity(state, fresh.org_id, activity_id)
    assert (row.status, row.source, row.media_url, row.media_key) == (
        "processing",
        "url",
        url,
        None,
    )
    assert [j.state for j in await _jobs(state, fresh.org_id, activity_id)] == ["queued"]
    assert (await stored(state, fresh.org_id)).files == []
    item = (await client.get(f"{API}/{kind}/{activity_id}", headers=fresh.headers)).json()["data"]
    if kind == "calls":
        assert (item["direction"], item["fromNumber"], item["toNumber"]) == (
            "inbound",
            "+1 (555) 010-0000",
            "+15550111",
        )
        assert "mediaType" not in item
    else:
        assert item["mediaType"] == "presential"
        assert item["meetingType"]["name"] == "Discovery"
        assert item["calendarEventId"] == "ev1"


# --- transcript import ----------------------------------------------------------------------

VTT = """WEBVTT

00:00:01.000 --> 00:00:04.000
<v Olivia Owner>Thanks for joining, what do you use today?

00:00:04.500 --> 00:00:08.000
<v Carl Customer>Spreadsheets, mostly.

00:00:09.000 --> 00:00:12.500
Carl Customer: And it takes hours.
"""
SRT = """1
00:00:01,000 --> 00:00:04,000
Olivia Owner: Thanks for joining, what do you use today?

2
00:00:04,500 --> 00:00:08,000
Carl Customer: Spreadsheets, mostly.

3
00:00:09,000 --> 00:00:12,500
Carl Customer: And it takes hours.
"""
JSON_SEGMENTS = json.dumps(
    {
        "segments": [
            {
                "startTime": 1,
                "endTime": 4,
                "participantName": "Olivia Owner",
                "content": "Thanks for joining, what do you use today?",
            },
            {
                "startTime": 4.5,
                "endTime": 8,
                "participantName": "Carl Customer",
                "content": "Spreadsheets, mostly.",
            },
            {
                "startTime": 9,
                "endTime": 12.5,
                "participantName": "Carl Customer",
                "content": "And it takes hours.",
            },
        ]
    }
)
EXPECTED_SEGMENTS = [
    (1.0, 4.0, "Olivia Owner", "Thanks for joining, what do you use today?"),
    (4.5, 8.0, "Carl Customer", "Spreadsheets, mostly."),
    (9.0, 12.5, "Carl Customer", "And it takes hours."),
]


@pytest.mark.parametrize("kind", ["meetings", "calls"])
@pytest.mark.parametrize(
    ("filename", "text"),
    [("t.vtt", VTT), ("t.srt", SRT), ("t.json", JSON_SEGMENTS), (None, SRT), ("x.txt", VTT)],
    ids=["vtt", "srt", "json", "srt-no-name", "vtt-by-content"],
)
async def test_transcript_import_completes_through_the_queue(
    client: httpx.AsyncClient,
    state: AppState,
    fresh: Tenant,
    kind: str,
    filename: str | None,
    text: str,
) -> None:
    fields = [*BASE, ("ownerId", fresh.person_id)]
    r = await post(client, fresh, kind, fields, [("transcript", filename, text.encode(), "text")])
    assert r.status_code == 201, r.text
    activity_id = next(iter(check_envelope(r.json(), status=201).values()))
    row = await _activity(state, fresh.org_id, activity_id)
    assert (row.status, row.source, row.duration) == ("processing", "import", 12.5)
    [job] = await _jobs(state, fresh.org_id, activity_id)
    assert (job.kind, job.state, job.payload) == (
        "process_activity",
        "queued",
        # the request's id travels with the job it queued (the worker logs it)
        {"source": "import", "request_id": r.headers["x-request-id"]},
    )
    await drain_jobs(state)
    [job] = await _jobs(state, fresh.org_id, activity_id)
    assert job.state == "done"

    base = f"{API}/{kind}/{activity_id}"
    item = (await client.get(base, headers=fresh.headers)).json()["data"]
    assert item["status"] == "completed"
    assert item["endDateTime"] == "2026-04-01T09:30:12.500Z"
    transcript = (await client.get(f"{base}/transcript", headers=fresh.headers)).json()["data"]
    segments = transcript["transcript"]
    assert [
        (s["startTime"], s["endTime"], s["participantName"], s["content"]) for s in segments
    ] == EXPECTED_SEGMENTS
    people = (await client.get(f"{base}/participants", headers=fresh.headers)).json()["data"]
    by_name = {p["name"]: p for p in people["participants"]}
    assert set(by_name) == {"Olivia Owner", "Carl Customer"}
    # The owner's person is matched by name, not duplicated; Carl became an external contact.
    assert by_name["Olivia Owner"]["id"] == fresh.person_id
    assert by_name["Olivia Owner"]["isHost"] is True
    assert by_name["Carl Customer"]["isInternal"] is False
    assert {s["personId"] for s in segments} == {p["id"] for p in people["participants"]}
    analytics = (await client.get(f"{base}/analytics", headers=fresh.headers)).json()["data"]
    talk = {p["speakerLabel"]: p for p in analytics["participantParticipation"]}
    assert talk["Carl Customer"]["numberOfInterventions"] == 2
    assert talk["Olivia Owner"]["totalSpeakingTime"] == "00:03"


def _org_people(org_id: str) -> sa.Select[tuple[int]]:
    return sa.select(sa.func.count()).select_from(Person).where(Person.organization_id == org_id)


async def test_generic_speakers_of_an_import_stay_labels_not_people(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant
) -> None:
    """ "Speaker 1" names nobody: two imports with such labels add no person to the
    organization and no participant beyond the people the upload named."""
    carl = await make_person(state, fresh.org_id, "Carl Customer")
    vtt = VTT.replace("Olivia Owner", "Speaker 1").replace("Carl Customer", "SPEAKER_02")
    fields = [*BASE, ("ownerId", fresh.person_id), ("personIds", carl)]
    async with state.sessionmaker() as session:
        people_before = await session.scalar(_org_people(fresh.org_id))
    for _ in range(2):
        r = await post(
            client, fresh, "meetings", fields, [("transcript", "t.vtt", vtt.encode(), "text")]
        )
        assert r.status_code == 201, r.text
    await drain_jobs(state)
    activity_id = r.json()["data"]["meetingId"]
    base = f"{API}/meetings/{activity_id}"
    people = (await client.get(f"{base}/participants", headers=fresh.headers)).json()["data"]
    assert [p["id"] for p in people["participants"]] == [fresh.person_id, carl]
    segments = (await client.get(f"{base}/transcript", headers=fresh.headers)).json()["data"]
    assert [(s["participantName"], s["personId"]) for s in segments["transcript"]] == [
        ("Speaker 1", ""),
        ("SPEAKER_02", ""),
        ("SPEAKER_02", ""),
    ]
    async with state.sessionmaker() as session:
        people_after = await session.scalar(_org_people(fresh.org_id))
    assert people_after == people_before


@pytest.mark.parametrize(
    ("filename", "text", "line"),
    [
        ("t.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:0x.000\nHello\n", 3),
        ("t.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n\n00:00:05.000 --> 1\nx\n", 6),
        ("t.srt", "1\n00:00:01,000 --> 00:00:02,000\nA: hi\n\n2\n00:00:03,000 -> 4\nB: yo\n", 6),
        ("t.srt", "1\n00:00:05,000 --> 00:00:02,000\nA: backwards\n", 2),
        (
            "t.json",
            '[\n  {"startTime": 1, "endTime": 2, "content": "a"},\n  {"startTime": 1}\n]',
            3,
        ),
        ("t.json", '{"segments": [\n  {"startTime": 1, "endTime": 2,\n   "content": }\n]}', 3),
    ],
    ids=["vtt-timestamp", "vtt-second-cue", "srt-number", "srt-backwards", "json-item", "json"],
)
async def test_malformed_transcript_is_422_with_the_line(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant, filename: str, text: str, line: int
) -> None:
    r = await post(client, fresh, "meetings", BASE, [("transcript", filename, text.encode(), "x")])
    message = check_error(r, 422)
    assert message.startswith(f"transcript: line {line}:"), message
    assert nothing(await stored(state, fresh.org_id))


@pytest.mark.parametrize(
    ("content", "line"),
    [
        ("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Al>hi\x00there\n", 4),
        ("1\n00:00:01,000 --> 00:00:02,000\n\x00\n", 3),
        (
            '[\n{"startTime": 0, "endTime": 1, "participantName": "A", "content": "x"},\n'
            '{"startTime": 1, "endTime": 2, "participantName": "A\\u0000l", "content": "y"}]',
            3,
        ),
        ('{"segments": [{"startTime": 0, "endTime": 1, "content": "x\\u0000y"}]}', 1),
    ],
    ids=["vtt", "srt", "json-name", "json-content"],
)
async def test_transcript_with_nul_characters_is_422(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant, content: str, line: int
) -> None:
    r = await post(client, fresh, "meetings", BASE, [("transcript", "t", content.encode(), "x")])
    assert check_error(r, 422).startswith(f"transcript: line {line}:")
    assert nothing(await stored(state, fresh.org_id))


# --- validation -----------------------------------------------------------------------------

MEDIA_URL = ("mediaUrl", "https://media.example.com/a.mp4")
BAD_FIELDS: list[tuple[str, list[tuple[str, str]], str]] = [
    ("meetings", [("startDateTime", START), MEDIA_URL], "name"),
    ("meetings", [("name", "   "), ("startDateTime", START), MEDIA_URL], "name"),
    ("meetings", [("name", "n" * 501), ("startDateTime", START), MEDIA_URL], "name"),
    ("meetings", [("name", "a\x00b"), ("startDateTime", START), MEDIA_URL], "name"),
    ("meetings", [("name", "x"), MEDIA_URL], "startDateTime"),
    ("meetings", [("name", "x"), ("startDateTime", "notadate"), MEDIA_URL], "startDateTime"),
    ("meetings", [("name", "x"), ("startDateTime", "2026-02-30"), MEDIA_URL], "startDateTime"),
    (
        "meetings",
        [("name", "x"), ("startDateTime", "0001-01-01T00:00:00+01:00"), MEDIA_URL],
        "startDateTime",
    ),
    ("meetings", [*BASE, ("mediaUrl", "ftp://media.example.com/a")], "mediaUrl"),
    ("meetings", [*BASE, ("mediaUrl", "not a url")], "mediaUrl"),
    ("meetings", [*BASE, MEDIA_URL, ("language", "english")], "language"),
    ("meetings", [*BASE, MEDIA_URL, ("mediaType", "phonecall")], "mediaType"),
    ("meetings", [*BASE, MEDIA_URL, ("mediaType", "bogus")], "mediaType"),
    ("meetings", [*BASE, MEDIA_URL, ("personIds", "nobody-by-this-id")], "personIds"),
    ("meetings", [*BASE, MEDIA_URL, ("personIds", ",".join(map(str, range(201))))], "personIds"),
    ("meetings", [*BASE, MEDIA_URL, ("ownerId", "nobody")], "ownerId"),
    ("meetings", [*BASE, MEDIA_URL, ("ownerId", "a\x00b")], "ownerId"),
    ("meetings", [*BASE, MEDIA_URL, ("description", "a\x00b")], "description"),
    ("calls", [*BASE, MEDIA_URL, ("direction", "sideways")], "direction"),
    ("calls", [*BASE, MEDIA_URL, ("fromNumber", "call me")], "fromNumber"),
    ("calls", [*BASE, MEDIA_URL, ("toNumber", "1" * 41)], "toNumber"),
    ("calls", [("name", "x"), ("startDateTime", "yesterday"), MEDIA_URL], "startDateTime"),
]


@pytest.mark.parametrize(
    ("kind", "fields", "field"),
    BAD_FIELDS,
    ids=[f"{k}-{f}-{i}" for i, (k, _, f) in enumerate(BAD_FIELDS)],
)
async def test_bad_form_field_is_422_naming_it_and_stores_nothing(
    client: httpx.AsyncClient,
    state: AppState,
    fresh: Tenant,
    kind: str,
    fields: list[tuple[str, str]],
    field: str,
) -> None:
    r = await post(client, fresh, kind, fields)
    assert check_error(r, 422).startswith(f"{field}:")
    assert nothing(await stored(state, fresh.org_id))


async def test_bad_field_with_a_file_leaves_no_file(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant
) -> None:
    r = await post(client, fresh, "calls", [*BASE, ("direction", "sideways")], [WAV])
    assert check_error(r, 422).startswith("direction:")
    assert nothing(await stored(state, fresh.org_id))


@pytest.mark.parametrize(
    ("fields", "files"),
    [
        ([*BASE, MEDIA_URL], [WAV]),
        (BASE, []),
        ([*BASE, ("mediaUrl", "  ")], []),
        (BASE, [WAV, ("transcript", "t.srt", SRT.encode(), "text/plain")]),
        ([*BASE, MEDIA_URL], [("transcript", "t.srt", SRT.encode(), "text/plain")]),
        (BASE, [("file", "", b"", "application/octet-stream")]),  # an empty browser file input
    ],
    ids=[
        "file-and-url",
        "neither",
        "blank-url",
        "file-and-transcript",
        "url-and-transcript",
        "empty",
    ],
)
async def test_not_exactly_one_source_is_400(
    client: httpx.AsyncClient,
    state: AppState,
    fresh: Tenant,
    fields: list[tuple[str, str]],
    files: list[tuple[str, str, bytes, str]],
) -> None:
    r = await post(client, fresh, "meetings", fields, files)
    check_error(r, 400, contains="exactly one of file, mediaUrl or transcript")
    assert nothing(await stored(state, fresh.org_id))


@pytest.mark.parametrize(
    ("kind", "upload", "status", "field"),
    [
        ("meetings", ("file", "a.wav", b"", "audio/wav"), 422, "file"),
        ("meetings", ("file", "a.wav", b"this is not audio at all" * 10, "audio/wav"), 415, "file"),
        ("calls", ("file", "a.mp4", mp4_bytes(), "video/mp4"), 415, "file"),
        ("calls", ("file", "a.wav", b"RIFF", "audio/wav"), 415, "file"),
        (
            "calls",
            ("file", "a.mp3", mp3_bytes()[: len(mp3_bytes()) // 3], "audio/mpeg"),
            422,
            "file",
        ),
        (
            "meetings",
            ("file", "a.mp4", mp4_bytes()[: len(mp4_bytes()) // 2], "video/mp4"),
            422,
            "file",
        ),
        ("meetings", ("file", "a.wav", wav_bytes(seconds=2)[:-8000], "audio/wav"), 422, "file"),
        (
            "meetings",
            ("file", "a.mp4", mp4_bytes()[:64] + b"\x00" * 4000, "video/mp4"),
            422,
            "file",
        ),
        ("meetings", ("file", "silent.mp4", silent_film_bytes(), "video/mp4"), 422, "file"),
        ("calls", ("file", "call.mp3", wav_bytes(), "audio/mpeg"), 201, ""),
    ],
    ids=[
        "empty",
        "not-media",
        "call-video",
        "truncated-header",
        "truncated-mp3",
        "truncated-mp4",
        "truncated-wav",
        "corrupt-mp4",
        "video-without-audio",
        "mislabelled-but-valid",
    ],
)
async def test_unusable_file_is_rejected_and_removed(
    client: httpx.AsyncClient,
    state: AppState,
    fresh: Tenant,
    kind: str,
    upload: tuple[str, str, bytes, str],
    status: int,
    field: str,
) -> None:
    r = await post(client, fresh, kind, BASE, [upload])
    if status == 201:  # named .mp3 and sent as audio/mpeg, but a valid WAV: judged by content
        assert r.status_code == 201, r.text
        return
    assert check_error(r, status).startswith(f"{field}:")
    assert nothing(await stored(state, fresh.org_id))


async def test_a_form_that_is_not_multipart_is_415(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant
) -> None:
    r = await client.post(
        f"{API}/meetings/upload", data=dict([*BASE, MEDIA_URL]), headers=fresh.headers
    )
    check_error(r, 415)
    r = await client.post(
        f"{API}/meetings/upload",
        content=b"--x\r\nbroken",
        headers={**fresh.headers, "content-type": "multipart/form-data; boundary=x"},
    )
    assert r.status_code in (400, 422), r.text
    check_error(r, r.status_code)
    assert nothing(await stored(state, fresh.org_id))


# --- size limits ----------------------------------------------------------------------------


@pytest.fixture
def small_limits(state: AppState, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(state.settings, "max_upload_bytes", 4000)
    monkeypatch.setattr(state.settings, "max_transcript_bytes", 100)


@pytest.mark.parametrize("kind", ["meetings", "calls"])
async def test_file_over_the_limit_is_413_and_nothing_is_stored(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant, small_limits: None, kind: str
) -> None:
    big = wav_bytes(seconds=0.5)  # 8 kB: streams past the 4000-byte limit mid-body
    assert 4000 < len(big) < 4000 + 1024 * 1024
    r = await post(client, fresh, kind, BASE, [("file", "big.wav", big, "audio/wav")])
    assert "4000" in check_error(r, 413)
    assert nothing(await stored(state, fresh.org_id))
    at_limit = wav_bytes(seconds=(4000 - 44) / 16000)
    assert len(at_limit) == 4000
    r = await post(client, fresh, kind, BASE, [("file", "ok.wav", at_limit, "audio/wav")])
    assert r.status_code == 201, r.text
    assert (await stored(state, fresh.org_id)).activities == 1


async def test_declared_length_over_the_limit_is_413_before_reading(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant, small_limits: None
) -> None:
    huge = wav_bytes(seconds=40)  # 1.28 MB: over limit + 1 MiB of form overhead
    r = await post(client, fresh, "meetings", BASE, [("file", "huge.wav", huge, "audio/wav")])
    check_error(r, 413)
    assert nothing(await stored(state, fresh.org_id))


async def test_transcript_over_its_limit_is_413(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant, small_limits: None
) -> None:
    r = await post(client, fresh, "meetings", BASE, [("transcript", "t.srt", SRT.encode(), "t")])
    assert check_error(r, 413).startswith("transcript:")
    assert nothing(await stored(state, fresh.org_id))
