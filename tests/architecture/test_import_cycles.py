"""No cycle between the top-level packages (and modules) of src/meetsight at run time, apart
from the back edges still listed in ALLOWED (issue 21; tests/architecture/import_graph.py says
what counts as an import).

ALLOWED only shrinks: an edge that no longer exists fails the test until it is taken off the
list, and a new cycle fails it until it is broken (move the shared piece down, or invert the
dependency through a protocol or a callback, as `state.Workers` and `install_metrics` do).
"""

from __future__ import annotations

from .import_graph import cycles, import_sites, module_edges, type_checking_imports

# Edges A -> B still tolerated, each the weaker direction of two packages importing each other
# (the other direction is the layering docs/architecture.md describes). 41 mutual pairs on main
# before issue 21's cycle work; none left.
ALLOWED: dict[tuple[str, str], str] = {}


def test_no_cycle_between_packages_but_the_allowed_edges() -> None:
    sites = import_sites()
    left = set(sites) - set(ALLOWED)
    found = cycles(left)
    details = {
        " -> ".join(component): sorted(
            site
            for edge, where in sites.items()
            if edge in left and set(edge) <= set(component)
            for site in where
        )
        for component in found
    }
    assert found == [], f"import cycles between packages: {details}"


def test_allowed_edges_still_exist() -> None:
    """Take an edge off ALLOWED once its last import is gone, so that it cannot come back."""
    sites = import_sites()
    assert sorted(set(ALLOWED) - set(sites)) == []


def test_no_two_packages_import_each_other_but_the_allowed() -> None:
    sites = import_sites()
    mutual = {(a, b) for a, b in sites if (b, a) in sites}
    assert {edge for edge in mutual if edge not in ALLOWED and edge[::-1] not in ALLOWED} == set()
    assert len({frozenset(edge) for edge in mutual}) == len(ALLOWED)


def test_no_cycle_between_modules() -> None:
    """Within a package too: no module imports, directly or not, a module that imports it."""
    assert cycles(module_edges()) == []


def test_type_checking_imports_against_the_layering_name_only_protocols() -> None:
    """An import for the type checker alone may point back up (B imports A at run time, A names
    B's type) only toward a protocol: A depends on a shape it declares, not on B's classes."""
    import importlib

    runtime = set(import_sites())
    offending = []
    for source, target, module, names in type_checking_imports():
        if (target, source) not in runtime:
            continue
        imported = importlib.import_module(module)
        offending += [
            f"{source} -> {module}.{name}"
            for name in names
            if not getattr(getattr(imported, name, None), "_is_protocol", False)
        ]
    assert offending == []
