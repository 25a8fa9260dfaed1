"""One unit of work per request and per job step (db/unit_of_work.py, docs/architecture.md):
sessions come from db/, none is opened by hand elsewhere; only the unit of work commits; an
endpoint that raises after a write leaves nothing written; a write is committed before its
response is sent; deliberate intermediate commits (`checkpoint`) are listed here, each with
its reason."""

from __future__ import annotations

import ast
import re
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.responses import StreamingResponse

from meetsight.db.base import new_id
from meetsight.db.unit_of_work import checkpoint, unit_of_work
from meetsight.deps import DbSession
from meetsight.organizations.models import Organization
from meetsight.state import AppState

SRC = Path(__file__).resolve().parents[2] / "src" / "meetsight"
COMMIT = re.compile(r"\bcommit\(")
CHECKPOINT = re.compile(r"\bcheckpoint\(session\)")
UNIT_OF_WORK = "db/unit_of_work.py"
# The one `commit` that is not a unit of work's: the PEP 249 method of the SQLite driver adapter
# (SQLAlchemy's aiosqlite dialect calls `connection.commit()` of the driver when the unit of
# work's session commits), which only forwards to sqlite3. Exempt are its lines only, not the
# module: any other `commit(` there counts (the fast reader, db/reads.py, reads in autocommit
# on a query_only connection and never commits).
DRIVER = "db/sqlite_inline.py"
DRIVER_METHOD = ("InlineConnection", "commit")
DRIVER_FORWARD = "self._conn.commit()"


