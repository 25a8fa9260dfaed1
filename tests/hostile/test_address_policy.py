"""One address policy for mediaUrl and webhooks (security/address_policy.py): the same host
canonicalisation when a URL is stored and when the server connects, so every way of writing
127.0.0.1 (one number, octal, hex, short forms, IPv6 forms, a trailing dot) is refused exactly
as 127.0.0.1 is, and the resolver's answers are checked too."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from fixtures.multipart import multipart
from fixtures.servers import serve_files
from fixtures.shapes import check_error
from fixtures.webhook_receiver import webhook_receiver
from hostile.conftest import API, Target, is_page
from meetsight.jobs.errors import PermanentError
from meetsight.media.fetch import fetch_media
from meetsight.security.address_policy import TargetError, parse_target, target_refusal
from meetsight.webhooks.sender import send_delivery

LOOPBACK = "127.0.0.1 is a loopback address"
# Each of these hosts is 127.0.0.1 to inet_aton, to getaddrinfo and to browsers.
LOOPBACK_FORMS = [
    "127.0.0.1",
    "2130706433",
    "017700000001",
    "0x7f000001",
    "0x7F000001",
    "0x7f.1",
    "127.1",
    "127.0.1",
    "0x7f.0.0.1",
    "0177.0.1",
    "127.0.0.1.",
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "[0:0:0:0:0:ffff:127.0.0.1]",
]
OTHER_REFUSED = {
    "0": "0.0.0.0 is an unspecified",
    "0x0": "0.0.0.0 is an unspecified",
    "[::1]": "::1 is a loopback address",
    "[::]": ":: is an unspecified address",
    "[::127.0.0.1]": "deprecated IPv4-compatible",
    "localhost.": "localhost is a loopback name",
    "LocalHost": "localhost is a loopback name",
    "media.localhost": "media.localhost is a loopback name",
    "2852039166": "169.254.169.254 is a cloud metadata address",
    "0xa9fea9fe": "169.254.169.254 is a cloud metadata address",
    "10.1": "10.0.0.1 is a private address",
    "3232235521": "192.168.0.1 is a private address",
}
# Four dotted numbers with a leading zero (0177.0.0.1 is 127.0.0.1 to inet_aton) are refused
# by the URL parser itself; the others are neither a name nor an address.
MALFORMED = [
    "[::1:18081",
    "[bad",
    "]",
    "0177.0.0.1",
    "foo.1",
    "1.2.3.4.5",
    "08.0.1",
    "%31.0.0.1",
]


def _expected(host: str) -> str:
    return LOOPBACK if host in LOOPBACK_FORMS else OTHER_REFUSED[host]


@pytest.mark.parametrize("host", [*LOOPBACK_FORMS, *OTHER_REFUSED])
def test_every_form_reads_as_its_address(host: str) -> None:
    why = target_refusal(parse_target(f"http://{host}:8080/x"), allow_private=False)
    assert why is not None and _expected(host) in why


@pytest.mark.parametrize("host", MALFORMED)
def test_malformed_hosts_are_no_target(host: str) -> None:
    with pytest.raises(TargetError):
        parse_target(f"http://{host}/x")


@pytest.mark.parametrize(
    ("host", "address"),
    [("8.8.8.8", "8.8.8.8"), ("134744072", "8.8.8.8"), ("0x8.0x8.0x8.0x8", "8.8.8.8")],
)
def test_public_forms_are_allowed_as_their_address(host: str, address: str) -> None:
    target = parse_target(f"https://{host}/x")
    assert str(target.address) == address
    assert target_refusal(target, allow_private=False) is None


# --- when a URL is stored ---------------------------------------------------------------------


@pytest.mark.parametrize("host", [*LOOPBACK_FORMS, *OTHER_REFUSED])
async def test_webhook_creation_refuses_every_form(target: Target, host: str) -> None:
    response = await target.browser.post(
        f"{API}/webhooks", json={"url": f"http://{host}:8080/in"}, headers=target.headers
    )
    message = check_error(response, 422)
    assert message.startswith("url: ") and _expected(host) in message


async def test_webhook_update_and_settings_page_refuse_them_too(target: Target) -> None:
    made = await target.browser.post(
        f"{API}/webhooks", json={"url": "https://hooks.example.com/a"}, headers=target.headers
    )
    hook = made.json()["data"]["id"]
    changed = await target.browser.patch(
        f"{API}/webhooks/{hook}", json={"url": "http://0x7f.1/in"}, headers=target.headers
    )
    assert LOOPBACK in check_error(changed, 422)
    form = {"csrf_token": target.csrf, "url": "http://2130706433/in"}
    page = await target.browser.post("/settings/webhooks", data=form)
    assert f"url: {LOOPBACK}" in is_page(page, 422)


@pytest.mark.parametrize("host", [*LOOPBACK_FORMS, "0", "2852039166", *MALFORMED])
@pytest.mark.parametrize("kind", ["meetings", "calls"])
async def test_media_url_upload_refuses_every_form(target: Target, kind: str, host: str) -> None:
    fields = [("name", "U"), ("startDateTime", "2026-10-06T10:00:00Z")]
    body, headers = multipart([*fields, ("mediaUrl", f"http://{host}:8080/a.mp3")])
    response = await target.browser.post(
        f"{API}/{kind}/upload", content=body, headers={**target.headers, **headers}
    )
    message = check_error(response, 422)
    assert message.startswith("mediaUrl: ")
    if host not in MALFORMED:
        assert _expected(host) in message


# --- when the server connects -----------------------------------------------------------------


async def _deliver(url: str, *, allow_private: bool) -> object:
    return await send_delivery(
        url,
        secret="s" * 24,
        body=b"{}",
        delivery_id="d1",
        event="meeting_status_changed",
        allow_private=allow_private,
        timeout_seconds=5,
    )


def _loopback_name() -> str:
    """A name that is not a loopback name but that the resolver answers with a loopback
    address: this machine's own name, from /etc/hosts."""
    name = socket.gethostname()
    try:
        answers = {info[4][0] for info in socket.getaddrinfo(name, 80)}
    except OSError:
        pytest.skip(f"{name} does not resolve here")
    if not answers or not all(a.startswith("127.") or a == "::1" for a in answers):
        pytest.skip(f"{name} resolves to {answers}, not only to loopback")
    return name


