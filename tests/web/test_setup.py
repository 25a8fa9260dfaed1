"""The first-run page: open only while nobody can sign in; afterwards a 404."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from meetsight.app import create_app
from meetsight.config import Settings
from meetsight.db.migrate import upgrade_async
from meetsight.errors import Conflict
from meetsight.intelligence.smart_categories import create_default_categories
from meetsight.organizations.models import Organization, User
from meetsight.organizations.service import create_organization, create_user
from meetsight.state import AppState
from meetsight.web.setup import complete_setup
from web.pages import PASSWORD, WebUserInfo, form_token


async def test_setup_is_404_once_a_user_exists(
    browser: httpx.AsyncClient, admin: WebUserInfo
) -> None:
    page = await browser.get("/setup")
    assert page.status_code == 404 and "set up already" in page.text
    token = await form_token(browser, "/signin")
    answer = await browser.post(
        "/setup",
        data={
            "csrf_token": token,
            "organization": "Takeover",
            "name": "Mallory",
            "email": "mallory@example.com",
            "password": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert answer.status_code == 404
    assert (await browser.get("/")).headers["location"] == "/signin"


@pytest.fixture
async def fresh(tmp_path: Path) -> AsyncIterator[tuple[httpx.AsyncClient, AppState]]:
    """An app on an empty SQLite database of its own."""
    settings = Settings(
        data_dir=tmp_path,
        secret_key="fresh",
        public_url="http://testserver",
        workers=0,
        rate_limits_enabled=False,
    )
    await upgrade_async(settings.resolved_database_url())
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
            yield c, app.state.ms


def setup_form(token: str, **changes: str) -> dict[str, str]:
    form = {
        "csrf_token": token,
        "organization": "Acme Sales",
        "name": "Ada Owner",
        "email": "Ada@Example.com",
        "password": PASSWORD,
        "password2": PASSWORD,
    }
    return {**form, **changes}


async def test_first_run_creates_org_and_owner_and_signs_in(
    fresh: tuple[httpx.AsyncClient, AppState],
) -> None:
    client, state = fresh
    assert (await client.get("/")).headers["location"] == "/setup"
    token = await form_token(client, "/setup")
    short = await client.post("/setup", data=setup_form(token, password="short", password2="short"))
    assert short.status_code == 422 and "at least 10 characters" in short.text
    differ = await client.post("/setup", data=setup_form(token, password2=PASSWORD + "x"))
    assert differ.status_code == 422 and "The passwords differ." in differ.text
    done = await client.post("/setup", data=setup_form(token))
    assert done.status_code == 303 and done.headers["location"] == "/app"
    home = await client.get("/app")
    assert home.status_code == 200 and "Acme Sales" in home.text and "owner" in home.text
    async with state.sessionmaker() as session:
        user = (await session.execute(sa.select(User))).scalar_one()
    assert (user.email, user.role) == ("ada@example.com", "owner")
    assert user.password_hash and user.password_hash.startswith("$argon2id$")
    assert (await client.get("/setup")).headers["location"] == "/app"
    client.cookies.clear()
    assert (await client.get("/setup")).status_code == 404


async def test_setup_claims_the_demo_organization(
    fresh: tuple[httpx.AsyncClient, AppState],
) -> None:
    client, state = fresh
    async with state.sessionmaker() as session:
        org = await create_organization(
            session, "Demo Sales Team", set_up=(create_default_categories,)
        )
        await create_user(
            session, organization_id=org.id, email="ada@example.com", name="Ada", role="member"
        )
        await session.commit()
    page = await client.get("/setup")
    assert page.status_code == 200 and "Demo Sales Team" in page.text
    done = await client.post("/setup", data=setup_form(await form_token(client, "/setup")))
    assert done.status_code == 303
    async with state.sessionmaker() as session:
        orgs = list((await session.execute(sa.select(Organization))).scalars())
        users = list((await session.execute(sa.select(User))).scalars())
    assert [o.name for o in orgs] == ["Acme Sales"]
    assert [(u.email, u.role) for u in users] == [("ada@example.com", "owner")]


async def test_complete_setup_refuses_once_done_on_every_engine(
    state: AppState, admin: WebUserInfo
) -> None:
    """The service itself (PostgreSQL takes its advisory lock first), not only the page."""
    async with state.sessionmaker() as session:
        with pytest.raises(Conflict):
            await complete_setup(
                session,
                organization="Takeover",
                name="Mallory",
                email="mallory@example.com",
                password=PASSWORD,
                ip=None,
            )
        await session.rollback()
