"""The runtime import graph of src/meetsight between its top-level packages and modules.

An edge A -> B means a module of A imports a module of B at run time: at module level or inside
a function, but not under `if TYPE_CHECKING:` (which runs only for the type checker).
`db/migrations` is left out: it is Alembic's script directory, loaded by path at migration time
(`env.py` is an entry point like `cli.py`, and the revisions import nothing live:
tests/db/test_migrations_frozen.py).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "meetsight"
LEFT_OUT = ("db/migrations/",)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def unit(module: str) -> str:
    """The top-level package or module a module belongs to (`meetsight.a.b` -> `a`)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(
    tree: ast.AST, module: str, is_package: bool
) -> list[tuple[str, int, tuple[str, ...]]]:
    """(module imported, line, the names taken from it) of each import of meetsight."""
    found: list[tuple[str, int, tuple[str, ...]]] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child.test):
                for other in child.orelse:
                    visit_one(other)
                continue
            visit_one(child)

    def visit_one(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            found.extend((a.name, node.lineno, ()) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                if not is_package:
                    base = base[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            found.append((target, node.lineno, tuple(a.name for a in node.names)))
        else:
            visit(node)

    visit(tree)
    return [
        (t, line, names)
        for t, line, names in found
        if t == "meetsight" or t.startswith("meetsight.")
    ]


def import_sites() -> dict[tuple[str, str], list[str]]:
    """(from unit, to unit) -> the import statements behind that edge, as `module:line`."""
    sites: dict[tuple[str, str], list[str]] = defaultdict(list)
    for path in sorted(SRC.rglob("*.py")):
        relative = path.relative_to(SRC).as_posix()
        if relative.startswith(LEFT_OUT):
            continue
        module = _module_name(path)
        tree = ast.parse(path.read_text(), str(path))
        for target, line, _ in _imports(tree, module, path.name == "__init__.py"):
            source, dest = unit(module), unit(target)
            if target != "meetsight" and source != dest:
                sites[(source, dest)].append(f"{module}:{line}")
    return dict(sites)


def cycles(edges: set[tuple[str, str]]) -> list[list[str]]:
    """The strongly connected components of more than one unit (Tarjan)."""
    graph: dict[str, list[str]] = defaultdict(list)
    for a, b in sorted(edges):
        graph[a].append(b)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted({a for a, _ in edges} | {b for _, b in edges}):
        if v not in index:
            connect(v)
    return found


def module_edges() -> set[tuple[str, str]]:
    """Module -> module imports at run time. `from package import submodule` points at the
    submodule; a module's import of its own package (which Python runs first anyway) is left
    out, so a package's `__init__` may gather its submodules."""
    paths = {
        _module_name(p): p
        for p in sorted(SRC.rglob("*.py"))
        if not p.relative_to(SRC).as_posix().startswith(LEFT_OUT)
    }
    edges: set[tuple[str, str]] = set()
    for module, path in paths.items():
        tree = ast.parse(path.read_text(), str(path))
        for target, _, names in _imports(tree, module, path.name == "__init__.py"):
            for dest in [f"{target}.{n}" for n in names if f"{target}.{n}" in paths] or [target]:
                while dest and dest not in paths:
                    dest = dest.rpartition(".")[0]
                if dest and dest != module and not module.startswith(f"{dest}."):
                    edges.add((module, dest))
    return edges


def type_checking_imports() -> list[tuple[str, str, str, tuple[str, ...]]]:
    """(from unit, to unit, module imported, names) of the imports under `if TYPE_CHECKING:`."""
    found: list[tuple[str, str, str, tuple[str, ...]]] = []
    for path in sorted(SRC.rglob("*.py")):
        if path.relative_to(SRC).as_posix().startswith(LEFT_OUT):
            continue
        module = _module_name(path)
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not (isinstance(node, ast.If) and _type_checking(node.test)):
                continue
            for child in node.body:
                if isinstance(child, ast.ImportFrom) and (child.module or "").startswith(
                    "meetsight."
                ):
                    target = child.module or ""
                    if unit(module) != unit(target):
                        names = tuple(a.name for a in child.names)
                        found.append((unit(module), unit(target), target, names))
    return found
