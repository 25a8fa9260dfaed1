"""The served meetsight of the OAuth tests, on SQLite and on PostgreSQL when configured."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from oauth_server import CODE_SECONDS, PG_URL, OAuthServer, new_orgs

from fixtures.limited_apps import limits_data_dir, open_app
from fixtures.served import start_server

__all__ = ["limits_data_dir", "oauth_server", "open_app"]


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def oauth_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[OAuthServer]:
    """One served instance per engine for every module here (session scope: starting one
    costs seconds); the tests use their own tokens and only read the "Other" organization."""
    if request.param == "postgresql" and not PG_URL:
        pytest.skip("MEETSIGHT_TEST_DATABASE_URL is not set")
    data_dir = tmp_path_factory.mktemp(f"oauth-{request.param}")
    env = {"MEETSIGHT_OAUTH_CODE_SECONDS": str(CODE_SECONDS)}
    if request.param == "postgresql":
        env["MEETSIGHT_DATABASE_URL"] = str(PG_URL)
    served = start_server(data_dir, extra_env=env)
    try:
        yield OAuthServer(served, env, *new_orgs(data_dir, env, "Home", "Other"))
    finally:
        served.stop()
