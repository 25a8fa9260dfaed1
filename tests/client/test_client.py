"""meetsight.client against a real served process: every REST route through a typed method,
streamed uploads with progress, pagination over X-Total-Count, and typed errors."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from fixtures.remote import Remote
from meetsight.auth.api_keys import create_api_key
from meetsight.auth.models import ApiKey
from meetsight.client import (
    BadRequest,
    ConnectionFailed,
    Forbidden,
    MeetsightClient,
    MeetsightError,
    NotFound,
    Unauthorized,
)
from meetsight.client.models import Call, Meeting, MeetingTranscript, SearchHit
from meetsight.client.multipart import CHUNK_BYTES, FilePart, MultipartBody
from meetsight.config import Settings
from meetsight.db.engine import create_engine, create_sessionmaker
from meetsight.organizations.service import create_user

START = "2026-10-01T15:00:00Z"


@pytest.fixture(scope="module")
def api(remote: Remote) -> Iterator[MeetsightClient]:
    with MeetsightClient(remote.url, remote.key, timeout=120) as client:
        yield client


@pytest.fixture(scope="module")
def meeting_id(api: MeetsightClient, transcript_file: Path) -> str:
    """A meeting from a transcript, processed by the server's worker."""
    new_id = api.meetings.upload(transcript=transcript_file, name="Acme discovery", start=START)
    done = api.meetings.wait(new_id, timeout=300, poll_seconds=0.5)
    assert done.status == "completed", done.failure_reason
    return new_id


def test_read_every_part_of_a_meeting(api: MeetsightClient, meeting_id: str) -> None:
    meeting = api.meetings.get(meeting_id)
    assert isinstance(meeting, Meeting)
    assert (meeting.meeting_id, meeting.name) == (meeting_id, "Acme discovery")
    assert meeting.start_date_time == START

    transcript = api.meetings.transcript(meeting_id)
    assert isinstance(transcript, MeetingTranscript)
    speakers = [s.participant_name for s in transcript.transcript]
    assert speakers == ["Olivia Owner", "Carl Customer", "Olivia Owner"]
    srt = api.meetings.transcript_file(meeting_id, "srt")
    assert "00:00:01,000 --> 00:00:05,000" in srt and "spreadsheets" in srt
    assert api.meetings.transcript_file(meeting_id, "vtt").startswith("WEBVTT")

    names = {p.name for p in api.meetings.participants(meeting_id).participants}
    assert {"Olivia Owner", "Carl Customer"} <= names
    assert api.meetings.summary(meeting_id).meeting_id == meeting_id
    assert api.meetings.analytics(meeting_id).meeting_id == meeting_id
    assert api.meetings.score(meeting_id).meeting_id == meeting_id
    assert api.meetings.chat(meeting_id).messages == []
    for links in (api.meetings.contacts, api.meetings.companies, api.meetings.opportunities):
        assert links(meeting_id) == []


async def _member_key(remote: Remote) -> str:
    """A member of the key's organization and an API key that member created (as the web app
    makes them), written to the served process's database: comments are written by members."""
    settings = Settings(data_dir=remote.served.data_dir, secret_key="test-secret")
    engine = create_engine(settings.resolved_database_url())
    try:
        async with create_sessionmaker(engine)() as session:
            key = await session.scalar(sa.select(ApiKey).where(ApiKey.name == "faults"))
            assert key is not None
            user = await create_user(
                session,
                organization_id=key.organization_id,
                email="mia@example.com",
                name="Mia Member",
                role="member",
            )
            created = await create_api_key(
                session,
                secret=settings.hmac_secret(),
                organization_id=key.organization_id,
                name="mia",
                created_by_user_id=user.id,
            )
            await session.commit()
    finally:
        await engine.dispose()
    return created.key


