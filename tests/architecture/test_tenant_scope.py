"""`organization_id ==` (and raw SQL's `organization_id = :org`) only in repositories:
tools/tenant_scope.py (run by `make lint`) passes on the tree and fails, naming file:line, on a
tenant filter planted outside a repository, in Python or in raw SQL."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "tenant_scope.py"

PLANTED = '''"""A module that scopes a query by hand."""

import sqlalchemy as sa


def members(org_id):
    return sa.select(Member).where(
        Member.organization_id
        == org_id
    )
'''


PLANTED_SQL = '''"""A search module that scopes its raw SQL by hand."""

import sqlalchemy as sa


def hits(conn, org_id, term):
    return conn.execute(
        sa.text(
            "SELECT activity_id FROM search_segments"
            f" WHERE k.organization_id=:org AND content LIKE {term!r}"
        ),
        {"org": org_id},
    )
'''


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tenant_scope", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(TOOL), *args], capture_output=True, text=True, cwd=ROOT, check=False
    )


def test_the_tree_passes() -> None:
    done = _run()
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_planted_violation_fails_with_its_file_and_line(tmp_path: Path) -> None:
    package = tmp_path / "meetsight"
    shutil.copytree(
        ROOT / "src" / "meetsight", package, ignore=shutil.ignore_patterns("__pycache__")
    )
    (package / "web" / "planted.py").write_text(PLANTED)
    done = _run(str(package))
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        f"{package}/web/planted.py:8: `organization_id ==` outside a repository; "
        "move the query into the domain's repository.py"
    ]


def test_a_planted_raw_sql_violation_fails_with_its_file_and_line(tmp_path: Path) -> None:
    package = tmp_path / "meetsight"
    shutil.copytree(
        ROOT / "src" / "meetsight", package, ignore=shutil.ignore_patterns("__pycache__")
    )
    (package / "search" / "planted.py").write_text(PLANTED_SQL)
    done = _run(str(package))
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        f"{package}/search/planted.py:10: `organization_id = :param` (raw SQL) outside a "
        "repository; move the query into the domain's repository.py"
    ]


def test_what_counts_as_a_raw_sql_tenant_filter() -> None:
    found = _tool().raw_sql_filters
    assert found('q = "SELECT 1 FROM t WHERE organization_id = :org"') == [1]
    assert found("q = 'x.organization_id=:org_id'") == [1]
    assert found('q = f"WHERE k.organization_id = :org{filters}"') == [1]
    assert found('q = """SELECT 1\nFROM t\nWHERE organization_id\n  = :org"""') == [3]
    assert found("# organization_id = :org\nx = organization_id") == []
    assert found("q = 'a.organization_id = v.organization_id'") == []


def test_declared_repositories_are_search_index_modules_that_exist() -> None:
    declared = _tool().DECLARED
    assert declared and all(r.startswith("search/") for r in declared)
    assert all((ROOT / "src" / "meetsight" / r).is_file() for r in declared)


def test_what_counts_as_a_tenant_filter() -> None:
    found = _tool().tenant_filters
    assert found("q.where(A.organization_id == org)") == [1]
    assert found("q.where(A.organization_id==org)") == [1]
    assert found("if organization_id == x:\n    pass") == [1]
    assert found("sa.and_(O.id ==\n  S.organization_id)") == [2]
    assert found("# A.organization_id == org\nx = 'organization_id == 1'") == []
    assert found("A.organization_id != org; a.organization_id == b.organization_id.lower()") == [1]
    assert found("x == a.organization_id.lower()") == []


def test_repositories_and_migrations_may_scope(tmp_path: Path) -> None:
    tool = _tool()
    line = "x = A.organization_id == org\n"
    for relative in (
        "trends/repository.py",
        "webhooks/endpoint_repository.py",
        "accounts/repositories/deals.py",
        "db/migrations/versions/0001_x.py",
    ):
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_text(line)
    assert tool.problems(tmp_path, allowed=()) == []
    (tmp_path / "trends" / "rows.py").write_text(line)
    assert [p.split(": ")[0] for p in tool.problems(tmp_path, allowed=())] == [
        f"{tmp_path}/trends/rows.py:1"
    ]
    assert tool.problems(tmp_path, allowed=("trends/rows.py",)) == []


def test_an_allowed_module_without_a_tenant_filter_fails(tmp_path: Path) -> None:
    (tmp_path / "audit").mkdir()
    (tmp_path / "audit" / "service.py").write_text("x = 1\n")
    found = _tool().problems(tmp_path, allowed=("audit/service.py",))
    assert len(found) == 1 and "take it off the list" in found[0]
