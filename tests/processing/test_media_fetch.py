"""The mediaUrl fetcher against a real HTTP(S) server on 127.0.0.1, and the address policy."""

from __future__ import annotations

import hashlib
import ipaddress
import shutil
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from meetsight.config import Settings
from meetsight.jobs.errors import PermanentError, TransientError
from meetsight.media import fetch as media_fetch
from meetsight.media.fetch import FetchResult, fetch_media
from meetsight.security.address_policy import hostname_refusal, parse_target, refusal_reason
from meetsight.storage.local import LocalMediaStore

MB = 1024 * 1024


def body_bytes(n: int) -> bytes:
    """Deterministic, incompressible-looking content of length n."""
    block = hashlib.sha256(b"meetsight").digest() * 2048  # 64 KiB
    return (block * (n // len(block) + 1))[:n]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # chunked responses need 1.1
    server: MediaServer

    def log_message(self, format: str, *args: Any) -> None:  # quiet test output
        pass

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        self.server.hits.append(parts.path)
        self.server.hosts.append(self.headers.get("Host", ""))
        route = parts.path.strip("/").split("/")
        match route:
            case ["file", size]:
                self._send(body_bytes(int(size)), query.get("type", "audio/mpeg"), query)
            case ["chunked", size]:
                self._chunked(int(size))
            case ["redirect", hops]:
                left = int(hops)
                target = f"/redirect/{left - 1}" if left > 1 else "/file/1000"
                self._redirect(target)
            case ["to"]:
                self._redirect(query["url"])
            case ["status", code]:
                self.send_response(int(code))
                self.send_header("Content-Length", "0")
                self.end_headers()
            case ["slow"]:
                # Headers at once, then silence longer than the client's read timeout.
                self.send_response(200)
                self.send_header("Content-Length", "100")
                self.end_headers()
                self.wfile.write(b"x" * 10)
                self.wfile.flush()
                time.sleep(2)
            case ["host"]:
                self._send(self.headers.get("Host", "").encode(), "text/plain", query)
            case _:
                self.send_error(404)

    def _send(self, data: bytes, content_type: str, query: dict[str, str]) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        if "name" in query:
            self.send_header("Content-Disposition", f'attachment; filename="{query["name"]}"')
        self.end_headers()
        for start in range(0, len(data), 256 * 1024):
            self.wfile.write(data[start : start + 256 * 1024])

    def _chunked(self, size: int) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "audio/wav")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        data = body_bytes(size)
        try:
            for start in range(0, size, 64 * 1024):
                piece = data[start : start + 64 * 1024]
                self.wfile.write(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client hung up at its size limit: expected

    def _redirect(self, location: str) -> None:
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()


class MediaServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, tls: ssl.SSLContext | None = None) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.hits: list[str] = []
        self.hosts: list[str] = []
        if tls is not None:
            self.socket = tls.wrap_socket(self.socket, server_side=True)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # Clients hanging up mid-body (size limit) or mid-handshake (refused certificate) are what
        # several tests do on purpose; anything else is printed as usual.
        if not isinstance(sys.exc_info()[1], ConnectionError | ssl.SSLError):
            super().handle_error(request, client_address)

    @property
    def port(self) -> int:
        return int(self.server_address[1])


def _serve(tls: ssl.SSLContext | None = None) -> Iterator[MediaServer]:
    server = MediaServer(tls)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def server() -> Iterator[MediaServer]:
    yield from _serve()


@pytest.fixture
def base(server: MediaServer) -> str:
    server.hits.clear()
    server.hosts.clear()
    return f"http://127.0.0.1:{server.port}"


LIMITS: dict[str, Any] = {
    "max_bytes": 8 * MB,
    "connect_timeout": 2.0,
    "read_timeout": 0.5,
    "total_timeout": 10.0,
}


async def fetch(url: str, dest: Any, *, allow_private: bool = True, **kw: Any) -> FetchResult:
    return await fetch_media(url, dest, **{**LIMITS, "allow_private": allow_private, **kw})


def leftovers(folder: Path) -> list[str]:
    """Files left, less a media store's owner lock (storage/owners.py: not a leftover)."""
    return sorted(p.name for p in folder.rglob("*") if p.is_file() and p.suffix != ".lock")


# --- success -----------------------------------------------------------------------------


async def test_streams_a_multi_megabyte_body_to_disk(base: str, tmp_path: Path) -> None:
    target = tmp_path / "media" / "call.mp3"
    size = 5 * MB + 123
    result = await fetch(f"{base}/file/{size}?type=audio/mpeg;%20x=1", target)
    assert result.size == size
    assert result.content_type == "audio/mpeg"
    assert result.final_url == f"{base}/file/{size}?type=audio/mpeg;%20x=1"
    assert result.filename == str(size)
    assert target.read_bytes() == body_bytes(size)
    assert leftovers(tmp_path) == ["call.mp3"]  # the temporary file was renamed, not copied


async def test_streams_a_chunked_body_into_a_media_writer(base: str, tmp_path: Path) -> None:
    store = LocalMediaStore(tmp_path)
    writer = await store.open_writer()
    result = await fetch(f"{base}/chunked/{3 * MB}", writer)
    await writer.store_as("org/act/media.wav")
    assert result.size == 3 * MB and result.content_type == "audio/wav"
    assert (tmp_path / "org/act/media.wav").read_bytes() == body_bytes(3 * MB)
    assert leftovers(tmp_path / "tmp") == []


async def test_filename_from_content_disposition_is_a_bare_name(base: str, tmp_path: Path) -> None:
    result = await fetch(f"{base}/file/2000?name=..%2F..%2Fetc%2Fstandup.mp3", tmp_path / "m")
    assert result.filename == "standup.mp3"


async def test_host_header_carries_the_name_while_connecting_to_the_address(
    server: MediaServer, base: str, tmp_path: Path
) -> None:
    # "localhost" is resolved here and the connection goes to its checked address; the server
    # must still see the name the URL gave.
    url = f"http://localhost:{server.port}/host"
    result = await fetch(url, tmp_path / "h")
    assert (tmp_path / "h").read_text() == f"localhost:{server.port}"
    assert result.final_url == url


async def test_the_connection_goes_to_the_checked_address_not_a_new_lookup(
    server: MediaServer,
) -> None:
    # The name does not resolve at all: only a connection to the address that was checked can
    # succeed. A rebinding DNS server gets no second question to answer differently.
    url = parse_target(f"http://media.invalid:{server.port}/host")
    limits = httpx.Timeout(2.0)
    async with media_fetch._open(url, [ipaddress.ip_address("127.0.0.1")], limits, True) as r:
        assert (await r.aread()) == f"media.invalid:{server.port}".encode()


async def test_proxies_from_the_environment_are_not_used(
    base: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A proxy would make its own lookup of the name, undoing the address check.
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "all_proxy"):
        monkeypatch.setenv(name, "http://127.0.0.1:9")  # the discard port: nothing listens
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    result = await fetch(f"{base}/file/100", tmp_path / "p")
    assert result.size == 100


# --- size limits -----------------------------------------------------------------------------


async def test_too_large_by_content_length_is_refused_before_the_body(
    base: str, tmp_path: Path
) -> None:
    with pytest.raises(PermanentError, match="is 2097152 bytes, more than the limit of 1048576"):
        await fetch(f"{base}/file/{2 * MB}", tmp_path / "big", max_bytes=MB)
    assert leftovers(tmp_path) == []


async def test_too_large_while_streaming_without_content_length(base: str, tmp_path: Path) -> None:
    store = LocalMediaStore(tmp_path)
    writer = await store.open_writer()
    with pytest.raises(PermanentError, match="more than the limit of 1048576 bytes"):
        await fetch(f"{base}/chunked/{3 * MB}", writer, max_bytes=MB)
    assert leftovers(tmp_path) == []  # the writer's temporary file is gone too
    with pytest.raises(PermanentError, match="more than the limit"):
        await fetch(f"{base}/chunked/{3 * MB}", tmp_path / "x.wav", max_bytes=MB)
    assert leftovers(tmp_path) == []


async def test_exactly_the_limit_is_accepted(base: str, tmp_path: Path) -> None:
    result = await fetch(f"{base}/chunked/{MB}", tmp_path / "x", max_bytes=MB)
    assert result.size == MB


# --- redirects -------------------------------------------------------------------------------


async def test_three_redirects_are_followed(server: MediaServer, base: str, tmp_path: Path) -> None:
    result = await fetch(f"{base}/redirect/3", tmp_path / "r")
    assert result.size == 1000 and result.final_url == f"{base}/file/1000"
    assert server.hits == ["/redirect/3", "/redirect/2", "/redirect/1", "/file/1000"]


async def test_a_fourth_redirect_is_refused(server: MediaServer, base: str, tmp_path: Path) -> None:
    with pytest.raises(PermanentError, match="redirected more than 3 times"):
        await fetch(f"{base}/redirect/4", tmp_path / "r")
    assert "/file/1000" not in server.hits
    assert leftovers(tmp_path) == []
    # the limit is the caller's
    with pytest.raises(PermanentError, match="more than 1 times"):
        await fetch(f"{base}/redirect/2", tmp_path / "r", max_redirects=1)


async def test_each_hop_is_checked_again(server: MediaServer, base: str, tmp_path: Path) -> None:
    # A hop to a refused address or scheme ends the fetch, whatever the first hop was.
    with pytest.raises(PermanentError, match=r"169\.254\.169\.254 is a cloud metadata address"):
        await fetch(f"{base}/to?url=http://169.254.169.254/latest/meta-data/", tmp_path / "r")
    with pytest.raises(PermanentError, match="must be http or https, not file"):
        await fetch(f"{base}/to?url=file:///etc/passwd", tmp_path / "r")
    assert server.hits == ["/to", "/to"]  # neither refused hop was requested
    relative = await fetch(f"{base}/to?url=/file/10", tmp_path / "r")
    assert relative.final_url == f"{base}/file/10"


# --- address policy --------------------------------------------------------------------------


async def test_loopback_is_refused_without_the_setting(
    server: MediaServer, base: str, tmp_path: Path
) -> None:
    for url in (
        f"{base}/file/10",
        f"http://localhost:{server.port}/file/10",
        f"http://[::ffff:127.0.0.1]:{server.port}/file/10",
        f"http://2130706433:{server.port}/file/10",  # 127.0.0.1 as one number
        f"http://0x7f.1:{server.port}/file/10",
        f"http://127.1:{server.port}/file/10",
    ):
        with pytest.raises(PermanentError, match=r"Refused to fetch .*loopback"):
            await fetch(url, tmp_path / "m", allow_private=False)
    assert server.hits == []  # refused before connecting
    assert leftovers(tmp_path) == []


async def test_the_setting_is_read_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MEETSIGHT_MEDIA_URL_ALLOW_PRIVATE", "true")
    monkeypatch.setenv("MEETSIGHT_MEDIA_URL_READ_TIMEOUT", "5")
    settings = Settings()
    assert settings.media_url_allow_private is True
    assert settings.media_url_read_timeout == 5.0
    assert settings.media_url_connect_timeout == 10.0
    assert settings.media_url_total_timeout == 7200.0
    monkeypatch.delenv("MEETSIGHT_MEDIA_URL_ALLOW_PRIVATE")
    assert Settings().media_url_allow_private is False


async def test_metadata_names_are_refused_even_with_private_allowed(tmp_path: Path) -> None:
    for url in ("http://metadata.google.internal/computeMetadata/v1/", "http://169.254.169.254/"):
        with pytest.raises(PermanentError, match="metadata"):
            await fetch(url, tmp_path / "m", allow_private=True)


REFUSED = {
    "127.0.0.1": "loopback",
    "127.255.0.9": "loopback",
    "::1": "loopback",
    "10.1.2.3": "private",
    "172.16.0.1": "private",
    "172.31.255.255": "private",
    "192.168.1.1": "private",
    "fc00::1": "private",
    "fd12:3456::1": "private",
    "169.254.1.1": "link-local",
    "fe80::1": "link-local",
    "fe80::1%eth0": "link-local",
    "169.254.169.254": "metadata",
    "fd00:ec2::254": "metadata",
    "100.100.100.200": "metadata",
    "0.0.0.0": "unspecified",
    "::": "unspecified",
    "224.0.0.1": "multicast",
    "239.255.255.250": "multicast",
    "ff02::1": "multicast",
    "240.0.0.1": "reserved",
    "255.255.255.255": "reserved",
    "100.64.0.1": "carrier-grade NAT",
    "100.127.255.254": "carrier-grade NAT",
    "192.0.2.1": "documentation",
    "2001:db8::1": "documentation",
    "198.18.0.1": "benchmarking",
    "::ffff:127.0.0.1": "loopback",
    "::ffff:10.0.0.1": "private",
    "::ffff:169.254.169.254": "metadata",
    "64:ff9b::a00:1": "private",  # NAT64 of 10.0.0.1
    "2002:c0a8:101::1": "private",  # 6to4 of 192.168.1.1
    "::127.0.0.1": "IPv4-compatible",
    "2001::1": "IETF",  # Teredo
}
ALLOWED = [
    "8.8.8.8",
    "1.1.1.1",
    "93.184.215.14",
    "172.32.0.1",  # just outside 172.16/12
    "100.128.0.1",  # just outside 100.64/10
    "169.253.255.255",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",  # NAT64 of 8.8.8.8
]


@pytest.mark.parametrize(("address", "kind"), sorted(REFUSED.items()))
def test_policy_refuses(address: str, kind: str) -> None:
    reason = refusal_reason(address)
    assert reason is not None and kind in reason


@pytest.mark.parametrize("address", ALLOWED)
def test_policy_allows_public_addresses(address: str) -> None:
    assert refusal_reason(address) is None
    assert refusal_reason(ipaddress.ip_address(address), allow_private=True) is None


def test_allow_private_lets_private_through_but_not_metadata() -> None:
    for address, kind in REFUSED.items():
        expected_refused = kind == "metadata"
        assert (refusal_reason(address, allow_private=True) is not None) == expected_refused
    assert hostname_refusal("Metadata.Google.Internal.") is not None
    assert hostname_refusal("media.example.com") is None


# --- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "error", "words"),
    [
        (404, PermanentError, "404 Not Found: there is no media"),
        (410, PermanentError, "410 Gone"),
        (403, PermanentError, "403 Forbidden"),
        (400, PermanentError, "400 Bad Request"),
        (503, TransientError, "503 Service Unavailable"),
        (500, TransientError, "500 Internal Server Error"),
        (429, TransientError, "429 Too Many Requests"),
        (204, PermanentError, "204 No Content"),
        (302, PermanentError, "without a Location"),
    ],
)
async def test_status_codes(
    base: str, tmp_path: Path, code: int, error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words) as raised:
        await fetch(f"{base}/status/{code}?token=secret", tmp_path / "m")
    assert type(raised.value) is error
    assert "secret" not in str(raised.value)  # the query string may hold a signature
    assert leftovers(tmp_path) == []


