"""CORS: off unless MEETSIGHT_CORS_ORIGINS names the browser origins allowed to call the API."""

from __future__ import annotations

from fastapi import FastAPI
from starlette.middleware.cors import CORSMiddleware

from meetsight.config import Settings

ALLOWED_HEADERS = [
    "x-api-key",
    "authorization",
    "content-type",
    "accept",
    "mcp-protocol-version",
    "mcp-session-id",
    "last-event-id",
]
# What a browser client may read: limits, paging totals and the MCP session.
EXPOSED_HEADERS = [
    "RateLimit-Limit",
    "RateLimit-Remaining",
    "RateLimit-Reset",
    "RateLimit-Policy",
    "Retry-After",
    "X-Total-Count",
    "WWW-Authenticate",
    "mcp-session-id",
]


def install_cors(app: FastAPI, settings: Settings) -> None:
    """Credentials travel in headers, never cookies, so credentialed CORS stays off."""
    if not settings.cors_origins:
        return
    app.add_middleware(
        CORSMiddleware,
        allow_origins=settings.cors_origins,
        allow_methods=["GET", "POST", "PUT", "PATCH", "DELETE"],
        allow_headers=ALLOWED_HEADERS,
        expose_headers=EXPOSED_HEADERS,
        allow_credentials=False,
        max_age=600,
    )
