"""Who may read /metrics: with MEETSIGHT_METRICS_TOKEN set, whoever sends it as a bearer token;
without, only loopback clients (a scraper on the same host, or through a proxy that forwards
the client address: uvicorn's proxy headers then show the real, non-loopback, caller)."""

from __future__ import annotations

import hmac
import ipaddress

from meetsight.errors import AppError


def check_metrics_access(token: str | None, client_host: str | None, authorization: str) -> None:
    """Raise a 401 or 403 AppError when the caller may not read the metrics."""
    if token:
        scheme, _, presented = authorization.partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(
            presented.strip().encode(), token.encode()
        ):
            refused = AppError("metrics: a valid bearer token is required", 401)
            # Its own token, not an OAuth one: no pointer to the API's authorization server.
            refused.headers = {"WWW-Authenticate": "Bearer"}
            raise refused
        return
    if not _is_loopback(client_host):
        raise AppError(
            "metrics: served to loopback clients only unless MEETSIGHT_METRICS_TOKEN is set", 403
        )


def _is_loopback(host: str | None) -> bool:
    if not host:
        return False
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"
