"""Which network addresses a server-side request may connect to: one policy for `mediaUrl`
fetches and webhook deliveries.

Both URLs are chosen by an API caller, so requesting them must not become a way to reach the
machine itself, the private network behind it or a cloud metadata service (SSRF). A URL is
checked when it is stored (`checked_target`) and again before every connection
(`resolve_target`), with the same host canonicalisation; the caller then connects to an address
that was checked, so a DNS answer that changes between the check and the connection cannot slip
through.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
from dataclasses import dataclass
from typing import Final

import httpx

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

# Metadata services hand out cloud credentials; no media server lives there, so they are refused
# even when private addresses are allowed.
METADATA_ADDRESSES: Final = frozenset(
    ipaddress.ip_address(a)
    for a in (
        "169.254.169.254",  # AWS, GCP, Azure, OpenStack, DigitalOcean, ...
        "169.254.170.2",  # AWS ECS task credentials
        "fd00:ec2::254",  # AWS over IPv6
        "100.100.100.200",  # Alibaba Cloud
    )
)
METADATA_HOSTNAMES: Final = frozenset(
    {"metadata.google.internal", "metadata.goog", "metadata", "instance-data"}
)

# Checked in order; the first match names the refusal. Explicit rather than only
# `ipaddress.is_global`, whose tables differ between Python patch releases.
_V4_BLOCKS: Final[tuple[tuple[str, str], ...]] = (
    ("0.0.0.0/8", 'an unspecified ("this network") address'),
    ("127.0.0.0/8", "a loopback address"),
    ("10.0.0.0/8", "a private address"),
    ("172.16.0.0/12", "a private address"),
    ("192.168.0.0/16", "a private address"),
    ("100.64.0.0/10", "a carrier-grade NAT (shared) address"),
    ("169.254.0.0/16", "a link-local address"),
    ("192.0.0.0/24", "an IETF protocol assignment address"),
    ("192.0.2.0/24", "a documentation address"),
    ("198.51.100.0/24", "a documentation address"),
    ("203.0.113.0/24", "a documentation address"),
    ("198.18.0.0/15", "a benchmarking address"),
    ("224.0.0.0/4", "a multicast address"),
    ("240.0.0.0/4", "a reserved address"),  # includes 255.255.255.255, broadcast
)
_V6_BLOCKS: Final[tuple[tuple[str, str], ...]] = (
    ("::/128", "an unspecified address"),
    ("::1/128", "a loopback address"),
    ("::/96", "a deprecated IPv4-compatible address"),
    ("100::/64", "a discard-only address"),
    ("fc00::/7", "a private (unique local) address"),
    ("fe80::/10", "a link-local address"),
    ("fec0::/10", "a site-local address"),
    ("ff00::/8", "a multicast address"),
    ("2001:db8::/32", "a documentation address"),
    ("3fff::/20", "a documentation address"),
    ("2001::/23", "an IETF protocol assignment address"),  # includes Teredo 2001::/32
    ("64:ff9b:1::/48", "a local-use NAT64 address"),
)
_V4_NETS: Final = tuple((ipaddress.IPv4Network(n), why) for n, why in _V4_BLOCKS)
_V6_NETS: Final = tuple((ipaddress.IPv6Network(n), why) for n, why in _V6_BLOCKS)
_NAT64: Final = ipaddress.IPv6Network("64:ff9b::/96")


def embedded_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 form leads to (mapped, NAT64 or 6to4), if any."""
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address in _NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if address.sixtofour is not None:
        return address.sixtofour
    return None


def refusal_reason(address: str | IPAddress, *, allow_private: bool = False) -> str | None:
    """Why a fetch must not connect to `address`, or None when it may.

    `allow_private` lets loopback, private, link-local and other non-public addresses through
    (tests and media servers on an intranet); metadata services stay refused either way.
    """
    ip = ipaddress.ip_address(address) if isinstance(address, str) else address
    if isinstance(ip, ipaddress.IPv6Address) and ip.scope_id:
        ip = ipaddress.IPv6Address(int(ip))  # fe80::1%eth0: the zone does not change the class
    if ip in METADATA_ADDRESSES:
        return f"{ip} is a cloud metadata address"
    if isinstance(ip, ipaddress.IPv6Address):
        inner = embedded_ipv4(ip)
        if inner is not None:
            why = refusal_reason(inner, allow_private=allow_private)
            return f"{ip} leads to {why}" if why else None
    if allow_private:
        return None
    nets = _V4_NETS if isinstance(ip, ipaddress.IPv4Address) else _V6_NETS
    for net, why in nets:
        if ip in net:
            return f"{ip} is {why}"
    if not ip.is_global:  # a belt over the tables above, for ranges they may miss
        return f"{ip} is not a public address"
    return None


