"""The HTTP side of the client: the API key, the envelope, errors as exceptions, pages."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import httpx
from pydantic import BaseModel, TypeAdapter

from meetsight.client.errors import ConnectionFailed, MeetsightError, error_for

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)
API_PREFIX = "/api/v1"
USER_AGENT = "meetsight-client/1"


@dataclass(frozen=True, slots=True)
class Page(Generic[T]):
    """One page of a listing; `total` is the X-Total-Count header (all pages together)."""

    items: list[T]
    total: int
    page: int
    limit: int

    @property
    def has_next(self) -> bool:
        return self.page * self.limit < self.total


def _clean(params: Mapping[str, Any] | None) -> dict[str, Any]:
    return {k: v for k, v in (params or {}).items() if v is not None}


class Http:
    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        timeout: float,
        transport: httpx.BaseTransport | None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.client = httpx.Client(
            base_url=self.base_url + API_PREFIX,
            headers={"X-API-Key": api_key, "User-Agent": USER_AGENT},
            timeout=httpx.Timeout(timeout, connect=min(timeout, 10.0)),
            transport=transport,
        )

    def close(self) -> None:
        self.client.close()

    def send(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, Any] | None = None,
        json: Any = None,
        content: Any = None,
        headers: Mapping[str, str] | None = None,
        timeout: float | None = None,
    ) -> httpx.Response:
        """The response when 2xx; a MeetsightError with the envelope's sentence otherwise."""
        extra: dict[str, Any] = {} if timeout is None else {"timeout": timeout}
        try:
            response = self.client.request(
                method,
                path,
                params=_clean(params),
                json=json,
                content=content,
                headers=headers,
                **extra,
            )
        except httpx.TimeoutException as exc:
            raise ConnectionFailed(0, f"{self.base_url} did not answer in time ({exc})") from exc
        except httpx.TransportError as exc:
            raise ConnectionFailed(0, f"Could not reach {self.base_url} ({exc})") from exc
        if response.is_success:
            return response
        raise _error(response)

    def data(self, method: str, path: str, **kwargs: Any) -> Any:
        """The envelope's `data`."""
        response = self.send(method, path, **kwargs)
        try:
            return response.json()["data"]
        except (ValueError, KeyError, TypeError) as exc:
            raise MeetsightError(response.status_code, "The answer was not an envelope") from exc

    def model(self, model: type[M], method: str, path: str, **kwargs: Any) -> M:
        return model.model_validate(self.data(method, path, **kwargs))

    def page(
        self, item: type[T], path: str, params: Mapping[str, Any], *, limit: int, page: int
    ) -> Page[T]:
        response = self.send("GET", path, params={**params, "limit": limit, "page": page})
        body = response.json()
        items = TypeAdapter(list[item]).validate_python(body["data"])  # type: ignore[valid-type]
        total = int(response.headers.get("X-Total-Count", len(items)))
        return Page(items=items, total=total, page=page, limit=limit)


def iterate(fetch: Callable[[int], Page[T]]) -> Iterator[T]:
    """Every item of a listing, a page at a time, until X-Total-Count is reached."""
    number = 1
    while True:
        page = fetch(number)
        yield from page.items
        if not page.items or not page.has_next:
            return
        number += 1


def _error(response: httpx.Response) -> MeetsightError:
    message = response.reason_phrase or "request failed"
    status = response.status_code
    try:
        body = response.json()
        if isinstance(body, dict):
            message = str(body.get("error") or message)
            status = int(body.get("statusCode") or status)
    except ValueError:
        text = response.text.strip()
        if text:
            message = text[:300]
    retry_after = response.headers.get("Retry-After")
    seconds = float(retry_after) if retry_after and retry_after.isdigit() else None
    return error_for(status, message, seconds)
