"""The media store that the settings name: S3 when media_url is set, else the local folder."""

from __future__ import annotations

from meetsight.config import Settings
from meetsight.storage.base import MediaStore
from meetsight.storage.local import LocalMediaStore


def open_media_store(settings: Settings) -> MediaStore:
    if settings.media_url:
        from meetsight.storage.s3 import S3MediaStore  # boto3 loads only where S3 is used

        return S3MediaStore(settings)
    return LocalMediaStore(settings.media_dir)
