"""A served meetsight for the OAuth tests: two organizations, each with a user who has a password
and a confidential and a public client registered."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.ext.asyncio import AsyncSession

from fixtures.served import Served, on_database
from meetsight.auth.oauth.clients import create_client
from meetsight.auth.passwords import hash_password
from meetsight.config import Settings
from meetsight.intelligence.smart_categories import create_default_categories
from meetsight.organizations.service import create_organization, create_user

PG_URL = os.environ.get("MEETSIGHT_TEST_DATABASE_URL")
CALLBACK = "http://127.0.0.1:9/callback"
PASSWORD = "correct horse battery staple"
CODE_SECONDS = 6  # short, so that the expiry test waits only this long


@dataclass
class Org:
    org_id: str
    email: str
    confidential_id: str
    confidential_secret: str
    public_id: str


@dataclass
class OAuthServer:
    served: Served
    env: dict[str, str]
    home: Org
    other: Org

    @property
    def url(self) -> str:
        return self.served.base_url


def new_orgs(data_dir: Path, env: dict[str, str], *names: str) -> list[Org]:
    """Each organization with its admin and clients, written in this process on the served
    instance's database (`meetsight oauth-client create` and the other commands have their
    own tests in test_oauth_cli and tests/cli; eight of them here cost seconds each)."""

    async def work(session: AsyncSession, settings: Settings) -> list[Org]:
        return [await _write_org(session, name) for name in names]

    return on_database(data_dir, work, database_url=env.get("MEETSIGHT_DATABASE_URL"))


async def _write_org(session: AsyncSession, name: str) -> Org:
    org = await create_organization(session, name, set_up=(create_default_categories,))
    # Unique per run: a PostgreSQL database outlives runs, and sign-in picks the oldest user
    # with an email.
    email = f"admin-{secrets.token_hex(4)}@{name.lower()}.example"
    await create_user(
        session,
        organization_id=org.id,
        email=email,
        name=f"{name} Admin",
        role="admin",
        password_hash=hash_password(PASSWORD),
    )
    client = {"name": "Agent", "redirect_uris": [CALLBACK], "scopes": None}
    confidential, secret = await create_client(session, org.id, **client, confidential=True)
    client["name"] = "Desktop app"
    public, _ = await create_client(session, org.id, **client, confidential=False)
    assert secret is not None
    return Org(
        org_id=org.id,
        email=email,
        confidential_id=confidential.client_id,
        confidential_secret=secret,
        public_id=public.client_id,
    )
