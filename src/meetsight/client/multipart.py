"""A multipart/form-data body streamed from disk, with its length known up front and a callback
after every chunk: a recording of gigabytes is never read into memory."""

from __future__ import annotations

import mimetypes
import os
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

CHUNK_BYTES = 256 * 1024
Progress = Callable[[int, int], None]  # (bytes sent, total bytes of the file)


@dataclass(frozen=True, slots=True)
class FilePart:
    field: str  # "file" or "transcript"
    path: Path
    content_type: str | None = None

    @property
    def size(self) -> int:
        return os.path.getsize(self.path)

    def media_type(self) -> str:
        guessed, _ = mimetypes.guess_type(self.path.name)
        return self.content_type or guessed or "application/octet-stream"


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', "%22").replace("\r", "%0D").replace("\n", "%0A")


class MultipartBody:
    def __init__(
        self,
        fields: Sequence[tuple[str, str]],
        part: FilePart | None,
        progress: Progress | None = None,
    ) -> None:
        self.boundary = uuid.uuid4().hex
        self.fields = list(fields)
        self.part = part
        self.progress = progress
        self._head = self._render_head()
        self._tail = f"\r\n--{self.boundary}--\r\n".encode() if part else self._closing()

    def _closing(self) -> bytes:
        return f"--{self.boundary}--\r\n".encode()

    def _render_head(self) -> bytes:
        out = bytearray()
        for name, value in self.fields:
            out += f"--{self.boundary}\r\n".encode()
            out += f'Content-Disposition: form-data; name="{_quote(name)}"\r\n\r\n'.encode()
            out += value.encode() + b"\r\n"
        if self.part is not None:
            filename = _quote(self.part.path.name)
            out += f"--{self.boundary}\r\n".encode()
            out += (
                f'Content-Disposition: form-data; name="{self.part.field}"; '
                f'filename="{filename}"\r\n'
            ).encode()
            out += f"Content-Type: {self.part.media_type()}\r\n\r\n".encode()
        return bytes(out)

    @property
    def content_type(self) -> str:
        return f"multipart/form-data; boundary={self.boundary}"

    def __len__(self) -> int:
        size = self.part.size if self.part is not None else 0
        return len(self._head) + size + len(self._tail)

    def __iter__(self) -> Iterator[bytes]:
        yield self._head
        if self.part is not None:
            total = self.part.size
            sent = 0
            if self.progress:
                self.progress(0, total)
            with self.part.path.open("rb") as handle:
                while chunk := handle.read(CHUNK_BYTES):
                    sent += len(chunk)
                    yield chunk
                    if self.progress:
                        self.progress(sent, total)
        yield self._tail
