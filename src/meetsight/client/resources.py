"""The organization-wide resources: smart categories, call notes, search and webhooks."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import date
from typing import Any, Literal

from meetsight.client import models as m
from meetsight.client.transport import Http, Page, iterate

_UNSET: Any = object()


def _given(**fields: Any) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if v is not _UNSET}


class SmartCategoriesAPI:
    def __init__(self, http: Http) -> None:
        self._http = http

    def list(self, *, limit: int = 10, page: int = 1) -> Page[m.SmartCategory]:
        return self._http.page(m.SmartCategory, "/smart-categories", {}, limit=limit, page=page)

    def iterate(self, *, page_size: int = 100) -> Iterator[m.SmartCategory]:
        return iterate(lambda n: self.list(limit=page_size, page=n))

    def create(
        self,
        name: str,
        *,
        description: str = "",
        examples: Sequence[str] = (),
        type: Literal["all", "videocall", "presential", "phonecall"] = "all",
    ) -> m.SmartCategory:
        body = {"name": name, "description": description, "examples": list(examples), "type": type}
        return self._http.model(m.SmartCategory, "POST", "/smart-categories", json=body)

    def update(
        self,
        category_id: str,
        *,
        name: str = _UNSET,
        description: str = _UNSET,
        examples: Sequence[str] = _UNSET,
        type: str = _UNSET,
    ) -> m.SmartCategory:
        """Change only the fields given."""
        body = _given(name=name, description=description, examples=examples, type=type)
        if "examples" in body:
            body["examples"] = list(body["examples"])
        return self._http.model(
            m.SmartCategory, "PATCH", f"/smart-categories/{category_id}", json=body
        )

    def delete(self, category_id: str) -> bool:
        return bool(self._http.data("DELETE", f"/smart-categories/{category_id}"))


class CallNotesAPI:
    def __init__(self, http: Http) -> None:
        self._http = http

    def list(
        self, *, call_id: str | None = None, limit: int = 10, page: int = 1
    ) -> Page[m.CallNotes]:
        """One entry per call, newest call first."""
        return self._http.page(
            m.CallNotes, "/call-notes", {"callId": call_id}, limit=limit, page=page
        )

    def iterate(self, *, page_size: int = 100) -> Iterator[m.CallNotes]:
        return iterate(lambda n: self.list(limit=page_size, page=n))


class SearchAPI:
    def __init__(self, http: Http) -> None:
        self._http = http

    def __call__(
        self,
        q: str,
        *,
        scope: Literal["title", "sentences", "all"] = "all",
        type: Literal["meetings", "calls", "all"] = "all",
        from_date: str | date | None = None,
        to_date: str | date | None = None,
        direction: Literal["inbound", "outbound"] | None = None,
        from_number: str | None = None,
        to_number: str | None = None,
        limit: int = 10,
        page: int = 1,
    ) -> Page[m.SearchHit]:
        """Titles and transcript sentences, best matches first."""
        params = {
            "q": q,
            "scope": scope,
            "type": type,
            "fromDate": str(from_date) if from_date else None,
            "toDate": str(to_date) if to_date else None,
            "direction": direction,
            "fromNumber": from_number,
            "toNumber": to_number,
        }
        return self._http.page(m.SearchHit, "/search", params, limit=limit, page=page)

    def iterate(self, q: str, *, page_size: int = 100, **filters: Any) -> Iterator[m.SearchHit]:
        return iterate(lambda n: self(q, limit=page_size, page=n, **filters))


class WebhooksAPI:
    """Needs an API key with both meetings:write and calls:write (docs/webhooks.md)."""

    def __init__(self, http: Http) -> None:
        self._http = http

    def list(self, *, limit: int = 10, page: int = 1) -> Page[m.Webhook]:
        return self._http.page(m.Webhook, "/webhooks", {}, limit=limit, page=page)

    def iterate(self, *, page_size: int = 100) -> Iterator[m.Webhook]:
        return iterate(lambda n: self.list(limit=page_size, page=n))

    def create(
        self,
        url: str,
        *,
        events: Sequence[str] = ("meeting_status_changed",),
        secret: str | None = None,
        active: bool = True,
        description: str | None = None,
    ) -> m.Webhook:
        """The new endpoint; its `secret` is in this answer only."""
        body: dict[str, Any] = {"url": url, "events": list(events), "active": active}
        if secret is not None:
            body["secret"] = secret
        if description is not None:
            body["description"] = description
        return self._http.model(m.Webhook, "POST", "/webhooks", json=body)

    def get(self, webhook_id: str) -> m.Webhook:
        return self._http.model(m.Webhook, "GET", f"/webhooks/{webhook_id}")

    def update(
        self,
        webhook_id: str,
        *,
        url: str = _UNSET,
        events: Sequence[str] = _UNSET,
        secret: str = _UNSET,
        active: bool = _UNSET,
        description: str | None = _UNSET,
    ) -> m.Webhook:
        body = _given(url=url, events=events, secret=secret, active=active, description=description)
        if "events" in body:
            body["events"] = list(body["events"])
        return self._http.model(m.Webhook, "PATCH", f"/webhooks/{webhook_id}", json=body)

    def delete(self, webhook_id: str) -> bool:
        return bool(self._http.data("DELETE", f"/webhooks/{webhook_id}"))

    def deliveries(
        self, webhook_id: str, *, limit: int = 10, page: int = 1
    ) -> Page[m.WebhookDelivery]:
        """The delivery log, newest first, each delivery with its attempts."""
        path = f"/webhooks/{webhook_id}/deliveries"
        return self._http.page(m.WebhookDelivery, path, {}, limit=limit, page=page)

    def iterate_deliveries(
        self, webhook_id: str, *, page_size: int = 100
    ) -> Iterator[m.WebhookDelivery]:
        return iterate(lambda n: self.deliveries(webhook_id, limit=page_size, page=n))
