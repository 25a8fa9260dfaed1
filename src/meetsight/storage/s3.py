"""Media in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...), through boto3 in threads.

Uploads stage in a local file (the checks decode it through first), then stream to the bucket:
one PUT below the multipart threshold, parts of `media_s3_part_size` above it, read from the
file a part at a time, never the whole file in memory. Playback reads are ranged GETs streamed
to the client. Any failure to reach the bucket is `MediaStoreUnavailable` (503, or a retried
job), never a 500. Key layout and figures: docs/storage.md."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import boto3
from boto3.s3.transfer import TransferConfig
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError

from meetsight.config import Settings, parse_s3_url
from meetsight.storage.base import READ_CHUNK, MediaStoreUnavailable, StoredRange
from meetsight.storage.owners import MediaOwner
from meetsight.storage.staging import StagingStore, check_key

log = logging.getLogger("meetsight.media")
T = TypeVar("T")
_MISSING = {"404", "NoSuchKey", "NotFound"}
_DELETE_BATCH = 1000  # DeleteObjects takes at most this many keys


class S3MediaStore(StagingStore):
    def __init__(self, settings: Settings) -> None:
        assert settings.media_url is not None
        self.bucket, self.prefix = parse_s3_url(settings.media_url)
        self.url = settings.media_url
        # Staging for uploads and downloads; owner folders tell a dead process's leftovers.
        self._owner = MediaOwner(settings.data_dir / "media-staging")
        self._client = boto3.session.Session().client(
            "s3",
            endpoint_url=settings.media_s3_endpoint_url,
            region_name=settings.media_s3_region,
            aws_access_key_id=settings.media_s3_access_key_id,
            aws_secret_access_key=settings.media_s3_secret_access_key,
            config=Config(
                s3={"addressing_style": settings.media_s3_addressing_style},
                retries={"max_attempts": settings.media_s3_max_attempts, "mode": "standard"},
                connect_timeout=settings.media_s3_connect_timeout,
                read_timeout=settings.media_s3_read_timeout,
                max_pool_connections=32,
            ),
        )
        self._transfer = TransferConfig(
            multipart_threshold=settings.media_s3_multipart_threshold,
            multipart_chunksize=settings.media_s3_part_size,
            max_concurrency=4,
        )

    def object_key(self, key: str) -> str:
        return self.prefix + check_key(key)

    async def _call(self, what: str, work: Callable[[], T]) -> T:
        """Run a blocking boto3 call in a thread; a store that does not answer is a 503."""
        try:
            return await asyncio.to_thread(work)
        except ClientError as exc:
            code = exc.response.get("Error", {}).get("Code", "error")
            log.warning("S3 %s failed on %s: %s", what, self.url, exc)
            raise MediaStoreUnavailable(
                f"The media store refused to {what} ({code}); try again later"
            ) from exc
        except BotoCoreError as exc:
            log.warning("S3 %s failed on %s: %s", what, self.url, exc)
            raise MediaStoreUnavailable(
                f"The media store is unreachable, could not {what}; try again later"
            ) from exc

    async def place(self, staged: Path, key: str) -> None:
        target = self.object_key(key)
        try:
            await self._call(
                "store the file",
                lambda: self._client.upload_file(
                    str(staged), self.bucket, target, Config=self._transfer
                ),
            )
        finally:
            await asyncio.to_thread(staged.unlink, True)

    async def put_file(self, key: str, source: Path) -> None:
        await self.place(source, key)

    async def put_bytes(self, key: str, data: bytes) -> None:
        target = self.object_key(key)
        await self._call(
            "store the file",
            lambda: self._client.put_object(Bucket=self.bucket, Key=target, Body=data),
        )

    async def size(self, key: str) -> int | None:
        target = self.object_key(key)

        def _head() -> int | None:
            try:
                found = self._client.head_object(Bucket=self.bucket, Key=target)
            except ClientError as exc:
                if exc.response.get("Error", {}).get("Code") in _MISSING:
                    return None
                raise
            return int(found["ContentLength"])

        return await self._call("read the file", _head)

    async def exists(self, key: str) -> bool:
        return await self.size(key) is not None

    async def read_range(self, key: str, start: int, end: int | None) -> StoredRange | None:
        target = self.object_key(key)
        wanted = f"bytes={start}-{'' if end is None else end}"

        def _get() -> dict[str, Any] | None:
            try:
                return self._client.get_object(Bucket=self.bucket, Key=target, Range=wanted)
            except ClientError as exc:
                if exc.response.get("Error", {}).get("Code") in _MISSING:
                    return None
                raise

        found = await self._call("read the file", _get)
        if found is None:
            return None
        length = int(found["ContentLength"])
        content_range = found.get("ContentRange")  # "bytes 0-99/1234"; absent on a whole file
        size = int(content_range.rsplit("/", 1)[1]) if content_range else length
        body = found["Body"]

        async def chunks() -> AsyncIterator[bytes]:
            # The response has started by now: a failure here can only cut the body short.
            try:
                while data := await asyncio.to_thread(body.read, READ_CHUNK):
                    yield data
            finally:
                await asyncio.to_thread(body.close)

        return StoredRange(size=size, start=start, end=start + length - 1, chunks=chunks())

    @asynccontextmanager
    async def local_copy(self, key: str) -> AsyncIterator[Path]:
        target = self.object_key(key)
        async with self.temp_file(Path(key).suffix) as path:

            def _download() -> None:
                try:
                    self._client.download_file(
                        self.bucket, target, str(path), Config=self._transfer
                    )
                except ClientError as exc:
                    if exc.response.get("Error", {}).get("Code") not in _MISSING:
                        raise  # a missing key leaves no file: the caller reports it

            await self._call("read the file", _download)
            yield path

    async def delete_prefix(self, prefix: str) -> None:
        folder = self.object_key(prefix).rstrip("/") + "/"

        def _delete() -> None:
            pages = self._client.get_paginator("list_objects_v2").paginate(
                Bucket=self.bucket, Prefix=folder
            )
            keys = [{"Key": o["Key"]} for page in pages for o in page.get("Contents", ())]
            for start in range(0, len(keys), _DELETE_BATCH):
                batch = keys[start : start + _DELETE_BATCH]
                done = self._client.delete_objects(
                    Bucket=self.bucket, Delete={"Objects": batch, "Quiet": True}
                )
                if done.get("Errors"):
                    first = done["Errors"][0]
                    raise ClientError(
                        {"Error": {"Code": first.get("Code", "error")}}, "DeleteObjects"
                    )

        await self._call("delete the files", _delete)

    async def list_activity_prefixes(self, *, older_than: float) -> list[tuple[str, str]]:
        cutoff = time.time() - older_than

        def _list() -> list[tuple[str, str]]:
            newest: dict[tuple[str, str], float] = {}
            pages = self._client.get_paginator("list_objects_v2").paginate(
                Bucket=self.bucket, Prefix=self.prefix
            )
            for page in pages:
                for found in page.get("Contents", ()):
                    parts = found["Key"].removeprefix(self.prefix).split("/")
                    if len(parts) < 3:
                        continue  # not org/activity/file: not ours to judge
                    when = found["LastModified"].timestamp()
                    pair = (parts[0], parts[1])
                    newest[pair] = max(newest.get(pair, 0.0), when)
            return [pair for pair, when in newest.items() if when <= cutoff]

        return await self._call("list the files", _list)

    def clear_temp(self) -> int:
        try:
            return self._owner.remove_dead()
        except OSError as exc:
            log.warning("could not clear staged uploads: %s", exc)
            return 0

    def others_writing(self) -> bool:
        # Other API processes on other machines upload into the same bucket, unseen from here:
        # the sweep always leaves them the grace period.
        return True
