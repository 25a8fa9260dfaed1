"""Faults during an upload, against a real `meetsight serve` process: SIGKILL in the middle of a
slow streamed body, a full disk (a tiny loop-mounted ext4, and RLIMIT_FSIZE), an unwritable media
folder (a read-only mount). Each leaves no activity without its media, no
orphan file after the next start, a clear envelope instead of a traceback, and everything stored
before still served."""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from fixtures.multipart import multipart, wav_bytes
from fixtures.served import (
    Served,
    limit_file_size,
    media_files,
    media_rows,
    new_tenant_key,
    start_server,
)
from fixtures.shapes import check_envelope, check_error

API = "/api/v1"
CHUNK = 64 * 1024


def _fields(name: str) -> list[tuple[str, str]]:
    return [("name", name), ("startDateTime", "2026-03-01T10:00:00Z")]


def _upload(served: Served, key: str, data: bytes, name: str = "kept") -> httpx.Response:
    body, headers = multipart(_fields(name), [("file", "call.wav", data, "audio/wav")])
    return httpx.post(
        f"{served.base_url}{API}/meetings/upload",
        content=body,
        headers={**headers, "x-api-key": key},
        timeout=60,
    )


def _streamed_upload(size: int, pause: float) -> tuple[Iterator[bytes], dict[str, str]]:
    """A multipart body sent in 64 KiB chunks with a pause between them (no Content-Length)."""
    boundary = uuid.uuid4().hex
    head = "".join(
        f'--{boundary}\r\nContent-Disposition: form-data; name="{n}"\r\n\r\n{v}\r\n'
        for n, v in _fields("interrupted")
    )
    head += (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.wav"\r\n'
        "Content-Type: audio/wav\r\n\r\n"
    )

    def chunks() -> Iterator[bytes]:
        yield head.encode() + wav_bytes(seconds=0.1)
        for _ in range(size // CHUNK):
            yield b"\x00" * CHUNK
            time.sleep(pause)
        yield f"\r\n--{boundary}--\r\n".encode()

    return chunks(), {"content-type": f"multipart/form-data; boundary={boundary}"}


def _meetings(served: Served, key: str) -> list[str]:
    response = httpx.get(
        f"{served.base_url}{API}/meetings", params={"limit": 100}, headers={"x-api-key": key}
    )
    return [m["meetingId"] for m in check_envelope(response.json())]


def _parts(data_dir: Path) -> list[Path]:
    """Partial uploads, in any process's temp folder."""
    return sorted((data_dir / "media" / "tmp").rglob("*.part"))


def _assert_media_consistent(data_dir: Path) -> None:
    """Every activity's media is on disk and every file on disk belongs to an activity."""
    media = data_dir / "media"
    claimed = {media / key for _, _, key in media_rows(data_dir) if key}
    assert all(path.is_file() for path in claimed), claimed
    prefixes = {media / org / aid for org, aid, _ in media_rows(data_dir)}
    for path in media_files(data_dir):
        if path.parent.parent == media / "tmp" or path.parent == media / "tmp":
            assert path.suffix != ".part", f"partial upload left: {path}"
            continue  # the owner locks of live processes (storage/owners.py)
        assert path.parent in prefixes, f"orphan file {path}"


def _wait_for(predicate: object, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


def test_sigkill_mid_upload_leaves_no_activity_and_no_orphan(tmp_path: Path) -> None:
    key = new_tenant_key(tmp_path)
    served = start_server(tmp_path)
    kept_bytes = wav_bytes(seconds=0.5)
    try:
        kept = check_envelope(_upload(served, key, kept_bytes).json(), status=201)["meetingId"]
        chunks, headers = _streamed_upload(64 * 1024 * 1024, pause=0.005)
        outcome: list[object] = []

        def send() -> None:
            try:
                outcome.append(
                    httpx.post(
                        f"{served.base_url}{API}/meetings/upload",
                        content=chunks,
                        headers={**headers, "x-api-key": key},
                        timeout=60,
                    )
                )
            except httpx.HTTPError as exc:
                outcome.append(exc)

        sender = threading.Thread(target=send)
        sender.start()
        # Kill once the body is streaming to disk: a partial file of more than 1 MB exists.
        growing = _wait_for(
            lambda: any(p.stat().st_size > 1024 * 1024 for p in _parts(tmp_path)), 30
        )
        served.kill()
        sender.join(timeout=30)
        assert growing, "the upload never reached the media folder"
    finally:
        served.stop()
    assert isinstance(outcome[0], httpx.HTTPError), outcome  # the client saw the connection drop
    assert _parts(tmp_path), "the kill should have left a partial file for the next start"
    assert [aid for _, aid, _ in media_rows(tmp_path)] == [kept]
    # A kill a moment later would have left the file moved into place but its row uncommitted.
    org_id = media_rows(tmp_path)[0][0]
    uncommitted = tmp_path / "media" / org_id / "uncommitted-activity" / "media.wav"
    uncommitted.parent.mkdir()
    uncommitted.write_bytes(b"RIFF")

    restarted = start_server(tmp_path)
    try:
        assert _parts(tmp_path) == []
        assert not uncommitted.parent.exists()  # no other live writer: no grace needed
        _assert_media_consistent(tmp_path)
        assert _meetings(restarted, key) == [kept]
        _org, _, media_key = media_rows(tmp_path)[0]
        assert media_key and (tmp_path / "media" / media_key).read_bytes() == kept_bytes
    finally:
        restarted.stop()


def _assert_refused_and_nothing_lost(
    served: Served, key: str, big: int, status: int, contains: str
) -> None:
    kept_bytes = wav_bytes(seconds=0.5)
    kept = check_envelope(_upload(served, key, kept_bytes).json(), status=201)["meetingId"]
    refused = _upload(served, key, wav_bytes(seconds=0.1) + b"\x00" * big, name="too big")
    error = check_error(refused, status, contains=contains)
    assert "Traceback" not in error
    assert _meetings(served, key) == [kept]
    meeting = httpx.get(f"{served.base_url}{API}/meetings/{kept}", headers={"x-api-key": key})
    assert check_envelope(meeting.json())["name"] == "kept"
    _, _, media_key = media_rows(served.data_dir)[0]
    assert media_key and (served.data_dir / "media" / media_key).read_bytes() == kept_bytes
    assert _parts(served.data_dir) == []  # the partial file was removed: its space is back
    _assert_media_consistent(served.data_dir)


@pytest.fixture
def tiny_media_filesystem(tmp_path: Path) -> Iterator[Path]:
    """The media folder on an 8 MB ext4 image mounted through a loop device (needs root)."""
    if os.geteuid() != 0 or shutil.which("mkfs.ext4") is None:
        pytest.skip("a loop-mounted filesystem needs root and mkfs.ext4 (RLIMIT_FSIZE test runs)")
    image, media = tmp_path / "media.img", tmp_path / "media"
    media.mkdir()
    with image.open("wb") as handle:
        handle.truncate(8 * 1024 * 1024)
    subprocess.run(["mkfs.ext4", "-q", "-F", str(image)], check=True, capture_output=True)
    mounted = subprocess.run(["mount", "-o", "loop", str(image), str(media)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"loop mount refused here: {mounted.stderr.decode().strip()}")
    try:
        yield tmp_path
    finally:
        subprocess.run(["umount", str(media)], check=False)


def test_full_disk_gives_507_and_keeps_what_was_stored(tiny_media_filesystem: Path) -> None:
    data_dir = tiny_media_filesystem
    key = new_tenant_key(data_dir)
    served = start_server(data_dir)
    try:
        _assert_refused_and_nothing_lost(served, key, 16 * 1024 * 1024, 507, "full")
        # The space of the refused upload came back: a small one goes through again.
        assert _upload(served, key, wav_bytes(seconds=0.5), name="after").status_code == 201
    finally:
        served.stop()


def test_file_size_limit_gives_507_and_keeps_what_was_stored(tmp_path: Path) -> None:
    key = new_tenant_key(tmp_path)
    # Any one file past 8 MB fails with EFBIG (the SQLite file stays far below).
    served = start_server(tmp_path, preexec=limit_file_size(8 * 1024 * 1024))
    try:
        _assert_refused_and_nothing_lost(served, key, 12 * 1024 * 1024, 507, "full")
    finally:
        served.stop()


def _mount_read_only(folder: Path) -> None:
    """Bind `folder` read-only onto itself: even root's writes fail there (EROFS)."""
    if os.geteuid() != 0:
        pytest.skip("a read-only bind mount needs root")
    done = subprocess.run(["mount", "-o", "bind,ro", str(folder), str(folder)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"read-only bind mount refused here: {done.stderr.decode().strip()}")


def test_unwritable_media_folder_gives_500_naming_it(tmp_path: Path) -> None:
    # An unprivileged server user would be the natural case, but root ignores permissions and
    # the venv's interpreter lives under /root here: a read-only mount fails writes the same way.
    key = new_tenant_key(tmp_path)
    served = start_server(tmp_path)
    try:
        kept_bytes = wav_bytes(seconds=0.5)
        kept = check_envelope(_upload(served, key, kept_bytes).json(), status=201)["meetingId"]
    finally:
        served.stop()
    media = tmp_path / "media"
    _mount_read_only(media)
    try:
        served = start_server(tmp_path)
        try:
            refused = _upload(served, key, wav_bytes(seconds=0.1), name="refused")
            check_error(refused, 500, contains="media folder is not writable")
            assert _meetings(served, key) == [kept]
            meeting = httpx.get(
                f"{served.base_url}{API}/meetings/{kept}", headers={"x-api-key": key}
            )
            assert check_envelope(meeting.json())["meetingId"] == kept
            _, _, media_key = media_rows(tmp_path)[0]
            assert media_key and (media / media_key).read_bytes() == kept_bytes
            assert served.process.poll() is None  # still serving
        finally:
            served.stop()
    finally:
        subprocess.run(["umount", str(media)], check=False)
