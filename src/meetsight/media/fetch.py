"""Download a `mediaUrl` into the media store, safely.

The URL comes from an API caller, so the fetch treats it as hostile: only http(s), no
credentials in the URL, every host resolved here and checked against
`security.address_policy` (the one policy, shared with webhooks), and the connection made
to the very address that was checked (the URL's name still goes in the Host header and, for
https, in SNI and certificate checks), so DNS rebinding cannot redirect it.
Redirects are followed by hand, each hop checked again. The body streams to disk in chunks,
bounded in size, in silence between reads and in total time.

Failures raise `PermanentError` (retrying cannot help) or `TransientError` (the job worker tries
again after a backoff), each with a sentence fit to show on the activity. Error messages name the
URL without its query string, which may hold a signature (presigned S3 links).
"""

from __future__ import annotations

import asyncio
import contextlib
import email.message
import errno
import os
import socket
import ssl
import unicodedata
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Protocol
from urllib.parse import unquote

import httpx

from meetsight.errors import AppError
from meetsight.jobs.errors import PermanentError, TransientError
from meetsight.security.address_policy import (
    AddressRefused,
    IPAddress,
    Target,
    TargetError,
    parse_target,
    resolve_target,
)

CHUNK_BYTES = 1024 * 1024  # one write per MiB: few thread hops, little memory
MAX_ADDRESSES = 4  # addresses of one host tried in turn when a connection fails
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
USER_AGENT = "meetsight-media-fetch/1"


@dataclass(frozen=True, slots=True)
class FetchResult:
    size: int
    content_type: str | None  # the media type without parameters, lower case
    final_url: str  # after redirects
    filename: str | None  # from Content-Disposition, else the URL's last path segment


class ChunkSink(Protocol):
    """Where the body goes: `storage.local.MediaWriter` fits. The caller commits on success."""

    async def write(self, chunk: bytes) -> None: ...

    async def abort(self) -> None: ...


async def fetch_media(
    url: str,
    dest: ChunkSink | Path | str,
    *,
    max_bytes: int,
    allow_private: bool,
    connect_timeout: float,
    read_timeout: float,
    total_timeout: float,
    max_redirects: int = 3,
    verify: ssl.SSLContext | bool = True,
) -> FetchResult:
    """Download `url` into `dest`: a writer (aborted on failure, committed by the caller) or a
    file path (written beside it under a temporary name, renamed into place on success).

    `verify` is for private certificate authorities and tests; production keeps the default.
    """
    sink: ChunkSink = _FileSink(Path(dest)) if isinstance(dest, str | Path) else dest
    deadline = asyncio.timeout(total_timeout)
    try:
        async with deadline:
            result = await _fetch(
                url,
                sink,
                max_bytes=max_bytes,
                allow_private=allow_private,
                limits=httpx.Timeout(
                    connect=connect_timeout,
                    read=read_timeout,
                    write=read_timeout,
                    pool=connect_timeout,
                ),
                max_redirects=max_redirects,
                verify=verify,
            )
        if isinstance(sink, _FileSink):
            await sink.finish()
    except BaseException as exc:
        with contextlib.suppress(OSError):  # the original error is the one worth reporting
            await sink.abort()  # nothing half-written stays behind, whatever went wrong
        if isinstance(exc, TimeoutError) and deadline.expired():
            raise TransientError(
                f"Downloading {_safe(url)} did not finish within {total_timeout:g} seconds"
            ) from exc
        raise
    return result


async def _fetch(
    url: str,
    sink: ChunkSink,
    *,
    max_bytes: int,
    allow_private: bool,
    limits: httpx.Timeout,
    max_redirects: int,
    verify: ssl.SSLContext | bool,
) -> FetchResult:
    target = _parse(url)
    redirects = 0
    while True:
        current = target.url
        addresses = await _resolve_checked(target, allow_private, limits.connect or 10.0)
        async with _open(target, addresses, limits, verify) as response:
            if response.status_code in REDIRECT_STATUSES:
                location = response.headers.get("location")
                if not location:
                    raise PermanentError(
                        f"{_safe(current)} answered {response.status_code} without a Location"
                    )
                if redirects >= max_redirects:
                    raise PermanentError(f"{_safe(url)} redirected more than {max_redirects} times")
                redirects += 1
                try:
                    target = _parse(str(current.join(location)))
                except (PermanentError, httpx.InvalidURL) as exc:
                    raise PermanentError(
                        f"{_safe(current)} redirected to a refused URL: {exc}"
                    ) from exc
                continue
            _check_status(response, current)
            size = await _stream_body(response, sink, max_bytes, current)
            return FetchResult(
                size=size,
                content_type=_media_type(response.headers.get("content-type")),
                final_url=str(current),
                filename=_filename(response.headers.get("content-disposition"), current),
            )


