"""Host and Origin allow-lists for the MCP endpoint (DNS-rebinding protection).

Patterns: an exact value, `value:*` (that value with any port, or none), or `*` (anything).
Empty settings mean the host of the public URL and the loopback names."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from meetsight.config import Settings

LOOPBACK = ("localhost", "127.0.0.1", "[::1]")


def _matches(value: str, patterns: tuple[str, ...]) -> bool:
    value = value.lower()
    for pattern in patterns:
        if pattern == "*" or value == pattern:
            return True
        if pattern.endswith(":*"):
            base = pattern[:-2]
            if value == base or (value.startswith(base + ":") and value[len(base) + 1 :].isdigit()):
                return True
    return False


@dataclass(frozen=True, slots=True)
class OriginPolicy:
    hosts: tuple[str, ...]
    origins: tuple[str, ...]

    def host_allowed(self, host: str | None) -> bool:
        return bool(host) and _matches(host or "", self.hosts)

    def origin_allowed(self, origin: str | None) -> bool:
        # Clients that are not browsers send no Origin; a browser always does.
        return origin is None or _matches(origin, self.origins)


def origin_policy(settings: Settings) -> OriginPolicy:
    public = urlsplit(settings.resolved_public_url())
    public_host = (public.netloc or "").lower()
    served = f"{settings.host}:{settings.port}".lower()
    hosts = settings.mcp_allowed_hosts or [
        public_host,
        served,
        *(f"{name}:*" for name in LOOPBACK),
    ]
    origins = settings.mcp_allowed_origins or [
        f"{public.scheme}://{public_host}",
        *(f"{scheme}://{name}:*" for scheme in ("http", "https") for name in LOOPBACK),
    ]
    return OriginPolicy(
        hosts=tuple(h.lower() for h in hosts if h),
        origins=tuple(o.lower().rstrip("/") for o in origins if o),
    )
