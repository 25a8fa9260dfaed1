"""Tenant scoping in one place: `organization_id ==` (and its raw SQL spelling,
`organization_id = :org`) is written only in repositories.

    python tools/tenant_scope.py            # the tree's src/meetsight (run by `make lint`)
    python tools/tenant_scope.py PACKAGE    # another copy of it (tests/architecture)

A query is scoped to an organization by a repository: a module named `repository.py` or
`*_repository.py`, or a module of a `repositories/` package (issue 21; Polar's
`customer/repository.py` is the model). Every other module asks a repository and never writes
the tenant filter itself, so that a missing one can be found by reading the repositories only.
This check fails, listing file:line, on an `organization_id ==` comparison anywhere else in the
package: `X.organization_id == ...`, `organization_id==...` and `... == X.organization_id`
alike, across line breaks, but not in comments (it reads Python's tokens). In strings, which
hold raw SQL (the search index), it fails on a column compared with a bind parameter:
`organization_id = :org`, `k.organization_id=:org`. `db/migrations/` is left out: revisions
are frozen history.

DECLARED names the modules that are repositories although their names do not say so: the
search index's statements per engine, whose whole job is the index's scoped raw SQL (as
Prefect's `query_components.py`, one module per dialect). Each says so in its docstring.

ALLOWED lists the modules not migrated yet. It only shrinks: a module on it that no longer has
a tenant filter fails the check too, until it is taken off the list, so that the filter cannot
come back there unnoticed. Exit status 0 when clean, 1 with one line per problem.
"""

from __future__ import annotations

import io
import re
import sys
import tokenize
from collections.abc import Iterable
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "meetsight"
LEFT_OUT = ("db/migrations/",)
COLUMN = "organization_id"

# Raw SQL in a string: the column, `=`, a bind parameter (`:name`), spaces or none between.
RAW_SQL_FILTER = re.compile(r"\borganization_id\s*=\s*:[A-Za-z_]")

# Repositories by declaration (relative to src/meetsight), with what they hold.
DECLARED: dict[str, str] = {
    "search/sqlite_index.py": "writing the SQLite FTS5 index",
    "search/sqlite_search.py": "searching the SQLite FTS5 index",
    "search/postgres_index.py": "writing the PostgreSQL index",
    "search/postgres_search.py": "searching the PostgreSQL index",
    "search/postgres_page.py": "a PostgreSQL result page in one statement",
}

# Modules (relative to src/meetsight) that still filter by organization themselves: 46 when the
# check was written, none since issue 21's repositories. Only shrinks: keep it empty.
ALLOWED: frozenset[str] = frozenset()


def is_repository(relative: str) -> bool:
    """Whether a module (path relative to the package, with `/`) may scope queries."""
    parts = relative.split("/")
    name = parts[-1]
    return (
        name == "repository.py"
        or name.endswith("_repository.py")
        or "repositories" in parts[:-1]
        or relative in DECLARED
    )


def _string_types() -> tuple[int, ...]:
    """STRING, and the literal parts of f-strings where Python tokenizes them apart (3.12)."""
    middle = getattr(tokenize, "FSTRING_MIDDLE", None)
    return (tokenize.STRING,) if middle is None else (tokenize.STRING, middle)


def raw_sql_filters(source: str) -> list[int]:
    """The lines of `organization_id = :param` in the strings (raw SQL) of Python source."""
    lines: set[int] = set()
    strings = _string_types()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in strings:
            for found in RAW_SQL_FILTER.finditer(token.string):
                lines.add(token.start[0] + token.string.count("\n", 0, found.start()))
    return sorted(lines)


def tenant_filters(source: str) -> list[int]:
    """The lines of `organization_id ==` comparisons (either side) in Python source."""
    code = [
        token
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type in (tokenize.NAME, tokenize.OP)
    ]
    lines: set[int] = set()
    for i, token in enumerate(code):
        if token.type != tokenize.OP or token.string != "==":
            continue
        before = code[i - 1] if i else None
        if before is not None and before.type == tokenize.NAME and before.string == COLUMN:
            lines.add(before.start[0])
            continue
        # The right side's dotted name (`== A.b.organization_id`), unless it is called or
        # indexed further (`== x.organization_id.lower()` is a value, not the column).
        j = i + 1
        while j + 2 < len(code) and code[j + 1].string == ".":
            j += 2
        right = code[j] if j < len(code) else None
        after = code[j + 1].string if j + 1 < len(code) else ""
        if right is not None and right.string == COLUMN and after not in ("(", "[", "."):
            lines.add(right.start[0])
    return sorted(lines)


def _modules(package: Path) -> Iterable[tuple[str, Path]]:
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package).as_posix()
        if "__pycache__" in relative or relative.startswith(LEFT_OUT):
            continue
        yield relative, path


def _shown(path: Path) -> str:
    """A path as given relative to the working directory when it is under it."""
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()


def problems(package: Path = PACKAGE, allowed: Iterable[str] = ALLOWED) -> list[str]:
    """One line per tenant filter outside repositories and per stale ALLOWED entry."""
    allowed = set(allowed)
    found: list[str] = []
    still_filtering: set[str] = set()
    for relative, path in _modules(package):
        if is_repository(relative):
            continue
        source = path.read_text(encoding="utf-8")
        lines = [(line, "`organization_id ==`") for line in tenant_filters(source)]
        lines += [
            (line, "`organization_id = :param` (raw SQL)") for line in raw_sql_filters(source)
        ]
        if not lines:
            continue
        still_filtering.add(relative)
        if relative in allowed:
            continue
        found.extend(
            f"{_shown(path)}:{line}: {what} outside a repository; "
            "move the query into the domain's repository.py"
            for line, what in sorted(lines)
        )
    found.extend(
        f"{_shown(package / relative)}: in DECLARED in tools/tenant_scope.py but missing"
        for relative in sorted(DECLARED)
        if (package / relative).parent.exists() and not (package / relative).exists()
    )
    found.extend(
        f"{_shown(package / relative)}: on ALLOWED in tools/tenant_scope.py but has no "
        "tenant filter any more; take it off the list"
        for relative in sorted(allowed - still_filtering)
    )
    return found


def main(argv: list[str]) -> int:
    package = Path(argv[0]).resolve() if argv else PACKAGE
    found = problems(package)
    for line in found:
        print(line)
    if found:
        print(f"tenant scope: {len(found)} problem(s); see docs/architecture.md", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
