"""The `meetsight` command, run as a subprocess against a data dir of its own (DESIGN.md's CLI
contract): migrate, org/user/apikey create, apikey revoke, bad arguments, the worker stub. A key
the CLI prints is then used against an app on the same database."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from meetsight.app import create_app
from meetsight.config import Settings

PG_URL = os.environ.get("MEETSIGHT_TEST_DATABASE_URL")


@dataclass
class Run:
    code: int
    out: str
    err: str

    def json(self) -> dict[str, object]:
        lines = self.out.splitlines()
        assert len(lines) == 1, f"--json must print one line, got {self.out!r}"
        payload = json.loads(lines[0])
        assert isinstance(payload, dict)
        return payload


def cli_env(data_dir: Path, database_url: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEETSIGHT_")}
    env["MEETSIGHT_DATA_DIR"] = str(data_dir)
    if database_url:
        env["MEETSIGHT_DATABASE_URL"] = database_url
    return env


async def meetsight(env: dict[str, str], *args: str, stdin: str = "") -> Run:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "meetsight.cli",
        *args,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )
    out, err = await asyncio.wait_for(process.communicate(stdin.encode()), timeout=180)
    assert process.returncode is not None
    return Run(process.returncode, out.decode(), err.decode())


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest) -> str | None:
    if request.param == "postgresql":
        if not PG_URL:
            pytest.skip("MEETSIGHT_TEST_DATABASE_URL is not set")
        return PG_URL
    return None


@pytest.fixture
async def api(tmp_path: Path, database_url: str | None) -> AsyncIterator[httpx.AsyncClient]:
    """An app on the CLI's database, trusting no key from a cache (so revocation shows)."""
    settings = Settings(
        data_dir=tmp_path,
        database_url=database_url,
        api_key_cache_seconds=0,
        secret_key=None,
        workers=0,
    )
    env = cli_env(tmp_path, database_url)
    migrated = await meetsight(env, "migrate")
    assert migrated.code == 0, migrated.err
    assert "up to date" in migrated.err and migrated.out == ""
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            yield client


async def test_org_user_key_create_then_revoke(
    api: httpx.AsyncClient, tmp_path: Path, database_url: str | None
) -> None:
    env = cli_env(tmp_path, database_url)
    org = (await meetsight(env, "org", "create", "Acme Sales", "--json")).json()
    assert isinstance(org["id"], str) and org["id"]
    user = await meetsight(
        env,
        "user",
        "create",
        *("--org", str(org["id"]), "--email", "Ann@Acme.example", "--name", "Ann"),
        *("--role", "admin", "--password-stdin", "--json"),
        stdin="s3cret pass\n",
    )
    assert user.code == 0, user.err
    assert isinstance(user.json()["id"], str)

    created = await meetsight(
        env, "apikey", "create", "--org", str(org["id"]), "--name", "ci", "--json"
    )
    assert created.code == 0, created.err
    key_payload = created.json()
    key, key_id = str(key_payload["key"]), str(key_payload["id"])
    assert key.startswith("msk_") and key_id
    plain = await meetsight(env, "apikey", "create", "--org", str(org["id"]), "--name", "plain")
    assert plain.code == 0 and plain.out.strip().startswith("msk_")
    assert plain.out.count("msk_") == 1  # the key, once, and nothing else on stdout

    for path in ("/api/v1/meetings", "/api/v1/calls", "/api/v1/smart-categories"):
        r = await api.get(path, headers={"x-api-key": key})
        assert r.status_code == 200, (path, r.text)
    assert (
        len((await api.get("/api/v1/smart-categories", headers={"x-api-key": key})).json()["data"])
        == 8
    )
    r = await api.get("/api/v1/meetings", headers={"x-api-key": plain.out.strip()})
    assert r.status_code == 200

    revoked = await meetsight(env, "apikey", "revoke", key_id)
    assert revoked.code == 0, revoked.err
    assert key_id in revoked.err
    r = await api.get("/api/v1/meetings", headers={"x-api-key": key})
    assert r.status_code == 401
    assert r.json()["error"] == "Unauthorized - missing or invalid API key"
    r = await api.get("/api/v1/meetings", headers={"x-api-key": plain.out.strip()})
    assert r.status_code == 200  # only the revoked key stops working


