"""The layers of src/meetsight (docs/architecture.md, "Layers"): a package imports only its own
layer and the layers below it, at run time (tests/architecture/import_graph.py says what counts).
Upward reach goes through a protocol in the lower layer that the composition root fills
(`state.Workers`, `AppState.refresh_trends`) or a callback passed down (`create_organization`'s
`set_up`), never through an import.

A new top-level package or module must be placed in a layer here; the test fails until it is.
"""

from __future__ import annotations

from .import_graph import SRC, import_sites
from .test_import_cycles import ALLOWED

LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    (
        "foundation",  # values, settings and helpers that import nothing of ours but each other
        frozenset(
            {
                "allow_header",
                "config",
                "config_reference",
                "embedder",
                "errors",
                "ids",
                "openapi_document",
                "pagination",
                "request_params",
                "responses",
                "schemas",
                "timefmt",
            }
        ),
    ),
    (
        "infrastructure",  # database, job queue, files, media, speech, limits, logs, metrics
        frozenset(
            {"db", "jobs", "media", "observability", "ratelimit", "security", "speech", "storage"}
        ),
    ),
    (
        "platform",  # who is asking and what they may do, the application's state
        frozenset({"auth", "deps", "request_front", "state"}),
    ),
    (
        "domain",  # what meetsight knows; their order among themselves: test_import_cycles
        frozenset(
            {
                "accounts",
                "activities",
                "activity_filter",
                "audit",
                "comments",
                "conversations",
                "intelligence",
                "organizations",
                "search",
                "speakers",
                "trackers",
                "transcripts",
                "trends",
                "webhooks",
            }
        ),
    ),
    (
        "surfaces",  # the pipeline's stages and the ways in: MCP, web pages, the client
        frozenset(
            {"client", "demo", "mcp", "processing", "refusals", "remote_cli", "schema", "web"}
        ),
    ),
    ("composition", frozenset({"app", "cli", "serve"})),  # builds and starts it all
)


def _layer_of() -> dict[str, int]:
    return {unit: rank for rank, (_, units) in enumerate(LAYERS) for unit in units}


def _units() -> set[str]:
    names = {p.stem for p in SRC.glob("*.py") if p.stem != "__init__"}
    names |= {p.parent.name for p in SRC.glob("*/__init__.py")}
    return names


def test_every_package_has_a_layer() -> None:
    assert sorted(_units() - set(_layer_of())) == []
    assert sorted(set(_layer_of()) - _units()) == []


def test_no_package_imports_a_higher_layer() -> None:
    layer = _layer_of()
    upward = {
        f"{a} ({LAYERS[layer[a]][0]}) -> {b} ({LAYERS[layer[b]][0]})": sites
        for (a, b), sites in import_sites().items()
        if a in layer and b in layer and layer[a] < layer[b] and (a, b) not in ALLOWED
    }
    assert upward == {}