def _parse(url: str) -> Target:
    """The URL under the address policy's rules, or a PermanentError saying what is wrong."""
    try:
        return parse_target(url)
    except TargetError as exc:
        raise PermanentError(f"The media URL {exc}") from exc


async def _resolve_checked(
    target: Target, allow_private: bool, lookup_seconds: float
) -> list[IPAddress]:
    """The host's addresses, all allowed by the policy, in the resolver's order of preference."""
    host = target.host
    try:
        return await resolve_target(
            target, allow_private=allow_private, lookup_seconds=lookup_seconds
        )
    except AddressRefused as exc:
        raise PermanentError(f"Refused to fetch {_safe(target.url)}: {exc.why}") from exc
    except TimeoutError as exc:
        raise TransientError(
            f"Looking up {host} took longer than {lookup_seconds:g} seconds"
        ) from exc
    except socket.gaierror as exc:
        if exc.errno in (socket.EAI_AGAIN, getattr(socket, "EAI_SYSTEM", None)):
            raise TransientError(f"Looking up {host} failed for now ({exc.strerror})") from exc
        raise PermanentError(f"The media URL's host {host} was not found") from exc
    except OSError as exc:
        raise PermanentError(f"The media URL's host {host} has no address") from exc


@asynccontextmanager
async def _open(
    target: Target,
    addresses: list[IPAddress],
    limits: httpx.Timeout,
    verify: ssl.SSLContext | bool,
) -> AsyncIterator[httpx.Response]:
    """A streamed GET of the target over a connection to one of the checked `addresses`."""
    url, host = target.url, target.host
    headers = {
        "Host": url.netloc.decode("ascii"),  # the name, with the port when not the default
        "User-Agent": USER_AGENT,
        "Accept-Encoding": "identity",  # the bytes as stored; a size limit on what is on disk
    }
    is_name = target.address is None
    # For https, the name goes in SNI and is what the certificate must match.
    extensions = {"sni_hostname": host} if url.scheme == "https" and is_name else {}
    # One client per hop, never pooled across hops: a connection verified for one name is not
    # reused for another that happens to share its address. No proxies from the environment.
    async with httpx.AsyncClient(
        timeout=limits, follow_redirects=False, trust_env=False, verify=verify
    ) as client:
        last: Exception | None = None
        for address in addresses[:MAX_ADDRESSES]:
            request = client.build_request(
                "GET",
                url.copy_with(host=str(address)),
                headers=headers,
                extensions=extensions,
            )
            try:
                response = await client.send(request, stream=True)
            except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
                if _certificate_error(exc):
                    raise PermanentError(
                        f"The certificate of {host} is not valid ({_certificate_error(exc)})"
                    ) from exc
                last = exc  # try the host's next address, as browsers do
                continue
            except httpx.HTTPError as exc:
                raise _network_error(exc, url) from exc
            try:
                yield response
            except httpx.HTTPError as exc:  # while the body streams
                raise _network_error(exc, url) from exc
            finally:
                await response.aclose()
            return
        assert last is not None
        raise _network_error(last, url) from last


def _check_status(response: httpx.Response, url: httpx.URL) -> None:
    status = response.status_code
    if status in (200, 203):
        return
    phrase = response.reason_phrase[:60]  # the server's words end up on the activity: bounded
    said = f"{_safe(url)} answered {status} {phrase}".rstrip()
    if status in (408, 425, 429) or status >= 500:
        retry_after = response.headers.get("retry-after")
        hint = f"; it asked to retry after {retry_after}" if retry_after else ""
        raise TransientError(f"{said}{hint}")
    if status in (401, 403):
        raise PermanentError(f"{said}: the media needs access the URL does not give")
    if status in (404, 410):
        raise PermanentError(f"{said}: there is no media at that address")
    raise PermanentError(said)


async def _stream_body(
    response: httpx.Response, sink: ChunkSink, max_bytes: int, url: httpx.URL
) -> int:
    declared = response.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > max_bytes:
        # Refused before reading: no point downloading what will be thrown away.
        raise PermanentError(
            f"The media at {_safe(url)} is {int(declared)} bytes, more than the limit of "
            f"{max_bytes} bytes"
        )
    size = 0
    async for chunk in response.aiter_bytes(CHUNK_BYTES):
        size += len(chunk)
        if size > max_bytes:
            raise PermanentError(
                f"The media at {_safe(url)} is more than the limit of {max_bytes} bytes"
            )
        try:
            await sink.write(chunk)
        except (OSError, AppError) as exc:
            why = exc.message if isinstance(exc, AppError) else exc.strerror
            raise TransientError(f"The download could not be stored ({why})") from exc
    if size == 0:
        raise PermanentError(f"{_safe(url)} answered with an empty body")
    return size