async def test_key_scopes_and_expiry_from_the_cli(
    api: httpx.AsyncClient, tmp_path: Path, database_url: str | None
) -> None:
    env = cli_env(tmp_path, database_url)
    org_id = str((await meetsight(env, "org", "create", "Scoped", "--json")).json()["id"])
    scoped, expired = await asyncio.gather(
        meetsight(
            env,
            *("apikey", "create", "--org", org_id, "--name", "ro"),
            *("--scope", "meetings:read", "--json"),
        ),
        meetsight(
            env,
            *("apikey", "create", "--org", org_id, "--name", "old"),
            *("--expires", "2020-01-01", "--json"),
        ),
    )
    payload = scoped.json()
    assert payload["scopes"] == ["meetings:read"]
    headers = {"x-api-key": str(payload["key"])}
    assert (await api.get("/api/v1/meetings", headers=headers)).status_code == 200
    r = await api.get("/api/v1/calls", headers=headers)
    assert r.status_code == 403 and "calls:read" in r.json()["error"]
    r = await api.get("/api/v1/meetings", headers={"x-api-key": str(expired.json()["key"])})
    assert r.status_code == 401


@dataclass
class Bad:
    args: tuple[str, ...]
    code: int
    message: str
    stdin: str = ""


async def test_bad_arguments_exit_non_zero_with_a_message(tmp_path: Path) -> None:
    env = cli_env(tmp_path, None)
    org_id = str((await meetsight(env, "org", "create", "Real", "--json")).json()["id"])
    user = ("user", "create", "--org", org_id, "--name", "N")
    cases = [
        Bad((), 2, "usage: meetsight"),
        Bad(("frobnicate",), 2, "invalid choice"),
        Bad(("org", "create"), 2, "name"),
        Bad(("org", "create", "   "), 1, "name:"),
        Bad(("apikey", "create", "--org", org_id), 2, "--name"),
        Bad(("apikey", "create", "--org", "no-such-org", "--name", "k"), 1, "org:"),
        Bad(("apikey", "create", "--org", org_id, "--name", "k", "--scope", "root"), 1, "scope"),
        Bad(
            ("apikey", "create", "--org", org_id, "--name", "k", "--expires", "soon"), 1, "expires"
        ),
        Bad(("apikey", "revoke", "no-such-key"), 1, "API key not found"),
        Bad(("apikey", "revoke"), 2, "key_id"),
        Bad((*user, "--email", "not-an-email"), 1, "email:"),
        Bad((*user, "--email", "a@b.example", "--role", "king"), 2, "--role"),
        Bad(("user", "create", "--org", "nope", "--name", "N", "--email", "a@b.example"), 1, "org"),
        Bad((*user, "--email", "a@b.example", "--password-stdin"), 1, "password", stdin=""),
        Bad(("worker", "--concurrency", "many"), 2, "--concurrency"),
        Bad(("demo", "--as-of", "last tuesday"), 1, "as-of:"),
    ]
    # A few at a time: fifteen interpreter start-ups at once overran the timeout on a loaded
    # 2-core machine.
    slots = asyncio.Semaphore(3)

    async def run(case: Bad) -> Run:
        async with slots:
            return await meetsight(env, *case.args, stdin=case.stdin)

    runs = await asyncio.gather(*(run(c) for c in cases))
    problems = [
        (case.args, run.code, run.err[-300:])
        for case, run in zip(cases, runs, strict=True)
        if run.code != case.code or case.message not in run.err
    ]
    assert problems == []
    assert all("Traceback" not in run.err for run in runs)


async def test_json_errors_are_one_json_object(tmp_path: Path) -> None:
    env = cli_env(tmp_path, None)
    run = await meetsight(env, "apikey", "create", "--org", "missing", "--name", "k", "--json")
    assert run.code == 1
    assert run.json() == {"error": "org: no such organization", "status": 404}