async def test_a_silent_server_is_a_read_timeout(base: str, tmp_path: Path) -> None:
    started = time.monotonic()
    with pytest.raises(TransientError, match="read timeout"):
        await fetch(f"{base}/slow", tmp_path / "m", read_timeout=0.3)
    assert time.monotonic() - started < 1.5
    assert leftovers(tmp_path) == []


async def test_the_overall_deadline(base: str, tmp_path: Path) -> None:
    with pytest.raises(TransientError, match=r"did not finish within 0\.4 seconds"):
        await fetch(f"{base}/slow", tmp_path / "m", read_timeout=5.0, total_timeout=0.4)
    assert leftovers(tmp_path) == []


async def test_connection_refused_is_transient(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    # closed again: nothing listens on that port now
    with pytest.raises(TransientError, match="Could not connect"):
        await fetch(f"http://127.0.0.1:{port}/x", tmp_path / "m")


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("ftp://example.com/a.mp3", "must be http or https, not ftp"),
        ("file:///etc/passwd", "must be http or https, not file"),
        ("gopher://127.0.0.1:70/", "must be http or https"),
        ("example.com/a.mp3", "must be http or https, not no scheme"),
        ("http://user:pw@127.0.0.1/a.mp3", "must not contain a user name or password"),
        ("http://[::1/", "not a valid URL"),
    ],
)
async def test_bad_urls_are_permanent(url: str, words: str, tmp_path: Path) -> None:
    with pytest.raises(PermanentError, match=words):
        await fetch(url, tmp_path / "m")


