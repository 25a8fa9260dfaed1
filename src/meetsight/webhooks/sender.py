"""One HTTP attempt at a webhook delivery, under the same address policy as mediaUrl fetches.

The endpoint's host is resolved here, every address checked with `net_policy`, and the request
sent to an address that was checked (the name still goes in Host and, for https, in SNI and the
certificate check), so a DNS answer that changes after the check cannot reach the inside.
Redirects are not followed: a 3xx is a failed attempt, as with most webhook senders.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import time
from dataclasses import dataclass

import httpx

from meetsight.processing.net_policy import IPAddress, hostname_refusal, refusal_reason
from meetsight.webhooks.signing import (
    DELIVERY_HEADER,
    EVENT_HEADER,
    SIGNATURE_HEADER,
    signature_header,
)

USER_AGENT = "meetsight-webhooks/1"
MAX_ADDRESSES = 4
MAX_ERROR_CHARS = 500


@dataclass(frozen=True, slots=True)
class AttemptResult:
    status_code: int | None
    error: str | None  # None when the endpoint answered 2xx
    duration_ms: float
    refused: bool = False  # the address policy refused the host: retrying cannot help

    @property
    def ok(self) -> bool:
        return self.error is None


class Refused(Exception):
    pass


async def send_delivery(
    url: str,
    *,
    secret: str,
    body: bytes,
    delivery_id: str,
    event: str,
    allow_private: bool,
    timeout_seconds: float,
) -> AttemptResult:
    """POST the signed body once; the outcome, never an exception, for the delivery log."""
    started = time.perf_counter()

    def took() -> float:
        return round((time.perf_counter() - started) * 1000, 1)

    try:
        parsed = httpx.URL(url)
        addresses = await _checked_addresses(parsed, allow_private, timeout_seconds)
    except Refused as exc:
        return AttemptResult(None, str(exc), took(), refused=True)
    except (OSError, TimeoutError, httpx.InvalidURL) as exc:
        return AttemptResult(None, _bounded(f"Looking up the host failed: {exc}"), took())
    timestamp = int(time.time())
    headers = {
        "Host": parsed.netloc.decode("ascii"),
        "User-Agent": USER_AGENT,
        "Content-Type": "application/json",
        SIGNATURE_HEADER: signature_header(secret, timestamp, body),
        DELIVERY_HEADER: delivery_id,
        EVENT_HEADER: event,
    }
    host = parsed.raw_host.decode("ascii")
    extensions = {"sni_hostname": host} if parsed.scheme == "https" and not _is_ip(host) else {}
    timeout = httpx.Timeout(timeout_seconds)
    async with httpx.AsyncClient(timeout=timeout, follow_redirects=False, trust_env=False) as c:
        error: str = "no address to connect to"
        for address in addresses[:MAX_ADDRESSES]:
            request = c.build_request(
                "POST",
                parsed.copy_with(host=str(address)),
                headers=headers,
                content=body,
                extensions=extensions,
            )
            try:
                response = await c.send(request)
            except httpx.ConnectError as exc:
                error = f"Could not connect to {address}: {exc or 'connection refused'}"
                continue  # the host's next address
            except httpx.TimeoutException:
                return AttemptResult(None, f"No answer within {timeout_seconds:g} s", took())
            except httpx.HTTPError as exc:
                return AttemptResult(None, _bounded(f"{type(exc).__name__}: {exc}"), took())
            status = response.status_code
            if 200 <= status < 300:
                return AttemptResult(status, None, took())
            said = f"The endpoint answered {status} {response.reason_phrase}".rstrip()
            return AttemptResult(status, _bounded(said), took())
        return AttemptResult(None, _bounded(error), took())


async def _checked_addresses(
    url: httpx.URL, allow_private: bool, lookup_seconds: float
) -> list[IPAddress]:
    if url.scheme not in ("http", "https") or not url.host:
        raise Refused("The webhook URL must be an http or https URL with a host")
    host = url.raw_host.decode("ascii")
    why = hostname_refusal(host)
    if why:
        raise Refused(f"Refused to deliver to {host}: {why}")
    try:
        addresses: list[IPAddress] = [ipaddress.ip_address(host)]
    except ValueError:
        addresses = await _resolve(
            host, url.port or (443 if url.scheme == "https" else 80), lookup_seconds
        )
    for address in addresses:
        why = refusal_reason(address, allow_private=allow_private)
        if why:
            settable = refusal_reason(address, allow_private=True) is None
            hint = " (MEETSIGHT_WEBHOOK_ALLOW_PRIVATE allows it)" if settable else ""
            raise Refused(f"Refused to deliver to {host}: {why}{hint}")
    return addresses


async def _resolve(host: str, port: int, lookup_seconds: float) -> list[IPAddress]:
    loop = asyncio.get_running_loop()
    infos = await asyncio.wait_for(
        loop.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP),
        lookup_seconds,
    )
    found: list[IPAddress] = []
    for *_, sockaddr in infos:
        address = ipaddress.ip_address(str(sockaddr[0]).split("%", 1)[0])
        if address not in found:
            found.append(address)
    if not found:
        raise OSError(f"{host} has no address")
    return found


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _bounded(text: str) -> str:
    return text if len(text) <= MAX_ERROR_CHARS else text[: MAX_ERROR_CHARS - 3] + "..."