def hostname_refusal(host: str) -> str | None:
    """Names refused before any lookup: metadata services, whatever they resolve to."""
    name = host.rstrip(".").lower()
    if name in METADATA_HOSTNAMES:
        return f"{host} is a cloud metadata service"
    return None


# --- one policy for every URL the server connects to (mediaUrl, webhooks) --------------------
#
# A URL is checked twice with the same functions: when it is stored (what is certain without
# DNS: its form, and the host when it is an address, whichever way it is written) and before
# every connection (the resolver's answers too). A host is canonicalised the way resolvers
# and browsers read it: "2130706433", "017700000001", "0x7f000001", "0x7f.1", "127.1" and
# "127.0.0.1." all denote 127.0.0.1 (inet_aton, and the WHATWG URL standard's IPv4 parser).

LOOPBACK_NAMES: Final = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})
_LABEL = re.compile(r"[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?")
_NUMBER = re.compile(r"0[xX][0-9a-fA-F]*|0[0-7]*|[1-9][0-9]*")
MAX_HOST_CHARS = 253


class TargetError(ValueError):
    """The URL cannot be a target; the message is a sentence without the URL."""


@dataclass(frozen=True, slots=True)
class Target:
    url: httpx.URL  # without its fragment
    host: str  # lower case, no trailing dot, an IPv6 address without brackets
    address: IPAddress | None  # the host as an address, in whichever form it was written
    port: int


def _ipv4_part(text: str) -> int | None:
    if not _NUMBER.fullmatch(text):
        return None
    if text[:2].lower() == "0x":
        return int(text[2:] or "0", 16)
    return int(text, 8) if len(text) > 1 and text[0] == "0" else int(text)


def numeric_ipv4(host: str) -> ipaddress.IPv4Address | None:
    """The IPv4 address a host of 1 to 4 numbers (decimal, octal with a leading 0, hex with
    0x) denotes, the last number filling the remaining bytes; None when the host is a name.
    TargetError when its last label is a number but the whole is no address ("foo.1",
    "1.2.3.4.5", "256.1.1.1"): browsers refuse those, and resolvers read them differently."""
    labels = host.split(".")
    if not _NUMBER.fullmatch(labels[-1]) and not labels[-1].isdigit():
        return None
    parts = [_ipv4_part(label) for label in labels]
    if len(parts) > 4 or any(p is None for p in parts):
        raise TargetError(f"has a host that is neither a name nor an IPv4 address ({host})")
    numbers = [p for p in parts if p is not None]
    last_limit = 256 ** (5 - len(numbers))
    if any(p > 255 for p in numbers[:-1]) or numbers[-1] >= last_limit:
        raise TargetError(f"has a host that is neither a name nor an IPv4 address ({host})")
    value = numbers[-1]
    for index, part in enumerate(numbers[:-1]):
        value += part << (8 * (3 - index))
    return ipaddress.IPv4Address(value)


def host_address(host: str) -> IPAddress | None:
    """The address `host` (httpx's raw host: ASCII, IPv6 without brackets) denotes, or
    None for a name; TargetError for a host that is neither."""
    if ":" in host:
        try:
            return ipaddress.ip_address(host.replace("%25", "%", 1))
        except ValueError:
            raise TargetError(f"has a host that is not a valid IPv6 address ({host})") from None
    if not host or len(host) > MAX_HOST_CHARS:
        raise TargetError("has an empty or overlong host")
    address = numeric_ipv4(host)
    if address is None and not all(_LABEL.fullmatch(label) for label in host.split(".")):
        raise TargetError(f"has a host that is not a valid host name ({host[:80]})")
    return address