# --- https: the connection goes to the address, the certificate is checked for the name ------


def _self_signed(folder: Path, name: str, *more: str) -> tuple[Path, Path]:
    cert, key = folder / f"{name}.crt", folder / f"{name}.key"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            "-subj", f"/CN={name}",
            "-addext", "subjectAltName=" + ",".join(f"DNS:{n}" for n in (name, *more)),
            "-keyout", str(key), "-out", str(cert),
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return cert, key


@pytest.fixture(scope="module")
def tls_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[MediaServer, Path]]:
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    cert, key = _self_signed(tmp_path_factory.mktemp("tls"), "localhost", "media.invalid")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    for server in _serve(context):
        yield server, cert


async def test_https_verifies_the_name_while_connecting_to_the_address(
    tls_server: tuple[MediaServer, Path], tmp_path: Path
) -> None:
    server, cert = tls_server
    trust = ssl.create_default_context(cafile=str(cert))
    url = f"https://localhost:{server.port}/file/{MB}"
    result = await fetch(url, tmp_path / "s", verify=trust)
    assert result.size == MB and (tmp_path / "s").read_bytes() == body_bytes(MB)
    # the certificate names localhost, not 127.0.0.1: by address it must not verify
    with pytest.raises(PermanentError, match="certificate"):
        await fetch(f"https://127.0.0.1:{server.port}/file/10", tmp_path / "s2", verify=trust)
    # and an untrusted certificate is refused too
    with pytest.raises(PermanentError, match="certificate"):
        await fetch(url, tmp_path / "s3")
    assert leftovers(tmp_path) == ["s"]


async def test_https_to_a_pinned_address_sends_the_name_for_sni(
    tls_server: tuple[MediaServer, Path],
) -> None:
    server, cert = tls_server
    trust = ssl.create_default_context(cafile=str(cert))
    url = parse_target(f"https://media.invalid:{server.port}/host")
    limits = httpx.Timeout(2.0)
    async with media_fetch._open(url, [ipaddress.ip_address("127.0.0.1")], limits, trust) as r:
        assert (await r.aread()) == f"media.invalid:{server.port}".encode()
