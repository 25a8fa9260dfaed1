"""The S3 media store against a real S3 protocol server on loopback (moto_server): streamed and
multipart uploads, ranged reads, local copies for decoding, delete by prefix, the orphan listing,
and a stopped server reported as unavailable (503), never as an internal error."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from fixtures.s3_server import S3Server, start_s3_server
from meetsight.config import Settings, parse_s3_url
from meetsight.storage.base import MediaStoreUnavailable
from meetsight.storage.s3 import S3MediaStore

MiB = 1024 * 1024


def _store(s3: S3Server, bucket: str, tmp_path: Path, **extra: object) -> S3MediaStore:
    return S3MediaStore(Settings(data_dir=tmp_path, **{**s3.settings(bucket), **extra}))


async def _collect(store: S3MediaStore, key: str, start: int, end: int | None) -> bytes:
    opened = await store.read_range(key, start, end)
    assert opened is not None
    return b"".join([chunk async for chunk in opened.chunks])


def test_media_url_parsing() -> None:
    assert parse_s3_url("s3://bucket") == ("bucket", "")
    assert parse_s3_url("s3://bucket/a/b/") == ("bucket", "a/b/")
    for bad in ("https://bucket/x", "s3:///x", "s3://b/../x"):
        with pytest.raises(ValueError):
            parse_s3_url(bad)
    with pytest.raises(ValueError, match="s3://bucket/prefix"):
        Settings(media_url="/var/media")


async def test_upload_in_parts_read_ranges_and_delete(s3_server: S3Server, tmp_path: Path) -> None:
    bucket = s3_server.new_bucket()
    store = _store(
        s3_server,
        bucket,
        tmp_path,
        media_s3_multipart_threshold=5 * MiB,
        media_s3_part_size=5 * MiB,
    )
    data = os.urandom(11 * MiB + 123)  # three parts: 5 + 5 + 1 MiB
    writer = await store.open_writer()
    for start in range(0, len(data), 64 * 1024):  # as the multipart reader feeds it
        await writer.write(data[start : start + 64 * 1024])
    staged = writer.temp_path
    await writer.store_as("org1/act1/media.wav")
    assert not staged.exists()  # the staging copy is gone once uploaded

    client = s3_server.client()
    head = client.head_object(Bucket=bucket, Key="meetsight/org1/act1/media.wav")
    assert head["ContentLength"] == len(data)
    assert head["ETag"].strip('"').endswith("-3")  # a multipart object's ETag counts its parts

    assert await store.size("org1/act1/media.wav") == len(data)
    assert await store.size("org1/act1/other.wav") is None
    assert await _collect(store, "org1/act1/media.wav", 0, 99) == data[:100]
    middle = await store.read_range("org1/act1/media.wav", 6 * MiB, 6 * MiB + 9)
    assert middle is not None and (middle.start, middle.end, middle.size) == (
        6 * MiB,
        6 * MiB + 9,
        len(data),
    )
    assert b"".join([c async for c in middle.chunks]) == data[6 * MiB : 6 * MiB + 10]
    assert await _collect(store, "org1/act1/media.wav", len(data) - 5, None) == data[-5:]
    assert await store.read_range("org1/act1/nothing.wav", 0, None) is None

    async with store.local_copy("org1/act1/media.wav") as local:
        assert local.read_bytes() == data
    assert not local.exists()

    await store.put_bytes("org1/act1/thumbnail.jpg", b"\xff\xd8\xff")
    await store.put_bytes("org1/act2/media.wav", b"RIFF")
    await store.delete_prefix("org1/act1")
    assert s3_server.keys(bucket) == ["meetsight/org1/act2/media.wav"]


async def test_small_files_go_in_one_put_and_listing_for_the_sweep(
    s3_server: S3Server, tmp_path: Path
) -> None:
    bucket = s3_server.new_bucket()
    store = _store(s3_server, bucket, tmp_path)
    writer = await store.open_writer()
    await writer.write(b"x" * 1000)
    await writer.store_as("o/a/media.mp3")
    head = s3_server.client().head_object(Bucket=bucket, Key="meetsight/o/a/media.mp3")
    assert "-" not in head["ETag"]  # a single PUT
    s3_server.client().put_object(Bucket=bucket, Key="meetsight/stray.txt", Body=b"?")
    s3_server.client().put_object(Bucket=bucket, Key="elsewhere/o/b/media.mp3", Body=b"?")
    assert await store.list_activity_prefixes(older_than=0) == [("o", "a")]
    assert await store.list_activity_prefixes(older_than=3600) == []


async def test_missing_key_on_local_copy_leaves_no_file(
    s3_server: S3Server, tmp_path: Path
) -> None:
    store = _store(s3_server, s3_server.new_bucket(), tmp_path)
    async with store.local_copy("o/a/media.wav") as local:
        assert not local.exists()  # the media stage reports "missing", permanently


async def test_a_stopped_server_is_unavailable_not_an_internal_error(tmp_path: Path) -> None:
    server = start_s3_server()
    bucket = server.new_bucket()
    store = _store(server, bucket, tmp_path, media_s3_connect_timeout=1.0, media_s3_max_attempts=1)
    await store.put_bytes("o/a/media.wav", b"RIFF")
    server.stop()
    writer = await store.open_writer()
    await writer.write(b"RIFF" * 100)
    staged = writer.temp_path
    with pytest.raises(MediaStoreUnavailable) as raised:
        await writer.store_as("o/b/media.wav")
    assert raised.value.status_code == 503 and "unreachable" in raised.value.message
    assert not staged.exists()  # the failed upload's staging file is removed
    for attempt in (
        store.size("o/a/media.wav"),
        store.read_range("o/a/media.wav", 0, None),
        store.delete_prefix("o/a"),
        store.list_activity_prefixes(older_than=0),
    ):
        with pytest.raises(MediaStoreUnavailable):
            await attempt


async def test_a_missing_bucket_is_unavailable_with_its_code(
    s3_server: S3Server, tmp_path: Path
) -> None:
    store = _store(s3_server, "no-such-bucket-here", tmp_path)
    with pytest.raises(MediaStoreUnavailable, match="NoSuchBucket"):
        await store.put_bytes("o/a/media.wav", b"RIFF")
