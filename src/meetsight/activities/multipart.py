"""A streaming multipart/form-data reader: file parts go straight to the media store in chunks,
so an upload of any size never sits in memory, and the size limit bites while it streams."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from python_multipart.exceptions import MultipartParseError
from python_multipart.multipart import MultipartParser, parse_options_header
from starlette.requests import ClientDisconnect, Request

from meetsight.errors import BadRequest, PayloadTooLarge, UnsupportedMedia, ValidationFailed
from meetsight.security.input_text import NOT_UTF8, NUL, field_name
from meetsight.storage.base import MediaStore, MediaWriter

MAX_FIELD_BYTES = 64 * 1024
MAX_FIELDS = 50


@dataclass
class UploadedForm:
    fields: dict[str, list[str]] = field(default_factory=dict)
    file: MediaWriter | None = None
    filename: str | None = None
    file_content_type: str | None = None
    transcript: bytes | None = None
    transcript_filename: str | None = None

    def value(self, name: str) -> str | None:
        values = self.fields.get(name)
        return values[-1] if values else None

    async def discard(self) -> None:
        if self.file is not None:
            await self.file.abort()
            self.file = None


@dataclass
class _Part:
    headers: dict[bytes, bytes] = field(default_factory=dict)
    name: str = ""
    filename: str | None = None
    target: str = "field"  # field, file or transcript
    buffer: bytearray = field(default_factory=bytearray)


class _Reader:
    def __init__(
        self, form: UploadedForm, media: MediaStore, max_file: int, max_transcript: int
    ) -> None:
        self.form = form
        self.media = media
        self.max_file = max_file
        self.max_transcript = max_transcript
        self.events: list[tuple[str, bytes]] = []
        self.part = _Part()
        self.header_field = b""
        self.header_value = b""

    def callbacks(self) -> Any:  # python-multipart's MultipartCallbacks, a TypedDict
        def add(kind: str) -> Any:
            return lambda: self.events.append((kind, b""))

        def add_data(kind: str) -> Any:
            return lambda data, start, end: self.events.append((kind, bytes(data[start:end])))

        return {
            "on_part_begin": add("begin"),
            "on_part_data": add_data("data"),
            "on_part_end": add("end"),
            "on_header_field": add_data("hfield"),
            "on_header_value": add_data("hvalue"),
            "on_header_end": add("hend"),
            "on_headers_finished": add("hdone"),
        }

    async def drain(self) -> None:
        events, self.events = self.events, []
        for kind, data in events:
            await self.handle(kind, data)

    async def handle(self, kind: str, data: bytes) -> None:
        part = self.part
        if kind == "begin":
            self.part = _Part()
        elif kind == "hfield":
            self.header_field += data
        elif kind == "hvalue":
            self.header_value += data
        elif kind == "hend":
            part.headers[self.header_field.lower()] = self.header_value
            self.header_field = self.header_value = b""
        elif kind == "hdone":
            await self.start_part(part)
        elif kind == "data":
            await self.part_data(part, data)
        elif kind == "end":
            self.end_part(part)

    async def start_part(self, part: _Part) -> None:
        disposition = part.headers.get(b"content-disposition", b"")
        _, options = parse_options_header(disposition)
        part.name = _header_text(options.get(b"name", b""), "a part name")
        raw_filename = options.get(b"filename")
        part.filename = (
            _header_text(raw_filename, f"{field_name(part.name)}: the file name")
            if raw_filename is not None
            else None
        )
        if part.name == "file" and part.filename is not None:
            if self.form.file is not None:
                raise BadRequest("file: send one file per upload")
            part.target = "file"
            self.form.file = await self.media.open_writer()
            self.form.filename = part.filename
            self.form.file_content_type = part.headers.get(b"content-type", b"").decode("latin-1")
        elif part.name == "transcript":
            part.target = "transcript"
            self.form.transcript_filename = part.filename
        elif sum(len(v) for v in self.form.fields.values()) >= MAX_FIELDS:
            raise BadRequest("Too many form fields")

    async def part_data(self, part: _Part, data: bytes) -> None:
        if part.target == "file":
            assert self.form.file is not None
            if self.form.file.size + len(data) > self.max_file:
                raise PayloadTooLarge(f"file: larger than the limit of {self.max_file} bytes")
            await self.form.file.write(data)
            return
        limit = self.max_transcript if part.target == "transcript" else MAX_FIELD_BYTES
        if len(part.buffer) + len(data) > limit:
            raise PayloadTooLarge(f"{part.name or 'field'}: larger than the limit of {limit} bytes")
        part.buffer.extend(data)

    def end_part(self, part: _Part) -> None:
        if part.target == "transcript":
            self.form.transcript = bytes(part.buffer)
        elif part.target == "field":
            try:
                text = part.buffer.decode("utf-8")
            except UnicodeDecodeError:
                raise BadRequest(f"{field_name(part.name)}: {NOT_UTF8}") from None
            if "\x00" in text:
                raise ValidationFailed(f"{field_name(part.name)}: {NUL}")
            self.form.fields.setdefault(part.name, []).append(text)


def _header_text(raw: bytes, what: str) -> str:
    """A part's name or file name: UTF-8 without NUL, checked before anything is stored (the
    request guard's rules, for the bodies it leaves to this reader)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest(f"{what} {NOT_UTF8}") from None
    if "\x00" in text:
        raise ValidationFailed(f"{what} {NUL}")
    return text


async def read_upload_form(
    request: Request, media: MediaStore, *, max_file_bytes: int, max_transcript_bytes: int
) -> UploadedForm:
    """Read the multipart body; on any error, the partial file is removed before raising."""
    content_type, params = parse_options_header(request.headers.get("content-type", ""))
    if content_type != b"multipart/form-data":
        raise UnsupportedMedia("Send the upload as multipart/form-data")
    boundary = params.get(b"boundary")
    if not boundary:
        raise BadRequest("The multipart body has no boundary")
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > max_file_bytes + 1024 * 1024:
        raise PayloadTooLarge(f"The upload is larger than the limit of {max_file_bytes} bytes")
    form = UploadedForm()
    reader = _Reader(form, media, max_file_bytes, max_transcript_bytes)
    parser = MultipartParser(boundary, reader.callbacks())
    try:
        async for chunk in request.stream():
            parser.write(chunk)
            await reader.drain()
        parser.finalize()
        await reader.drain()
    except MultipartParseError as exc:
        await form.discard()
        raise BadRequest(f"Malformed multipart body: {exc}") from None
    except ClientDisconnect:
        await form.discard()
        raise BadRequest("The client disconnected before the upload finished") from None
    except BaseException:
        await form.discard()
        raise
    if form.file is not None and form.file.size == 0 and not form.filename:
        await form.discard()  # a browser's empty file input
    return form
