"""Obtain an OAuth access token from a served meetsight the way a person and a client would: sign
in through the sign-in form, answer the consent page, exchange the code (PKCE S256) for a token
bound to the MCP endpoint. Prints the access token.

    python oauth_token.py BASE_URL EMAIL CLIENT_ID CLIENT_SECRET REDIRECT_URI  (password on stdin)
"""

from __future__ import annotations

import base64
import hashlib
import secrets
import sys
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit

import httpx


class HiddenInputs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "input" and found.get("type") == "hidden" and found.get("name"):
            self.values[str(found["name"])] = found.get("value") or ""


def hidden(html: str) -> dict[str, str]:
    parser = HiddenInputs()
    parser.feed(html)
    return parser.values


def main(base: str, email: str, client_id: str, secret: str, redirect_uri: str) -> str:
    password = sys.stdin.readline().rstrip("\n")
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest())
    resource = base + "/api/v1/mcp"
    with httpx.Client(base_url=base, follow_redirects=False, timeout=30) as browser:
        form = hidden(browser.get("/signin").text)
        form.update(email=email, password=password, next="/app")
        if browser.post("/signin", data=form).status_code != 303:
            raise SystemExit("sign-in failed")
        params = {
            "response_type": "code",
            "client_id": client_id,
            "redirect_uri": redirect_uri,
            "scope": "meetings:read calls:read",
            "state": secrets.token_urlsafe(8),
            "code_challenge": challenge.rstrip(b"=").decode(),
            "code_challenge_method": "S256",
            "resource": resource,
        }
        page = browser.get("/oauth/authorize", params=params)
        if page.status_code == 200:
            fields = {**hidden(page.text), "decision": "allow"}
            page = browser.post("/oauth/authorize", data=fields)
        code = parse_qs(urlsplit(page.headers["location"]).query)["code"][0]
        answer = browser.post(
            "/v1/oauth/token",
            data={
                "grant_type": "authorization_code",
                "code": code,
                "code_verifier": verifier,
                "redirect_uri": redirect_uri,
                "resource": resource,
            },
            auth=(client_id, secret),
        )
        answer.raise_for_status()
        return str(answer.json()["access_token"])


if __name__ == "__main__":
    print(main(*sys.argv[1:6]))
