"""Old revisions keep doing what they did: they import no live meetsight code, only the frozen
copies under db/migrations/frozen, which import none either."""

from __future__ import annotations

import ast
from pathlib import Path

import meetsight.db.migrate

MIGRATIONS = Path(meetsight.db.migrate.MIGRATIONS_DIR)
FROZEN_PACKAGE = "meetsight.db.migrations.frozen"


def _meetsight_imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found += [n for n in names if n.split(".")[0] == "meetsight"]
    return found


def test_revisions_import_only_frozen_code() -> None:
    revisions = sorted((MIGRATIONS / "versions").glob("*.py"))
    assert len(revisions) >= 18
    live = {
        path.name: name
        for path in revisions
        for name in _meetsight_imports(path)
        if not name.startswith(FROZEN_PACKAGE)
    }
    assert live == {}


def test_frozen_code_imports_no_live_code() -> None:
    modules = sorted((MIGRATIONS / "frozen").glob("*.py"))
    assert modules
    assert {p.name: _meetsight_imports(p) for p in modules} == {p.name: [] for p in modules}
