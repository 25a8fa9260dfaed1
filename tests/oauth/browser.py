"""A scripted browser for the served OAuth tests: signs in through the sign-in form and answers
the consent page, keeping cookies like a browser does; it never follows redirects by itself so
that each hop can be checked."""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit

import httpx


class _Forms(HTMLParser):
    """The named inputs (and submit buttons) of a page's forms."""

    def __init__(self) -> None:
        super().__init__()
        self.inputs: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "input" and found.get("name") and found.get("type") == "hidden":
            self.inputs[str(found["name"])] = found.get("value") or ""


def hidden_inputs(html: str) -> dict[str, str]:
    parser = _Forms()
    parser.feed(html)
    return parser.inputs


def query_of(location: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(location).query).items()}


class Browser:
    def __init__(self, base_url: str) -> None:
        self.http = httpx.AsyncClient(base_url=base_url, follow_redirects=False, timeout=30)

    async def close(self) -> None:
        await self.http.aclose()

    async def sign_in(self, email: str, password: str) -> None:
        page = await self.http.get("/signin")
        assert page.status_code == 200, page.text
        form = hidden_inputs(page.text)
        form.update(email=email, password=password, next="/app")
        answer = await self.http.post("/signin", data=form)
        assert answer.status_code == 303, answer.text

    async def open(self, url: str) -> httpx.Response:
        return await self.http.get(url)

    async def consent(self, page: httpx.Response, decision: str = "allow") -> str:
        """Answer a consent page; the Location the browser is sent to."""
        assert page.status_code == 200, page.text
        fields = hidden_inputs(page.text)
        fields["decision"] = decision
        answer = await self.http.post("/oauth/authorize", data=fields)
        assert answer.status_code == 303, answer.text
        return answer.headers["location"]

    async def authorize(self, url: str) -> str:
        """Follow an authorization URL as a signed-in user who allows what is asked; the
        redirect back to the client."""
        page = await self.open(url)
        if page.status_code == 303:
            return page.headers["location"]
        return await self.consent(page)
