"""Fixtures: every database test runs on SQLite and, when MEETSIGHT_TEST_DATABASE_URL is set,
on PostgreSQL too. Each test makes its own organizations, so tests never see each other's data."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.app import create_app
from meetsight.config import Settings
from meetsight.db.migrate import upgrade_async
from meetsight.state import AppState

pytest_plugins = ["fixtures.factories", "fixtures.app_server"]

PG_URL = os.environ.get("MEETSIGHT_TEST_DATABASE_URL")
ENGINES = ["sqlite", "postgresql"]


@pytest.fixture(scope="session", params=ENGINES)
async def settings(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Settings:
    if request.param == "postgresql" and not PG_URL:
        pytest.skip("MEETSIGHT_TEST_DATABASE_URL is not set")
    data_dir = tmp_path_factory.mktemp(f"data-{request.param}")
    url = PG_URL if request.param == "postgresql" else None
    settings = Settings(
        data_dir=data_dir,
        database_url=url,
        secret_key="test-secret",
        public_url="http://testserver",
        max_upload_bytes=5 * 1024 * 1024,
        workers=0,  # tests run jobs explicitly (fixtures.jobs.drain_jobs)
        # One app serves the whole session and some tests send hundreds of requests with one
        # key: limits are off here; tests/ratelimit builds its own apps with limits on.
        rate_limits_enabled=False,
    )
    await upgrade_async(settings.resolved_database_url())
    return settings


@pytest.fixture(scope="session")
async def app_and_state(settings: Settings) -> AsyncIterator[tuple[object, AppState]]:
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        yield app, app.state.ms


@pytest.fixture(scope="session")
def state(app_and_state: tuple[object, AppState]) -> AppState:
    return app_and_state[1]


@pytest.fixture(scope="session")
async def client(app_and_state: tuple[object, AppState]) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app_and_state[0])  # type: ignore[arg-type]
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
        yield c


@pytest.fixture(scope="session")
async def private_url_client(settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    """The API of an app that lets mediaUrl and webhook URLs name private and loopback
    addresses (where the test servers listen); the shared app refuses them when they are
    stored, as production does by default."""
    allowed = {"media_url_allow_private": True, "webhook_allow_private": True}
    app = create_app(settings.model_copy(update=allowed))
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
            yield c


@pytest.fixture
async def session(state: AppState) -> AsyncIterator[AsyncSession]:
    async with state.sessionmaker() as s:
        yield s


@pytest.fixture
def engine_name(settings: Settings) -> str:
    return "postgresql" if settings.database_url else "sqlite"


def data_file(name: str) -> Path:
    return Path(__file__).parent / "data" / name
