"""A served meetsight for the OAuth tests: two organizations, each with a user who has a password
and a confidential and a public client registered through the CLI."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from fixtures.served import Served, run_cli

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


def new_org(data_dir: Path, env: dict[str, str], name: str) -> Org:
    org = str(run_cli(data_dir, "org", "create", name, env=env)["id"])
    # Unique per run: a PostgreSQL database outlives runs, and sign-in picks the oldest user
    # with an email.
    email = f"admin-{secrets.token_hex(4)}@{name.lower()}.example"
    run_cli(
        data_dir,
        *("user", "create", "--org", org, "--email", email, "--name", f"{name} Admin"),
        *("--role", "admin", "--password-stdin"),
        env=env,
        stdin=PASSWORD + "\n",
    )
    client = ("oauth-client", "create", "--org", org, "--redirect-uri", CALLBACK)
    confidential = run_cli(data_dir, *client, "--name", "Agent", "--confidential", env=env)
    public = run_cli(data_dir, *client, "--name", "Desktop app", "--public", env=env)
    return Org(
        org_id=org,
        email=email,
        confidential_id=str(confidential["client_id"]),
        confidential_secret=str(confidential["client_secret"]),
        public_id=str(public["client_id"]),
    )