async def test_delivery_refuses_every_form_and_connects_to_none() -> None:
    with webhook_receiver() as receiver:
        port = receiver.url.rsplit(":", 1)[1].split("/", 1)[0]
        for host in [*LOOPBACK_FORMS, _loopback_name()]:
            result = await _deliver(f"http://{host}:{port}/in", allow_private=False)
            assert result.refused and LOOPBACK in str(result.error), (host, result)  # type: ignore[attr-defined]
        for host in MALFORMED[2:]:  # the URLs that parse at all
            result = await _deliver(f"http://{host}:{port}/in", allow_private=False)
            assert result.refused, (host, result)  # type: ignore[attr-defined]
        assert receiver.received == []
        # Allowed, each form reaches the one address it denotes.
        for host in ("2130706433", "0x7f.1", "127.1", "[::ffff:127.0.0.1]"):
            result = await _deliver(f"http://{host}:{port}/in", allow_private=True)
            assert result.ok, (host, result)  # type: ignore[attr-defined]
        assert len(receiver.received) == 4


async def test_media_fetch_refuses_every_form_and_connects_to_none(tmp_path: Path) -> None:
    with serve_files({"/a.mp3": b"x" * 100}) as base:
        port = base.rsplit(":", 1)[1]
        for host in [*LOOPBACK_FORMS, _loopback_name()]:
            with pytest.raises(PermanentError, match="loopback"):
                await fetch_media(
                    f"http://{host}:{port}/a.mp3",
                    tmp_path / "m",
                    max_bytes=1000,
                    allow_private=False,
                    connect_timeout=5,
                    read_timeout=5,
                    total_timeout=10,
                )
        for host in ("2130706433", "0x7f.1"):
            fetched = await fetch_media(
                f"http://{host}:{port}/a.mp3",
                tmp_path / host,
                max_bytes=1000,
                allow_private=True,
                connect_timeout=5,
                read_timeout=5,
                total_timeout=10,
            )
            assert fetched.size == 100