async def test_comments(api: MeetsightClient, remote: Remote, meeting_id: str) -> None:
    assert api.meetings.comments(meeting_id).total == 0
    with pytest.raises(Forbidden) as refused:  # a key made on the command line acts for nobody
        api.meetings.add_comment(meeting_id, "Pricing", start_time=2)
    assert "acts for no user" in str(refused.value)
    with MeetsightClient(remote.url, await _member_key(remote)) as mia:
        comment = mia.meetings.add_comment(meeting_id, "Pricing here", start_time=10.5, end_time=15)
        assert (comment.author_name, comment.start_time, comment.end_time) == (
            "Mia Member",
            10.5,
            15,
        )
        edited = mia.meetings.edit_comment(meeting_id, comment.id, "Pricing, by Friday")
        assert edited.text == "Pricing, by Friday" and edited.edited_at is not None
        listed = api.meetings.comments(meeting_id)
        assert listed.total == 1 and listed.items[0].id == comment.id
        assert [c.id for c in api.meetings.iterate_comments(meeting_id)] == [comment.id]
        with pytest.raises(Forbidden):
            api.meetings.delete_comment(meeting_id, comment.id)
        with pytest.raises(NotFound):
            mia.calls.comments(meeting_id)
        assert mia.meetings.delete_comment(meeting_id, comment.id) is True
    assert api.meetings.comments(meeting_id).total == 0


def test_write_notes_chat_and_speakers(api: MeetsightClient, meeting_id: str) -> None:
    category = api.smart_categories.list(limit=1).items[0]
    note = api.meetings.add_note(
        meeting_id, "Send pricing by Friday", smart_category_id=category.id, priority="high"
    )
    assert note.is_manual is True and note.priority == "high"
    assert note.id in {n.id for n in api.meetings.notes(meeting_id).notes}
    assert api.meetings.delete_note(meeting_id, note.id) is True
    assert note.id not in {n.id for n in api.meetings.notes(meeting_id).notes}

    answer = api.meetings.ask(meeting_id, "What do they use today?")
    assert answer.question == "What do they use today?" and answer.answer
    assert len(api.meetings.chat(meeting_id).messages) == 1

    renamed = api.meetings.edit_speaker(meeting_id, "Carl Customer", name="Carl C.")
    assert "Carl C." in {s.participant_name for s in renamed.transcript}


