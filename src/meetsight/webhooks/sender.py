"""One HTTP attempt at a webhook delivery, under the same address policy as mediaUrl fetches.

The endpoint's URL is read and its host resolved by `security.address_policy` (the same
functions that check it when it is stored, and mediaUrl fetches), every address checked, and
the request sent to an address that was checked (the name still goes in Host and, for https,
in SNI and the certificate check), so a DNS answer that changes after the check cannot reach
the inside. Redirects are not followed: a 3xx is a failed attempt, as with most webhook senders.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import httpx

from meetsight.security.address_policy import (
    AddressRefused,
    IPAddress,
    Target,
    TargetError,
    parse_target,
    resolve_target,
)
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
        target, addresses = await _checked_target(url, allow_private, timeout_seconds)
    except _NotSent as exc:
        return AttemptResult(None, exc.error, took(), refused=exc.refused)
    parsed, host = target.url, target.host
    timestamp = int(time.time())
    headers = {
        "Host": parsed.netloc.decode("ascii"),
        "User-Agent": USER_AGENT,
        "Content-Type": "application/json",
        SIGNATURE_HEADER: signature_header(secret, timestamp, body),
        DELIVERY_HEADER: delivery_id,
        EVENT_HEADER: event,
    }
    is_name = target.address is None
    extensions = {"sni_hostname": host} if parsed.scheme == "https" and is_name else {}
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


class _NotSent(Exception):
    def __init__(self, error: str, *, refused: bool) -> None:
        super().__init__(error)
        self.error = error
        self.refused = refused  # by the address policy: retrying cannot help


async def _checked_target(
    url: str, allow_private: bool, lookup_seconds: float
) -> tuple[Target, list[IPAddress]]:
    """The URL and the addresses to send to, all allowed by the policy; _NotSent otherwise."""
    try:
        target = parse_target(url)
    except TargetError as exc:
        raise _NotSent(f"The webhook URL {exc}", refused=True) from exc
    try:
        addresses = await resolve_target(
            target, allow_private=allow_private, lookup_seconds=lookup_seconds
        )
    except AddressRefused as exc:
        hint = " (MEETSIGHT_WEBHOOK_ALLOW_PRIVATE allows it)" if exc.settable else ""
        error = f"Refused to deliver to {target.host}: {exc.why}{hint}"
        raise _NotSent(error, refused=True) from exc
    except (OSError, TimeoutError) as exc:
        raise _NotSent(_bounded(f"Looking up the host failed: {exc}"), refused=False) from exc
    return target, addresses


def _bounded(text: str) -> str:
    return text if len(text) <= MAX_ERROR_CHARS else text[: MAX_ERROR_CHARS - 3] + "..."