async def test_worker_process_finishes_queued_work_and_stops_on_sigterm(
    api: httpx.AsyncClient, tmp_path: Path, database_url: str | None
) -> None:
    env = cli_env(tmp_path, database_url)
    org = (await meetsight(env, "org", "create", "Acme", "--json")).json()
    key = (
        await meetsight(env, "apikey", "create", "--org", str(org["id"]), "--name", "w", "--json")
    ).json()["key"]
    headers = {"x-api-key": str(key)}
    vtt = b"WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Ann>Hello there.\n"
    r = await api.post(
        "/api/v1/meetings/upload",
        headers=headers,
        data={"name": "Imported", "startDateTime": "2026-11-01T10:00:00Z"},
        files={"transcript": ("t.vtt", vtt, "text/vtt")},
    )
    assert r.status_code == 201, r.text
    url = f"/api/v1/meetings/{r.json()['data']['meetingId']}"
    assert (await api.get(url, headers=headers)).json()["data"]["status"] == "processing"

    worker = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "meetsight.cli",
        "worker",
        "--concurrency",
        "2",
        env={**env, "MEETSIGHT_JOB_POLL_SECONDS": "0.1"},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        status = "processing"
        for _ in range(300):
            status = (await api.get(url, headers=headers)).json()["data"]["status"]
            if status != "processing":
                break
            await asyncio.sleep(0.1)
        assert status == "completed"
    finally:
        if worker.returncode is None:
            worker.send_signal(signal.SIGTERM)
        _out, err = await asyncio.wait_for(worker.communicate(), timeout=30)
    assert worker.returncode == 0, err.decode()
    assert "given back" in err.decode()


async def test_worker_rejects_a_bad_concurrency(tmp_path: Path) -> None:
    run = await meetsight(cli_env(tmp_path, None), "worker", "--concurrency", "0")
    assert run.code != 0
    assert "--concurrency must be at least 1" in run.err


async def test_org_vocabulary_set_show_and_errors(tmp_path: Path) -> None:
    env = cli_env(tmp_path, None)
    org = (await meetsight(env, "org", "create", "Acme", "--json")).json()["id"]
    run = await meetsight(
        env, "org", "vocabulary", str(org), "--set", "Quorvanta, Acme ,,", "--json"
    )
    assert run.code == 0, run.err
    assert run.json() == {"org": org, "vocabulary": ["Quorvanta", "Acme"]}
    shown = await meetsight(env, "org", "vocabulary", str(org))
    assert shown.out.strip() == "Quorvanta, Acme"
    too_long = await meetsight(env, "org", "vocabulary", str(org), "--set", "x" * 101)
    assert too_long.code == 1 and "at most 100 characters" in too_long.err
    missing = await meetsight(env, "org", "vocabulary", "no-such-org")
    assert missing.code == 1 and "no such organization" in missing.err


async def test_org_engine_set_show_and_errors(tmp_path: Path) -> None:
    env = cli_env(tmp_path, None)
    org = (await meetsight(env, "org", "create", "Acme", "--json")).json()["id"]
    assert (await meetsight(env, "org", "engine", str(org))).out.strip() == "default"
    run = await meetsight(env, "org", "engine", str(org), "--set", "llm", "--json")
    assert run.code == 0, run.err
    assert run.json() == {"org": org, "engine": "llm"}
    assert (await meetsight(env, "org", "engine", str(org))).out.strip() == "llm"
    bad = await meetsight(env, "org", "engine", str(org), "--set", "gpt")
    assert bad.code == 1 and "one of builtin, llm, default" in bad.err
    await meetsight(env, "org", "engine", str(org), "--set", "default")
    assert (await meetsight(env, "org", "engine", str(org))).out.strip() == "default"
    missing = await meetsight(env, "org", "engine", "no-such-org")
    assert missing.code == 1 and "no such organization" in missing.err


async def test_trackers_reindex_queues_jobs_and_refuses_an_unknown_org(tmp_path: Path) -> None:
    env = cli_env(tmp_path, None)
    org = (await meetsight(env, "org", "create", "Acme", "--json")).json()["id"]
    run = await meetsight(env, "trackers", "reindex", "--org", str(org), "--json")
    assert run.code == 0, run.err
    assert run.json() == {"queued": 1}  # the built-in trackers; the organization has no other
    missing = await meetsight(env, "trackers", "reindex", "--org", "no-such-org")
    assert missing.code == 1 and "No organization" in missing.err