def _network_error(exc: Exception, url: httpx.URL) -> PermanentError | TransientError:
    where = _safe(url)
    if isinstance(exc, httpx.ConnectTimeout):
        return TransientError(f"Connecting to {where} timed out")
    if isinstance(exc, httpx.ReadTimeout):
        return TransientError(f"{where} stopped sending data (read timeout)")
    if isinstance(exc, httpx.TimeoutException):
        return TransientError(f"{where} timed out")
    if isinstance(exc, httpx.ConnectError):
        return TransientError(f"Could not connect to {where} ({exc or 'connection failed'})")
    if isinstance(exc, httpx.RemoteProtocolError):
        return TransientError(f"{where} broke off the transfer ({exc})")
    if isinstance(exc, httpx.NetworkError):
        return TransientError(f"The connection to {where} failed ({exc or 'network error'})")
    if isinstance(exc, httpx.DecodingError | httpx.UnsupportedProtocol | httpx.InvalidURL):
        return PermanentError(f"{where} could not be read ({exc})")
    return TransientError(f"Fetching {where} failed ({exc or type(exc).__name__})")


def _certificate_error(exc: BaseException) -> str | None:
    """The verification failure behind a connect error, if that is what it was."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, ssl.SSLCertVerificationError):
            return seen.verify_message or str(seen)
        seen = seen.__cause__ or seen.__context__
    return None


def _safe(url: str | httpx.URL) -> str:
    """The URL for messages: no credentials, no query (it may hold a signature)."""
    try:
        parsed = url if isinstance(url, httpx.URL) else httpx.URL(url)
        netloc = parsed.netloc.decode("ascii")
        text = f"{parsed.scheme}://{netloc}{parsed.path}" if netloc else parsed.path
    except (httpx.InvalidURL, TypeError):
        text = "the media URL"
    return text if len(text) <= 200 else text[:197] + "..."


def _media_type(header: str | None) -> str | None:
    if not header:
        return None
    kind = header.split(";", 1)[0].strip().lower()
    return kind or None


def _filename(disposition: str | None, url: httpx.URL) -> str | None:
    name: str | None = None
    if disposition:
        message = email.message.EmailMessage()
        try:
            message["content-disposition"] = disposition
            name = message.get_filename()
        except (ValueError, TypeError, IndexError):  # malformed headers: fall back to the URL
            name = None
    if not name:
        name = unquote(url.path.rsplit("/", 1)[-1])
    return _clean_filename(name)


def _clean_filename(name: str) -> str | None:
    """A base name safe to show and store: no folders, no control characters, bounded."""
    name = name.replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(c for c in name if unicodedata.category(c)[0] != "C").strip().lstrip(".")
    return name[:255] or None


class _FileSink:
    """Writes beside `target` under a temporary name; `finish` renames it into place."""

    def __init__(self, target: Path) -> None:
        self.target = target
        self.temp = target.with_name(f".{target.name}.{uuid.uuid4().hex}.part")
        self._handle: BinaryIO | None = None

    async def write(self, chunk: bytes) -> None:
        if self._handle is None:
            self._handle = await asyncio.to_thread(self._open)
        await asyncio.to_thread(self._handle.write, chunk)

    def _open(self) -> BinaryIO:
        self.target.parent.mkdir(parents=True, exist_ok=True)
        return self.temp.open("wb")

    async def finish(self) -> None:
        def _finish() -> None:
            if self._handle is None:  # cannot happen for a non-empty body; keep it total
                self._handle = self._open()
            self._handle.flush()
            os.fsync(self._handle.fileno())
            self._handle.close()
            os.replace(self.temp, self.target)

        try:
            await asyncio.to_thread(_finish)
        except OSError as exc:
            raise TransientError(f"The download could not be stored ({exc.strerror})") from exc

    async def abort(self) -> None:
        def _drop() -> None:
            if self._handle is not None and not self._handle.closed:
                self._handle.close()
            try:
                self.temp.unlink()
            except OSError as exc:
                if exc.errno != errno.ENOENT:
                    raise

        await asyncio.to_thread(_drop)
