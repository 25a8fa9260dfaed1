"""Argon2 hashes, and scrypt hashes from before Argon2 that still verify and get upgraded."""

from __future__ import annotations

import base64
import hashlib
import os

import sqlalchemy as sa

from fixtures.factories import Tenant
from meetsight.auth.passwords import hash_password, needs_rehash, verify_password
from meetsight.organizations.models import User
from meetsight.state import AppState
from web.pages import PASSWORD, add_user, sign_in


def scrypt_hash(password: str) -> str:
    """The form meetsight wrote before Argon2 (n=2^14, r=8, p=1, 32 bytes)."""
    salt = os.urandom(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=1, dklen=32)
    return "scrypt$" + base64.b64encode(salt).decode() + "$" + base64.b64encode(digest).decode()


def test_argon2id_hash_verifies_only_its_password() -> None:
    stored = hash_password("a long enough secret")
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert verify_password("a long enough secret", stored)
    assert not verify_password("a long enough secreT", stored)
    assert not needs_rehash(stored)


def test_scrypt_hash_verifies_and_asks_for_rehash() -> None:
    stored = scrypt_hash("old password 123")
    assert verify_password("old password 123", stored)
    assert not verify_password("old password 124", stored)
    assert needs_rehash(stored)


def test_garbage_hashes_never_verify() -> None:
    for stored in ("", "scrypt$", "scrypt$!!$!!", "$argon2id$nonsense", "plain"):
        assert not verify_password("x", stored)


async def test_sign_in_upgrades_a_scrypt_hash(browser, state: AppState, tenant: Tenant) -> None:
    user = await add_user(state, tenant.org_id, role="member")
    async with state.sessionmaker() as session:
        await session.execute(
            sa.update(User)
            .where(User.organization_id == user.org_id, User.id == user.id)
            .values(password_hash=scrypt_hash(PASSWORD))
        )
        await session.commit()
    answer = await sign_in(browser, user.email)
    assert answer.status_code == 303
    async with state.sessionmaker() as session:
        stored = (
            await session.execute(sa.select(User.password_hash).where(User.id == user.id))
        ).scalar_one()
    assert stored.startswith("$argon2id$")
    assert verify_password(PASSWORD, stored)
