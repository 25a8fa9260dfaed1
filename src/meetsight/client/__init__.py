"""A Python client for meetsight's REST API.

    from meetsight.client import MeetsightClient

    with MeetsightClient("https://meetsight.example.com", api_key="msk_...") as ms:
        meeting_id = ms.meetings.upload("call.mp4", name="Acme discovery",
                                        progress=lambda sent, total: ...)
        meeting = ms.meetings.wait(meeting_id)
        for meeting in ms.meetings.iterate(status="completed"):
            ...

Every method returns the server's models (meetsight.client.models) and raises a MeetsightError
(statusCode and message from the envelope) when the server refuses. See docs/client.md.
"""

from __future__ import annotations

from types import TracebackType

import httpx

from meetsight.client.activities import CallsAPI, MeetingsAPI
from meetsight.client.errors import (
    BadRequest,
    ConnectionFailed,
    Forbidden,
    MeetsightError,
    NotFound,
    RateLimited,
    ServerError,
    Unauthorized,
)
from meetsight.client.resources import CallNotesAPI, SearchAPI, SmartCategoriesAPI, WebhooksAPI
from meetsight.client.transport import Http, Page

__all__ = [
    "BadRequest",
    "ConnectionFailed",
    "Forbidden",
    "MeetsightClient",
    "MeetsightError",
    "NotFound",
    "Page",
    "RateLimited",
    "ServerError",
    "Unauthorized",
]


class MeetsightClient:
    """A synchronous client (httpx). One instance keeps one connection pool; close it, or use
    it as a context manager."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        timeout: float = 60.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self._http = Http(base_url, api_key, timeout=timeout, transport=transport)
        self.meetings = MeetingsAPI(self._http)
        self.calls = CallsAPI(self._http)
        self.smart_categories = SmartCategoriesAPI(self._http)
        self.call_notes = CallNotesAPI(self._http)
        self.search = SearchAPI(self._http)
        self.webhooks = WebhooksAPI(self._http)

    @property
    def base_url(self) -> str:
        return self._http.base_url

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> MeetsightClient:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