def test_pagination_walks_every_page(
    api: MeetsightClient, meeting_id: str, transcript_file: Path
) -> None:
    more = [
        api.meetings.upload(transcript=transcript_file, name=f"Page test {n}", start=START)
        for n in range(4)
    ]
    first = api.meetings.list(limit=2)
    assert first.total >= 5 and len(first.items) == 2 and first.has_next
    seen = [m.meeting_id for m in api.meetings.iterate(page_size=2)]
    assert len(seen) == len(set(seen)) == first.total
    assert set(more) | {meeting_id} <= set(seen)
    last_page = api.meetings.list(limit=2, page=(first.total + 1) // 2)
    assert not last_page.has_next


def test_calls_and_call_notes(api: MeetsightClient, transcript_file: Path) -> None:
    call_id = api.calls.upload(
        transcript=transcript_file, name="Renewal call", direction="inbound", start=START
    )
    call = api.calls.wait(call_id, timeout=300, poll_seconds=0.5)
    assert isinstance(call, Call) and call.direction == "inbound"
    assert call.status == "completed"
    assert [c.call_id for c in api.calls.iterate(name="Renewal")] == [call_id]
    notes = api.call_notes.list(call_id=call_id)
    assert [n.call_id for n in notes.items] == [call_id]
    assert api.calls.transcript(call_id).call_id == call_id
    with pytest.raises(NotFound):
        api.meetings.get(call_id)  # a call id under /meetings
    assert api.calls.delete(call_id) is True
    with pytest.raises(NotFound):
        api.calls.get(call_id)


def test_search(api: MeetsightClient, meeting_id: str) -> None:
    found = api.search("spreadsheets", type="meetings", scope="sentences")
    assert all(isinstance(hit, SearchHit) for hit in found.items)
    assert meeting_id in {hit.id for hit in found.items}
    hit = next(h for h in found.items if h.id == meeting_id)
    assert "**spreadsheets**" in hit.matches[0].snippet


def test_smart_categories(api: MeetsightClient) -> None:
    made = api.smart_categories.create("Security review", examples=["Do you have SOC 2?"])
    changed = api.smart_categories.update(made.id, description="Security questions")
    assert (changed.name, changed.description) == ("Security review", "Security questions")
    assert made.id in {c.id for c in api.smart_categories.iterate(page_size=3)}
    assert api.smart_categories.delete(made.id) is True


def test_webhooks(api: MeetsightClient) -> None:
    hook = api.webhooks.create("https://hooks.example.com/in", description="CRM")
    assert hook.secret and hook.secret.startswith("whsec_")
    assert api.webhooks.get(hook.id).secret is None
    assert api.webhooks.update(hook.id, active=False).active is False
    assert hook.id in {h.id for h in api.webhooks.iterate()}
    assert api.webhooks.deliveries(hook.id).items == []
    assert api.webhooks.delete(hook.id) is True


def test_upload_streams_the_file_with_progress(api: MeetsightClient, wav_file: Path) -> None:
    calls: list[tuple[int, int]] = []
    new_id = api.meetings.upload(
        wav_file, name="Tone", start=START, progress=lambda sent, total: calls.append((sent, total))
    )
    size = wav_file.stat().st_size
    assert calls[0] == (0, size) and calls[-1] == (size, size)
    sent = [s for s, _ in calls]
    assert sent == sorted(sent) and len(calls) >= size // CHUNK_BYTES
    # There is no speech model on this server: processing ends failed, with the reason.
    done = api.meetings.wait(new_id, timeout=300, poll_seconds=0.5)
    assert done.status == "failed" and "Transcription failed" in (done.failure_reason or "")
    assert api.meetings.delete(new_id) is True


def test_upload_refuses_what_its_keywords_do_not_name(api: MeetsightClient) -> None:
    """The shared keywords are declared once (`UploadKeywords`, `**shared`); a keyword neither
    kind takes, another kind's, or no name is still a TypeError, before anything is sent."""
    with pytest.raises(TypeError, match="unexpected keyword argument 'nmae'"):
        api.meetings.upload(media_url="https://example.com/a.wav", nmae="Typo")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'direction'"):
        api.meetings.upload(name="x", direction="inbound")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="missing 1 required keyword-only argument: 'name'"):
        api.calls.upload(media_url="https://example.com/a.wav")  # type: ignore[call-arg]


def test_multipart_body_is_read_in_chunks(wav_file: Path) -> None:
    body = MultipartBody([("name", "Tone")], FilePart("file", wav_file), None)
    chunks = list(body)
    assert max(len(c) for c in chunks) <= CHUNK_BYTES
    assert sum(len(c) for c in chunks) == len(body)
    joined = b"".join(chunks)
    assert wav_file.read_bytes() in joined and joined.endswith(f"--{body.boundary}--\r\n".encode())


def test_errors_are_typed_with_status_and_message(api: MeetsightClient, remote: Remote) -> None:
    with pytest.raises(NotFound) as missing:
        api.meetings.get("01890000-0000-7000-8000-000000000000")
    assert missing.value.status_code == missing.value.statusCode == 404
    assert missing.value.message == "Meeting not found"

    with pytest.raises(BadRequest) as invalid:
        api.webhooks.create("ftp://example.com/")
    assert invalid.value.status_code == 422 and invalid.value.message.startswith("url:")

    with MeetsightClient(remote.url, "msk_wrong") as stranger, pytest.raises(Unauthorized) as e:
        stranger.meetings.list()
    assert e.value.status_code == 401

    with MeetsightClient(remote.url, remote.read_only_key) as reader:
        assert reader.meetings.list().total == 0
        with pytest.raises(Forbidden):
            reader.calls.list()

    nowhere = MeetsightClient("http://127.0.0.1:9", "k", timeout=2)
    with nowhere, pytest.raises(ConnectionFailed) as down:
        nowhere.meetings.list()
    assert isinstance(down.value, MeetsightError) and down.value.status_code == 0
