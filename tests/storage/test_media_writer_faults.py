"""A media write that fails part-way (a full disk) reports 507 and leaves no partial file, even
when bytes the disk refused are still in the writer's buffer."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from meetsight.errors import InsufficientStorage
from meetsight.storage.local import LocalMediaStore, MediaWriter

FULL_DEVICE = Path("/dev/full")  # every write to it fails with ENOSPC


@pytest.mark.skipif(not FULL_DEVICE.exists(), reason="needs /dev/full")
def test_failed_write_then_abort_reports_full_and_removes_the_part(tmp_path: Path) -> None:
    store = LocalMediaStore(tmp_path / "media")
    part = tmp_path / "upload.part"
    part.write_bytes(b"")
    # A buffered handle on /dev/full: small writes sit in the buffer, a large one reaches the
    # device and fails, leaving the buffered bytes behind for close() to flush again.
    handle = FULL_DEVICE.open("wb")

    # A buffered handle on /dev/full: small writes sit in the buffer, a large one reaches the
    # device and fails, leaving the buffered bytes behind for close() to flush again.
    handle = FULL_DEVICE.open("wb")

    async def scenario() -> None:
        writer = MediaWriter(store, part, handle)
        await writer.write(b"RIFF" * 16)
        with pytest.raises(InsufficientStorage):
            await writer.write(b"\x00" * (1024 * 1024))
        await writer.abort()  # must not raise: the 507 above is what the client gets

    asyncio.run(scenario())
    assert not part.exists()


@pytest.mark.skipif(not FULL_DEVICE.exists(), reason="needs /dev/full")
def test_failed_store_as_reports_full_not_an_internal_error(tmp_path: Path) -> None:
    store = LocalMediaStore(tmp_path / "media")
    part = tmp_path / "upload.part"
    part.write_bytes(b"")
    handle = FULL_DEVICE.open("wb")

    handle = FULL_DEVICE.open("wb")

    async def scenario() -> None:
        writer = MediaWriter(store, part, handle)
        await writer.write(b"RIFF" * 16)  # buffered: the failure comes at store_as's flush
        with pytest.raises(InsufficientStorage):
            await writer.store_as("org/activity/media.wav")

    asyncio.run(scenario())
    assert not part.exists()
    assert not (tmp_path / "media" / "org" / "activity" / "media.wav").exists()