def parse_target(url: str | httpx.URL) -> Target:
    """The URL as a target of a server-side request, or TargetError saying what is wrong."""
    try:
        parsed = url if isinstance(url, httpx.URL) else httpx.URL(url)
    except (httpx.InvalidURL, TypeError, ValueError) as exc:
        raise TargetError(f"not a valid URL ({exc})") from None
    if parsed.scheme not in ("http", "https"):
        raise TargetError(f"must be http or https, not {parsed.scheme or 'no scheme'}")
    if not parsed.host:
        raise TargetError("has no host")
    # Refused rather than sent: credentials would sit in the database and logs, and
    # "http://trusted@elsewhere/" reads as a host it is not.
    if parsed.userinfo:
        raise TargetError("must not contain a user name or password")
    host = parsed.raw_host.decode("ascii").lower()  # IDNA-encoded: xn--...
    host = host[:-1] if host.endswith(".") and ":" not in host else host
    address = host_address(host)
    port = parsed.port or (443 if parsed.scheme == "https" else 80)
    return Target(parsed.copy_with(fragment=None), host, address, port)


def target_refusal(target: Target, *, allow_private: bool) -> str | None:
    """Why connecting to this target is refused whatever the resolver says, or None: metadata
    names, loopback names, and an address host refused by `refusal_reason`."""
    why = hostname_refusal(target.host)
    if why:
        return why
    is_loopback_name = target.host in LOOPBACK_NAMES or target.host.endswith(".localhost")
    if is_loopback_name and not allow_private:
        return f"{target.host} is a loopback name"
    if target.address is not None:
        return refusal_reason(target.address, allow_private=allow_private)
    return None


def checked_target(url: str, *, allow_private: bool) -> Target:
    """The check when a URL is stored: TargetError for a malformed URL, or one refused whatever
    the resolver will say (its host is a refused address, in any form, or a refused name)."""
    target = parse_target(url)
    why = target_refusal(target, allow_private=allow_private)
    if why:
        raise TargetError(f"{why}; the server does not connect there")
    return target


class AddressRefused(Exception):
    """The policy refuses the target (retrying cannot help); `why` says why, and `settable`
    whether MEETSIGHT_*_ALLOW_PRIVATE would let it through (never for metadata services)."""

    def __init__(self, why: str, *, settable: bool) -> None:
        super().__init__(why)
        self.why = why
        self.settable = settable


async def resolve_target(
    target: Target, *, allow_private: bool, lookup_seconds: float
) -> list[IPAddress]:
    """The addresses to connect to, every one allowed by the policy, in the resolver's order;
    AddressRefused otherwise. Lookup failures are left to the caller, which knows whether to
    retry: socket.gaierror, TimeoutError, or OSError for an answer without addresses."""
    why = target_refusal(target, allow_private=allow_private)
    if why:
        settable = target_refusal(target, allow_private=True) is None
        raise AddressRefused(why, settable=settable)
    if target.address is not None:
        return [target.address]
    addresses = await resolve_host(target.host, target.port, lookup_seconds)
    for address in addresses:
        # Any refused address refuses the host: an answer that mixes public and private
        # addresses is what a rebinding attack looks like.
        why = refusal_reason(address, allow_private=allow_private)
        if why:
            settable = refusal_reason(address, allow_private=True) is None
            raise AddressRefused(why, settable=settable)
    return addresses


async def resolve_host(host: str, port: int, lookup_seconds: float) -> list[IPAddress]:
    """Every distinct address the resolver gives for `host`; socket.gaierror, TimeoutError or
    OSError (no address) when it gives none."""
    loop = asyncio.get_running_loop()
    infos = await asyncio.wait_for(
        loop.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP),
        lookup_seconds,
    )
    found: list[IPAddress] = []
    for *_, sockaddr in infos:
        # The zone of a link-local IPv6 answer is dropped; the policy refuses those anyway.
        address = ipaddress.ip_address(str(sockaddr[0]).split("%", 1)[0])
        if address not in found:
            found.append(address)
    if not found:
        raise OSError(f"{host} has no address")
    return found