def driver_commit_lines(source: str) -> set[int]:
    """The lines of the driver adapter's PEP 249 `commit`, when it only forwards to sqlite3."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef) and node.name == DRIVER_METHOD[0]:
            for item in node.body:
                if isinstance(item, ast.AsyncFunctionDef) and item.name == DRIVER_METHOD[1]:
                    body = [ast.unparse(statement) for statement in item.body]
                    if ast.get_docstring(item) is not None:
                        body = body[1:]
                    if body == [DRIVER_FORWARD]:
                        return set(range(item.lineno, (item.end_lineno or item.lineno) + 1))
    return set()


# Where work commits before its unit of work ends, and why: a file, a cache or another process
# must not see (or miss) the write, or a failure that follows must not undo it.
CHECKPOINTS = {
    "activities/service.py": 1,  # delete: rows durable before the files go
    "auth/oauth/grants.py": 4,  # a reused code or refresh token revokes the grant, then the request
    # fails; a code spent on a failed redemption stays spent
    "conversations/endpoints.py": 2,  # reprocess: the job before the workers wake and the
    # reader reads; speaker edit: the reader (another connection) reads the new transcript
    "conversations/uploads.py": 2,  # the activity and its job durable before the workers wake;
    # the stored file goes when that commit fails
    "search/indexing.py": 1,  # backfill: one activity per transaction
    "web/flash.py": 2,  # the read ends before the write (SQLite), the page renders after it
    "web/pages_api_keys.py": 1,  # revoked in the database before the cache forgets the key
    "web/pages_setup.py": 1,  # a lost race with another setup is answered with the 409 page
}


def commits_outside_unit_of_work(root: Path) -> list[str]:
    """`path:line` of every `commit(` under root outside the unit of work (and the driver
    adapter's PEP 249 method)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel == UNIT_OF_WORK:
            continue
        source = path.read_text()
        exempt = driver_commit_lines(source) if rel == DRIVER else set()
        for number, line in enumerate(source.splitlines(), 1):
            if COMMIT.search(line) and number not in exempt:
                found.append(f"{rel}:{number}: {line.strip()}")
    return found


def checkpoints(root: Path) -> dict[str, int]:
    counts = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        n = len(CHECKPOINT.findall(path.read_text()))
        if n and rel != UNIT_OF_WORK:
            counts[rel] = n
    return counts


def test_only_the_unit_of_work_commits() -> None:
    assert commits_outside_unit_of_work(SRC) == [], (
        "services and endpoints flush; the unit of work commits (docs/architecture.md). "
        "A point that must be durable before the work ends: checkpoint(session), listed in "
        "CHECKPOINTS with its reason"
    )


def test_the_check_finds_a_planted_commit(tmp_path: Path) -> None:
    (tmp_path / "db").mkdir()
    (tmp_path / "db" / "unit_of_work.py").write_text("await session.commit()\n")
    (tmp_path / "service.py").write_text("x = 1\n\n\nasync def f(s):\n    await s.commit()\n")
    assert commits_outside_unit_of_work(tmp_path) == ["service.py:5: await s.commit()"]


def test_the_driver_adapter_may_only_forward_its_commit(tmp_path: Path) -> None:
    """The driver module is not exempt as a whole: only its PEP 249 `commit`, as a forward."""
    (tmp_path / "db").mkdir()
    driver = (SRC / DRIVER).read_text()
    (tmp_path / DRIVER).write_text(driver)
    assert commits_outside_unit_of_work(tmp_path) == []
    (tmp_path / DRIVER).write_text(driver + "\n\nasync def f(s):\n    await s.commit()\n")
    planted = len(driver.splitlines()) + 4
    assert commits_outside_unit_of_work(tmp_path) == [f"{DRIVER}:{planted}: await s.commit()"]
    widened = driver.replace(
        DRIVER_FORWARD, f"self._conn.execute('PRAGMA x')\n        {DRIVER_FORWARD}"
    )
    (tmp_path / DRIVER).write_text(widened)
    assert [line.split(": ")[1] for line in commits_outside_unit_of_work(tmp_path)] == [
        "async def commit(self) -> None:",
        DRIVER_FORWARD,
    ]


def test_every_checkpoint_is_listed_with_its_reason() -> None:
    assert checkpoints(SRC) == CHECKPOINTS


def sessions_opened_by_hand(root: Path) -> list[str]:
    """`path:line` of every call of a session factory (`sessionmaker()`, `x.sessionmaker()`)
    under root outside db/: a session comes from db/, `unit_of_work` or `read_only`."""
    found: list[tuple[str, int]] = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith("db/"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name == "sessionmaker":
                found.append((rel, node.lineno))
    return [f"{rel}:{line}" for rel, line in sorted(found)]


def test_no_session_is_opened_by_hand() -> None:
    assert sessions_opened_by_hand(SRC) == [], (
        "open a session from db/unit_of_work.py: unit_of_work(sessionmaker) for a request's or "
        "a job step's writes, read_only(sessionmaker) for reads (docs/architecture.md)"
    )


def test_the_check_finds_a_session_opened_by_hand(tmp_path: Path) -> None:
    (tmp_path / "db").mkdir()
    (tmp_path / "db" / "unit_of_work.py").write_text("async with sessionmaker() as s:\n    pass\n")
    (tmp_path / "jobs.py").write_text(
        "async def f(state):\n"
        "    async with read_only(state.sessionmaker) as s:\n"
        "        pass\n"
        "    async with state.sessionmaker() as s:\n"
        "        pass\n"
        "    s = sessionmaker()\n"
    )
    assert sessions_opened_by_hand(tmp_path) == ["jobs.py:4", "jobs.py:6"]


# The request's unit of work, on the app's own session factory (SQLite and PostgreSQL).


def _probe_app(state: AppState) -> FastAPI:
    app = FastAPI()
    app.state.ms = state

    @app.post("/write-then-fail/{org_id}")
    async def write_then_fail(org_id: str, session: DbSession) -> None:
        session.add(Organization(id=org_id, name="written, then the endpoint failed"))
        await session.flush()
        raise RuntimeError("after the write")

    @app.post("/write/{org_id}")
    async def write(org_id: str, session: DbSession) -> dict[str, str]:
        session.add(Organization(id=org_id, name="written"))
        await session.flush()
        return {"id": org_id}

    @app.post("/write-then-stream/{org_id}")
    async def write_then_stream(org_id: str, session: DbSession) -> StreamingResponse:
        session.add(Organization(id=org_id, name="written before the stream"))
        await session.flush()

        async def body() -> AsyncIterator[bytes]:
            for part in (b"one ", b"two"):
                yield part

        return StreamingResponse(body(), media_type="text/plain")

    return app


async def _exists(state: AppState, org_id: str) -> bool:
    async with state.sessionmaker() as session:
        found = await session.scalar(sa.select(Organization.id).where(Organization.id == org_id))
    return found is not None


@pytest.fixture
async def probe(state: AppState) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=_probe_app(state), raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        yield client


async def test_an_endpoint_that_raises_after_a_write_leaves_nothing_written(
    state: AppState, probe: httpx.AsyncClient
) -> None:
    org_id = new_id()
    response = await probe.post(f"/write-then-fail/{org_id}")
    assert response.status_code == 500
    assert not await _exists(state, org_id)


async def test_a_write_is_committed_before_its_response_is_sent(
    state: AppState, probe: httpx.AsyncClient
) -> None:
    org_id = new_id()
    response = await probe.post(f"/write/{org_id}")
    assert response.status_code == 200
    assert await _exists(state, org_id)  # read on another connection, right after


async def test_a_streaming_response_still_streams_after_its_write_committed(
    state: AppState, probe: httpx.AsyncClient
) -> None:
    org_id = new_id()
    response = await probe.post(f"/write-then-stream/{org_id}")
    assert response.status_code == 200
    assert response.text == "one two"
    assert await _exists(state, org_id)


# The unit of work outside a request (jobs, CLI, background work).


async def test_a_job_step_commits_on_success_and_rolls_back_on_error(state: AppState) -> None:
    kept, dropped = new_id(), new_id()
    async with unit_of_work(state.sessionmaker) as session:
        session.add(Organization(id=kept, name="kept"))
    with pytest.raises(RuntimeError):
        async with unit_of_work(state.sessionmaker) as session:
            session.add(Organization(id=dropped, name="dropped"))
            await session.flush()
            raise RuntimeError("the step failed")
    assert await _exists(state, kept)
    assert not await _exists(state, dropped)


async def test_a_checkpoint_survives_a_later_failure(state: AppState) -> None:
    durable, undone = new_id(), new_id()
    with pytest.raises(RuntimeError):
        async with unit_of_work(state.sessionmaker) as session:
            session.add(Organization(id=durable, name="before the checkpoint"))
            await checkpoint(session)
            session.add(Organization(id=undone, name="after the checkpoint"))
            await session.flush()
            raise RuntimeError("the step failed")
    assert await _exists(state, durable)
    assert not await _exists(state, undone)
