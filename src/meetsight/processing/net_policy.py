"""Which network addresses a server-side fetch may connect to.

A `mediaUrl` is chosen by an API caller, so fetching it must not become a way to reach the
machine itself, the private network behind it or a cloud metadata service (SSRF). The fetcher
resolves host names itself, checks every address here and then connects to an address it
checked, so a DNS answer that changes between the check and the connection cannot slip through.
"""

from __future__ import annotations

import ipaddress
from typing import Final

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
_SIX_TO_FOUR: Final = ipaddress.IPv6Network("2002::/16")


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
