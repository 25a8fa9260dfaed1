"""Driving the pages with httpx like a browser would: a cookie jar per client, CSRF tokens
read from the rendered forms."""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass

import httpx

from meetsight.auth.passwords import hash_password
from meetsight.organizations.service import create_user
from meetsight.state import AppState

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
PASSWORD = "correct horse battery"
# Hashing with Argon2's full cost for every test user adds up; one hash serves them all.
PASSWORD_HASH = hash_password(PASSWORD)


def csrf_from(html: str) -> str:
    found = CSRF.search(html)
    assert found, "the page has no CSRF field"
    return found.group(1)


async def form_token(client: httpx.AsyncClient, path: str) -> str:
    page = await client.get(path)
    assert page.status_code == 200, (path, page.status_code, page.text[:300])
    return csrf_from(page.text)


@dataclass
class WebUserInfo:
    id: str
    org_id: str
    email: str
    role: str


def unique_email(label: str = "user") -> str:
    return f"{label}-{uuid.uuid4().hex[:12]}@example.com"


async def add_user(
    state: AppState, org_id: str, *, role: str = "admin", email: str | None = None
) -> WebUserInfo:
    email = email or unique_email(role)
    async with state.sessionmaker() as session:
        user = await create_user(
            session,
            organization_id=org_id,
            email=email,
            name=f"{role.title()} Person",
            role=role,
            password_hash=PASSWORD_HASH,
        )
        await session.commit()
    return WebUserInfo(id=user.id, org_id=org_id, email=email, role=role)


async def sign_in(
    client: httpx.AsyncClient, email: str, password: str = PASSWORD, next_path: str = ""
) -> httpx.Response:
    token = await form_token(client, "/signin")
    return await client.post(
        "/signin",
        data={"csrf_token": token, "email": email, "password": password, "next": next_path},
    )


async def post_form(
    client: httpx.AsyncClient, page: str, action: str, data: dict[str, str | list[str]]
) -> httpx.Response:
    """Open `page`, take its CSRF token, post `data` to `action`."""
    token = await form_token(client, page)
    return await client.post(action, data={"csrf_token": token, **data})
